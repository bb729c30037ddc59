import { privateReader, type Actor } from '../domain/actor';
import type { Viewer } from './ports/viewer';

/** What the read models need to know of an actor. */
export function viewerOf(actor: Actor): Viewer {
  return { readerId: privateReader(actor), userId: actor.userId };
}
