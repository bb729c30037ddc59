import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { DomainError, type FieldProblem } from '../../domain/domain-error';

/** A form field or query parameter: one text value, or absent. */
export const Text = Type.Optional(Type.String());

/**
 * Makes a scope check its forms and queries with TypeBox's own validator instead of the API's Ajv, which
 * coerces a one-item array to a string: here `code[]=x` stays an array and is refused like `code=x&code=y`
 * (RFC 6749 §3.1: a parameter is sent once). Fields a schema does not name are ignored unless it says
 * otherwise. A failure becomes a DomainError `invalid` naming each field at fault.
 */
export function validateForms(scope: FastifyInstance): void {
  scope.setValidatorCompiler(textValidatorCompiler);
  scope.setSchemaErrorFormatter(formError);
}

/** Whether a schema is an object of text fields only (the forms, queries and path parameters of the pages). */
function onlyText(schema: TSchema): boolean {
  const { type, properties } = schema as { type?: unknown; properties?: Record<string, { type?: unknown }> };
  return type === 'object' && properties !== undefined && Object.values(properties).every((field) => field.type === 'string');
}

/**
 * TypeBox's validator as @fastify/type-provider-typebox compiles it, without the conversion it runs on every query
 * and path before checking: for text fields there is nothing to convert (a URL's values are text already; a
 * repeated one stays an array and is refused), and the conversion cost more than the rest of a page's validation.
 */
const textValidatorCompiler: typeof TypeBoxValidatorCompiler = (route) => {
  if (!onlyText(route.schema as TSchema)) return TypeBoxValidatorCompiler(route);
  const check = Compile(route.schema as TSchema);
  return (value: unknown) => (check.Check(value) ? { value } : { error: [...check.Errors(value)] as never });
};

export function formError(errors: FastifySchemaValidationError[], dataVar: string): DomainError {
  const fields: FieldProblem[] = [];
  for (const error of errors) {
    const name = fieldName(error.instancePath);
    if (name === null || fields.some((f) => f.name === name)) continue;
    // Every field is text: a value of another type was repeated (an array) or bracketed (an object).
    fields.push({ name, problem: error.keyword === 'type' ? 'must be sent once' : error.message ?? 'is not valid' });
  }
  if (fields.length === 0) {
    const what = dataVar === 'body' ? 'form' : 'query';
    return new DomainError('invalid', `the request must carry a ${what} (application/x-www-form-urlencoded)`, { fields: [{ name: dataVar, problem: 'is missing' }] });
  }
  return new DomainError('invalid', fields.map((f) => `the parameter ${f.name} ${f.problem}`).join('; '), { fields });
}

/** The top-level field a JSON pointer names (`/code/0` → `code`), or null for the whole body. */
function fieldName(instancePath: string): string | null {
  const first = instancePath.split('/')[1];
  return first === undefined || first === '' ? null : first.replace(/~1/gu, '/').replace(/~0/gu, '~');
}

/** The body as its schema types it when it has that shape (to show typed values again), else null. */
export function shapedAs<T extends TSchema>(schema: T, value: unknown): Static<T> | null {
  return Value.Check(schema, value) ? value : null;
}

/** A problem's text as a sentence for a page: capitalised, with a full stop. */
export function sentence(text: string): string {
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return capitalised.endsWith('.') ? capitalised : `${capitalised}.`;
}
