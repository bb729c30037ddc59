import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { ReadNotemapPage } from '../../application/notemaps/read-notemap-page';
import { ListNotes } from '../../application/notes/list-notes';
import { ReadNotePage } from '../../application/notes/read-note-page';
import type { PageRequest } from '../../application/ports/paging';
import { GetPlace } from '../../application/places/get-place';
import { ListPlaceNotes } from '../../application/places/list-place-notes';
import { ListTagNotes } from '../../application/tags/list-tag-notes';
import { ReadUserPage } from '../../application/users/read-user-page';
import { ANONYMOUS, sessionActor, userActor, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { parseNoteQuery } from '../../domain/note-query';
import { placeName } from '../../domain/place';
import { normalizeTag } from '../../domain/tag';
import { html, type Html } from '../page-kit/html';
import type { Site } from './components/site';
import { explorePage } from './explore.page';
import { noteListPage } from './note-list.page';
import { notePage } from './note.page';
import { notemapPage } from './notemap.page';
import { ExploreQuery, IdParams, PageQuery, TagParams, UsernameParams } from './public-pages.schemas';
import { sendPublicPage } from './public-response';
import { userPage } from './user.page';

/** Items a page of a list shows. */
export const PAGE_SIZE = 20;
/** Pages beyond this are not served (a list that long is read through the API). */
const MAX_PAGE = 10_000;
const ID = /^[1-9][0-9]{0,15}$/u;

/** The actor a page reads as: the member the session signs in, else anonymous. */
export function pageActor(request: FastifyRequest): Actor {
  return request.webUser === null ? ANONYMOUS : sessionActor(request.webUser.id);
}

/** `page` of a list's query: 1 when absent; anything but a whole number from 1 is a 400 page. */
export function pageNumber(text: string | undefined): number {
  if (text === undefined || text === '') return 1;
  if (!/^[1-9][0-9]{0,5}$/u.test(text) || Number(text) > MAX_PAGE) {
    throw DomainError.invalid([{ name: 'page', problem: `must be a whole number from 1 to ${MAX_PAGE}` }]);
  }
  return Number(text);
}

function window(page: number): PageRequest {
  return { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
}

/** An id in a path: anything but a positive integer is a page that does not exist. */
export function idOf(text: string, what: string): number {
  if (!ID.test(text) || !Number.isSafeInteger(Number(text))) throw DomainError.notFound(what, text);
  return Number(text);
}

/** `/`, `/notes/:id`, `/users/:username`, `/notemaps/:id`, `/tags/:name`, `/places/:id`: the pages behind the API's `link`s. */
export function registerPublicPageRoutes(scope: FastifyInstance, container: DependencyContainer, site: Site): void {
  const readNotePage = container.resolve(ReadNotePage);
  const readUserPage = container.resolve(ReadUserPage);
  const readNotemapPage = container.resolve(ReadNotemapPage);
  const listTagNotes = container.resolve(ListTagNotes);
  const getPlace = container.resolve(GetPlace);
  const listPlaceNotes = container.resolve(ListPlaceNotes);
  const listNotes = container.resolve(ListNotes);
  const pages = scope.withTypeProvider<TypeBoxTypeProvider>();
  const csrfFor = (request: FastifyRequest, reply: FastifyReply): string | null => (request.webUser === null ? null : reply.csrfToken());
  const send = (request: FastifyRequest, reply: FastifyReply, page: Html) => sendPublicPage(reply, site, request.webUser !== null, 200, page);

  pages.get('/', { schema: { querystring: ExploreQuery } }, async (request, reply) => {
    const q = request.query.q?.trim() ?? '';
    // The map shows public notes to everyone (it asks the API without a token); so does its list, less for a member
    // the notes of those a block stands between them and (a signed-in reader of public notes only).
    const reader = request.webUser === null ? ANONYMOUS : userActor(request.webUser.id, []);
    const notes = await listNotes.execute(reader, { query: parseNoteQuery(q === '' ? {} : { q }) }, { offset: 0, limit: PAGE_SIZE });
    return send(request, reply, explorePage(site, { user: request.webUser, q, notes }));
  });

  pages.get('/notes/:id', { schema: { params: IdParams, querystring: PageQuery } }, async (request, reply) => {
    const page = pageNumber(request.query.page);
    const view = await readNotePage.execute(pageActor(request), idOf(request.params.id, 'note'), window(page));
    return send(request, reply, notePage(site, { view, user: request.webUser, commentsPage: page, commentsPerPage: PAGE_SIZE, csrf: csrfFor(request, reply) }));
  });

  pages.get('/users/:username', { schema: { params: UsernameParams, querystring: PageQuery } }, async (request, reply) => {
    const page = pageNumber(request.query.page);
    const view = await readUserPage.execute(pageActor(request), request.params.username, window(page));
    return send(request, reply, userPage(site, { ...view, page, perPage: PAGE_SIZE, user: request.webUser, csrf: csrfFor(request, reply) }));
  });

  pages.get('/notemaps/:id', { schema: { params: IdParams, querystring: PageQuery } }, async (request, reply) => {
    const page = pageNumber(request.query.page);
    const view = await readNotemapPage.execute(pageActor(request), idOf(request.params.id, 'notemap'), window(page));
    return send(request, reply, notemapPage(site, { ...view, page, perPage: PAGE_SIZE, user: request.webUser, csrf: csrfFor(request, reply) }));
  });

  pages.get('/tags/:name', { schema: { params: TagParams, querystring: PageQuery } }, async (request, reply) => {
    const page = pageNumber(request.query.page);
    const notes = await listTagNotes.execute(pageActor(request), request.params.name, {}, window(page));
    const name = normalizeTag(request.params.name) ?? request.params.name;
    const path = `/tags/${encodeURIComponent(name)}`;
    return send(request, reply, noteListPage(site, {
      title: `#${name}`,
      description: `${notes.total} ${notes.total === 1 ? 'note' : 'notes'} tagged #${name} on Place Notes.`,
      path,
      api: `/v2/tags/${encodeURIComponent(name)}/notes`,
      intro: html`<p class="byline">${notes.total} ${notes.total === 1 ? 'note' : 'notes'} tagged #${name}.</p>`,
      notes, page, perPage: PAGE_SIZE, user: request.webUser,
      jsonLd: { '@context': 'https://schema.org', '@type': 'CollectionPage', name: `#${name}`, about: { '@type': 'Thing', name } },
    }));
  });

  pages.get('/places/:id', { schema: { params: IdParams, querystring: PageQuery } }, async (request, reply) => {
    const page = pageNumber(request.query.page);
    const actor = pageActor(request);
    const id = idOf(request.params.id, 'place');
    const [place, notes] = await Promise.all([getPlace.execute(actor, id), listPlaceNotes.execute(actor, id, {}, window(page))]);
    const name = placeName(place) || 'A place';
    return send(request, reply, noteListPage(site, {
      title: name,
      description: `${notes.total} ${notes.total === 1 ? 'note' : 'notes'} about ${name} on Place Notes.`,
      path: `/places/${place.id}`,
      api: `/v2/places/${place.id}`,
      intro: html`<p class="byline">${notes.total} ${notes.total === 1 ? 'note' : 'notes'} · ${place.counts.followers} ${place.counts.followers === 1 ? 'follower' : 'followers'}</p>`,
      notes, page, perPage: PAGE_SIZE, user: request.webUser,
      jsonLd: {
        '@context': 'https://schema.org', '@type': 'Place', name,
        geo: { '@type': 'GeoCoordinates', latitude: place.latitude, longitude: place.longitude },
        ...(place.country === null ? {} : { address: { '@type': 'PostalAddress', addressCountry: place.isoCountryCode ?? place.country, ...(place.city ? { addressLocality: place.city } : {}), ...(place.state ? { addressRegion: place.state } : {}) } }),
      },
    }));
  });
}
