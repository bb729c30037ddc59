import type { PlaceCriteria } from '../../domain/place';
import type { Page, PageRequest } from './paging';
import type { Viewer } from './viewer';
import { portToken } from './port-token';

/**
 * A place (a distinct city, state and country) as one viewer sees it: everything but its
 * followers is computed over the notes at the place that the viewer may read.
 */
export interface PlaceView {
  id: number;
  city: string | null;
  state: string | null;
  country: string | null;
  /** The most common country code among those notes (ties: the first in order); null when none has one. */
  isoCountryCode: string | null;
  /** The mean of those notes' coordinates. */
  latitude: number;
  longitude: number;
  counts: { notes: number; followers: number };
}

/** Which places a list holds (domain/place.ts): the parts, words of the name, and areas the centre lies in. */
export type PlaceFilter = PlaceCriteria;

/** Places shaped for reading; a place with no note the viewer may read is not there for them. */
export interface PlaceViews {
  /** A place, or null when it does not exist or the viewer may read none of its notes. */
  get(viewer: Viewer, id: number): Promise<PlaceView | null>;
  /** The places the viewer may see that pass the filter, newest place first, in a fixed number of queries. */
  list(viewer: Viewer, filter: PlaceFilter, page: PageRequest): Promise<Page<PlaceView>>;
  /** The places a user follows that the viewer may see, most recent follow first, in a fixed number of queries. */
  followedBy(viewer: Viewer, userId: number, page: PageRequest): Promise<Page<PlaceView>>;
}
export const PLACE_VIEWS = portToken<PlaceViews>('PlaceViews');
