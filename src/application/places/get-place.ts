import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { PLACE_VIEWS, type PlaceView, type PlaceViews } from '../ports/place-views';
import { viewerOf } from '../viewer';

/** A place as the actor sees it; 404 when it does not exist or the actor may read none of its notes. */
@injectable()
export class GetPlace {
  constructor(@inject(PLACE_VIEWS) private readonly views: PlaceViews) {}

  async execute(actor: Actor, id: number): Promise<PlaceView> {
    const place = await this.views.get(viewerOf(actor), id);
    if (place === null) throw DomainError.notFound('place', id);
    return place;
  }
}
