import type { SecuritySettings } from '../../application/accounts/security-settings';
import type { WebSession } from '../../application/ports/session-repository';
import { html, type Html } from '../page-kit/html';
import { csrfField, errorSummary, layout, type PageUser } from '../page-kit/layout';
import { emailChangeSection, type EmailChangeSection } from './components/email-change-section';
import { browserName } from './user-agent';

export const SECURITY_PAGE = '/settings/security';

/** What a form of the page shows again after a mistake: which form, and the problems. */
export interface SecurityProblems {
  form: 'password' | 'two-step-off';
  problems: readonly string[];
}

export interface SecurityPageOptions {
  user: PageUser;
  csrf: string;
  /** The session of the browser asking, which the list marks and offers no "Sign out" for. */
  currentSessionId: number;
  settings: SecuritySettings;
  /** The e-mail address section: the address, whether it is verified, and what a change just asked left to show. */
  email: Omit<EmailChangeSection, 'csrf'>;
  /** The recovery codes just made, shown this once. */
  recoveryCodes?: readonly string[] | null;
  problems?: SecurityProblems | null;
}

/**
 * `/settings/security`: the password, the e-mail address, the signed-in browsers and two-step sign-in, each a section of its own
 * (docs/web.md). Every action is a plain form, so the page needs no script.
 */
export function securityPage(options: SecurityPageOptions): Html {
  const { user, csrf, settings } = options;
  const problemsOf = (form: SecurityProblems['form']) => (options.problems?.form === form ? options.problems.problems : []);
  const sections = [
    passwordSection(csrf, problemsOf('password')),
    emailChangeSection({ csrf, ...options.email }),
    sessionsSection(csrf, options.currentSessionId, settings.sessions),
    twoStepSection(csrf, settings.twoStep, problemsOf('two-step-off')),
  ];
  return layout({
    title: 'Security',
    user,
    content: html`${options.recoveryCodes == null ? '' : recoveryCodesNotice(options.recoveryCodes)}
${sections}`,
  });
}

function passwordSection(csrf: string, problems: readonly string[]): Html {
  const invalid = problems.length > 0 ? html` aria-invalid="true" aria-describedby="errors"` : '';
  return html`<section class="card" aria-labelledby="password-title">
<h2 id="password-title">Password</h2>
${errorSummary(problems)}
<form method="post" action="${SECURITY_PAGE}/password">
${csrfField(csrf)}
<div class="field"><label for="current_password">Current password</label>
<input id="current_password" name="current_password" type="password" autocomplete="current-password" required${invalid}></div>
<div class="field"><label for="new_password">New password</label>
<input id="new_password" name="new_password" type="password" autocomplete="new-password" required minlength="8" aria-describedby="new-password-hint">
<p class="hint" id="new-password-hint">At least 8 characters. Every other browser signed in to your account is signed out.</p></div>
<div class="actions"><button type="submit">Change password</button></div>
</form>
</section>`;
}

function sessionsSection(csrf: string, currentSessionId: number, sessions: readonly WebSession[]): Html {
  const others = sessions.filter((s) => s.id !== currentSessionId).length;
  return html`<section class="card" aria-labelledby="sessions-title">
<h2 id="sessions-title">Signed-in browsers</h2>
<ul class="sessions">${sessions.map((session) => sessionItem(csrf, session, session.id === currentSessionId))}</ul>
${others === 0 ? html`<p class="hint">No other browser is signed in.</p>` : html`<form method="post" action="${SECURITY_PAGE}/sessions/sign-out-others">
${csrfField(csrf)}
<div class="actions"><button type="submit" class="secondary">Sign out all others</button></div>
</form>`}
</section>`;
}

