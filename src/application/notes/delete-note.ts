import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { discardBlobs } from '../images/image-upload';
import { BLOB_STORE, type BlobStore } from '../ports/blob-store';
import type { NoteView } from '../ports/note-views';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { requirePrecondition, type Precondition } from '../precondition';
import { viewerOf } from '../viewer';
import { findOwnNote } from './find-own-note';

/** Deletes a note and all that hangs off it, its image file too (scope `delete`, its author only). */
@injectable()
export class DeleteNote {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async execute(actor: Actor, id: number, precondition?: Precondition<NoteView>): Promise<void> {
    const userId = requireScope(actor, 'delete');
    const imageKey = await this.uow.run(async ({ notes, blocks, views }) => {
      if (precondition) await notes.lock(id);
      await findOwnNote({ notes, blocks }, id, userId, actor);
      if (precondition) requirePrecondition(precondition, await views.notes.get(viewerOf(actor), id), `note ${id}`);
      // Clearing first takes the row lock, so an edit that replaces the image meanwhile cannot orphan its file.
      const key = await notes.setImage(id, null);
      await notes.delete(id);
      return key;
    });
    await discardBlobs(this.blobs, [imageKey]);
  }
}
