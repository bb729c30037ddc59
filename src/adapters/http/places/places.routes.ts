import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { GetPlace } from '../../../application/places/get-place';
import { ListFollowedPlaces } from '../../../application/places/list-followed-places';
import { ListPlaceNotes } from '../../../application/places/list-place-notes';
import { ListPlaces } from '../../../application/places/list-places';
import { IdParams } from '../common.schemas';
import { ListEnvelope, SingleEnvelope, list, single } from '../envelope';
import { UserIdParams } from '../follows/follow.schemas';
import { parseId } from '../ids';
import { Links } from '../links';
import { NoteListQuery, NoteListResponses, noteListFilter, sendNoteList } from '../notes/note-list-query';
import { registerPagedList } from '../paged-list-route';
import { nextUrl, toPageRequest } from '../paging';
import { registerPlaceFollowerRoutes } from './place-followers.routes';
import { presentPlace } from './place.presenter';
import { Place, PlaceQuery } from './place.schemas';

/** Places (**ext**, docs/api.md): a place the caller may read no note of is 404, like a private note. */
export function registerPlaceRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const listPlaces = container.resolve(ListPlaces);
  const getPlace = container.resolve(GetPlace);
  const listPlaceNotes = container.resolve(ListPlaceNotes);
  const listFollowedPlaces = container.resolve(ListFollowedPlaces);

  api.get('/v2/places', {
    schema: {
      summary: 'Find places', tags: ['places'],
      description: 'Lists the places the caller can see (those with a note the caller may read), newest first; anyone may call. `city`, `state` '
        + 'and `country` look places up, ignoring case (an empty value matches places without that part); `q` finds words of the name; `near` '
        + '(with `radius`) and `bbox` keep the places whose centre, as the caller sees it, lies in the area. Paged with `offset`/`limit`.',
      querystring: PlaceQuery, response: { 200: ListEnvelope(Place) },
    },
  }, async (request) => {
    const { offset, limit, ...filter } = request.query;
    const page = toPageRequest({ offset, limit });
    const result = await listPlaces.execute(request.actor, filter, page);
    return list(result.items.map((place) => presentPlace(place, links)), result.total, nextUrl(request, page, result.total));
  });

  api.get('/v2/places/:id', {
    schema: {
      summary: 'Get a place', tags: ['places'],
      description: 'Returns one place, summed up over the notes at it that the caller may read; anyone may call. A place with no note the caller '
        + 'may read is 404, like a private note.',
      params: IdParams, response: { 200: SingleEnvelope(Place) },
    },
  }, async (request) => {
    const place = await getPlace.execute(request.actor, parseId(request.params.id, 'place'));
    return single(presentPlace(place, links));
  });

  api.get('/v2/places/:id/notes', {
    schema: {
      summary: 'Notes at a place', tags: ['places'],
      description: 'Lists the notes at a place that the caller may read: public notes for anyone, and with a `readall` token also the '
        + 'non-public notes its user may see; a place the caller cannot see is 404. Takes every note-list parameter (`bbox`, `near`, `q`, '
        + '`tag`, `sort`, `format`, …); follow `nextUrl`, with its `cursor`, for the next page.',
      params: IdParams, querystring: NoteListQuery, response: NoteListResponses,
    },
  }, async (request, reply) => {
    const page = toPageRequest(request.query);
    const result = await listPlaceNotes.execute(request.actor, parseId(request.params.id, 'place'), noteListFilter(request.query), page);
    return sendNoteList(request, reply, result, page, links);
  });

  registerPlaceFollowerRoutes(app, container);

  registerPagedList(app, {
    path: '/v2/users/:user_id/followed_places', summary: 'Places a user follows', tags: ['places'],
    description: 'Lists the places a user follows that the caller can see, most recent follow first; anyone may call, and an unknown user is '
      + '404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.',
    params: UserIdParams, item: Place, run: (actor, { user_id: userId }, page) => listFollowedPlaces.execute(actor, parseId(userId, 'user'), page),
    present: (place) => presentPlace(place, links),
  });
}
