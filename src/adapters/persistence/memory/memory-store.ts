import { AsyncLocalStorage } from 'node:async_hooks';
import type { AccessTokenRecord } from '../../../application/ports/access-token-repository';
import type { AuthorizationCodeRecord } from '../../../application/ports/authorization-code-repository';
import type { RefreshTokenRecord } from '../../../application/ports/refresh-token-repository';
import type { WebSession } from '../../../application/ports/session-repository';
import type { AccountToken } from '../../../application/ports/account-token-repository';
import type { QueuedMail } from '../../../application/ports/mail-outbox';
import type { ResetRequest } from '../../../application/ports/reset-requests';
import type { SignInChallenge } from '../../../application/ports/two-step-repository';
import type { Client } from '../../../application/ports/client-repository';
import type { Location } from '../../../domain/location';
import type { User } from '../../../domain/user';
import type { Visibility } from '../../../domain/visibility';
import type { LocationPrecision } from '../../../domain/location-precision';
import { portToken } from '../../../application/ports/port-token';
import type { WebhookEvent, WebhookSubscription } from '../../../application/ports/webhook-store';
import type { DeletedNoteSnapshot, WebhookEventType } from '../../../domain/webhook';
import type { Scope } from '../../../domain/scopes';
import { publicLocation, snapToCell } from '../../../domain/location-precision';

/** An event as a write records it (the store gives it its id, time and unit). */
export type WebhookEventInput = WebhookEvent extends infer E ? E extends WebhookEvent ? Omit<E, 'id' | 'at'> : never : never;

/** The token of the one MemoryStore that every memory adapter of a container shares. */
export const MEMORY_STORE = portToken<MemoryStore>('MemoryStore');

export interface StoredUser extends User {
  passwordHash: string;
  avatarHash: string;
  avatarKey: string | null;
  emailVerifiedAt: Date | null;
}

/** A row of the mail outbox (migration 0021). */
export interface StoredMail extends QueuedMail {
  nextAttemptAt: Date;
  leasedUntil: Date | null;
  sentAt: Date | null;
  givenUpAt: Date | null;
  lastError: string | null;
}

