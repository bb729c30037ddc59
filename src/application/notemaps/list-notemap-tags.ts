import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { NOTEMAP_VIEWS, type NotemapViews } from '../ports/notemap-views';
import type { Page, PageRequest } from '../ports/paging';
import { TAG_VIEWS, type TagView, type TagViews } from '../ports/tag-views';
import { viewerOf } from '../viewer';
import { requireVisibleNotemap } from './find-own-notemap';

/** The most used tags among a notemap's notes the actor may read; 404 for no notemap. */
@injectable()
export class ListNotemapTags {
  constructor(
    @inject(NOTEMAP_VIEWS) private readonly notemaps: NotemapViews,
    @inject(TAG_VIEWS) private readonly tags: TagViews,
  ) {}

  async execute(actor: Actor, notemapId: number, page: PageRequest): Promise<Page<TagView>> {
    await requireVisibleNotemap(this.notemaps, viewerOf(actor), notemapId);
    return this.tags.ofNotemap(viewerOf(actor), notemapId, page);
  }
}
