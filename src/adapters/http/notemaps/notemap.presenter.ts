import type { NotemapView } from '../../../application/ports/notemap-views';
import { association } from '../common.schemas';
import { apiPath, type Links } from '../links';
import { presentUserSummary } from '../users/user.presenter';
import type { Notemap } from './notemap.schemas';

/** A notemap for one caller: its counts are what that caller may see, so they match the lists they name. */
export function presentNotemap(notemap: NotemapView, links: Links): Notemap {
  const list = (name: string, count: number) => association(count, apiPath('notemaps', notemap.id, name));
  return {
    author: presentUserSummary(notemap.owner, links),
    authors: list('authors', notemap.counts.authors),
    createdAt: notemap.createdAt,
    currentUserData: { isFollowing: notemap.viewer.isFollowing },
    description: notemap.description ?? '',
    followers: list('followers', notemap.counts.followers),
    id: notemap.id,
    image: notemap.image === null
      ? null
      : { originalHeight: notemap.image.height, originalWidth: notemap.image.width, urlRoot: links.image(notemap.image.key) },
    lastNoteAddedAt: notemap.lastNoteAddedAt,
    link: links.notemap(notemap.id),
    name: notemap.name,
    notes: list('notes', notemap.counts.notes),
    notesWithImages: list('notes_with_images', notemap.counts.notesWithImages),
    tags: list('tags', notemap.counts.tags),
  };
}
