import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { FOLLOW_VIEWS, type FollowViews } from '../ports/follow-views';
import type { UserSummaryView } from '../ports/note-views';
import type { Page, PageRequest } from '../ports/paging';
import { PLACE_VIEWS, type PlaceViews } from '../ports/place-views';
import { viewerOf } from '../viewer';

/** The users following a place, most recent first; 404 for a place the actor cannot see. */
@injectable()
export class ListPlaceFollowers {
  constructor(@inject(PLACE_VIEWS) private readonly places: PlaceViews, @inject(FOLLOW_VIEWS) private readonly follows: FollowViews) {}

  async execute(actor: Actor, placeId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    if ((await this.places.get(viewerOf(actor), placeId)) === null) throw DomainError.notFound('place', placeId);
    return this.follows.placeFollowers(placeId, page, viewerOf(actor));
  }
}
