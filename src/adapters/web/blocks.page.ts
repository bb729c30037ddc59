import type { UserSummaryView } from '../../application/ports/note-views';
import type { Page } from '../../application/ports/paging';
import { html, type Html } from '../page-kit/html';
import { csrfField, layout, type PageUser } from '../page-kit/layout';

/** `/settings/blocks`: the users the member blocks, newest block first, each with an Unblock button. */
export function blocksPage(user: PageUser, csrf: string, blocks: Page<UserSummaryView>, unblocked: string | null): Html {
  return layout({
    title: 'Blocks',
    user,
    content: html`${unblocked === null ? '' : html`<div class="notice" role="status"><p>You no longer block @${unblocked}. Follows the block ended do not come back.</p></div>`}
<p>While you block someone, neither of you sees the other's notes, comments or notemaps, and neither can follow the other or address a note to the other. Block someone from their page.</p>
${blocks.items.length === 0 ? html`<p>You block nobody.</p>` : html`<ul class="plain">${blocks.items.map((blocked) => {
      const id = `block-${blocked.id}`;
      return html`<li class="card" aria-labelledby="${id}">
<p id="${id}"><a href="/users/${encodeURIComponent(blocked.username)}">${blocked.name ?? blocked.username}</a> <span class="byline">@${blocked.username}</span></p>
<form method="post" action="/settings/blocks/${blocked.id}/unblock">
${csrfField(csrf)}
<div class="actions"><button type="submit" class="secondary" aria-describedby="${id}">Unblock</button></div>
</form>
</li>`;
    })}</ul>`}
${blocks.total > blocks.items.length ? html`<p>You block ${blocks.total} users; the ${blocks.items.length} most recent are shown.</p>` : ''}`,
  });
}
