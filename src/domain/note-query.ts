import { DomainError, type FieldProblem } from './domain-error';
import type { BoundingBox, Circle } from './geo';
import { normalizeTag } from './tag';
import { USERNAME } from './user';

export const DEFAULT_RADIUS_M = 1_000;
export const MAX_RADIUS_M = 50_000;
export const MAX_SEARCH_LENGTH = 500;
const MAX_ID = 2_147_483_647;

export const NOTE_SORTS = ['recent', 'nearest', 'popular'] as const;
export type NoteSort = (typeof NOTE_SORTS)[number];

/**
 * The order of a list: a `sort` the caller chose, or `relevance` (best text match first) when `q` is
 * given without `sort` or `near`. Every order ends with newest first, then by id, so pages are stable.
 */
export type NoteOrder = NoteSort | 'relevance';

/** A note's author named by id or (case-insensitive) username. */
export type AuthorRef = { id: number } | { username: string };

/** What a caller asks of a list of notes, on top of the list itself; every criterion combines with AND. */
export interface NoteQuery {
  /** A normalised tag name. */
  tag?: string;
  author?: AuthorRef;
  /** Unix seconds, inclusive, on `createdAt`. */
  since?: number;
  until?: number;
  bbox?: BoundingBox;
  near?: Circle;
  /** Words to find in the title and message. */
  text?: string;
  order: NoteOrder;
  /** Keyset paging: only the notes after this place in `order` (a `cursor` from the previous page's nextUrl). */
  after?: NotePosition;
}

/**
 * A note's place in the order of a list (docs/api.md, Conventions: paging by `cursor`): the order's own key, then
 * the creation time and the id, which every order ends with (newest first). The next page holds the notes after it.
 */
export interface NotePosition {
  order: NoteOrder;
  /** popular: [favoriters, public views]; nearest: [distance in metres]; relevance: [text rank]; recent: none. */
  lead: number[];
  /** `createdAt` in whole microseconds since the Unix epoch (what the database stores, finer than a Date). */
  createdAtUs: number;
  id: number;
}

/** The query parameters as they arrive, their types already checked. */
export interface RawNoteQuery {
  bbox?: string;
  near?: string;
  radius?: number;
  q?: string;
  tag?: string;
  author?: string;
  since?: number;
  until?: number;
  sort?: string;
  cursor?: string;
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/u;

/**
 * `bbox`, and `near` with `radius` (default DEFAULT_RADIUS_M), as lists of notes and of places take them; each bad
 * one is reported to `problem` and left out.
 */
export function parseAreaParameters(
  raw: { bbox?: string; near?: string; radius?: number }, problem: (name: string, text: string) => void,
): { bbox?: BoundingBox; near?: Circle } {
  const areas: { bbox?: BoundingBox; near?: Circle } = {};
  if (raw.bbox !== undefined) {
    const bbox = parseBoundingBox(raw.bbox);
    if (typeof bbox === 'string') problem('bbox', bbox);
    else areas.bbox = bbox;
  }
  if (raw.near !== undefined) {
    const center = parseLatLon(raw.near);
    const radius = raw.radius ?? DEFAULT_RADIUS_M;
    if (typeof center === 'string') problem('near', center);
    if (!(radius > 0 && radius <= MAX_RADIUS_M)) problem('radius', `must be more than 0 and at most ${MAX_RADIUS_M} (metres)`);
    else if (typeof center !== 'string') areas.near = { kind: 'circle', center, radius };
  } else if (raw.radius !== undefined) {
    problem('radius', 'needs near');
  }
  return areas;
}

/** Parses the list parameters; every bad one is named in one `invalid` error (400 with `fields`). */
export function parseNoteQuery(raw: RawNoteQuery): NoteQuery {
  const problems: FieldProblem[] = [];
  const problem = (name: string, text: string) => { problems.push({ name, problem: text }); };
  const query: NoteQuery = { order: 'recent' };

  const { bbox, near } = parseAreaParameters(raw, problem);
  if (bbox) query.bbox = bbox;
  if (near) query.near = near;
  if (raw.q !== undefined) {
    const text = raw.q.trim();
    if (text === '') problem('q', 'must not be empty');
    else if ([...text].length > MAX_SEARCH_LENGTH) problem('q', `must be at most ${MAX_SEARCH_LENGTH} characters long`);
    else query.text = text;
  }
  if (raw.tag !== undefined) {
    const tag = normalizeTag(raw.tag);
    if (tag === null) problem('tag', 'is not a tag: 1-50 letters, digits, "_" or "-"');
    else query.tag = tag;
  }
  if (raw.author !== undefined) {
    const author = parseAuthor(raw.author);
    if (author === null) problem('author', 'must be a user id or a username');
    else query.author = author;
  }
  if (raw.since !== undefined) query.since = raw.since;
  if (raw.until !== undefined) query.until = raw.until;
  if (raw.since !== undefined && raw.until !== undefined && raw.since > raw.until) problem('until', 'must not be before since');

  if (raw.sort !== undefined && !(NOTE_SORTS as readonly string[]).includes(raw.sort)) {
    problem('sort', `must be one of: ${NOTE_SORTS.join(', ')}`);
  } else if (raw.sort === 'nearest' && raw.near === undefined) {
    problem('sort', 'nearest needs near=lat,lon');
  } else {
    query.order = (raw.sort as NoteSort | undefined) ?? (raw.near !== undefined ? 'nearest' : raw.q !== undefined ? 'relevance' : 'recent');
  }

  if (raw.cursor !== undefined && !problems.some((p) => p.name === 'sort')) {
    const after = decodeNoteCursor(raw.cursor, query.order);
    if (after === null) problem('cursor', 'is not a cursor of this list and order (follow nextUrl as given)');
    else query.after = after;
  }

  if (problems.length > 0) throw DomainError.invalid(problems);
  return query;
}

// How many numbers each order keeps before the creation time and id.
const LEAD_LENGTH: Readonly<Record<NoteOrder, number>> = { recent: 0, popular: 2, nearest: 1, relevance: 1 };
const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,400}$/u;

