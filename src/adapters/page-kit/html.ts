const MARK = Symbol('html');

/** Markup that is safe to send: built by `html`, so every interpolated value was escaped. */
export interface Html {
  readonly [MARK]: string;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;', '=': '&#61;' };

const SPECIAL = /[&<>"'`=]/u;

export function escapeHtml(text: string): string {
  // Most text has nothing to escape: one scan, and the string itself, without a replacement pass.
  return SPECIAL.test(text) ? text.replace(/[&<>"'`=]/gu, (c) => ENTITIES[c] ?? c) : text;
}

function isHtml(value: unknown): value is Html {
  return typeof value === 'object' && value !== null && MARK in value;
}

function part(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (isHtml(value)) return value[MARK];
  if (Array.isArray(value)) return value.map(part).join('');
  return escapeHtml(String(value));
}

/** A tagged template that escapes everything interpolated, except nested `html` fragments (and arrays of them). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += part(values[i]) + (strings[i + 1] ?? '');
  return { [MARK]: out };
}

/** The text of a fragment, to send. */
export function renderHtml(fragment: Html): string {
  return fragment[MARK];
}

/** Characters that could end a `<script>` element or an HTML comment, or break a line in old parsers, written as JSON escapes. */
const SCRIPT_UNSAFE: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * Data for a page's script as a JSON island (`<script type="application/*json">`): never run, and escaped so
 * that no value (a note saying `</script>`) can close the element.
 */
export function jsonScript(type: 'application/json' | 'application/ld+json', id: string | null, value: unknown): Html {
  const raw = JSON.stringify(value);
  const json = /[<>&\u2028\u2029]/u.test(raw) ? raw.replace(/[<>&\u2028\u2029]/gu, (c) => SCRIPT_UNSAFE[c] ?? c) : raw;
  const idAttribute = id === null ? '' : ` id="${escapeHtml(id)}"`;
  return { [MARK]: `<script type="${type}"${idAttribute}>${json}</script>` };
}
