import type { Location } from '../../domain/location';
import type { LocationPrecision } from '../../domain/location-precision';
import type { User } from '../../domain/user';
import type { Visibility } from '../../domain/visibility';
import { portToken } from './port-token';

/** The account as its owner gave it, with the key of the avatar they uploaded (null: none). */
export interface ExportedProfile extends Omit<User, 'hasAvatar'> {
  avatarKey: string | null;
}

/** One of the user's notes, whatever its visibility, at its exact position. */
export interface ExportedNote {
  id: number;
  title: string | null;
  message: string;
  visibility: Visibility;
  locationPrecision: LocationPrecision;
  location: Location;
  /** In the note's own order. */
  tags: string[];
  /** The usernames a `recipients` note is for, by username. */
  recipients: string[];
  image: { key: string; width: number; height: number } | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ExportedComment {
  id: number;
  noteId: number;
  title: string | null;
  comment: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface ExportedNotemap {
  id: number;
  name: string;
  description: string | null;
  /** The notes it holds (anyone's), in the order they were added. */
  noteIds: number[];
  createdAt: Date;
  updatedAt: Date;
}

/** What the user marked or followed. */
export const RELATION_KINDS = ['favoriteNotes', 'favoriteComments', 'finds', 'followedUsers', 'followedNotemaps', 'followedPlaces'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/**
 * One relation: the id of what it is to, when it was made, and what names it (`username` of a followed user,
 * `name` of a followed notemap, `city`/`state`/`country` of a followed place; nothing for the others).
 */
export interface ExportedRelation {
  id: number;
  createdAt: Date;
  about: Record<string, string | null>;
}

/** Where a page of the export starts: after the item made at `at` with this `id` (newest first). */
export interface ExportCursor {
  at: Date;
  id: number;
}

/** The image blob of one of the user's notes. */
export interface ExportedImage {
  id: number;
  key: string;
  createdAt: Date;
}

/**
 * Everything a user made, read for their export in pages, newest first (then the higher id): each call returns up
 * to `limit` items that come after `after` (from the start when null), so an export of any size holds one page
 * at a time. Each page is one indexed read, however deep.
 */
export interface AccountExportViews {
  profile(userId: number): Promise<ExportedProfile | null>;
  notes(userId: number, after: ExportCursor | null, limit: number): Promise<ExportedNote[]>;
  noteImages(userId: number, after: ExportCursor | null, limit: number): Promise<ExportedImage[]>;
  comments(userId: number, after: ExportCursor | null, limit: number): Promise<ExportedComment[]>;
  notemaps(userId: number, after: ExportCursor | null, limit: number): Promise<ExportedNotemap[]>;
  /** The relations of one kind, newest first (then the higher id of what they are to). */
  relations(userId: number, kind: RelationKind, after: ExportCursor | null, limit: number): Promise<ExportedRelation[]>;
}
export const ACCOUNT_EXPORT_VIEWS = portToken<AccountExportViews>('AccountExportViews');

/**
 * An archive being written as it is read: files are added one after another, each read from its chunks only when
 * the archive reaches it. `output` is the archive's bytes; whoever reads it sets the pace.
 */
export interface ExportSink {
  readonly output: NodeJS.ReadableStream;
  /** Adds the file `name`; resolves once all its chunks are in the archive, rejects if reading them failed or the reader left. */
  add(name: string, chunks: () => AsyncIterable<string | Uint8Array>): Promise<void>;
  /** Finishes the archive: `output` ends after its directory. */
  end(): void;
  /** Abandons the archive: `output` fails with `error`, so a reader never takes a cut archive for a whole one. */
  fail(error: Error): void;
}

/** Opens archives (the ZIP writer). */
export interface ExportSinks {
  open(): ExportSink;
}
export const EXPORT_SINKS = portToken<ExportSinks>('ExportSinks');