export interface StoredNote {
  id: number;
  authorId: number;
  /** The place its city, state and country name; null when it names none. */
  placeId: number | null;
  title: string | null;
  message: string;
  visibility: Visibility;
  location: Location;
  /** How precisely others see the location; the memory adapters snap it as they read. */
  locationPrecision: LocationPrecision;
  publicViewsCount: number;
  image: { key: string; width: number; height: number } | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredTag {
  id: number;
  name: string;
}

/** A tag on a note; `explicit` when it came from the `tags` field rather than a hashtag. */
export interface StoredNoteTag {
  noteId: number;
  tagId: number;
  explicit: boolean;
}

export interface StoredRecipient {
  noteId: number;
  userId: number;
}

export interface StoredNoteMark {
  userId: number;
  noteId: number;
  createdAt: Date;
}

export interface StoredComment {
  id: number;
  noteId: number;
  authorId: number;
  title: string | null;
  comment: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredCommentFavorite {
  userId: number;
  commentId: number;
  createdAt: Date;
}

export interface StoredNotemap {
  id: number;
  ownerId: number;
  name: string;
  description: string | null;
  lastNoteAddedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredNotemapNote {
  notemapId: number;
  noteId: number;
  addedAt: Date;
}

export interface StoredUserFollow {
  followerId: number;
  followedId: number;
  createdAt: Date;
}

export interface StoredNotemapFollow {
  userId: number;
  notemapId: number;
  createdAt: Date;
}

export interface StoredPlace {
  id: number;
  city: string | null;
  state: string | null;
  country: string | null;
}

export interface StoredPlaceFollow {
  userId: number;
  placeId: number;
  createdAt: Date;
}

/** A block of `blockedId` by `blockerId` (the database's user_blocks). */
export interface StoredUserBlock {
  blockerId: number;
  blockedId: number;
  createdAt: Date;
}

/** A change of whether a block stands between `userId` and `otherId`, numbered as note changes are (user_block_changes). */
export interface StoredBlockChange {
  userId: number;
  otherId: number;
  seq: number;
  apart: boolean;
}

/** A note in the change feed, at its latest change (the database's note_changes, kept by triggers there). */
export interface StoredNoteChange {
  noteId: number;
  seq: number;
}

/** What the change feed reads of a note to tell who held it (the database's note_states, migration 0018). */
export interface NoteStateSnapshot {
  visibility: Visibility;
  authorId: number;
  authorUsername: string;
  recipientIds: number[];
  /** Where its author sees it, and where everyone else does. */
  location: { latitude: number; longitude: number };
  publicLocation: { latitude: number; longitude: number };
  tags: string[];
  notemapIds: number[];
}

/** A note's state once the change numbered `seq` committed; null once the note is gone. */
export interface StoredNoteState {
  noteId: number;
  seq: number;
  state: NoteStateSnapshot | null;
}

/** A webhook subscription, with its secret (the database's webhook_subscriptions). */
export interface StoredWebhookSubscription extends WebhookSubscription {
  secret: string;
}

/** An event of the webhook outbox (webhook_events, filled by triggers there), with the unit of work that wrote it. */
export type StoredWebhookEvent = WebhookEvent & { unit: number; dispatched: boolean; leasedUntil: Date | null };

export interface StoredWebhookDelivery {
  id: number;
  eventId: string;
  subscriptionId: number;
  body: string;
  /** The scopes the body was written for. */
  scopes: Scope[];
  state: 'pending' | 'delivered' | 'failed' | 'dropped';
  attempts: number;
  nextAt: Date;
  leasedUntil: Date | null;
  createdAt: Date;
}

export interface StoredWebhookAttempt {
  id: number;
  deliveryId: number;
  subscriptionId: number;
  attempt: number;
  status: number | null;
  error: string | null;
  at: Date;
}

/** A member's two-step sign-in while it is on (the database's users.totp_* columns). */
export interface StoredTwoStep {
  userId: number;
  key: string;
  enabledAt: Date;
  lastStep: number;
}

/** Every table of the service, as plain data (so a snapshot is one structuredClone). */
export interface MemoryState {
  users: StoredUser[];
  clients: Client[];
  accessTokens: AccessTokenRecord[];
  notes: StoredNote[];
  tags: StoredTag[];
  noteTags: StoredNoteTag[];
  recipients: StoredRecipient[];
  favorites: StoredNoteMark[];
  finds: StoredNoteMark[];
  comments: StoredComment[];
  commentFavorites: StoredCommentFavorite[];
  notemaps: StoredNotemap[];
  notemapNotes: StoredNotemapNote[];
  userFollows: StoredUserFollow[];
  userBlocks: StoredUserBlock[];
  blockChanges: StoredBlockChange[];
  notemapFollows: StoredNotemapFollow[];
  places: StoredPlace[];
  placeFollows: StoredPlaceFollow[];
  authorizationCodes: AuthorizationCodeRecord[];
  refreshTokens: RefreshTokenRecord[];
  webSessions: WebSession[];
  twoStep: StoredTwoStep[];
  recoveryCodes: { userId: number; codeHash: string }[];
  signInChallenges: SignInChallenge[];
  noteChanges: StoredNoteChange[];
  noteStates: StoredNoteState[];
  webhookSubscriptions: StoredWebhookSubscription[];
  webhookEvents: StoredWebhookEvent[];
  webhookDeliveries: StoredWebhookDelivery[];
  webhookAttempts: StoredWebhookAttempt[];
  accountTokens: AccountToken[];
  mailOutbox: StoredMail[];
  resetRequests: ResetRequest[];
  signUps: { addressHash: string; createdAt: Date }[];
}

export type Sequence = 'users' | 'clients' | 'accessTokens' | 'notes' | 'tags' | 'comments' | 'notemaps' | 'places'
  | 'authorizationCodes' | 'refreshTokens' | 'webSessions' | 'noteChanges'
  | 'webhookSubscriptions' | 'webhookEvents' | 'webhookDeliveries' | 'webhookAttempts' | 'accountTokens' | 'mailOutbox' | 'resetRequests';

export function emptyState(): MemoryState {
  return {
    users: [], clients: [], accessTokens: [], notes: [], tags: [], noteTags: [], recipients: [],
    favorites: [], finds: [], comments: [], commentFavorites: [], notemaps: [], notemapNotes: [],
    userFollows: [], userBlocks: [], blockChanges: [], notemapFollows: [], places: [], placeFollows: [],
    authorizationCodes: [], refreshTokens: [], webSessions: [], twoStep: [], recoveryCodes: [], signInChallenges: [], noteChanges: [], noteStates: [],
    webhookSubscriptions: [], webhookEvents: [], webhookDeliveries: [], webhookAttempts: [], accountTokens: [], mailOutbox: [], resetRequests: [], signUps: [],
  };
}

/**
 * The whole in-memory database: its tables, its id sequences, and one lock that every read and
 * write takes, so a unit of work is isolated like a transaction and nothing reads its half-done state.
 */
export class MemoryStore {
  state: MemoryState = emptyState();
  // Like database sequences, ids are never handed out twice, even after a rollback.
  private readonly sequences = new Map<Sequence, number>();
  private queue: Promise<void> = Promise.resolve();
  private readonly holder = new AsyncLocalStorage<boolean>();
  // Which run of exclusive work holds the lock: the memory's transaction id (for the webhook events' rules).
  private unit = 0;
  private readonly webhookListeners = new Set<() => void>();
  // The notes changed by the work holding the lock, at their last change: their states are kept when it is over,
  // as the database's deferred triggers keep them at the commit.
  private readonly changedNotes = new Map<number, number>();

  nextId(sequence: Sequence): number {
    const id = (this.sequences.get(sequence) ?? 0) + 1;
    this.sequences.set(sequence, id);
    return id;
  }

