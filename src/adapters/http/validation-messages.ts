import type { FieldProblemBody } from './envelope';

/**
 * Ajv's validation errors, as Fastify hands them over, turned into the envelope's `fields`: one line per
 * field, named as the client wrote it (`location.latitude`, `tags[0]`), in plain words.
 */

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Fastify's validation error as field problems, or undefined when the error is not one. */
export function validationFields(error: unknown): FieldProblemBody[] | undefined {
  const { validation, validationContext } = error as { validation?: unknown; validationContext?: unknown };
  if (!Array.isArray(validation)) return undefined;
  const context = typeof validationContext === 'string' ? validationContext : 'request';
  const fields = compact(validation.filter(isAjvError).map((e) => ({ name: fieldName(e, context), keyword: e.keyword, problem: problemOf(e) })));
  return fields.length > 0 ? fields : [{ name: context, problem: 'is not valid' }];
}

/**
 * One line per field: a union's branches each report a `type` error plus an `anyOf` summary;
 * merge the types ("must be a string or null") and drop the summary.
 */
function compact(all: { name: string; keyword: string; problem: string }[]): FieldProblemBody[] {
  const byName = new Map<string, { keyword: string; problem: string }[]>();
  for (const { name, keyword, problem } of all) byName.set(name, [...(byName.get(name) ?? []), { keyword, problem }]);
  return [...byName].flatMap(([name, errors]) => {
    const specific = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
    const kept = specific.length > 0 ? specific : errors;
    const types = kept.filter((e) => e.keyword === 'type').map((e) => e.problem.replace(/^must be /, ''));
    const problems = kept.filter((e) => e.keyword !== 'type').map((e) => e.problem);
    if (types.length > 0) problems.unshift(`must be ${types.join(' or ')}`);
    return [...new Set(problems)].map((problem) => ({ name, problem }));
  });
}

function isAjvError(value: unknown): value is AjvError {
  const e = value as Partial<AjvError> | null;
  return typeof e === 'object' && e !== null && typeof e.keyword === 'string' && typeof e.instancePath === 'string' &&
    typeof e.params === 'object' && e.params !== null;
}

/** `/location/latitude` → `location.latitude`, `/tags/0` → `tags[0]`; the property a keyword names is appended. */
function fieldName(error: AjvError, context: string): string {
  const segments = error.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const named = error.params.missingProperty ?? error.params.additionalProperty;
  if (typeof named === 'string') segments.push(named);
  const name = segments.reduce((path, s) => (/^\d+$/.test(s) ? `${path}[${s}]` : path === '' ? s : `${path}.${s}`), '');
  return name === '' ? context : name;
}

const ARTICLES: Record<string, string> = {
  integer: 'an integer', number: 'a number', string: 'a string', boolean: 'a boolean', object: 'an object',
  array: 'an array', null: 'null',
};

function problemOf(error: AjvError): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required': return 'is required';
    case 'additionalProperties': return 'is not allowed';
    case 'type': return `must be ${String(p.type).split(',').map((t) => ARTICLES[t] ?? t).join(' or ')}`;
    case 'minimum': return `must be at least ${String(p.limit)}`;
    case 'maximum': return `must be at most ${String(p.limit)}`;
    case 'exclusiveMinimum': return `must be greater than ${String(p.limit)}`;
    case 'exclusiveMaximum': return `must be less than ${String(p.limit)}`;
    case 'minLength': return p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters long`;
    case 'maxLength': return `must be at most ${String(p.limit)} characters long`;
    case 'minItems': return `must have at least ${String(p.limit)} items`;
    case 'maxItems': return `must have at most ${String(p.limit)} items`;
    case 'enum': return Array.isArray(p.allowedValues) ? `must be one of: ${p.allowedValues.map(String).join(', ')}` : 'is not an allowed value';
    case 'const': return `must be ${String(p.allowedValue)}`;
    case 'pattern': return 'has an invalid format';
    case 'format': return `must be a valid ${String(p.format)}`;
    default: return error.message ?? 'is not valid';
  }
}
