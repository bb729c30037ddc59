import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import type { Page, PageRequest } from '../ports/paging';
import { PLACE_VIEWS, type PlaceFilter, type PlaceView, type PlaceViews } from '../ports/place-views';
import { viewerOf } from '../viewer';

/** The places the actor can see, found by any of their city, state and country (ignoring case), newest first. */
@injectable()
export class ListPlaces {
  constructor(@inject(PLACE_VIEWS) private readonly views: PlaceViews) {}

  execute(actor: Actor, filter: PlaceFilter, page: PageRequest): Promise<Page<PlaceView>> {
    const normalised: PlaceFilter = {};
    for (const part of ['city', 'state', 'country'] as const) {
      const value = filter[part];
      // Places are told apart ignoring case, and stored trimmed.
      if (value !== undefined) normalised[part] = value.trim().toLowerCase();
    }
    return this.views.list(viewerOf(actor), normalised, page);
  }
}