  /** Moves each note to the end of the change feed, as the database's triggers do for every write of a note. */
  recordNoteChanges(state: MemoryState, noteIds: Iterable<number>): void {
    const changed = new Set(noteIds);
    if (changed.size === 0) return;
    state.noteChanges = state.noteChanges.filter((c) => !changed.has(c.noteId));
    for (const noteId of changed) {
      const seq = this.nextId('noteChanges');
      state.noteChanges.push({ noteId, seq });
      this.changedNotes.set(noteId, seq);
    }
  }

  /** Records, for each of the two users, that whether a block stands between them changed (as the database's trigger). */
  recordBlockChange(state: MemoryState, a: number, b: number): void {
    const seq = this.nextId('noteChanges');
    const apart = state.userBlocks.some((x) => (x.blockerId === a && x.blockedId === b) || (x.blockerId === b && x.blockedId === a));
    state.blockChanges.push({ userId: a, otherId: b, seq, apart }, { userId: b, otherId: a, seq, apart });
  }

  /** Keeps the state of each note the work changed, at its last change (one per note and unit, as in the database). */
  private keepNoteStates(): void {
    const state = this.state;
    for (const [noteId, seq] of this.changedNotes) {
      const note = state.notes.find((n) => n.id === noteId);
      const author = note && state.users.find((u) => u.id === note.authorId);
      state.noteStates.push({
        noteId,
        seq,
        state: note === undefined || author === undefined ? null : {
          visibility: note.visibility,
          authorId: note.authorId,
          authorUsername: author.username,
          recipientIds: state.recipients.filter((r) => r.noteId === noteId).map((r) => r.userId),
          location: { latitude: note.location.latitude, longitude: note.location.longitude },
          publicLocation: snapToCell(note.location, note.locationPrecision),
          tags: state.noteTags.filter((nt) => nt.noteId === noteId).map((nt) => state.tags.find((t) => t.id === nt.tagId)?.name ?? ''),
          notemapIds: state.notemapNotes.filter((mn) => mn.noteId === noteId).map((mn) => mn.notemapId),
        },
      });
    }
  }

  /**
   * Writes a webhook event as the database's triggers do: only when a subscription wants its type (for a follow, one
   * of the followed user's), a note's creation also for note.updated subscribers, and at most one note.updated per
   * note and unit of work, none in the one that made it. Listeners hear of it once the work is over.
   */
  recordWebhookEvent(state: MemoryState, event: WebhookEventInput): void {
    const wants = (type: string) => state.webhookSubscriptions.some((s) => s.events.includes(type as WebhookEventType)
      && (event.type !== 'user.followed' || s.userId === event.followedId));
    if (event.type === 'note.created' ? !wants('note.created') && !wants('note.updated') : !wants(event.type)) return;
    if (event.type === 'note.updated' && state.webhookEvents.some((e) => e.unit === this.unit && (e.type === 'note.created' || e.type === 'note.updated') && e.noteId === event.noteId)) return;
    const id = String(this.nextId('webhookEvents'));
    state.webhookEvents.push({ ...event, id, at: new Date(), unit: this.unit, dispatched: false, leasedUntil: null } as StoredWebhookEvent);
    setImmediate(() => { for (const listener of this.webhookListeners) listener(); });
  }

  /** Calls `listener` after an event is written; returns the unsubscribe. */
  onWebhookEvent(listener: () => void): () => void {
    this.webhookListeners.add(listener);
    return () => { this.webhookListeners.delete(listener); };
  }

  snapshot(): MemoryState {
    return structuredClone(this.state);
  }

  restore(snapshot: MemoryState): void {
    this.state = snapshot;
  }

  /** Runs `task` holding the lock; a task already holding it (nested work) runs at once. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    if (this.holder.getStore() === true) return task();
    const result = this.queue.then(() => {
      this.unit += 1;
      return this.holder.run(true, async () => {
        try {
          const value = await task();
          this.keepNoteStates();
          return value;
        } finally {
          this.changedNotes.clear();
        }
      });
    });
    this.queue = result.then(() => undefined, () => undefined);
    return result;
  }

  /** Runs a synchronous read or write of the state holding the lock. */
  with<T>(access: (state: MemoryState) => T): Promise<T> {
    return this.exclusive(async () => access(this.state));
  }
}

/** What a note.deleted event keeps of a note about to go (what the database's trigger reads before the delete). */
export function deletedNoteSnapshot(state: MemoryState, note: StoredNote): DeletedNoteSnapshot {
  const seen = publicLocation(note.location, note.locationPrecision);
  return {
    authorId: note.authorId,
    visibility: note.visibility,
    recipientIds: state.recipients.filter((r) => r.noteId === note.id).map((r) => r.userId),
    notemapIds: state.notemapNotes.filter((mn) => mn.noteId === note.id).map((mn) => mn.notemapId),
    position: { latitude: note.location.latitude, longitude: note.location.longitude },
    publicPosition: { latitude: seen.latitude, longitude: seen.longitude },
  };
}
