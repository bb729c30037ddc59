import type { SessionUser } from '../../application/accounts/find-session-user';
import { html, type Html } from '../page-kit/html';
import { csrfField, errorSummary } from '../page-kit/layout';
import { mapElement, publicLayout } from './components/public-layout';
import type { Site } from './components/site';

/** What the new-note form holds: all text, as typed. */
export interface NewNoteValues {
  title?: string;
  message?: string;
  latitude?: string;
  longitude?: string;
  visibility?: string;
  locationPrecision?: string;
  recipients?: string;
  tags?: string;
  city?: string;
  country?: string;
}

export interface NewNotePageInput {
  user: SessionUser;
  csrf: string;
  values?: NewNoteValues;
  problems?: string[];
  /** Fields to mark as wrong (aria-invalid). */
  invalid?: readonly string[];
}

const VISIBILITIES = [
  ['public', 'Public: everyone'],
  ['recipients', 'Only the people named below'],
  ['self', 'Only me'],
] as const;

const PRECISIONS = [
  ['exact', 'Exactly'],
  ['street', 'About 100 m (street)'],
  ['neighborhood', 'About 1 km (neighbourhood)'],
  ['city', 'About 10 km (city)'],
] as const;

/** `/notes/new`: a note's text and its position, set by clicking the map or typed in (the fields work without JavaScript). */
export function newNotePage(site: Site, input: NewNotePageInput): Html {
  const v = input.values ?? {};
  const bad = (name: string): Html => (input.invalid?.includes(name) ? html` aria-invalid="true" aria-describedby="errors"` : html``);
  const visibility = v.visibility ?? 'public';
  const precision = v.locationPrecision ?? 'exact';
  const body = html`<h1>Post a note</h1>
${errorSummary(input.problems ?? [])}
<form class="card" method="post" action="/notes" id="note-form">
${csrfField(input.csrf)}
<div class="field"><label for="title">Title (optional)</label><input id="title" name="title" type="text" maxlength="100" value="${v.title ?? ''}"${bad('title')}></div>
<div class="field"><label for="message">Message</label><textarea id="message" name="message" required maxlength="20000"${bad('message')}>${v.message ?? ''}</textarea>
<p class="hint" id="message-hint">Words starting with # become tags.</p></div>
<fieldset><legend>Where</legend>
<p class="hint" id="position-hint">Click the map to set the position, or type it.</p>
${mapElement(site, 'Map: click to set the note’s position')}
<div class="coords">
<div class="field"><label for="latitude">Latitude</label><input id="latitude" name="latitude" type="text" inputmode="decimal" required value="${v.latitude ?? ''}" aria-describedby="position-hint"${bad('latitude')}></div>
<div class="field"><label for="longitude">Longitude</label><input id="longitude" name="longitude" type="text" inputmode="decimal" required value="${v.longitude ?? ''}" aria-describedby="position-hint"${bad('longitude')}></div>
<div class="field"><label for="city">City (optional)</label><input id="city" name="city" type="text" maxlength="200" value="${v.city ?? ''}"${bad('city')}></div>
<div class="field"><label for="country">Country (optional)</label><input id="country" name="country" type="text" maxlength="200" value="${v.country ?? ''}"${bad('country')}></div>
</div>
<div class="field"><label for="locationPrecision">Where others see it</label><select id="locationPrecision" name="locationPrecision" aria-describedby="precision-hint"${bad('locationPrecision')}>
${PRECISIONS.map(([value, label]) => html`<option value="${value}"${value === precision ? html` selected` : ''}>${label}</option>`)}
</select>
<p class="hint" id="precision-hint">You always see the exact position; others see the middle of an area this size.</p></div>
</fieldset>
<div class="field"><label for="tags">Tags (optional)</label><input id="tags" name="tags" type="text" value="${v.tags ?? ''}" aria-describedby="tags-hint"${bad('tags')}>
<p class="hint" id="tags-hint">Separated by commas.</p></div>
<div class="field"><label for="visibility">Who may read it</label><select id="visibility" name="visibility"${bad('visibility')}>
${VISIBILITIES.map(([value, label]) => html`<option value="${value}"${value === visibility ? html` selected` : ''}>${label}</option>`)}
</select></div>
<div class="field"><label for="recipients">Recipients (for “Only the people named below”)</label><input id="recipients" name="recipients" type="text" value="${v.recipients ?? ''}" aria-describedby="recipients-hint"${bad('recipients')}>
<p class="hint" id="recipients-hint">Usernames, separated by commas.</p></div>
<div class="actions"><button type="submit">Post the note</button></div>
</form>`;
  return publicLayout(site, {
    head: { title: 'Post a note', description: 'Leave a note at a place.', path: '/notes/new', noindex: true },
    user: input.user,
    body,
    script: 'note-form',
  });
}
