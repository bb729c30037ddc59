import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import type { UserSummaryView } from '../ports/note-views';
import { NOTEMAP_VIEWS, type NotemapViews } from '../ports/notemap-views';
import { NOTEMAP_USER_VIEWS, type NotemapUserViews } from '../ports/notemap-user-views';
import type { Page, PageRequest } from '../ports/paging';
import { viewerOf } from '../viewer';
import { requireVisibleNotemap } from './find-own-notemap';

/** The authors (creator and the authors of its readable notes) or the followers of a notemap; 404 for no notemap. */
@injectable()
export class ListNotemapUsers {
  constructor(@inject(NOTEMAP_VIEWS) private readonly notemaps: NotemapViews, @inject(NOTEMAP_USER_VIEWS) private readonly views: NotemapUserViews) {}

  async execute(actor: Actor, notemapId: number, relation: 'authors' | 'followers', page: PageRequest): Promise<Page<UserSummaryView>> {
    await requireVisibleNotemap(this.notemaps, viewerOf(actor), notemapId);
    return relation === 'authors'
      ? this.views.authors(viewerOf(actor), notemapId, page)
      : this.views.followers(notemapId, page, viewerOf(actor));
  }
}
