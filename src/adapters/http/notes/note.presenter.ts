import type { Actor } from '../../../domain/actor';
import type { Location as DomainLocation } from '../../../domain/location';
import { displayAddress } from '../../../domain/location';
import { implicitTitle, noteTitle } from '../../../domain/note';
import type { NoteView } from '../../../application/ports/note-views';
import { association } from '../common.schemas';
import type { Links } from '../links';
import { presentUserSummary } from '../users/user.presenter';
import type { Note } from './note.schemas';

/**
 * The location fields as the caller sees them. An address field the note's precision hides from the caller is null
 * (docs/privacy.md); `streetAddress`, a string in the original API, is `""` when merely absent, so that null says hidden.
 */
function presentLocation(location: DomainLocation, hidden: NoteView['hiddenAddressFields']): Note['location'] {
  return {
    city: location.city ?? '',
    country: location.country ?? '',
    isoCountryCode: location.isoCountryCode ?? '',
    latitude: location.latitude,
    longitude: location.longitude,
    neighborhood: location.neighborhood,
    postalCode: location.postalCode,
    state: location.state ?? '',
    street: location.street,
    streetAddress: hidden.includes('streetAddress') ? null : location.streetAddress ?? '',
    streetNumber: location.streetNumber,
    zoomLevel: location.zoomLevel ?? 0,
  };
}

/** A note for `actor`; `canComment`/`canFavorite` need a signed-in user holding `write`. */
export function presentNote(note: NoteView, actor: Actor, links: Links): Note {
  // A note's id is an integer and the names are fixed words: nothing to encode.
  const list = (name: string, count: number) => association(count, `/v2/notes/${note.id}/${name}`);
  const mayWrite = actor.userId !== null && actor.scopes.has('write');
  const implicit = implicitTitle(note.message);
  return {
    author: presentUserSummary(note.author, links),
    comments: list('comments', note.counts.comments),
    createdAt: note.createdAt,
    currentUserData: {
      canComment: mayWrite,
      canFavorite: mayWrite,
      isFavorited: note.viewer.isFavorited,
      isFound: note.viewer.isFound,
    },
    depiction: null,
    displayAddress: displayAddress(note.location),
    favoriters: list('favoriters', note.counts.favoriters),
    finders: list('finders', note.counts.finders),
    id: note.id,
    image: note.image === null
      ? null
      : { originalHeight: note.image.height, originalWidth: note.image.width, urlRoot: links.image(note.image.key) },
    implicit_title: implicit,
    link: links.note(note.id),
    location: presentLocation(note.location, note.hiddenAddressFields),
    message: note.message,
    notemaps: list('notemaps', note.counts.notemaps),
    place: note.place === null ? null : { id: note.place.id, name: note.place.name, link: links.place(note.place.id) },
    publicViewsCount: note.publicViewsCount,
    tags: list('tags', note.counts.tags),
    // Without a title of its own, the title is the implicit one.
    title: note.title === null ? implicit : noteTitle(note),
    updatedAt: note.updatedAt,
    visibility: note.visibility,
    ...(note.locationPrecision === undefined ? {} : { locationPrecision: note.locationPrecision }),
  };
}
