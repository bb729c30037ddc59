import createClient, { mergeHeaders, type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };

/** Every resource the API returns, by its name in the OpenAPI document (`Note`, `User`, `Notemap`…). */
export type Schemas = components['schemas'];

export interface PlaceNotesClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the service runs, e.g. `https://placenotes.example.org` (no `/v2`: the paths carry it). */
  baseUrl: string;
  /** An OAuth access token, sent as `Authorization: Bearer …`; without one, only public content is read. */
  token?: string;
}

/**
 * A typed client of the Place Notes API: `client.GET('/v2/notes/{id}', { params: { path: { id: 42 } } })` checks the path,
 * the parameters and the body against the OpenAPI document and types `data` and `error`. Answers are read as JSON
 * (a GeoJSON list is fetched with `format: 'geojson'` and `parseAs`, or with a client of its own).
 */
export function createPlaceNotesClient(options: PlaceNotesClientOptions): Client<paths, 'application/json'> {
  const { token, headers, ...rest } = options;
  return createClient<paths, 'application/json'>({ ...rest, headers: mergeHeaders(token === undefined ? undefined : { authorization: `Bearer ${token}` }, headers) });
}

/**
 * The query of a list's `nextUrl` as the parameters of the same operation: `offset`, `limit`, `cursor` and the
 * filters, so that `client.GET(path, { params: { query: nextPage(meta.nextUrl) } })` fetches the next page.
 */
export function nextPage(nextUrl: string): Record<string, string> {
  return Object.fromEntries(new URL(nextUrl, 'http://next.invalid').searchParams.entries());
}
