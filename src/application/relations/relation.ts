import { requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import type { Scope } from '../../domain/scopes';
import type { Clock } from '../ports/clock';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work';

/**
 * What one relation (a user's favorite of a note, a follow of a notemap, a note in a notemap…) needs for its
 * writes; `addRelation` and `removeRelation` run it, in that order, inside one unit of work.
 */
export interface Relation<Key> {
  /** The scope both writes need. */
  readonly scope: Scope;
  /** 404 when the actor may not reach the relation's subject; locks first what a deletion of the subject locks first. */
  reach(repositories: Repositories, actor: Actor, key: Key): Promise<void>;
  /** Adds the relation; false when it already was (nothing changes). */
  add(repositories: Repositories, key: Key, now: Date, actor: Actor): Promise<boolean>;
  /**
   * True when a member may still end their own relation with a subject gone out of their reach (a follower leaving a
   * place whose notes they can no longer read): `reach`'s 404 then answers only another user's relation, or none.
   */
  readonly leavableOutOfReach?: boolean;
  /** 403 when the actor may not end this relation. */
  mayRemove(actorId: number, key: Key): void;
  /** Removes the relation; false when there was none. */
  remove(repositories: Repositories, key: Key): Promise<boolean>;
  /** What the 404 says when there is nothing to remove. */
  missing(key: Key): string;
}

/** Adds the relation `keyOf` names for the acting user; true when it is new, false on a repeat. */
export async function addRelation<Key>(uow: UnitOfWork, clock: Clock, actor: Actor, relation: Relation<Key>, keyOf: (userId: number) => Key): Promise<boolean> {
  const key = keyOf(requireScope(actor, relation.scope));
  return uow.run(async (repositories) => {
    await relation.reach(repositories, actor, key);
    return relation.add(repositories, key, clock.now(), actor);
  });
}

/**
 * Removes the relation `key` names: 404 for a subject out of reach, 403 for one the actor may not end, 404 for none.
 * Of a relation `leavableOutOfReach`, the 404 for a subject out of reach comes after the member's removal was tried.
 */
export async function removeRelation<Key>(uow: UnitOfWork, actor: Actor, relation: Relation<Key>, key: Key): Promise<void> {
  const actorId = requireScope(actor, relation.scope);
  await uow.run(async (repositories) => {
    const outOfReach = await reachToRemove(repositories, actor, relation, key);
    try {
      relation.mayRemove(actorId, key);
    } catch (error) {
      throw outOfReach ?? error;
    }
    if (await relation.remove(repositories, key)) return;
    throw outOfReach ?? new DomainError('not_found', relation.missing(key));
  });
}

/** Null when the subject is in reach; the 404 `reach` threw, kept for later, when it is not but may still be left. */
async function reachToRemove<Key>(repositories: Repositories, actor: Actor, relation: Relation<Key>, key: Key): Promise<DomainError | null> {
  try {
    await relation.reach(repositories, actor, key);
    return null;
  } catch (error) {
    if (relation.leavableOutOfReach === true && error instanceof DomainError && error.kind === 'not_found') return error;
    throw error;
  }
}
