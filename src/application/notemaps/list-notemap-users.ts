import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import type { UserSummaryView } from '../ports/note-views';
import { NOTEMAP_REPOSITORY, type NotemapRepository } from '../ports/notemap-repository';
import { NOTEMAP_USER_VIEWS, type NotemapUserViews } from '../ports/notemap-user-views';
import type { Page, PageRequest } from '../ports/paging';
import { viewerOf } from '../viewer';
import { findNotemap } from './find-own-notemap';

/** The authors (creator and the authors of its readable notes) or the followers of a notemap; 404 for no notemap. */
@injectable()
export class ListNotemapUsers {
  constructor(@inject(NOTEMAP_REPOSITORY) private readonly notemaps: NotemapRepository, @inject(NOTEMAP_USER_VIEWS) private readonly views: NotemapUserViews) {}

  async execute(actor: Actor, notemapId: number, relation: 'authors' | 'followers', page: PageRequest): Promise<Page<UserSummaryView>> {
    await findNotemap(this.notemaps, notemapId);
    return relation === 'authors'
      ? this.views.authors(viewerOf(actor), notemapId, page)
      : this.views.followers(notemapId, page);
  }
}
