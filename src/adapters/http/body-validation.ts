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

/** Fastify's own serialiser compiler (fast-json-stringify), each route's response schemas compiled at their first answer. */
const serializersOnFirstUse: SerializerFactory = (externalSchemas, options) => {
  const compile = (SerializerSelector as unknown as () => SerializerFactory)()(externalSchemas, options);
  return (route) => {
    const serializer = onFirstUse(() => compile(route));
    return (data) => serializer()(data);
  };
};

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
