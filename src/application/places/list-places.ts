import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { parsePlaceQuery, type RawPlaceQuery } from '../../domain/place';
import type { Page, PageRequest } from '../ports/paging';
import { PLACE_VIEWS, type PlaceView, type PlaceViews } from '../ports/place-views';
import { viewerOf } from '../viewer';

/**
 * The places the actor can see, newest first, found by their city, state and country (ignoring case), words of
 * their name, and areas their centre lies in (400 naming each bad parameter).
 */
@injectable()
export class ListPlaces {
  constructor(@inject(PLACE_VIEWS) private readonly views: PlaceViews) {}

  execute(actor: Actor, query: RawPlaceQuery, page: PageRequest): Promise<Page<PlaceView>> {
    return this.views.list(viewerOf(actor), parsePlaceQuery(query), page);
  }
}
