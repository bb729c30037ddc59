import { inject, injectable } from 'tsyringe';
import { privateReader, requireScope, type Actor } from '../../domain/actor';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { findNoteComment } from './find-note-comment';

/** Favorites a comment for the actor (scope `write`); true the first time, false on a repeat. */
@injectable()
export class FavoriteComment {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, noteId: number, commentId: number): Promise<boolean> {
    const userId = requireScope(actor, 'write');
    return this.uow.run(async (repositories) => {
      await findNoteComment(repositories, noteId, commentId, privateReader(actor));
      return repositories.comments.favorite(commentId, userId, this.clock.now());
    });
  }
}
