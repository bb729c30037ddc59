import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/domain-error';

/**
 * Refuses numbers that are not finite after validation: Ajv's type coercion turns `offset=Infinity` or
 * `1e400` into Infinity and lets it through `integer` and `maximum` (and JSON.parse reads `1e400` as
 * Infinity), which reached SQL as a 500. Runs once the schema has coerced query, params and body.
 */
export function registerFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    // Most requests are flat and finite: only the others pay for the walk and the names.
    if (allFinite(request.params) && allFinite(request.query) && allFinite(request.body)) return done();
    const fields = [...nonFinite(request.params, ''), ...nonFinite(request.query, ''), ...nonFinite(request.body, '')];
    if (fields.length > 0) throw DomainError.invalid(fields.map((name) => ({ name, problem: 'must be a finite number' })));
    done();
  });
}

/** Names of the fields holding a non-finite number; a stack and names built only for those (bodies may nest deeply). */
function nonFinite(root: unknown, rootName: string): string[] {
  interface Place { value: unknown; key: string | number; parent: Place | null }
  const nameOf = (place: Place): string => {
    let name = '';
    for (let p: Place | null = place; p !== null && p.key !== ''; p = p.parent) {
      name = typeof p.key === 'number' ? `[${p.key}]${name}` : `${p.key}${name === '' || name.startsWith('[') ? '' : '.'}${name}`;
    }
    return name === '' ? 'body' : name;
  };
  const found: string[] = [];
  const pending: Place[] = [{ value: root, key: rootName, parent: null }];
  for (let place = pending.pop(); place !== undefined; place = pending.pop()) {
    const { value } = place;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) found.push(nameOf(place));
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => pending.push({ value: item, key: i, parent: place }));
    } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) pending.push({ value: item, key, parent: place });
    }
  }
  return found;
}

/**
 * True when `value` is a primitive or a flat object (query and params always are) whose numbers are all finite:
 * no allocation. Anything nested answers false and takes the full walk above, which has no recursion to overflow.
 */
function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value) || Buffer.isBuffer(value)) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'number' ? !Number.isFinite(item) : typeof item === 'object' && item !== null) return false;
  }
  return true;
}
