import type { AuthorizationView } from '../../application/ports/authorization-views';
import { html, type Html } from '../page-kit/html';
import { csrfField, layout, type PageUser } from '../page-kit/layout';
import { SCOPE_LABELS } from '../page-kit/scope-labels';

export function authorizationsPage(user: PageUser, csrf: string, authorizations: AuthorizationView[], revoked: boolean): Html {
  return layout({
    title: 'Authorizations',
    user,
    content: html`${revoked ? html`<div class="notice" role="status"><p>Access revoked. The application's tokens no longer work, and its webhooks are deleted.</p></div>` : ''}
<p>These applications can use Place Notes on your behalf. Revoking one ends all of its tokens and deletes its webhooks at once.</p>
${authorizations.length === 0 ? html`<p>No application holds access to your account.</p>` : authorizations.map((a) => {
      const id = `auth-${a.clientId}`;
      const hooks = a.webhooks === 1 ? '1 webhook' : `${a.webhooks} webhooks`;
      return html`<section class="card" aria-labelledby="${id}">
<h2 id="${id}">${a.name}</h2>
${a.scopes.length === 0
    ? html`<p>Since ${a.since.toISOString().slice(0, 10)}. It holds no live token any more, but still has ${hooks} for your account. They send it nothing now and are deleted shortly; revoke access to delete them at once.</p>`
    : html`<p>Since ${a.since.toISOString().slice(0, 10)}. It may:</p>
<ul>${a.scopes.map((s) => html`<li>${SCOPE_LABELS[s]}</li>`)}</ul>
${a.webhooks > 0 ? html`<p>It has ${hooks} for your account: it is told of events (new notes, comments, follows) it may see, while it holds access.</p>` : ''}`}
<form method="post" action="/settings/authorizations/${encodeURIComponent(a.clientId)}/revoke">
${csrfField(csrf)}
<div class="actions"><button type="submit" class="danger" aria-describedby="${id}">Revoke access</button></div>
</form>
</section>`;
    })}`,
  });
}
