import { Type, type Static, type TObject } from 'typebox';
import type { Actor } from '../../domain/actor';
import { parseId } from './ids';
import { joinsOnce, type RelationRoute, type RelationRoutes } from './relation-routes';

/**
 * A relation the token's user joins and leaves only for themself, with scope `write` (a favorite or a find of a
 * note, a favorite of a comment, a follow of a place or a notemap): the POST at the collection `path`, the DELETE
 * at `path/:user_id`, which must be the token's user. It holds what the relation says in its own words;
 * `ownRelationRoutes` writes the sentences every such relation shares.
 */
export interface OwnRelation<Params extends TObject> extends Pick<RelationRoutes<Params, never, never>, 'tags' | 'params' | 'path' | 'lists'> {
  /** The POST: what the token's user does ("follows a place they can see"), and its noun in "The first … answers 201". */
  add: { summary: string; joins: string; first: string; run(actor: Actor, params: Static<Params>): Promise<boolean> };
  /** The DELETE: what it ends ("Ends the token's user's follow of a place"), when it is 404, and anything `more` to say. */
  remove: { summary: string; ends: string; missing: string; more?: string; run(actor: Actor, params: Static<Params>, userId: number): Promise<void> };
  /** Further paths of the DELETE, each described as the same as `sameAs`. */
  aliases?: readonly (Omit<RelationRoute, 'description'> & { sameAs: string })[];
}

/** The routes of an own relation, its POST and DELETE described in the words every such relation shares. */
export function ownRelationRoutes<Params extends TObject>(relation: OwnRelation<Params>): RelationRoutes<Params, never, TObject> {
  const { add, remove } = relation;
  const description = `${remove.ends} (scope \`write\`): \`:user_id\` must be the token's user (403 otherwise), and it is 404 when `
    + `${remove.missing}.${remove.more === undefined ? '' : ` ${remove.more}`}`;
  return {
    tags: relation.tags, scope: 'write', params: relation.params, path: relation.path, lists: relation.lists,
    add: { summary: add.summary, description: joinsOnce('write', add.joins, add.first), run: (actor, params) => add.run(actor, params) },
    memberParams: Type.Object({ ...relation.params.properties, user_id: Type.String() }),
    member: 'user_id',
    remove: {
      summary: remove.summary, description,
      run: (actor, params) => remove.run(actor, params as Static<Params>, parseId((params as { user_id: string }).user_id, 'user')),
    },
    aliases: (relation.aliases ?? []).map(({ path, summary, sameAs }) => ({ path, summary, description: `The same as \`${sameAs}\`. ${description}` })),
  };
}
