import type { AuthorizationRequest } from '../../application/auth/check-authorization-request';
import { html, type Html } from '../page-kit/html';
import { csrfField, layout, type PageUser } from '../page-kit/layout';
import { SCOPE_LABELS } from '../page-kit/scope-labels';

/**
 * The consent page: who asks, for which scopes (each a check box the member may clear; `read` is
 * always granted), and Allow / Deny. The request's parameters travel on in hidden fields.
 */
export function consentPage(user: PageUser, csrf: string, request: AuthorizationRequest): Html {
  const hidden: [string, string | null][] = [
    ['client_id', request.client.clientId],
    ['redirect_uri', request.redirectUri],
    ['response_type', request.responseType],
    ['scope', request.scopes.join(' ')],
    ['state', request.state],
    ['code_challenge', request.codeChallenge],
    ['code_challenge_method', request.codeChallengeMethod],
  ];
  return layout({
    title: `Allow ${request.client.name} to use your account?`,
    user,
    content: html`<form class="card" method="post" action="/oauth/authorize">
${csrfField(csrf)}
${hidden.filter(([, value]) => value !== null).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<p><strong>${request.client.name}</strong> would like to use Place Notes as <strong>${user.username}</strong>.
After you decide, you go back to <code>${new URL(request.redirectUri).origin}</code>.</p>
<fieldset><legend>It asks to:</legend>
${request.scopes.map((scope) => html`<div class="check">
<input type="checkbox" id="grant-${scope}" name="grant" value="${scope}" checked${scope === 'read' ? html` disabled` : ''}>
<label for="grant-${scope}">${SCOPE_LABELS[scope]}</label></div>`)}
<p class="hint">Clear a box to refuse that permission.${request.responseType === 'token' ? ' This application asks through the client-side flow: its token can only read.' : ''}</p>
</fieldset>
<div class="actions">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</div>
</form>`,
  });
}
