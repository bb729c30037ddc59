import type { OAuthClient } from '../../application/auth/oauth-client';
import type { WebhookAttemptRecord, WebhookSubscription } from '../../application/ports/webhook-store';
import { webhookEventId, type WebhookFilters } from '../../domain/webhook';
import { html, type Html } from '../page-kit/html';
import { csrfField, errorSummary, layout, type PageUser } from '../page-kit/layout';

/** A secret (or a public client) just made, shown once. */
export interface FreshCredentials {
  clientId: string;
  clientSecret: string | null;
}

/** A webhook subscription made through one of the member's applications, with its latest delivery attempts. */
export interface ApplicationWebhook {
  subscription: WebhookSubscription;
  /** Newest first. */
  attempts: WebhookAttemptRecord[];
}

/** The webhooks of the member's applications, by the application's row id, and the usernames of the users they name. */
export interface ApplicationWebhooksView {
  byClient: ReadonlyMap<number, readonly ApplicationWebhook[]>;
  /** Usernames by user id: who made each subscription, and the authors its filters name (absent when the user is gone). */
  usernames: ReadonlyMap<number, string>;
}

export interface ApplicationsPage {
  user: PageUser;
  csrf: string;
  applications: OAuthClient[];
  webhooks: ApplicationWebhooksView;
  fresh: FreshCredentials | null;
  values?: { name?: string; redirectUris?: string; isPublic?: boolean; allowImplicit?: boolean };
  problems?: string[];
  /** The member's address: an unverified one cannot register applications, and gets the way to a new link instead. */
  email: { address: string; verified: boolean; linkSent: boolean };
}

export function applicationsPage(page: ApplicationsPage): Html {
  return layout({
    title: 'Applications',
    user: page.user,
    content: html`${page.fresh === null ? '' : freshNotice(page.fresh)}
<p>Register an application to let it use the Place Notes API on behalf of the people who allow it (OAuth 2.0).
The <a href="/docs">API reference</a> and the OAuth guide explain the flows.</p>
${page.applications.length === 0 ? html`<p>You have not registered an application yet.</p>` : html`<h2>Your applications</h2>
${page.applications.map((app) => applicationCard(app, page.csrf, page.webhooks))}`}
<h2 id="register">Register an application</h2>
${page.email.verified ? html`${errorSummary(page.problems ?? [])}
${registerForm(page)}` : verifyFirst(page)}`,
  });
}

function freshNotice(fresh: FreshCredentials): Html {
  if (fresh.clientSecret === null) {
    return html`<div class="notice" role="status"><p>The application is registered as a public client: it has no secret and uses the code flow with PKCE.</p></div>`;
  }
  return html`<div class="notice" role="status">
<p><strong>Copy the client secret now.</strong> It is shown only this once; Place Notes keeps only a hash of it.</p>
<dl><dt>client_id</dt><dd><code id="new-client-id">${fresh.clientId}</code></dd>
<dt>client_secret</dt><dd><code class="secret" id="new-client-secret">${fresh.clientSecret}</code></dd></dl>
</div>`;
}

function applicationCard(app: OAuthClient, csrf: string, webhooks: ApplicationWebhooksView): Html {
  const id = `app-${app.clientId}`;
  return html`<section class="card" aria-labelledby="${id}">
<h3 id="${id}">${app.name}</h3>
<dl>
<dt>client_id</dt><dd><code>${app.clientId}</code></dd>
<dt>Type</dt><dd>${app.isPublic ? 'Public (no secret; PKCE required)' : 'Confidential (has a client secret)'}</dd>
<dt>Redirect URIs</dt><dd><ul class="plain">${app.redirectUris.map((uri) => html`<li><code>${uri}</code></li>`)}</ul></dd>
<dt>Client-side flow</dt><dd>${app.allowImplicit ? 'Allowed (read-only tokens)' : 'Turned off'}</dd>
</dl>
<form method="post" action="/settings/applications/${encodeURIComponent(app.clientId)}/client-side">
${csrfField(csrf)}
<div class="actions">${app.allowImplicit
    ? html`<button type="submit" class="secondary" name="allow" value="off" aria-describedby="${id}">Turn off the client-side flow</button>`
    : html`<button type="submit" class="secondary" name="allow" value="on" aria-describedby="${id}">Allow the client-side flow</button>`}</div>
</form>
${app.isPublic ? '' : html`<form method="post" action="/settings/applications/${encodeURIComponent(app.clientId)}/secret">
${csrfField(csrf)}
<p class="hint">Regenerating makes the current secret stop working at once.</p>
<div class="actions"><button type="submit" class="secondary" aria-describedby="${id}">Regenerate secret</button></div>
</form>`}
${webhooksOf(app, webhooks)}
</section>`;
}

/** How many of each subscription's latest attempts the page shows. */
export const ATTEMPTS_SHOWN = 5;

/** The webhook subscriptions made through an application (by any of its users), each with its latest deliveries. */
function webhooksOf(app: OAuthClient, webhooks: ApplicationWebhooksView): Html {
  const id = `webhooks-${app.clientId}`;
  const subscriptions = webhooks.byClient.get(app.id) ?? [];
  return html`<h4 id="${id}">Webhooks</h4>
${subscriptions.length === 0
    ? html`<p>No webhooks yet: the application subscribes for its users with <code>POST /v2/webhooks</code> (see the <a href="/docs">API reference</a>).</p>`
    : html`<ul class="plain" aria-labelledby="${id}">${subscriptions.map((w) => webhookItem(w, webhooks.usernames))}</ul>`}`;
}

