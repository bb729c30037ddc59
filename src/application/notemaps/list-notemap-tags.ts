import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { NOTEMAP_REPOSITORY, type NotemapRepository } from '../ports/notemap-repository';
import type { Page, PageRequest } from '../ports/paging';
import { TAG_VIEWS, type TagView, type TagViews } from '../ports/tag-views';
import { viewerOf } from '../viewer';
import { findNotemap } from './find-own-notemap';

/** The most used tags among a notemap's notes the actor may read; 404 for no notemap. */
@injectable()
export class ListNotemapTags {
  constructor(
    @inject(NOTEMAP_REPOSITORY) private readonly notemaps: NotemapRepository,
    @inject(TAG_VIEWS) private readonly tags: TagViews,
  ) {}

  async execute(actor: Actor, notemapId: number, page: PageRequest): Promise<Page<TagView>> {
    await findNotemap(this.notemaps, notemapId);
    return this.tags.ofNotemap(viewerOf(actor), notemapId, page);
  }
}
