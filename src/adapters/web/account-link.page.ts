import type { LinkStatus } from '../../application/accounts/account-link-status';
import { html, type Html } from '../page-kit/html';
import { csrfField, errorSummary, layout, type PageUser } from '../page-kit/layout';

/** What a link that cannot be used any more says, and its status: gone for good (410), or never known (404). */
const DEAD_LINKS: Record<Exclude<LinkStatus, 'valid'>, { status: number; title: string; text: string }> = {
  expired: { status: 410, title: 'This link has expired', text: 'The link is too old to use.' },
  used: { status: 410, title: 'This link was already used', text: 'Each link works once, and this one has been used.' },
  replaced: { status: 410, title: 'A newer link was sent', text: 'A newer link was sent after this one, and only the newest works. Use the link in the latest mail.' },
  unknown: { status: 404, title: 'This link is not valid', text: 'The link is not one we sent, or it was copied incompletely. Check that you copied the whole link.' },
};

/** The page for a verification or reset link that cannot be used, with the way to a new one. */
export function deadLinkPage(user: PageUser | null, status: Exclude<LinkStatus, 'valid'>, purpose: 'verify' | 'reset'): { status: number; page: Html } {
  const dead = DEAD_LINKS[status];
  const next = purpose === 'reset'
    ? html`<p><a href="/forgot-password">Ask for a new password reset link</a>.</p>`
    : html`<p>To get a new link, <a href="/settings/applications">sign in and ask for one</a>.</p>`;
  return { status: dead.status, page: layout({ title: dead.title, user, content: html`<div class="errors" role="alert"><p>${dead.text}</p></div>\n${next}` }) };
}

/** `/verify-email?token=…`: the "Verify" button (a POST, so that mail scanners opening the link do not use it up). */
export function verifyEmailPage(user: PageUser | null, csrf: string, token: string): Html {
  return layout({
    title: 'Verify your e-mail address',
    user,
    content: html`<form class="card" method="post" action="/verify-email">
${csrfField(csrf)}
<input type="hidden" name="token" value="${token}">
<p>Press the button to verify the e-mail address of your Place Notes account.</p>
<div class="actions"><button type="submit">Verify</button></div>
</form>`,
  });
}

export function emailVerifiedPage(user: PageUser | null): Html {
  return layout({
    title: 'E-mail address verified',
    user,
    content: html`<div class="notice" role="status"><p>Your e-mail address is verified. Thank you.</p></div>
<p><a href="/settings/applications">Go to your applications</a></p>`,
  });
}

/** The address was taken by another account between the request and the click. */
export function emailTakenPage(user: PageUser | null): Html {
  return layout({
    title: 'This address is taken',
    user,
    content: html`${errorSummary(['Another account uses this e-mail address now, so it cannot become yours.'])}
<p><a href="/settings/account">Back to your account</a></p>`,
  });
}

/** A fourth verification link within the hour (429). */
export function tooManyLinksPage(user: PageUser): Html {
  return layout({
    title: 'Too many links',
    user,
    content: html`<div class="errors" role="alert"><p>A verification link was sent again 3 times in the last hour, which is as
many as we send. Use the newest mail, or ask again later.</p></div>
<p><a href="/settings/applications">Back to your applications</a></p>`,
  });
}
