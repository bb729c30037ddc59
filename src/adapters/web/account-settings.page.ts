import { html, type Html } from '../page-kit/html';
import { csrfField, errorSummary, layout, type PageUser } from '../page-kit/layout';

/**
 * `/settings/account`: download everything, or delete the account for good (with the password typed again).
 */
export function accountSettingsPage(user: PageUser, csrf: string, problems: readonly string[] = []): Html {
  return layout({
    title: 'Your account',
    user,
    content: html`<section class="card" aria-labelledby="export-title">
<h2 id="export-title">Your data</h2>
<p>Download everything you made as one ZIP file: your profile, all your notes (every visibility, at their exact
positions, as GeoJSON), your comments, notemaps, favorites, finds and follows, and your images.</p>
<p><a class="button" href="/settings/account/export" download>Download your data</a></p>
</section>
<section class="card" aria-labelledby="delete-title">
<h2 id="delete-title">Delete your account</h2>
<p>This deletes your account for good: your notes and their images, your comments, notemaps, favorites, finds and
follows, your applications and every token. It cannot be undone; download your data first if you want to keep it.
Your username becomes free for anyone to take.</p>
${errorSummary(problems)}
<form method="post" action="/settings/account/delete">
${csrfField(csrf)}
<label for="password">Your password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${problems.length > 0 ? html` aria-invalid="true" aria-describedby="errors"` : ''}>
<div class="actions"><button type="submit" class="danger">Delete my account</button></div>
</form>
</section>`,
  });
}

/** Shown once an account is gone (the browser is signed out). */
export function accountDeletedPage(): Html {
  return layout({
    title: 'Account deleted',
    user: null,
    content: html`<div class="notice" role="status"><p>The account is deleted, with everything in it.</p></div>
<p><a href="/">Back to Place Notes</a></p>`,
  });
}
