import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { NOTEMAP_VIEWS, type NotemapView, type NotemapViews } from '../ports/notemap-views';
import type { Page, PageRequest } from '../ports/paging';
import { viewerOf } from '../viewer';

/** A page of every notemap, newest first. */
@injectable()
export class ListNotemaps {
  constructor(@inject(NOTEMAP_VIEWS) private readonly views: NotemapViews) {}

  execute(actor: Actor, page: PageRequest): Promise<Page<NotemapView>> {
    return this.views.list(viewerOf(actor), {}, page);
  }
}
