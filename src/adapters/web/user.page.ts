import type { SessionUser } from '../../application/accounts/find-session-user';
import type { NotePage } from '../../application/ports/note-views';
import type { UserView } from '../../application/ports/user-views';
import { html, type Html } from '../page-kit/html';
import { csrfField } from '../page-kit/layout';
import { noteList, pager, plural, userPath } from './components/notes';
import { publicLayout } from './components/public-layout';
import { absolute, type Site } from './components/site';

export interface UserPageInput {
  profile: UserView;
  notes: NotePage;
  page: number;
  perPage: number;
  user: SessionUser | null;
  /** Whether the signed-in visitor follows this user (null when nobody is signed in, or it is their own page). */
  following: boolean | null;
  /** Whether the signed-in visitor blocks this user (null when nobody is signed in, or it is their own page). */
  blocking: boolean | null;
  csrf: string | null;
}

/** `/users/:username`: the profile, counts, follow and block buttons, and the user's notes the visitor may read, newest first. */
export function userPage(site: Site, input: UserPageInput): Html {
  const { profile } = input;
  const name = profile.name ?? profile.username;
  const path = userPath(profile.username);
  const avatar = profile.hasAvatar ? `/avatars/${profile.avatarHash}` : null;
  const body = html`<div class="profile">
${avatar === null ? '' : html`<img class="avatar" src="${avatar}" alt="" width="64" height="64">`}
<div><h1>${name}</h1><p class="byline">@${profile.username}${profile.hometown ? html` · ${profile.hometown}` : ''}</p></div>
</div>
${profile.description ? html`<p class="message">${profile.description}</p>` : ''}
${profile.blogUrl && /^https?:\/\//iu.test(profile.blogUrl) ? html`<p><a href="${profile.blogUrl}" rel="nofollow ugc noopener">${profile.blogUrl}</a></p>` : ''}
<ul class="counts" aria-label="Counts">
<li>${plural(profile.counts.notes, 'note')}</li><li>${plural(profile.counts.followers, 'follower')}</li><li>follows ${profile.counts.following}</li>
<li>${plural(profile.counts.notemaps, 'notemap')}</li><li>${plural(profile.publicPlacesCount, 'place')}</li>
</ul>
${input.following === null || input.csrf === null ? '' : html`<form class="inline-form" method="post" action="${path}/${input.following ? 'unfollow' : 'follow'}">${csrfField(input.csrf)}
<button type="submit" class="secondary" aria-pressed="${input.following ? 'true' : 'false'}">${input.following ? 'Following (stop)' : 'Follow'}</button></form>`}
${input.blocking === null || input.csrf === null ? '' : html`<form class="inline-form" method="post" action="${path}/${input.blocking ? 'unblock' : 'block'}">${csrfField(input.csrf)}
<button type="submit" class="${input.blocking ? 'secondary' : 'danger'}">${input.blocking ? `Unblock @${profile.username}` : `Block @${profile.username}`}</button></form>
${input.blocking ? html`<p class="byline">You block @${profile.username}: neither of you sees the other's notes, comments or notemaps.</p>` : ''}`}
<h2>Notes</h2>
${noteList(site, input.notes.items, `Map of the notes by ${name}`, 'No notes to show.')}
${pager(path, input.page, input.perPage, input.notes.total)}`;
  return publicLayout(site, {
    head: {
      title: `${name} (@${profile.username})`,
      description: profile.description ?? `The notes ${name} posted on Place Notes.`,
      path: input.page > 1 ? `${path}?page=${input.page}` : path,
      api: `/v2/users/${profile.id}`,
      ogType: 'profile',
      image: avatar === null ? null : absolute(site, avatar),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url: absolute(site, path),
        mainEntity: { '@type': 'Person', name, alternateName: profile.username, url: absolute(site, path), ...(profile.description ? { description: profile.description } : {}) },
      },
    },
    user: input.user,
    body,
    script: input.notes.items.length > 0 ? 'notes-map' : null,
  });
}
