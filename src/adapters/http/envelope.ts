import { Type, type Static, type TSchema } from 'typebox';

/** The error `type`s of docs/api.md, Conventions; each belongs to one status family. */
export const ERROR_TYPES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'precondition_failed',
  'idempotency_key_reused',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'unavailable',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export const HttpStatus = Type.Integer({ minimum: 100, maximum: 599 });

const FieldProblemSchema = Type.Object({ name: Type.String(), problem: Type.String() });

/** `{data, meta: {http_status}}`: one resource. */
export function SingleEnvelope<T extends TSchema>(schema: T) {
  return Type.Object({ data: schema, meta: Type.Object({ http_status: HttpStatus }) });
}

/** `{data: [...], meta: {http_status, count, nextUrl}}`: one page of a list; `count` is the list's total. */
export function ListEnvelope<T extends TSchema>(itemSchema: T) {
  return Type.Object({
    data: Type.Array(itemSchema),
    meta: Type.Object({
      http_status: HttpStatus,
      count: Type.Integer({ minimum: 0 }),
      nextUrl: Type.Union([Type.String(), Type.Null()]),
    }),
  });
}

/** `{meta: {http_status}}`: an operation with no content. */
export const EmptyEnvelope = Type.Object({ meta: Type.Object({ http_status: HttpStatus }) });

/** `{meta: {http_status, error: {type, message, fields?, requestId?}}}`: every error response. */
export const ErrorEnvelope = Type.Object({
  meta: Type.Object({
    http_status: HttpStatus,
    error: Type.Object({
      type: Type.Enum(ERROR_TYPES),
      message: Type.String(),
      fields: Type.Optional(Type.Array(FieldProblemSchema)),
      // The request's X-Request-Id, to quote when reporting a problem (absent only before a request exists).
      requestId: Type.Optional(Type.String()),
    }),
  }),
});

export type EmptyBody = Static<typeof EmptyEnvelope>;
export type ErrorBody = Static<typeof ErrorEnvelope>;
export type FieldProblemBody = Static<typeof FieldProblemSchema>;

export interface SingleBody<T> {
  data: T;
  meta: { http_status: number };
}

export interface ListBody<T> {
  data: T[];
  meta: { http_status: number; count: number; nextUrl: string | null };
}

export function single<T>(data: T, status = 200): SingleBody<T> {
  return { data, meta: { http_status: status } };
}

export function list<T>(items: T[], count: number, nextUrl: string | null): ListBody<T> {
  return { data: items, meta: { http_status: 200, count, nextUrl } };
}

export function empty(status = 200): EmptyBody {
  return { meta: { http_status: status } };
}

/** The error body; `fields` appears only when there are some, as docs/api.md, Conventions shows it. */
export function failure(
  status: number, type: ErrorType, message: string, extra: { fields?: FieldProblemBody[] | undefined; requestId?: string } = {},
): ErrorBody {
  const { fields, requestId } = extra;
  const error: ErrorBody['meta']['error'] = fields && fields.length > 0 ? { type, message, fields } : { type, message };
  if (requestId !== undefined) error.requestId = requestId;
  return { meta: { http_status: status, error } };
}
