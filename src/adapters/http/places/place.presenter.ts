import type { PlaceView } from '../../../application/ports/place-views';
import { placeName } from '../../../domain/place';
import { association } from '../common.schemas';
import { apiPath, type Links } from '../links';
import type { Place } from './place.schemas';

export function presentPlace(place: PlaceView, links: Links): Place {
  return {
    id: place.id,
    name: placeName(place),
    city: place.city,
    state: place.state,
    country: place.country,
    isoCountryCode: place.isoCountryCode,
    latitude: place.latitude,
    longitude: place.longitude,
    link: links.place(place.id),
    notes: association(place.counts.notes, apiPath('places', place.id, 'notes')),
    followers: association(place.counts.followers, apiPath('places', place.id, 'followers')),
  };
}
