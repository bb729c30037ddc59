import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { applyNoteFields } from '../../domain/note';
import { recordOrDiscard, storeUpload } from '../images/image-upload';
import { BLOB_STORE, type BlobStore } from '../ports/blob-store';
import { CLOCK, type Clock } from '../ports/clock';
import { IMAGE_PROCESSOR, type ImageProcessor } from '../ports/image-processor';
import { NOTE_INSERTS, type NoteInserts } from '../ports/note-inserts';
import type { NoteView } from '../ports/note-views';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import type { NoteInput } from './note-input';
import { resolveRecipients } from './resolve-recipients';
import { NOTE_IMAGE_MAX_PIXELS } from '../../domain/image';

/** Posts a note for the actor (scope `notes`), with its image when one is sent; returns the note as its author reads it. */
@injectable()
export class CreateNote {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(NOTE_INSERTS) private readonly inserts: NoteInserts,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(BLOB_STORE) private readonly blobs: BlobStore,
    @inject(IMAGE_PROCESSOR) private readonly images: ImageProcessor,
  ) {}

  async execute(actor: Actor, input: NoteInput): Promise<NoteView> {
    const authorId = requireScope(actor, 'notes');
    const content = applyNoteFields(null, input);
    const refs = input.recipients ?? [];
    // One write that answers with the note (see NoteInserts), once the recipients' names are read.
    const recipientIds = refs.length === 0 ? [] : await this.uow.run((repositories) => resolveRecipients(repositories, authorId, refs));
    if (!input.image) return this.inserts.insert({ authorId, content, recipientIds, now: this.clock.now() });
    // The file is stored before the row (a row never names a missing file) and removed if the row fails.
    const image = await storeUpload(this.images, this.blobs, input.image, NOTE_IMAGE_MAX_PIXELS);
    return recordOrDiscard(this.blobs, image.key, () => this.inserts.insert({ authorId, content, recipientIds, now: this.clock.now(), image }));
  }
}
