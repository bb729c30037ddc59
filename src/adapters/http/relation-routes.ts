import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import type { UserSummaryView } from '../../application/ports/note-views';
import type { Page, PageRequest } from '../../application/ports/paging';
import type { Actor } from '../../domain/actor';
import type { Scope } from '../../domain/scopes';
import { EmptyEnvelope, ListEnvelope, empty } from './envelope';
import { Links } from './links';
import { PagingQuery, pageBody, toPageRequest } from './paging';
import { presentUserListItem } from './users/user.presenter';
import { UserListItem } from './users/user.schemas';

/** One route of a relation as the OpenAPI document names it. */
export interface RelationRoute {
  path: string;
  summary: string;
  description: string;
}

/**
 * A relation between a subject and users (or notes): the paged lists of who is in it, the POST that adds the
 * caller's (201 when made, 200 when it already was) and the DELETE, under one or more paths, that ends one.
 */
export interface RelationRoutes<Params extends TSchema, Body extends TSchema, MemberParams extends TSchema> {
  tags: string[];
  /** The scope of the POST and the DELETE; the lists are public reads. */
  scope: Scope;
  /** The subject's path parameters, of the lists and the POST. */
  params: Params;
  lists: readonly (RelationRoute & { run(actor: Actor, params: Static<Params>, page: PageRequest): Promise<Page<UserSummaryView>> })[];
  add: RelationRoute & { body?: Body; run(actor: Actor, params: Static<Params>, body: Static<Body>): Promise<boolean> };
  /** The path parameters of the DELETE: the subject's and the member's. */
  memberParams: MemberParams;
  removes: readonly RelationRoute[];
  remove(actor: Actor, params: Static<MemberParams>): Promise<void>;
}

const Paging = Type.Object(PagingQuery);
const PAGED = ' Paged with `offset`/`limit`; follow `nextUrl` for the next page.';

/** Registers a relation's lists, then its POST, then its DELETEs, in that order (the OpenAPI document's). */
export function registerRelationRoutes<Params extends TSchema, Body extends TSchema, MemberParams extends TSchema>(
  app: FastifyInstance,
  container: DependencyContainer,
  relation: RelationRoutes<Params, Body, MemberParams>,
): void {
  const links = container.resolve(Links);
  const { tags, scope, params, add } = relation;
  for (const { path, summary, description, run } of relation.lists) {
    app.get(path, {
      schema: { summary, tags, description: description + PAGED, params, querystring: Paging, response: { 200: ListEnvelope(UserListItem) } },
    }, async (request) => {
      const page = toPageRequest(request.query as Static<typeof Paging>);
      const result = await run(request.actor, request.params as Static<Params>, page);
      return pageBody(request, page, result, (user) => presentUserListItem(user, links));
    });
  }

  app.post(add.path, {
    config: { scope },
    schema: {
      summary: add.summary, tags, description: add.description, params,
      ...(add.body === undefined ? {} : { body: add.body }), response: { 200: EmptyEnvelope, 201: EmptyEnvelope },
    },
  }, async (request, reply) => {
    const status = (await add.run(request.actor, request.params as Static<Params>, request.body as Static<Body>)) ? 201 : 200;
    reply.code(status);
    return empty(status);
  });

  for (const { path, summary, description } of relation.removes) {
    app.delete(path, {
      config: { scope },
      schema: { summary, description, tags, params: relation.memberParams, response: { 200: EmptyEnvelope } },
    }, async (request) => {
      await relation.remove(request.actor, request.params as Static<MemberParams>);
      return empty();
    });
  }
}
