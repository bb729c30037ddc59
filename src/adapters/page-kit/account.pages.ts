import { html, type Html } from './html';
import { csrfField, errorSummary, layout, type PageUser } from './layout';

export interface SignUpForm {
  csrf: string;
  next: string | null;
  values?: { username?: string; email?: string };
  problems?: string[];
}

export function signUpPage(form: SignUpForm): Html {
  const problems = form.problems ?? [];
  return layout({
    title: 'Sign up',
    user: null,
    content: html`${errorSummary(problems)}
<form class="card" method="post" action="/signup" novalidate>
${csrfField(form.csrf)}
${form.next === null ? '' : html`<input type="hidden" name="next" value="${form.next}">`}
<div class="field"><label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" required maxlength="30" value="${form.values?.username ?? ''}" aria-describedby="username-hint">
<p class="hint" id="username-hint">2–30 letters, digits, “_”, “.” or “-”.</p></div>
<div class="field"><label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${form.values?.email ?? ''}"></div>
<div class="field"><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" aria-describedby="password-hint">
<p class="hint" id="password-hint">At least 8 characters.</p></div>
<div class="actions"><button type="submit">Sign up</button></div>
</form>
<p>Already a member? <a href="${withNext('/login', form.next)}">Log in</a>.</p>`,
  });
}

export interface LogInForm {
  csrf: string;
  next: string | null;
  login?: string;
  problems?: string[];
  /** Why the page asks to log in (the authorization page sends people here). */
  reason?: string;
}

export function logInPage(form: LogInForm): Html {
  return layout({
    title: 'Log in',
    user: null,
    content: html`${form.reason === undefined ? '' : html`<p>${form.reason}</p>`}${errorSummary(form.problems ?? [])}
<form class="card" method="post" action="/login" novalidate>
${csrfField(form.csrf)}
${form.next === null ? '' : html`<input type="hidden" name="next" value="${form.next}">`}
<div class="field"><label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" required value="${form.login ?? ''}" aria-describedby="username-hint">
<p class="hint" id="username-hint">Your username or e-mail address.</p></div>
<div class="field"><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required></div>
<div class="actions"><button type="submit">Log in</button></div>
</form>
<p><a href="/forgot-password">Forgot your password?</a></p>
<p>New here? <a href="${withNext('/signup', form.next)}">Sign up</a>.</p>`,
  });
}

export function logOutPage(user: PageUser, csrf: string): Html {
  return layout({
    title: 'Log out',
    user,
    content: html`<form class="card" method="post" action="/logout">
${csrfField(csrf)}
<p>You are signed in as <strong>${user.username}</strong>.</p>
<div class="actions"><button type="submit">Log out</button></div>
</form>`,
  });
}

export function errorPage(user: PageUser | null, title: string, message: string): Html {
  return layout({ title, user, content: html`<div class="errors" role="alert"><p>${message}</p></div>` });
}

function withNext(path: string, next: string | null): string {
  return next === null ? path : `${path}?next=${encodeURIComponent(next)}`;
}
