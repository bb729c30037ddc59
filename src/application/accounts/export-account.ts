import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import {
  ACCOUNT_EXPORT_VIEWS, EXPORT_SINKS, type AccountExportViews, type ExportCursor, type ExportedNote, type ExportedProfile,
  type ExportSink, type ExportSinks, type RelationKind,
} from '../ports/account-export';
import { BLOB_STORE, type BlobStore } from '../ports/blob-store';
import { CLOCK, type Clock } from '../ports/clock';

/** How many rows each read of the export takes: the most an export holds at once. */
export const EXPORT_PAGE_SIZE = 500;

/** An export under way: the name to save it under and the archive's bytes. */
export interface AccountExport {
  /** `place-notes-<username>-<YYYY-MM-DD>.zip`: only letters, digits, `_ . -`. */
  fileName: string;
  output: NodeJS.ReadableStream;
}

/**
 * A ZIP of everything a user made (docs/privacy.md): `profile.json`, `notes.geojson` (every note at its exact
 * position), `comments.json`, `notemaps.json`, `relations.json` and `images/<key>` for their note images and avatar.
 * Each file is read in pages as the archive is read, so memory stays flat however much there is. Scope `readall`.
 */
@injectable()
export class ExportAccount {
  constructor(
    @inject(ACCOUNT_EXPORT_VIEWS) private readonly views: AccountExportViews,
    @inject(BLOB_STORE) private readonly blobs: BlobStore,
    @inject(EXPORT_SINKS) private readonly sinks: ExportSinks,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Checks the caller and finds the account, failing before any byte is written; the archive then streams. */
  async execute(actor: Actor): Promise<AccountExport> {
    const userId = requireScope(actor, 'readall');
    const profile = await this.views.profile(userId);
    if (profile === null) throw new DomainError('not_found', `user ${userId} not found`);
    const sink = this.sinks.open();
    void this.write(profile, sink).then(() => sink.end(), (error: unknown) => {
      sink.fail(error instanceof Error ? error : new Error(String(error)));
    });
    const day = this.clock.now().toISOString().slice(0, 10);
    return { fileName: `place-notes-${profile.username}-${day}.zip`, output: sink.output };
  }

  private async write(profile: ExportedProfile, sink: ExportSink): Promise<void> {
    const userId = profile.id;
    await sink.add('profile.json', async function* () {
      yield json(profileFile(profile));
    });
    await sink.add('notes.geojson', () => jsonArray(
      '{"type":"FeatureCollection","features":[', ']}',
      this.pages((after) => this.views.notes(userId, after, EXPORT_PAGE_SIZE)), noteFeature,
    ));
    // Comments and notemaps are written as the port gives them: its shapes are the files'.
    await sink.add('comments.json', () => jsonArray('[', ']', this.pages((after) => this.views.comments(userId, after, EXPORT_PAGE_SIZE))));
    await sink.add('notemaps.json', () => jsonArray('[', ']', this.pages((after) => this.views.notemaps(userId, after, EXPORT_PAGE_SIZE))));
    await sink.add('relations.json', () => this.relationsFile(userId));
    if (profile.avatarKey !== null) await this.addImage(sink, profile.avatarKey);
    for await (const image of this.pages((after) => this.views.noteImages(userId, after, EXPORT_PAGE_SIZE))) {
      await this.addImage(sink, image.key);
    }
  }

  /** Every item the page reader gives, page after page. */
  private async* pages<T extends { id: number; createdAt: Date }>(read: (after: ExportCursor | null) => Promise<T[]>): AsyncGenerator<T> {
    let after: ExportCursor | null = null;
    for (;;) {
      const page = await read(after);
      yield* page;
      const last = page.at(-1);
      if (last === undefined || page.length < EXPORT_PAGE_SIZE) return;
      after = { at: last.createdAt, id: last.id };
    }
  }

  private async* relationsFile(userId: number): AsyncGenerator<string> {
    const list = (kind: RelationKind) => jsonArray('[', ']',
      this.pages((after) => this.views.relations(userId, kind, after, EXPORT_PAGE_SIZE)),
      ({ id, about, createdAt }) => ({ id, ...about, createdAt }));
    yield '{"favorites":{"notes":';
    yield* list('favoriteNotes');
    yield ',"comments":';
    yield* list('favoriteComments');
    yield '},"finds":';
    yield* list('finds');
    yield ',"follows":{"users":';
    yield* list('followedUsers');
    yield ',"notemaps":';
    yield* list('followedNotemaps');
    yield ',"places":';
    yield* list('followedPlaces');
    yield '}}';
  }

  /** `images/<key>`, unless the blob is gone (then the export goes on without it). */
  private async addImage(sink: ExportSink, key: string): Promise<void> {
    const bytes = await this.blobs.get(key);
    if (bytes === null) return;
    await sink.add(imagePath(key), async function* () {
      yield bytes;
    });
  }
}

/** Where a blob is in the archive, as the JSON files name it. */
export function imagePath(key: string): string {
  return `images/${key}`;
}

function json(value: unknown): string {
  return JSON.stringify(value);
}

/** A JSON array written one page at a time: `open`, the items joined by commas, `close`. */
async function* jsonArray<T>(
  open: string, close: string, items: AsyncIterable<T>, shape: (item: T) => unknown = (item) => item,
): AsyncGenerator<string> {
  yield open;
  let chunk = '';
  let first = true;
  let count = 0;
  for await (const item of items) {
    chunk += (first ? '' : ',') + json(shape(item));
    first = false;
    if (++count % EXPORT_PAGE_SIZE === 0) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + close;
}

function profileFile(profile: ExportedProfile): unknown {
  const { id, username, email, name, description, blogUrl, hometown, twitter, createdAt, avatarKey } = profile;
  return {
    id, username, email, name, description, blogUrl, hometown, twitter, createdAt,
    avatar: avatarKey === null ? null : imagePath(avatarKey),
  };
}

/** An RFC 7946 Feature of the note at its exact position; the properties are the note as its author wrote it. */
function noteFeature(note: ExportedNote): unknown {
  const { latitude, longitude, ...address } = note.location;
  return {
    type: 'Feature',
    id: note.id,
    geometry: { type: 'Point', coordinates: [longitude, latitude] },
    properties: {
      id: note.id,
      title: note.title,
      message: note.message,
      visibility: note.visibility,
      locationPrecision: note.locationPrecision,
      latitude,
      longitude,
      ...address,
      tags: note.tags,
      recipients: note.recipients,
      image: note.image === null
        ? null
        : { path: imagePath(note.image.key), width: note.image.width, height: note.image.height },
      createdAt: note.createdAt,
      updatedAt: note.updatedAt,
    },
  };
}
