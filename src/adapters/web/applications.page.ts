import type { OAuthClient } from '../../application/auth/oauth-client';
import { html, type Html } from '../page-kit/html';
import { csrfField, errorSummary, layout, type PageUser } from '../page-kit/layout';

/** A secret (or a public client) just made, shown once. */
export interface FreshCredentials {
  clientId: string;
  clientSecret: string | null;
}

export interface ApplicationsPage {
  user: PageUser;
  csrf: string;
  applications: OAuthClient[];
  fresh: FreshCredentials | null;
  values?: { name?: string; redirectUris?: string; isPublic?: boolean; allowImplicit?: boolean };
  problems?: string[];
}

export function applicationsPage(page: ApplicationsPage): Html {
  return layout({
    title: 'Applications',
    user: page.user,
    content: html`${page.fresh === null ? '' : freshNotice(page.fresh)}
<p>Register an application to let it use the Place Notes API on behalf of the people who allow it (OAuth 2.0).
The <a href="/docs">API reference</a> and the OAuth guide explain the flows.</p>
${page.applications.length === 0 ? html`<p>You have not registered an application yet.</p>` : html`<h2>Your applications</h2>
${page.applications.map((app) => applicationCard(app, page.csrf))}`}
<h2 id="register">Register an application</h2>
${errorSummary(page.problems ?? [])}
${registerForm(page)}`,
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

function applicationCard(app: OAuthClient, csrf: string): Html {
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