function webhookItem({ subscription, attempts }: ApplicationWebhook, usernames: ReadonlyMap<number, string>): Html {
  const id = `webhook-${subscription.id}`;
  const maker = usernames.get(subscription.userId);
  return html`<li class="card" id="${id}">
<dl>
<dt>URL</dt><dd><code>${subscription.url}</code></dd>
<dt>Events</dt><dd>${subscription.events.map((event, i) => html`${i === 0 ? '' : ', '}<code>${event}</code>`)}</dd>
<dt>Filters</dt><dd>${filtersInWords(subscription.filters, usernames)}</dd>
<dt>Created</dt><dd><time datetime="${subscription.createdAt.toISOString()}">${subscription.createdAt.toISOString().slice(0, 10)}</time></dd>
<dt>Made by</dt><dd>${maker === undefined ? 'a user who is gone' : html`<a href="/users/${encodeURIComponent(maker)}">${maker}</a>`}</dd>
</dl>
<p><strong id="${id}-deliveries">Latest deliveries</strong> (the last ${ATTEMPTS_SHOWN} attempts, newest first)</p>
${attempts.length === 0
    ? html`<p>No delivery yet.</p>`
    : html`<ul aria-labelledby="${id}-deliveries">${attempts.map(attemptItem)}</ul>`}
</li>`;
}

function attemptItem(attempt: WebhookAttemptRecord): Html {
  const result = attempt.error === null
    ? html`<strong>${attempt.status ?? ''}</strong> delivered`
    : html`<strong>${attempt.status ?? 'no answer'}</strong> failed: ${attempt.error}`;
  return html`<li><time datetime="${attempt.at.toISOString()}">${utcTime(attempt.at)}</time>: <code>${webhookEventId(attempt.eventId)}</code>
<code>${attempt.type}</code>, attempt ${attempt.attempt}: ${result}</li>`;
}

/** `2025-01-31 12:34:56 UTC`. */
function utcTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A subscription's filters as a sentence: every one given must hold. */
function filtersInWords(filters: WebhookFilters, usernames: ReadonlyMap<number, string>): Html {
  const parts: Html[] = [];
  if (filters.bbox !== undefined) {
    const { minLon, minLat, maxLon, maxLat } = filters.bbox;
    parts.push(html`notes between longitudes ${minLon} and ${maxLon}${minLon > maxLon ? ' (across the antimeridian)' : ''} and latitudes ${minLat} and ${maxLat}`);
  }
  if (filters.near !== undefined) {
    const { center, radius } = filters.near;
    parts.push(html`notes within ${radius} m of latitude ${center.latitude}, longitude ${center.longitude}`);
  }
  if (filters.notemapId !== undefined) parts.push(html`notes in notemap ${filters.notemapId}`);
  if (filters.authorId !== undefined) {
    const author = usernames.get(filters.authorId);
    parts.push(author === undefined ? html`notes by user ${filters.authorId}` : html`notes by <a href="/users/${encodeURIComponent(author)}">${author}</a>`);
  }
  if (parts.length === 0) return html`None: every event its user may see`;
  return html`Only ${parts.map((part, i) => html`${i === 0 ? '' : i === parts.length - 1 ? ' and ' : ', '}${part}`)}`;
}

/** Instead of the form while the address is not verified: why, and a button to send the link again. */
function verifyFirst(page: ApplicationsPage): Html {
  return html`<section class="card" aria-labelledby="verify-title">
<h3 id="verify-title">Verify your e-mail address first</h3>
${page.email.linkSent ? html`<div class="notice" role="status"><p>A new link is on its way to <strong>${page.email.address}</strong>.</p></div>` : ''}
<p>To register applications, verify your e-mail address, <strong>${page.email.address}</strong>: open the link we sent
there and press “Verify”. No mail? We can send the link again (at most 3 times an hour).</p>
<form method="post" action="/settings/applications/verification">
${csrfField(page.csrf)}
<div class="actions"><button type="submit" class="secondary">Send the link again</button></div>
</form>
</section>`;
}

function registerForm(page: ApplicationsPage): Html {
  const values = page.values ?? {};
  return html`<form class="card" method="post" action="/settings/applications" novalidate>
${csrfField(page.csrf)}
<div class="field"><label for="name">Name</label>
<input id="name" name="name" type="text" required maxlength="100" value="${values.name ?? ''}"></div>
<div class="field"><label for="redirect_uris">Redirect URIs</label>
<textarea id="redirect_uris" name="redirect_uris" required aria-describedby="redirect-hint">${values.redirectUris ?? ''}</textarea>
<p class="hint" id="redirect-hint">One per line. Absolute http:// or https:// URLs (https recommended); they must match exactly.</p></div>
<fieldset><legend>Options</legend>
<div class="check"><input id="public" name="public" type="checkbox" value="1"${values.isPublic === true ? html` checked` : ''}>
<label for="public">Public client: no secret; the application must use PKCE (for browser and mobile apps)</label></div>
<div class="check"><input id="allow_implicit" name="allow_implicit" type="checkbox" value="1"${values.allowImplicit === true ? html` checked` : ''}>
<label for="allow_implicit">Allow the client-side flow (<code>response_type=token</code>, read-only tokens in the redirect URL)</label></div>
</fieldset>
<div class="actions"><button type="submit">Register application</button></div>
</form>`;
}
