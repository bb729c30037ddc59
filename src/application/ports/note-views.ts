import type { HideableAddressField, LocationPrecision } from '../../domain/location-precision';
import type { Location } from '../../domain/location';
import type { NotePosition, NoteQuery } from '../../domain/note-query';
import type { Visibility } from '../../domain/visibility';
import type { Page, PageRequest } from './paging';
import type { Viewer } from './viewer';
import { portToken } from './port-token';

/** What a list of users or an author line shows of a user. */
export interface UserSummaryView {
  id: number;
  username: string;
  name: string | null;
  description: string | null;
  avatarHash: string;
  hasAvatar: boolean;
}

/** A note as pages show it, with the counts and personal flags for one viewer. */
export interface NoteView {
  id: number;
  author: UserSummaryView;
  title: string | null;
  message: string;
  visibility: Visibility;
  /**
   * Where the viewer sees it: exactly for its author, else as its location precision lets others (docs/privacy.md),
   * the address fields it hides null.
   */
  location: Location;
  /** The address fields of `location` hidden from the viewer by the note's precision (null there); none for its author. */
  hiddenAddressFields: readonly HideableAddressField[];
  /** How precisely others see the location: given to the author only. */
  locationPrecision?: LocationPrecision;
  /** Unix seconds. */
  createdAt: number;
  updatedAt: number;
  publicViewsCount: number;
  counts: { comments: number; favoriters: number; finders: number; notemaps: number; tags: number };
  viewer: { isFavorited: boolean; isFound: boolean };
  image: { key: string; width: number; height: number } | null;
  /**
   * The place its city, state and country name (domain/place.ts), with the name that place shows (placeName of the
   * place's own parts, as first written); null when the note names none of the three.
   */
  place: { id: number; name: string } | null;
  /** Metres from the `near` point (great-circle, not rounded); only in lists asked `near`. */
  distance?: number;
}

/** Which notes a list holds; every filter is optional and they combine with AND. */
export interface NoteFilter {
  authorId?: number;
  /** A normalised tag name. */
  tag?: string;
  /** Notes a notemap holds. */
  notemapId?: number;
  /** Notes a user favorited. */
  favoritedBy?: number;
  /** Notes at a place. */
  placeId?: number;
  /** Only notes that carry an image. */
  withImage?: boolean;
  /** A user's feed: notes by the users they follow or held by the notemaps they follow. */
  feedOf?: number;
  /** Only these notes (the change feed's page). */
  ids?: readonly number[];
  /** What the caller asked of the list (`tag`, `author`, `bbox`, `near`, `q`, …, `sort`), on top of the above. */
  query?: NoteQuery;
}

/** A page of notes, and where the last one stands in the list's order (absent on an empty page). */
export interface NotePage extends Page<NoteView> {
  last?: NotePosition;
}

/**
 * Notes shaped for reading. Only notes the viewer may read are returned or counted
 * (public ones, plus for `readerId` the ones they wrote or receive). Lists are newest first
 * (createdAt, then id, descending) unless `filter.query.order` says otherwise, and cost a fixed number
 * of queries whatever the page size. With `filter.query.after` a page starts right after that position (keyset
 * paging: `page.offset` is then ignored) and the total still counts the whole list.
 */
export interface NoteViews {
  get(viewer: Viewer, id: number): Promise<NoteView | null>;
  list(viewer: Viewer, filter: NoteFilter, page: PageRequest): Promise<NotePage>;
  /** The items of `list`, in its order, without counting the whole list (for answers that show no total). */
  listItems(viewer: Viewer, filter: NoteFilter, page: PageRequest): Promise<NoteView[]>;
}
export const NOTE_VIEWS = portToken<NoteViews>('NoteViews');
