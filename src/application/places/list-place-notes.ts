import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { NOTE_VIEWS, type NoteFilter, type NotePage, type NoteViews } from '../ports/note-views';
import type { PageRequest } from '../ports/paging';
import { PLACE_VIEWS, type PlaceViews } from '../ports/place-views';
import { viewerOf } from '../viewer';

/** The notes at a place that the actor may read, newest first; 404 for a place the actor cannot see. */
@injectable()
export class ListPlaceNotes {
  constructor(
    @inject(PLACE_VIEWS) private readonly places: PlaceViews,
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
  ) {}

  async execute(actor: Actor, placeId: number, filter: NoteFilter, page: PageRequest): Promise<NotePage> {
    const viewer = viewerOf(actor);
    if ((await this.places.get(viewer, placeId)) === null) throw DomainError.notFound('place', placeId);
    return this.notes.list(viewer, { ...filter, placeId }, page);
  }
}
