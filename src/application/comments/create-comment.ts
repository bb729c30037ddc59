import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { applyCommentFields, type CommentFields } from '../../domain/comment';
import { DomainError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { findReadableNote } from './find-note-comment';

/** Comments on a note the actor may read (scope `write`); returns the comment's id. */
@injectable()
export class CreateComment {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, noteId: number, fields: CommentFields): Promise<number> {
    const authorId = requireScope(actor, 'write');
    const content = applyCommentFields(null, fields);
    return this.uow.run(async (repositories) => {
      await findReadableNote(repositories, noteId, actor);
      const id = await repositories.comments.create(noteId, authorId, content, this.clock.now());
      if (id === null) throw DomainError.notFound('note', noteId);
      return id;
    });
  }
}
