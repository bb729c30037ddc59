import type { FastifyInstance } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import type { UserSummaryView } from '../../application/ports/note-views';
import type { Page, PageRequest } from '../../application/ports/paging';
import type { Actor } from '../../domain/actor';
import type { Scope } from '../../domain/scopes';
import { EmptyEnvelope, empty } from './envelope';
import { Links } from './links';
import { registerPagedList } from './paged-list-route';
import { presentUserListItem } from './users/user.presenter';
import { UserListItem } from './users/user.schemas';

/** One route of a relation as the OpenAPI document names it. */
export interface RelationRoute {
  path: string;
  summary: string;
  description: string;
}

/**
 * A relation between a subject and users (or notes): the paged lists of who is in it, the POST to its collection
 * `path` that adds the caller's (201 when made, 200 when it already was) and the DELETE at `path/:member` (and at
 * any aliases) that ends one.
 */
export interface RelationRoutes<Params extends TSchema, Body extends TSchema, MemberParams extends TSchema> {
  tags: string[];
  /** The scope of the POST (or PUT) and the DELETE; the lists are public reads unless they name their own `scope`. */
  scope: Scope;
  /** The subject's path parameters, of the lists and the POST. */
  params: Params;
  /** The relation's collection: the POST's path, and with `/:member` the DELETE's. */
  path: string;
  lists: readonly (RelationRoute & { scope?: Scope; run(actor: Actor, params: Static<Params>, page: PageRequest): Promise<Page<UserSummaryView>> })[];
  add: Omit<RelationRoute, 'path'> & { body?: Body; run(actor: Actor, params: Static<Params>, body: Static<Body>): Promise<boolean> };
  /**
   * Whether the caller adds a member by a PUT at `path/:member` (with `memberParams`, the member named in the path, as
   * a block is) instead of a POST to `path`.
   */
  putMember?: boolean;
  /** The path parameters of the DELETE: the subject's and the member's, whose name is `member`. */
  memberParams: MemberParams;
  member: string;
  remove: Omit<RelationRoute, 'path'> & { run(actor: Actor, params: Static<MemberParams>): Promise<void> };
  /** Further paths the DELETE answers at, after `path/:member`. */
  aliases?: readonly RelationRoute[];
}

/** The POST's description: "The token's user (scope `…`) <joins>. The first <first> answers 201, a repeat 200 and adds nothing; <then>." */
export function joinsOnce(scope: Scope, joins: string, first: string, then = 'the answer holds no data'): string {
  return `The token's user (scope \`${scope}\`) ${joins}. The first ${first} answers 201, a repeat 200 and adds nothing; ${then}.`;
}

const PAGED = ' Paged with `offset`/`limit`; follow `nextUrl` for the next page.';

/** Registers a relation's lists, then its POST, then its DELETE and its aliases, in that order (the OpenAPI document's). */
export function registerRelationRoutes<Params extends TSchema, Body extends TSchema, MemberParams extends TSchema>(
  app: FastifyInstance,
  container: DependencyContainer,
  relation: RelationRoutes<Params, Body, MemberParams>,
): void {
  const links = container.resolve(Links);
  const { tags, scope, params, add } = relation;
  for (const list of relation.lists) {
    registerPagedList(app, {
      ...list, tags, description: list.description + PAGED, params, item: UserListItem, present: (user) => presentUserListItem(user, links),
    });
  }

  const memberPath = `${relation.path}/:${relation.member}`;
  app.route({
    method: relation.putMember === true ? 'PUT' : 'POST',
    url: relation.putMember === true ? memberPath : relation.path,
    config: { scope },
    schema: {
      summary: add.summary, tags, description: add.description, params: relation.putMember === true ? relation.memberParams : params,
      ...(add.body === undefined ? {} : { body: add.body }), response: { 200: EmptyEnvelope, 201: EmptyEnvelope },
    },
    handler: async (request, reply) => {
      const status = (await add.run(request.actor, request.params as Static<Params>, request.body as Static<Body>)) ? 201 : 200;
      reply.code(status);
      return empty(status);
    },
  });

  const { summary, description } = relation.remove;
  for (const route of [{ path: memberPath, summary, description }, ...(relation.aliases ?? [])]) {
    app.delete(route.path, {
      config: { scope },
      schema: { summary: route.summary, description: route.description, tags, params: relation.memberParams, response: { 200: EmptyEnvelope } },
    }, async (request) => {
      await relation.remove.run(request.actor, request.params as Static<MemberParams>);
      return empty();
    });
  }
}
