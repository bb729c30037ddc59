import { html, type Html } from '../page-kit/html';
import { csrfField, errorSummary, layout, type PageUser } from '../page-kit/layout';

/** `/reset-password?token=…`: the new password. */
export function resetPasswordPage(user: PageUser | null, csrf: string, token: string, problems: readonly string[] = []): Html {
  return layout({
    title: 'Choose a new password',
    user,
    content: html`${errorSummary(problems)}
<form class="card" method="post" action="/reset-password" novalidate>
${csrfField(csrf)}
<input type="hidden" name="token" value="${token}">
<div class="field"><label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" aria-describedby="password-hint"${problems.length > 0 ? html` aria-invalid="true"` : ''}>
<p class="hint" id="password-hint">At least 8 characters. Every browser signed in to your account is signed out.</p></div>
<div class="actions"><button type="submit">Set the new password</button></div>
</form>`,
  });
}

export function passwordResetDonePage(): Html {
  return layout({
    title: 'Your password is changed',
    user: null,
    content: html`<div class="notice" role="status"><p>Your new password is set, and every browser that was signed in to your
account is signed out. Applications you allowed keep their access.</p></div>
<p><a href="/login">Log in with the new password</a></p>`,
  });
}