function sessionItem(csrf: string, session: WebSession, current: boolean): Html {
  const { browser, system } = browserName(session.userAgent);
  const seen = session.lastSeenAt.toISOString();
  return html`<li id="session-${session.id}"><div><strong>${browser}</strong> on ${system}${current ? html` <em>(this browser)</em>` : ''}<br>
<span class="hint">Last seen <time datetime="${seen}">${seen.slice(0, 10)} ${seen.slice(11, 16)} UTC</time>${session.address === null ? '' : html` from <code>${session.address}</code>`}</span></div>
${current ? '' : html`<form method="post" action="${SECURITY_PAGE}/sessions/${session.id}/sign-out">
${csrfField(csrf)}<button type="submit" class="secondary" aria-label="Sign out ${browser} on ${system}, last seen ${seen.slice(0, 10)} ${seen.slice(11, 16)} UTC">Sign out</button>
</form>`}</li>`;
}

function twoStepSection(csrf: string, twoStep: SecuritySettings['twoStep'], problems: readonly string[]): Html {
  if (twoStep === null) {
    return html`<section class="card" aria-labelledby="two-step-title">
<h2 id="two-step-title">Two-step sign-in</h2>
<p>Off. With it on, signing in asks for a code from an authenticator app on your phone after the password.</p>
<p><a class="button" href="${SECURITY_PAGE}/two-step">Turn on two-step sign-in</a></p>
</section>`;
  }
  const invalid = problems.length > 0 ? html` aria-invalid="true" aria-describedby="errors"` : '';
  const since = twoStep.enabledAt.toISOString();
  return html`<section class="card" aria-labelledby="two-step-title">
<h2 id="two-step-title">Two-step sign-in</h2>
<p id="two-step-state">On since <time datetime="${since}">${since.slice(0, 10)}</time>; ${twoStep.recoveryCodesLeft} unused recovery codes left.</p>
${errorSummary(problems)}
<form method="post" action="${SECURITY_PAGE}/two-step/off">
${csrfField(csrf)}
<div class="field"><label for="off_password">Your password</label>
<input id="off_password" name="password" type="password" autocomplete="current-password" required${invalid}></div>
<div class="field"><label for="off_code">A code from your app, or a recovery code</label>
<input id="off_code" name="code" type="text" autocomplete="one-time-code" required${invalid}></div>
<div class="actions"><button type="submit" class="danger">Turn off two-step sign-in</button></div>
</form>
</section>`;
}

function recoveryCodesNotice(codes: readonly string[]): Html {
  return html`<section class="notice" aria-labelledby="recovery-title" role="status">
<h2 id="recovery-title">Your recovery codes</h2>
<p>Two-step sign-in is on. Keep these codes somewhere safe: each one signs you in once in place of a code from your
app. They are shown only now.</p>
<ol class="codes" id="recovery-codes">${codes.map((code) => html`<li>${code}</li>`)}</ol>
</section>`;
}

export interface TwoStepSetup {
  key: string;
  /** The QR code of the key's `otpauth://` URI. */
  qr: Html;
  problems?: readonly string[];
}

/** `/settings/security/two-step`: the key as a QR code and as text, and the code that confirms it. */
export function twoStepSetupPage(user: PageUser, csrf: string, setup: TwoStepSetup): Html {
  const problems = setup.problems ?? [];
  return layout({
    title: 'Turn on two-step sign-in',
    user,
    content: html`<section class="card" aria-labelledby="scan-title">
<h2 id="scan-title">1. Add the key to your app</h2>
<p>Scan this code with an authenticator app (any app for “TOTP” codes), or type the key in by hand.</p>
${setup.qr}
<p>Key: <code class="secret" id="totp-key">${setup.key.match(/.{4}/gu)?.join(' ') ?? setup.key}</code></p>
</section>
<section class="card" aria-labelledby="confirm-title">
<h2 id="confirm-title">2. Type the code the app shows</h2>
${errorSummary(problems)}
<form method="post" action="${SECURITY_PAGE}/two-step">
${csrfField(csrf)}
<input type="hidden" name="key" value="${setup.key}">
<div class="field"><label for="code">Code</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required maxlength="7"${problems.length > 0 ? html` aria-invalid="true" aria-describedby="errors"` : ''}></div>
<div class="actions"><button type="submit">Turn on</button><a href="${SECURITY_PAGE}">Cancel</a></div>
</form>
</section>`,
  });
}
