import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { applyNoteFields } from '../../domain/note';
import { recordOrDiscard, storeUpload } from '../images/image-upload';
import { BLOB_STORE, type BlobStore } from '../ports/blob-store';
import { CLOCK, type Clock } from '../ports/clock';
import { IMAGE_PROCESSOR, type ImageProcessor } from '../ports/image-processor';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import type { NoteInput } from './note-input';
import { resolveRecipients } from './resolve-recipients';
import { NOTE_IMAGE_MAX_PIXELS } from '../../domain/image';

/** Posts a note for the actor (scope `notes`), with its image when one is sent; returns its id. */
@injectable()
export class CreateNote {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(BLOB_STORE) private readonly blobs: BlobStore,
    @inject(IMAGE_PROCESSOR) private readonly images: ImageProcessor,
  ) {}

  async execute(actor: Actor, input: NoteInput): Promise<number> {
    const authorId = requireScope(actor, 'notes');
    const content = applyNoteFields(null, input);
    // The file is stored before the row (a row never names a missing file) and removed if the row fails.
    const image = input.image ? await storeUpload(this.images, this.blobs, input.image, NOTE_IMAGE_MAX_PIXELS) : null;
    return recordOrDiscard(this.blobs, image?.key ?? null, () => this.uow.run(async ({ users, notes }) => {
      const recipientIds = await resolveRecipients(users, input.recipients ?? []);
      const id = await notes.create(authorId, content, recipientIds, this.clock.now());
      if (image !== null) await notes.setImage(id, image);
      return id;
    }));
  }
}