/** The opaque `cursor` of a position: base64url of a small JSON object. */
export function encodeNoteCursor(position: NotePosition): string {
  const body = { o: position.order, k: position.lead, t: position.createdAtUs, i: position.id };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** The position a `cursor` names in `order`; null unless it is exactly a cursor this service made for that order. */
export function decodeNoteCursor(text: string, order: NoteOrder): NotePosition | null {
  if (!CURSOR_TEXT.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  // Only the canonical spelling: no padding, no stray bits, so one position has one cursor.
  if (bytes.toString('base64url') !== text) return null;
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { o, k, t, i, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || o !== order || !Array.isArray(k) || k.length !== LEAD_LENGTH[order]) return null;
  if (!k.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  const lead = k as number[];
  // Each number must fit the type the lists compare it with: favoriters an `integer`, views a `bigint`,
  // the text rank a `real` (neither infinite nor rounded to zero there); past that it is no position of the list.
  if (order === 'popular' && !(lead.every((n) => Number.isSafeInteger(n) && n >= 0) && lead[0]! <= MAX_ID)) return null;
  if (order === 'nearest' && !lead.every((n) => n >= 0)) return null;
  if (order === 'relevance' && !lead.every((n) => Number.isFinite(Math.fround(n)) && (n === 0 || Math.fround(n) !== 0))) return null;
  if (typeof t !== 'number' || !Number.isSafeInteger(t)) return null;
  if (typeof i !== 'number' || !Number.isSafeInteger(i) || i < 1 || i > MAX_ID) return null;
  return { order, lead, createdAtUs: t, id: i };
}

/**
 * Compares two positions of the same order as the lists order notes: negative when `a` comes first. The order's
 * key (nearest: ascending; the others: descending), then newest first, then the highest id first.
 */
export function compareNotePositions(a: NotePosition, b: NotePosition): number {
  for (let index = 0; index < a.lead.length; index++) {
    const x = a.lead[index] ?? 0;
    const y = b.lead[index] ?? 0;
    if (x !== y) return a.order === 'nearest' ? (x < y ? -1 : 1) : (x > y ? -1 : 1);
  }
  if (a.createdAtUs !== b.createdAtUs) return a.createdAtUs > b.createdAtUs ? -1 : 1;
  return b.id - a.id;
}

/** The order a list is in: the query's, or newest first without one. */
export function noteOrderOf(query: NoteQuery | undefined): NoteOrder {
  return query?.order ?? 'recent';
}

/** `minLon,minLat,maxLon,maxLat`, or what is wrong with it. */
export function parseBoundingBox(text: string): BoundingBox | string {
  const numbers = parseNumbers(text, 4);
  if (numbers === null) return 'must be minLon,minLat,maxLon,maxLat (four decimal numbers)';
  const [minLon, minLat, maxLon, maxLat] = numbers as [number, number, number, number];
  if (!isLongitude(minLon) || !isLongitude(maxLon)) return 'longitudes must be between -180 and 180';
  if (!isLatitude(minLat) || !isLatitude(maxLat)) return 'latitudes must be between -90 and 90';
  if (minLat > maxLat) return 'minLat must not be above maxLat';
  return { kind: 'bbox', minLon, minLat, maxLon, maxLat };
}

/** `lat,lon`, or what is wrong with it. */
export function parseLatLon(text: string): { latitude: number; longitude: number } | string {
  const numbers = parseNumbers(text, 2);
  if (numbers === null) return 'must be lat,lon (two decimal numbers)';
  const [latitude, longitude] = numbers as [number, number];
  if (!isLatitude(latitude)) return 'latitude must be between -90 and 90';
  if (!isLongitude(longitude)) return 'longitude must be between -180 and 180';
  return { latitude, longitude };
}

/** Digits are a user id, anything else a username (usernames are never all digits); null when neither. */
export function parseAuthor(text: string): AuthorRef | null {
  const value = text.trim();
  if (/^\d+$/u.test(value)) {
    const id = Number(value);
    return id >= 1 && id <= MAX_ID ? { id } : null;
  }
  return USERNAME.test(value) ? { username: value } : null;
}

function parseNumbers(text: string, count: number): number[] | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== count || !parts.every((part) => DECIMAL.test(part))) return null;
  return parts.map(Number);
}

const isLatitude = (value: number) => value >= -90 && value <= 90;
const isLongitude = (value: number) => value >= -180 && value <= 180;
