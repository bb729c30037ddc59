import { inject, injectable } from 'tsyringe';
import type { ChangeFeed, FeedPosition, FeedReader, NoteChange } from '../../../application/ports/change-feed';
import { areaContains, distanceMetres } from '../../../domain/geo';
import { canRead, NOBODY_APART } from '../../../domain/visibility';
import { MEMORY_STORE, type MemoryState, type MemoryStore, type NoteStateSnapshot, type StoredBlockChange } from './memory-store';

/**
 * The feed from the store's note changes: one lock orders every write, so a change's place is its sequence. For a
 * signed-in reader, a change of whether a block stands between them and another user moves that user's notes to the
 * block's place in their feed, as the SQL adapter does.
 */
@injectable()
export class MemoryChangeFeed implements ChangeFeed {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  after(since: FeedPosition | null, limit: number, reader?: FeedReader): Promise<NoteChange[]> {
    const past = (seq: number) => since === null || BigInt(seq) > BigInt(since.seq);
    return this.store.with((state) => {
      // Each note at its latest change: [seq, shared], `shared` when a block's change lists it with others at one number.
      const latest = new Map<number, [number, boolean]>(state.noteChanges.filter((change) => past(change.seq)).map((change) => [change.noteId, [change.seq, false]]));
      const userId = reader?.viewer.userId ?? null;
      if (since !== null && userId !== null) {
        const passed = (seq: number, noteId: number) => BigInt(seq) === BigInt(since.seq) && noteId <= (since.noteId ?? Infinity);
        for (const change of state.blockChanges) {
          if (change.userId !== userId || BigInt(change.seq) < BigInt(since.seq)) continue;
          for (const note of state.notes) {
            if (note.authorId !== change.otherId || passed(change.seq, note.id)) continue;
            const [seq] = latest.get(note.id) ?? [0];
            if (seq < change.seq) latest.set(note.id, [change.seq, true]);
          }
        }
      }
      const asOf = since === null ? null : { seq: BigInt(since.seq), within: since.noteId !== undefined };
      return [...latest].sort((a, b) => a[1][0] - b[1][0] || a[0] - b[0]).slice(0, limit).map(([noteId, [seq, shared]]) => ({
        noteId,
        position: shared ? { seq: String(seq), noteId } : { seq: String(seq) },
        listedAtSince: asOf !== null && reader !== undefined
          && listed(stateAsOf(state, noteId, asOf.seq), reader, apartAsOf(state, userId, asOf.within ? asOf.seq - 1n : asOf.seq)),
      }));
    });
  }
}

/** The users a block stood between `userId` and once the change numbered `seq` committed. */
function apartAsOf(state: MemoryState, userId: number | null, seq: bigint): ReadonlySet<number> {
  if (userId === null) return NOBODY_APART;
  const last = new Map<number, StoredBlockChange>();
  for (const change of state.blockChanges) {
    if (change.userId !== userId || BigInt(change.seq) > seq) continue;
    const before = last.get(change.otherId);
    if (before === undefined || before.seq < change.seq) last.set(change.otherId, change);
  }
  return new Set([...last.values()].filter((change) => change.apart).map((change) => change.otherId));
}

/** The note's state after its last change not after `seq`; null when it was gone, or not made yet. */
function stateAsOf(state: MemoryState, noteId: number, seq: bigint): NoteStateSnapshot | null {
  let found: { seq: number; state: NoteStateSnapshot | null } | null = null;
  for (const kept of state.noteStates) {
    if (kept.noteId === noteId && BigInt(kept.seq) <= seq && (found === null || kept.seq > found.seq)) found = kept;
  }
  return found?.state ?? null;
}

/** Whether the reader may read a kept state that matches their filter (what the lists hold, on a past state). */
function listed(note: NoteStateSnapshot | null, { viewer, filter }: FeedReader, apart: ReadonlySet<number>): boolean {
  if (note === null || !canRead(note, { readerId: viewer.readerId, apart })) return false;
  const { authorId, tag, notemapId, query, ...others } = filter;
  if (Object.keys(others).length > 0) throw new Error(`the change feed does not filter by ${Object.keys(others).join(', ')}`);
  if (authorId !== undefined && note.authorId !== authorId) return false;
  if (tag !== undefined && !note.tags.includes(tag)) return false;
  if (notemapId !== undefined && !note.notemapIds.includes(notemapId)) return false;
  if (query === undefined) return true;
  const { tag: queryTag, author, bbox, near, order: _order, ...rest } = query;
  const unknown = Object.entries(rest).filter(([, value]) => value !== undefined).map(([name]) => name);
  if (unknown.length > 0) throw new Error(`the change feed does not filter by ${unknown.join(', ')}`);
  if (queryTag !== undefined && !note.tags.includes(queryTag)) return false;
  if (author !== undefined && ('id' in author ? note.authorId !== author.id : note.authorUsername.toLowerCase() !== author.username.toLowerCase())) return false;
  const seen = viewer.userId !== null && viewer.userId === note.authorId ? note.location : note.publicLocation;
  if (bbox !== undefined && !areaContains(bbox, seen)) return false;
  if (near !== undefined && distanceMetres(near.center, seen) > near.radius) return false;
  return true;
}
