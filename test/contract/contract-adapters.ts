import { randomBytes } from 'node:crypto';
import type { AccountExportViews } from '../../src/application/ports/account-export';
import type { BlockViews } from '../../src/application/ports/block-views';
import type { ChangeFeed } from '../../src/application/ports/change-feed';
import type { AuthorizationViews } from '../../src/application/ports/authorization-views';
import type { CommentViews } from '../../src/application/ports/comment-views';
import type { FollowViews } from '../../src/application/ports/follow-views';
import type { NoteUserListViews } from '../../src/application/ports/note-user-list-views';
import type { NoteInserts } from '../../src/application/ports/note-inserts';
import type { NoteViews } from '../../src/application/ports/note-views';
import type { NotemapUserViews } from '../../src/application/ports/notemap-user-views';
import type { NotemapViews } from '../../src/application/ports/notemap-views';
import type { PlaceViews } from '../../src/application/ports/place-views';
import type { SitemapViews } from '../../src/application/ports/sitemap-views';
import type { NotePageViews } from '../../src/application/ports/note-page-views';
import type { TagViews } from '../../src/application/ports/tag-views';
import type { TwoStepRepository } from '../../src/application/ports/two-step-repository';
import type { Repositories, UnitOfWork } from '../../src/application/ports/unit-of-work';
import type { UserViews } from '../../src/application/ports/user-views';
import type { ViewCounter } from '../../src/application/ports/view-counter';
import type { Viewer } from '../../src/application/ports/viewer';
import { applyNoteFields, type NoteContent, type NoteFields } from '../../src/domain/note';

/** One adapter family (memory, Kysely on PGlite, Kysely on PostgreSQL) as the contract suite drives it. */
export interface ContractAdapters {
  /** Repositories outside any transaction: each call commits on its own. */
  repositories: Repositories;
  uow: UnitOfWork;
  noteViews: NoteViews;
  noteInserts: NoteInserts;
  userViews: UserViews;
  tagViews: TagViews;
  viewCounter: ViewCounter;
  commentViews: CommentViews;
  noteUserLists: NoteUserListViews;
  followViews: FollowViews;
  blockViews: BlockViews;
  placeViews: PlaceViews;
  notemapViews: NotemapViews;
  notemapUserViews: NotemapUserViews;
  authorizationViews: AuthorizationViews;
  sitemapViews: SitemapViews;
  notePageViews: NotePageViews;
  accountExport: AccountExportViews;
  changeFeed: ChangeFeed;
  twoStep: TwoStepRepository;
  close(): Promise<void>;
}

/** Builds the adapters over empty storage; called once per run of the suite. */
export type AdapterFactory = () => Promise<ContractAdapters>;

export const anonymous: Viewer = { readerId: null, userId: null };
/** A signed-in user whose token holds `readall`. */
export const readerOf = (userId: number): Viewer => ({ readerId: userId, userId });
/** A signed-in user whose token lacks `readall`: public notes only, but personal flags still apply. */
export const withoutReadall = (userId: number): Viewer => ({ readerId: null, userId });

export const firstPage = { offset: 0, limit: 20 };

export interface TestUser {
  id: number;
  username: string;
  email: string;
}

/**
 * Data builders for the suite. Every test shares one storage, so names are unique per run and
 * every `now()` is later than the one before: the newest note is always the last one made.
 */
export class Fixtures {
  private sequence = 0;
  private seconds = 1_750_000_000;
  private readonly run = randomBytes(3).toString('hex');

  constructor(private readonly adapters: () => ContractAdapters) {}

  now(): Date {
    this.seconds += 60;
    return new Date(this.seconds * 1000);
  }

  /** A lowercase name no other test of this run uses, valid as a username and as a tag. */
  name(prefix: string): string {
    this.sequence += 1;
    return `${prefix}${this.sequence}_${this.run}`;
  }

  async user(fields: { name?: string | null; username?: string; email?: string } = {}): Promise<TestUser> {
    const username = fields.username ?? this.name('user');
    const email = fields.email ?? `${username}@example.com`;
    const id = await this.adapters().repositories.users.create(
      { username, email, passwordHash: `hash-of-${username}`, name: fields.name ?? null, avatarHash: 'd41d8cd98f00b204e9800998ecf8427e' },
      this.now(),
    );
    return { id, username, email };
  }

  /** Note content as the domain builds it from client fields (latitude and longitude default to Berlin). */
  content(fields: NoteFields = {}): NoteContent {
    return applyNoteFields(null, { message: 'A note', latitude: 52.52, longitude: 13.405, ...fields });
  }

  /** A new note's id, stored as every note is (`NoteInserts`). */
  async note(authorId: number, fields: NoteFields = {}, recipientIds: number[] = []): Promise<number> {
    return this.insert(authorId, this.content(fields), recipientIds, this.now());
  }

  /** The id of a new note of `content`, written at `now` by `NoteInserts`. */
  async insert(authorId: number, content: NoteContent, recipientIds: readonly number[], now: Date): Promise<number> {
    return (await this.adapters().noteInserts.insert({ authorId, content, recipientIds, now })).id;
  }
}
