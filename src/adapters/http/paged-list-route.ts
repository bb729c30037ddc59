import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import type { Page, PageRequest } from '../../application/ports/paging';
import type { Actor } from '../../domain/actor';
import type { Scope } from '../../domain/scopes';
import { ListEnvelope } from './envelope';
import { PagingQuery, pageBody, toPageRequest } from './paging';

/** A GET of a subject's items paged with `offset`/`limit` (a relation's users, a notemap's tags, a user's places). */
export interface PagedListRoute<Params extends TSchema, Item extends TSchema, View> {
  path: string;
  summary: string;
  tags: string[];
  description: string;
  /** The scope a caller needs; none for a public read. */
  scope?: Scope;
  params: Params;
  /** The schema of one presented item. */
  item: Item;
  run(actor: Actor, params: Static<Params>, page: PageRequest): Promise<Page<View>>;
  present(view: View): Static<Item>;
}

const Paging = Type.Object(PagingQuery);

/** Registers the GET: the page asked for, the subject's items on it presented, the total and the next page's path. */
export function registerPagedList<Params extends TSchema, Item extends TSchema, View>(
  app: FastifyInstance,
  { path, summary, tags, description, scope, params, item, run, present }: PagedListRoute<Params, Item, View>,
): void {
  app.get(path, {
    ...(scope === undefined ? {} : { config: { scope } }),
    schema: { summary, tags, description, params, querystring: Paging, response: { 200: ListEnvelope(item) } },
  }, async (request) => {
    const page = toPageRequest(request.query as Static<typeof Paging>);
    return pageBody(request, page, await run(request.actor, request.params as Static<Params>, page), present);
  });
}
