import { snapToCell } from '../../../domain/location-precision';
import { inject, injectable } from 'tsyringe';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { PlaceFilter, PlaceView, PlaceViews } from '../../../application/ports/place-views';
import type { Viewer } from '../../../application/ports/viewer';
import { areaContains } from '../../../domain/geo';
import { placeNameHasWords } from '../../../domain/place';
import { isReadable } from './memory-readable-notes';
import { MEMORY_STORE, type MemoryState, type MemoryStore, type StoredPlace } from './memory-store';

/** The most common value, the first in code point order on a tie (as SQL's mode() over collate "C"); nulls passed over. */
function mostCommon(values: (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: [string, number] | null = null;
  for (const entry of counts) {
    if (best === null || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
  }
  return best?.[0] ?? null;
}

const mean = (values: number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;

/** The place as the viewer sees it; null when the viewer may read none of its notes. */
function placeView(state: MemoryState, place: StoredPlace, viewer: Viewer): PlaceView | null {
  const notes = state.notes.filter((n) => n.placeId === place.id && isReadable(state, n, viewer));
  if (notes.length === 0) return null;
  // The positions everyone may see: a place never reveals where a note with a coarse precision is.
  const seen = notes.map((n) => snapToCell(n.location, n.locationPrecision));
  return {
    id: place.id,
    city: place.city,
    state: place.state,
    country: place.country,
    isoCountryCode: mostCommon(notes.map((n) => n.location.isoCountryCode)),
    latitude: mean(seen.map((p) => p.latitude)),
    longitude: mean(seen.map((p) => p.longitude)),
    counts: { notes: notes.length, followers: state.placeFollows.filter((f) => f.placeId === place.id).length },
  };
}

/** Whether a place passes the filter's parts (trimmed and lowercased) and words. */
function matches(place: StoredPlace, filter: PlaceFilter): boolean {
  const parts = (['city', 'state', 'country'] as const).every((part) => {
    const wanted = filter[part];
    return wanted === undefined || (place[part] ?? '').toLowerCase() === wanted;
  });
  return parts && (filter.words === undefined || placeNameHasWords(place, filter.words));
}

/** Whether the centre the viewer sees lies in every area of the filter. */
function inAreas(view: PlaceView, filter: PlaceFilter): boolean {
  return (filter.areas ?? []).every((area) => areaContains(area, view));
}

@injectable()
export class MemoryPlaceViews implements PlaceViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  get(viewer: Viewer, id: number): Promise<PlaceView | null> {
    return this.store.with((state) => {
      const place = state.places.find((p) => p.id === id);
      return place ? placeView(state, place, viewer) : null;
    });
  }

  list(viewer: Viewer, filter: PlaceFilter, page: PageRequest): Promise<Page<PlaceView>> {
    return this.store.with((state) => {
      const visible = state.places
        .filter((place) => matches(place, filter))
        .sort((a, b) => b.id - a.id)
        .map((place) => placeView(state, place, viewer))
        .filter((view): view is PlaceView => view !== null && inAreas(view, filter));
      return { items: visible.slice(page.offset, page.offset + page.limit), total: visible.length };
    });
  }

  followedBy(viewer: Viewer, userId: number, page: PageRequest): Promise<Page<PlaceView>> {
    return this.store.with((state) => {
      const visible = state.placeFollows
        .filter((f) => f.userId === userId)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.placeId - a.placeId)
        .map((f) => state.places.find((p) => p.id === f.placeId))
        .map((place) => (place ? placeView(state, place, viewer) : null))
        .filter((view): view is PlaceView => view !== null);
      return { items: visible.slice(page.offset, page.offset + page.limit), total: visible.length };
    });
  }
}
