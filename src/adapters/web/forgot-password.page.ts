import { html, type Html } from '../page-kit/html';
import { csrfField, layout, type PageUser } from '../page-kit/layout';

/** `/forgot-password`: a username or an e-mail address. */
export function forgotPasswordPage(user: PageUser | null, csrf: string): Html {
  return layout({
    title: 'Forgot your password?',
    user,
    content: html`<form class="card" method="post" action="/forgot-password" novalidate>
${csrfField(csrf)}
<p>Type your username or the e-mail address of your account. We send a link to choose a new password to the account's
e-mail address.</p>
<div class="field"><label for="login">Username or e-mail address</label>
<input id="login" name="login" type="text" autocomplete="username" required></div>
<div class="actions"><button type="submit">Send the link</button></div>
</form>
<p><a href="/login">Back to log in</a></p>`,
  });
}

/** The one answer, whether or not an account matched. */
export function resetRequestedPage(user: PageUser | null): Html {
  return layout({
    title: 'Check your mail',
    user,
    content: html`<div class="notice" role="status"><p>If an account matches, a link is on its way to its e-mail address.
It works once, for one hour.</p></div>
<p>No mail after a few minutes? Check the spam folder, or <a href="/forgot-password">ask again</a>.</p>`,
  });
}
