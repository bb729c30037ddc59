import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { normalizeTag } from '../../domain/tag';
import { NOTE_VIEWS, type NoteFilter, type NotePage, type NoteViews } from '../ports/note-views';
import type { PageRequest } from '../ports/paging';
import { TAG_VIEWS, type TagViews } from '../ports/tag-views';
import { viewerOf } from '../viewer';

/**
 * The notes carrying a tag that the actor may read. A tag exists for a caller only through notes they may
 * read: one carried only by others' private notes is 404, exactly as a tag no note ever carried.
 */
@injectable()
export class ListTagNotes {
  constructor(
    @inject(TAG_VIEWS) private readonly tags: TagViews,
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
  ) {}

  async execute(actor: Actor, rawName: string, filter: NoteFilter, page: PageRequest): Promise<NotePage> {
    const name = normalizeTag(rawName);
    const viewer = viewerOf(actor);
    const tag = name === null ? null : await this.tags.byName(viewer, name);
    if (name === null || tag === null || tag.notesCount === 0) throw DomainError.notFound('tag', rawName);
    return this.notes.list(viewer, { ...filter, tag: name }, page);
  }
}
