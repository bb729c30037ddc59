import { html, type Html } from './html';
import { WEB_CSS_URL } from './web-css';

export interface PageUser {
  id: number;
  username: string;
}

export interface PageOptions {
  title: string;
  /** The signed-in member, for the navigation; null when nobody is. */
  user: PageUser | null;
  content: Html;
}

/** The one layout every account page shares: a skip link, a navigation bar, and the page's main content. */
export function layout({ title, user, content }: PageOptions): Html {
  const nav = user === null
    ? html`<a href="/signup">Sign up</a><a href="/login">Log in</a>`
    : html`<a href="/users/${encodeURIComponent(user.username)}">Your notes</a><a href="/settings/applications">Applications</a><a href="/settings/authorizations">Authorizations</a><a href="/settings/blocks">Blocks</a><a href="/settings/account">Account</a><a href="/settings/security">Security</a>
        <span>Signed in as <strong>${user.username}</strong></span><a href="/logout">Log out</a>`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Place Notes</title>
<link rel="stylesheet" href="${WEB_CSS_URL}">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site"><nav class="bar" aria-label="Account"><a class="brand" href="/">Place Notes</a>${nav}</nav></header>
<main id="main" tabindex="-1">
<h1>${title}</h1>
${content}
</main>
</body>
</html>
`;
}

/** A list of problems at the top of a form, announced to screen readers. */
export function errorSummary(problems: readonly string[]): Html {
  if (problems.length === 0) return html``;
  return html`<div class="errors" role="alert" id="errors"><strong>Please correct this:</strong>
<ul>${problems.map((p) => html`<li>${p}</li>`)}</ul></div>`;
}

/** The hidden CSRF field every form carries. */
export function csrfField(token: string): Html {
  return html`<input type="hidden" name="_csrf" value="${token}">`;
}
