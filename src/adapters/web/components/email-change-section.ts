import { html, type Html } from '../../page-kit/html';
import { csrfField, errorSummary } from '../../page-kit/layout';

export interface EmailChangeSection {
  csrf: string;
  /** The account's address now, and whether it is verified. */
  email: string;
  verified: boolean;
  /** Whether a change was just asked, to say where the link went. */
  linkSent?: boolean;
  values?: { email?: string };
  problems?: readonly string[];
}

/** Changing the e-mail address (password required): a section of the account's security settings. */
export function emailChangeSection(section: EmailChangeSection): Html {
  const problems = section.problems ?? [];
  return html`<section class="card" aria-labelledby="email-title" id="email">
<h2 id="email-title">E-mail address</h2>
<p>Your address is <strong>${section.email}</strong> (${section.verified ? 'verified' : 'not verified yet'}).</p>
${section.linkSent === true ? html`<div class="notice" role="status"><p>A link is on its way to the new address.
The new address takes effect once you open it and press “Verify”; until then your address stays as it is.</p></div>` : ''}
${problems.length > 0 ? html`<div id="email-errors">${errorSummary(problems)}</div>` : ''}
<form method="post" action="/settings/security/email" novalidate>
${csrfField(section.csrf)}
<div class="field"><label for="new-email">New e-mail address</label>
<input id="new-email" name="email" type="email" autocomplete="email" required value="${section.values?.email ?? ''}"></div>
<div class="field"><label for="email-password">Your password, to confirm</label>
<input id="email-password" name="password" type="password" autocomplete="current-password" required></div>
<div class="actions"><button type="submit">Change the address</button></div>
</form>
</section>`;
}
