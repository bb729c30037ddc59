import type { FastifyInstance } from 'fastify';
import type { DependencyContainer, InjectionToken } from 'tsyringe';
import { FavoriteNote } from '../../../application/favorites/favorite-note';
import { ListNoteUsers } from '../../../application/favorites/list-note-users';
import { UnfavoriteNote } from '../../../application/favorites/unfavorite-note';
import { MarkFound } from '../../../application/finders/mark-found';
import { UnmarkFound } from '../../../application/finders/unmark-found';
import type { Actor } from '../../../domain/actor';
import { IdParams } from '../common.schemas';
import { parseId } from '../ids';
import { ownRelationRoutes, type OwnRelation } from '../own-relation-routes';
import { registerRelationRoutes } from '../relation-routes';

type NoteMarkAdd = Omit<OwnRelation<typeof IdParams>['add'], 'run'> & { useCase: InjectionToken<{ execute(actor: Actor, noteId: number): Promise<boolean> }> };
type NoteMarkRemove = Omit<OwnRelation<typeof IdParams>['remove'], 'run'> & {
  useCase: InjectionToken<{ execute(actor: Actor, noteId: number, userId: number): Promise<void> }>;
};

/** A user's mark of a note (a favorite, a find) in its own words, and the use cases that set and remove it. */
export interface NoteMarkRoutes extends Pick<OwnRelation<typeof IdParams>, 'tags' | 'aliases'> {
  /** The note's users who set it, the collection at `/v2/notes/:id/<relation>`. */
  relation: 'favoriters' | 'finders';
  /** The list's summary, and whom it lists ("the users who favorited a note the caller may read, newest favorite first"). */
  list: { summary: string; lists: string };
  add: NoteMarkAdd;
  remove: NoteMarkRemove;
}

/** The marks a user sets on a note, each in its own words; finders are an extension (docs/api.md, **ext** beyond the GET). */
export const NOTE_MARKS = {
  favoriters: {
    tags: ['favorites'], relation: 'favoriters',
    list: { summary: 'Users who favorited a note', lists: 'the users who favorited a note the caller may read, newest favorite first' },
    add: { summary: 'Favorite a note', joins: 'favorites a note they may read', first: 'favorite', useCase: FavoriteNote },
    remove: { summary: 'Unfavorite a note', ends: 'Removes the token\'s user\'s favorite of a note', missing: 'the note is not their favorite', useCase: UnfavoriteNote },
    // docs/api.md, Endpoints: `favoriters` is the path, `favorites` answers the same.
    aliases: [{ path: '/v2/notes/:id/favorites/:user_id', summary: 'Unfavorite a note (the same as …/favoriters/:user_id)', sameAs: '…/favoriters/:user_id' }],
  },
  finders: {
    tags: ['finders'], relation: 'finders',
    list: { summary: 'Users that found a note', lists: 'the users who marked a note the caller may read as found ("I found this place"), newest first' },
    add: { summary: 'Mark a note found', joins: 'marks a note they may read as found', first: 'mark', useCase: MarkFound },
    remove: { summary: 'Unmark a note found', ends: 'Removes the token\'s user\'s mark of a note as found', missing: 'they had not marked the note', useCase: UnmarkFound },
  },
} as const satisfies Record<NoteMarkRoutes['relation'], NoteMarkRoutes>;

/** Registers a mark's routes: the paged list of the note's users, the POST that sets the token's user's, the DELETE. */
export function registerNoteMarkRoutes(app: FastifyInstance, container: DependencyContainer, mark: NoteMarkRoutes): void {
  const [listNoteUsers, add, remove] = [container.resolve(ListNoteUsers), container.resolve(mark.add.useCase), container.resolve(mark.remove.useCase)] as const;
  const path = `/v2/notes/:id/${mark.relation}`;
  registerRelationRoutes(app, container, ownRelationRoutes({
    tags: mark.tags, params: IdParams, path, aliases: mark.aliases,
    lists: [{
      path, summary: mark.list.summary,
      description: `Lists ${mark.list.lists}; anyone may call for a public note, and a note the caller may not read is 404.`,
      run: (actor, { id }, page) => listNoteUsers.execute(actor, parseId(id, 'note'), mark.relation, page),
    }],
    add: { ...mark.add, run: (actor, { id }) => add.execute(actor, parseId(id, 'note')) },
    remove: { ...mark.remove, run: (actor, { id }, userId) => remove.execute(actor, parseId(id, 'note'), userId) },
  }));
}
