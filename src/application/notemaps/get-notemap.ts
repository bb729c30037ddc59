import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { NOTEMAP_VIEWS, type NotemapView, type NotemapViews } from '../ports/notemap-views';
import { viewerOf } from '../viewer';

/** One notemap, with the sizes of its lists as the actor may see them; 404 when there is none. */
@injectable()
export class GetNotemap {
  constructor(@inject(NOTEMAP_VIEWS) private readonly views: NotemapViews) {}

  async execute(actor: Actor, id: number): Promise<NotemapView> {
    const notemap = await this.views.get(viewerOf(actor), id);
    if (notemap === null) throw DomainError.notFound('notemap', id);
    return notemap;
  }
}
