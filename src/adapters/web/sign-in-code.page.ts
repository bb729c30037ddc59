import { html, type Html } from '../page-kit/html';
import { csrfField, errorSummary, layout } from '../page-kit/layout';

export const SIGN_IN_CODE_PAGE = '/login/code';

/** The second step of signing in: the code from the app, or a recovery code. */
export function signInCodePage(csrf: string, next: string | null, problems: readonly string[] = []): Html {
  const invalid = problems.length > 0 ? html` aria-invalid="true" aria-describedby="code-hint errors"` : html` aria-describedby="code-hint"`;
  return layout({
    title: 'Two-step sign-in',
    user: null,
    content: html`${errorSummary(problems)}
<form class="card" method="post" action="${SIGN_IN_CODE_PAGE}" novalidate>
${csrfField(csrf)}
${next === null ? '' : html`<input type="hidden" name="next" value="${next}">`}
<div class="field"><label for="code">Code</label>
<input id="code" name="code" type="text" autocomplete="one-time-code" required autofocus${invalid}>
<p class="hint" id="code-hint">The 6-digit code your authenticator app shows, or one of your recovery codes.</p></div>
<div class="actions"><button type="submit">Sign in</button></div>
</form>
<p><a href="/login${next === null ? '' : `?next=${encodeURIComponent(next)}`}">Start again</a></p>`,
  });
}
