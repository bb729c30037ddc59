import { inject, injectable } from 'tsyringe';
import { userActor, type Actor } from '../../domain/actor';
import { formatScopes, type Scope } from '../../domain/scopes';
import { deliveryScopes, hearsOfDeletedNote, noteInFilters, webhookEventId } from '../../domain/webhook';
import { CLOCK, type Clock } from '../ports/clock';
import { BLOCK_VIEWS, type BlockViews } from '../ports/block-views';
import { COMMENT_VIEWS, type CommentViews } from '../ports/comment-views';
import { NOTE_VIEWS, type NoteView, type NoteViews } from '../ports/note-views';
import { USER_VIEWS, type UserViews } from '../ports/user-views';
import type { Viewer } from '../ports/viewer';
import { WEBHOOK_PAYLOADS, type WebhookData, type WebhookPayloads } from '../ports/webhook-delivery';
import { viewerOf } from '../viewer';
import {
  ownerKey, WEBHOOK_OUTBOX, WEBHOOK_SUBSCRIPTIONS, type NewDelivery, type WebhookEvent, type WebhookOutbox, type WebhookOwner,
  type WebhookSubscription, type WebhookSubscriptions,
} from '../ports/webhook-store';

/** Reads made for one event, kept for every subscription of the same user and reach (most share them). */
class Reads {
  readonly #kept = new Map<string, Promise<unknown>>();

  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let kept = this.#kept.get(key) as Promise<T> | undefined;
    if (kept === undefined) this.#kept.set(key, (kept = read()));
    return kept;
  }
}

/**
 * The reader a subscription's deliveries are written for: its user, with the scopes of the token that made it as far
 * as the user's grant to the application (`grant`, its live tokens' scopes together) holds them now.
 */
function readerOf(subscription: WebhookSubscription, grant: readonly Scope[]): { actor: Actor; viewer: Viewer; key: string } {
  const actor = userActor(subscription.userId, deliveryScopes(subscription.scopes, grant));
  return { actor, viewer: viewerOf(actor), key: `${subscription.userId}:${formatScopes(actor.scopes)}` };
}

/**
 * Fans events out (docs/events.md): for each event of the outbox and each subscription that wants its type, whether
 * the subscription hears of it (its user's grant to its application is live, its user may read the note now with the
 * scopes that grant allows, and the note matches its filters; a deleted note as it was) and, if so, the body it will
 * be sent, with the resource as the API shows it to that user. Each delivery is then made once, by whichever instance
 * took the event. A subscription whose grant has lapsed hears of nothing, and is deleted.
 */
@injectable()
export class DispatchWebhookEvents {
  constructor(
    @inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox,
    @inject(WEBHOOK_SUBSCRIPTIONS) private readonly subscriptions: WebhookSubscriptions,
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
    @inject(COMMENT_VIEWS) private readonly comments: CommentViews,
    @inject(USER_VIEWS) private readonly users: UserViews,
    @inject(WEBHOOK_PAYLOADS) private readonly payloads: WebhookPayloads,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(BLOCK_VIEWS) private readonly blocks: BlockViews,
  ) {}

  /** Calls `listener` soon after an event is written, by this instance or another; returns the unsubscribe. */
  onEvent(listener: () => void): () => void {
    return this.outbox.onEvent(listener);
  }

  /** Fans out up to `limit` events; returns how many it took (0: none was waiting). */
  async execute(limit: number): Promise<number> {
    const now = this.clock.now();
    const lapsed = new Map<string, WebhookOwner>();
    const taken = await this.outbox.fanOut(now, limit, async (batch) => {
      // The grants as they are now, read once for the batch: a lapsed one's subscriptions hear of nothing.
      const owners = batch.flatMap(({ subscriptions }) => subscriptions.map(({ userId, clientId }) => ({ userId, clientId })));
      const grants = await this.subscriptions.grants(owners, now);
      const deliveries: NewDelivery[] = [];
      for (const { event, subscriptions } of batch) {
        const reads = new Reads();
        for (const subscription of subscriptions) {
          const grant = grants.get(ownerKey(subscription));
          if (grant === undefined) {
            lapsed.set(ownerKey(subscription), { userId: subscription.userId, clientId: subscription.clientId });
            continue;
          }
          const reader = readerOf(subscription, grant);
          const data = await this.#dataFor(event, subscription, reader, reads);
          if (data === null) continue;
          // Subscriptions of one reader get the same body; it is written once.
          const body = await reads.once(`body:${reader.key}`, async () => this.payloads.body(
            { id: webhookEventId(event.id), type: event.type, at: event.at }, data, reader.actor));
          deliveries.push({ eventId: event.id, subscriptionId: subscription.id, body, scopes: [...reader.actor.scopes] });
        }
      }
      return deliveries;
    });
    if (lapsed.size > 0) await this.subscriptions.deleteLapsed(now, [...lapsed.values()]);
    return taken;
  }

  /** What `subscription` is told of `event`, or null when it does not hear of it. */
  async #dataFor(event: WebhookEvent, subscription: WebhookSubscription, reader: ReturnType<typeof readerOf>, reads: Reads): Promise<WebhookData | null> {
    const { viewer, key } = reader;
    // A block hides each one's notes and doings from the other (docs/api.md, Blocks); read only where no view says it.
    const apart = () => reads.once(`apart:${subscription.userId}`, () => this.blocks.apartFrom(subscription.userId));
    switch (event.type) {
      case 'note.deleted': {
        const listener = { userId: subscription.userId, readsAll: viewer.readerId !== null, apart: await apart() };
        return hearsOfDeletedNote(event.note, listener, subscription.filters) ? { kind: 'deleted-note', id: event.noteId } : null;
      }
      case 'user.followed': {
        const [follower, user] = await Promise.all([
          reads.once(`user:${key}:${event.followerId}`, () => this.users.get(viewer, event.followerId)),
          reads.once(`user:${key}:${event.followedId}`, () => this.users.get(viewer, event.followedId)),
        ]);
        return follower === null || user === null ? null : { kind: 'follow', follower, user };
      }
      default: {
        const note = await this.#readableNote(event.noteId, subscription, reader, reads);
        if (note === null) return null;
        if (event.type === 'comment.created') {
          const comment = await reads.once(`comment:${key}`, () => this.comments.get(viewer, event.noteId, event.commentId));
          return comment === null ? null : { kind: 'comment', comment };
        }
        if (event.type === 'note.favorited') {
          if ((await apart()).has(event.userId)) return null;
          const user = await reads.once(`user:${key}:${event.userId}`, () => this.users.get(viewer, event.userId));
          return user === null ? null : { kind: 'favorite', note, user };
        }
        return { kind: 'note', note };
      }
    }
  }

  /** The note as the subscription's user sees it now, when they may read it and it matches the filters. */
  async #readableNote(noteId: number, subscription: WebhookSubscription, { viewer, key }: ReturnType<typeof readerOf>, reads: Reads): Promise<NoteView | null> {
    const note = await reads.once(`note:${key}`, async () =>
      (await this.notes.list(viewer, { ids: [noteId] }, { offset: 0, limit: 1 })).items[0] ?? null);
    if (note === null || !noteInFilters({ authorId: note.author.id, location: note.location }, subscription.filters)) return null;
    const notemapId = subscription.filters.notemapId;
    if (notemapId === undefined) return note;
    const held = await reads.once(`notemap:${key}:${notemapId}`, async () =>
      (await this.notes.list(viewer, { ids: [noteId], notemapId }, { offset: 0, limit: 1 })).items.length > 0);
    return held ? note : null;
  }
}
