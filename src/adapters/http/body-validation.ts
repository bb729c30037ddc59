import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/** Bodies parsed from text fields (urlencoded forms, multipart): their values are strings by nature. */
const formBodies = new WeakSet<object>();

/** Marks a body as parsed from a form, so that validation may read numbers and booleans out of its text. */
export function markFormBody<T extends object>(body: T): T {
  formBodies.add(body);
  return body;
}

const AJV_OPTIONS = { removeAdditional: true, useDefaults: true, allErrors: true } as const;

interface ValidateFunction {
  (data: unknown, context?: unknown): boolean;
  errors?: unknown;
  schemaEnv?: unknown;
}

/** Fastify's validator factory as it is called (the package's own typings name the route argument a schema). */
type RouteValidators = (route: { schema: unknown; httpPart?: string }) => ValidateFunction;
type ValidatorFactory = (externalSchemas: unknown, options: { customOptions?: object }) => RouteValidators;
type FastifyValidatorFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];
type FastifySerializerFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'];
type Serialize = (data: unknown) => string;
type SerializerFactory = (externalSchemas: unknown, options: unknown) => (route: unknown) => Serialize;

/**
 * Fastify's own serialiser compiler (fast-json-stringify), each route's response schemas compiled at their first
 * answer, from the schema as `nullableBranches` rewrites it. Every answer is written by the serialiser generated from
 * its schema: the fields the schema names, in its order, whatever order a presenter built them in.
 */
const serializersOnFirstUse: SerializerFactory = (externalSchemas, options) => {
  const compile = (SerializerSelector as unknown as () => SerializerFactory)()(externalSchemas, options);
  return (route) => {
    const serializer = onFirstUse(() => compile(withNullableBranches(route)));
    return (data) => serializer()(data);
  };
};

function schemaOf(route: unknown): unknown {
  return typeof route === 'object' && route !== null && 'schema' in route ? route.schema : undefined;
}

/** A route as the serialiser compiler is handed it: the schema of one answer, and what names it. */
function withNullableBranches(route: unknown): unknown {
  const schema = schemaOf(route);
  return schema === undefined ? route : { ...(route as object), schema: nullableBranches(schema) };
}

/** Keywords that make a schema more than one type's serialiser: such a branch of an `anyOf` is left as it is. */
const COMBINING = ['anyOf', 'oneOf', 'allOf', '$ref', 'const', 'nullable', 'if', 'not', 'enum'] as const;

/**
 * The same answer schema, each `anyOf: [X, { type: 'null' }]` (TypeBox's `Type.Union([X, Type.Null()])`) written
 * as X with `nullable: true` where X is a plain schema of one type. fast-json-stringify serialises an `anyOf` by
 * running Ajv on the value against each branch in turn, and a null that fails the first branch leaves Ajv's error
 * objects behind: on a page of twenty notes that was most of the serialiser's work and a tenth of the request's
 * allocation (decision `nullable-for-serialiser`). With `nullable` it tests `=== null`, then writes X. The same JSON for every value
 * the schema allows; the route's own schema (validation, OpenAPI) is not touched.
 */
export function nullableBranches(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableBranches);
  if (typeof schema !== 'object' || schema === null) return schema;
  const record = schema as Record<string, unknown>;
  const one = nullableOf(record.anyOf);
  if (one !== null) {
    const { anyOf: _branches, ...siblings } = record;
    return nullableBranches({ ...siblings, ...one, nullable: true });
  }
  const rewritten: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    rewritten[key] = SCHEMA_MAPS.has(key) ? eachSchemaOf(value) : SCHEMAS.has(key) ? nullableBranches(value) : value;
  }
  return rewritten;
}

/** Keywords whose value is a schema or a list of schemas (the rest are data: `enum`, `examples`…, or maps below). */
const SCHEMAS = new Set(['items', 'additionalProperties', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else']);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

function eachSchemaOf(map: unknown): unknown {
  if (typeof map !== 'object' || map === null) return map;
  return Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, nullableBranches(schema)]));
}

/** X of `[X, { type: 'null' }]` (in either order) when X is a plain schema of one type; otherwise null. */
function nullableOf(branches: unknown): Record<string, unknown> | null {
  if (!Array.isArray(branches) || branches.length !== 2) return null;
  const [a, b] = branches as unknown[];
  const other = isNull(a) ? b : isNull(b) ? a : null;
  if (typeof other !== 'object' || other === null) return null;
  const record = other as Record<string, unknown>;
  if (typeof record.type !== 'string' || record.type === 'null' || COMBINING.some((key) => key in record)) return null;
  return record;
}

function isNull(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as { type?: unknown }).type === 'null' && Object.keys(schema).length === 1;
}

/** Ajv's functions carry a schemaEnv, which tells Fastify to hand them the parent object: ours are Ajv's, compiled later. */
const AJV_FUNCTION = Object.freeze({});

/**
 * `build`, run the first time its result is asked for. A route's validators and serialisers are compiled when a
 * request first needs them, not when the server starts: most processes serve a few of the hundred-odd routes, and
 * each compiled schema stays in the heap for good (docs/benchmarks.md, Memory).
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/**
 * The server's validation: query strings, path parameters and form bodies are text and are coerced to the
 * schema's types (`limit=20` is a number); JSON bodies are typed strictly, so `null`, `true`, an array or
 * an object where a number or a string belongs (or a number for a string) is a 400 naming the field, never
 * converted (a `null` latitude must not become 0). Two Ajv instances from Fastify's own compiler, chosen
 * per request by how the body was parsed.
 */
export function validationOptions(): Pick<FastifyServerOptions, 'ajv' | 'schemaController'> {
  const build = AjvCompiler() as unknown as ValidatorFactory;
  const buildValidator: ValidatorFactory = (externalSchemas, options) => {
    const coercing = build(externalSchemas, options);
    const strict = build(externalSchemas, { ...options, customOptions: { ...options.customOptions, coerceTypes: false } });
    return (route) => {
      const lenient = onFirstUse(() => coercing(route));
      const exact = route.httpPart === 'body' ? onFirstUse(() => strict(route)) : lenient;
      const validate: ValidateFunction = (data, context) => {
        const chosen = (exact !== lenient && !(typeof data === 'object' && data !== null && formBodies.has(data)) ? exact : lenient)();
        const valid = chosen(data, context);
        validate.errors = chosen.errors;
        return valid;
      };
      // Fastify hands Ajv functions (those with a schemaEnv) the parent object, so defaults can apply at the root.
      validate.schemaEnv = AJV_FUNCTION;
      return validate;
    };
  };
  return {
    ajv: { customOptions: { ...AJV_OPTIONS, coerceTypes: 'array' } },
    schemaController: {
      compilersFactory: {
        buildValidator: buildValidator as unknown as FastifyValidatorFactory,
        buildSerializer: serializersOnFirstUse as unknown as FastifySerializerFactory,
      },
    },
  };
}
