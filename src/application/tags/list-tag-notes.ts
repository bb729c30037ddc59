import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { normalizeTag } from '../../domain/tag';
import { NOTE_VIEWS, type NoteFilter, type NoteView, type NoteViews } from '../ports/note-views';
import type { Page, PageRequest } from '../ports/paging';
import { TAG_VIEWS, type TagViews } from '../ports/tag-views';
import { viewerOf } from '../viewer';

/** The notes carrying a tag that the actor may read; 404 for a tag no note ever carried. */
@injectable()
export class ListTagNotes {
  constructor(
    @inject(TAG_VIEWS) private readonly tags: TagViews,
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
  ) {}

  async execute(actor: Actor, rawName: string, filter: NoteFilter, page: PageRequest): Promise<Page<NoteView>> {
    const name = normalizeTag(rawName);
    const viewer = viewerOf(actor);
    if (name === null || (await this.tags.byName(viewer, name)) === null) throw DomainError.notFound('tag', rawName);
    return this.notes.list(viewer, { ...filter, tag: name }, page);
  }
}
