import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { applyNoteFields } from '../../domain/note';
import { discardBlobs, recordOrDiscard, storeUpload } from '../images/image-upload';
import { BLOB_STORE, type BlobStore } from '../ports/blob-store';
import { CLOCK, type Clock } from '../ports/clock';
import { IMAGE_PROCESSOR, type ImageProcessor } from '../ports/image-processor';
import type { NoteView } from '../ports/note-views';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { requirePrecondition, type Precondition } from '../precondition';
import { viewerOf } from '../viewer';
import { findOwnNote } from './find-own-note';
import type { NoteInput } from './note-input';
import { resolveRecipients } from './resolve-recipients';
import { NOTE_IMAGE_MAX_PIXELS } from '../../domain/image';

/**
 * Edits a note (scope `notes`, its author only); fields not sent keep their values. A new image
 * replaces the old one, `image: null` removes it; the old file is deleted once the change is committed.
 */
@injectable()
export class UpdateNote {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(BLOB_STORE) private readonly blobs: BlobStore,
    @inject(IMAGE_PROCESSOR) private readonly images: ImageProcessor,
  ) {}

  async execute(actor: Actor, id: number, input: NoteInput, precondition?: Precondition<NoteView>): Promise<void> {
    const userId = requireScope(actor, 'notes');
    // Who may edit is checked before an upload is decoded and stored (and again inside the transaction).
    if (input.image) await this.uow.run((repositories) => findOwnNote(repositories, id, userId, actor));
    const image = input.image ? await storeUpload(this.images, this.blobs, input.image, NOTE_IMAGE_MAX_PIXELS) : null;
    const replaced = await recordOrDiscard(this.blobs, image?.key ?? null, () => this.uow.run(async ({ users, notes, blocks, views }) => {
      if (precondition) await notes.lock(id);
      const note = await findOwnNote({ notes, blocks }, id, userId, actor);
      if (precondition) requirePrecondition(precondition, await views.notes.get(viewerOf(actor), id), `note ${id}`);
      const content = applyNoteFields(note, input);
      const recipientIds = input.recipients === undefined ? null : await resolveRecipients({ users, blocks }, userId, input.recipients);
      await notes.update(id, content, recipientIds, this.clock.now());
      return input.image === undefined ? null : notes.setImage(id, image);
    }));
    await discardBlobs(this.blobs, [replaced]);
  }
}
