import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { countsAsView } from '../../domain/note';
import { NOTE_VIEWS, type NoteView, type NoteViews } from '../ports/note-views';
import { VIEW_COUNTER, type ViewCounter } from '../ports/view-counter';
import { viewerOf } from '../viewer';

/** Reads one note the actor may see, counting the view of a public note by anyone but its author. */
@injectable()
export class GetNote {
  constructor(
    @inject(NOTE_VIEWS) private readonly views: NoteViews,
    @inject(VIEW_COUNTER) private readonly viewCounter: ViewCounter,
  ) {}

  async execute(actor: Actor, id: number): Promise<NoteView> {
    const note = await this.views.get(viewerOf(actor), id);
    if (note === null) throw DomainError.notFound('note', id);
    if (countsAsView({ visibility: note.visibility, authorId: note.author.id }, actor.userId)) this.viewCounter.record(id);
    return note;
  }
}
