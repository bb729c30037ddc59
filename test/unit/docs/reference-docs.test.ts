import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const docs = join(__dirname, '..', '..', '..', 'docs');
const read = (name: string): string => readFileSync(join(docs, name), 'utf8');

/** Each `### slug` entry of decisions.md with its text (up to the next heading). */
function decisionEntries(text: string): { slug: string; body: string }[] {
  const entries: { slug: string; body: string }[] = [];
  let current: { slug: string; lines: string[] } | null = null;
  const close = (): void => {
    if (current) entries.push({ slug: current.slug, body: current.lines.join('\n').trim() });
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) {
      close();
      current = line.startsWith('### ') ? { slug: line.slice(4).trim(), lines: [] } : null;
    } else current?.lines.push(line);
  }
  close();
  return entries;
}

// The docs are references a newcomer reads today, not diaries: the benchmark reference stays short, and each decision
// says what and why in a few sentences.
describe('reference docs', () => {
  it('keeps docs/benchmarks.md to at most 250 lines', () => {
    expect(read('benchmarks.md').trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });

  it('gives every decision a unique kebab-case name and at most 600 characters', () => {
    const entries = decisionEntries(read('decisions.md'));
    expect(entries.length).toBeGreaterThan(100);
    const slugs = entries.map((entry) => entry.slug);
    expect(slugs.filter((slug) => !/^[a-z0-9]+(-[a-z0-9]+)*$/u.test(slug))).toEqual([]);
    expect(slugs.filter((slug, i) => slugs.indexOf(slug) !== i)).toEqual([]);
    expect(entries.filter((entry) => entry.body.length > 600).map((entry) => `${entry.slug} (${entry.body.length})`)).toEqual([]);
  });

  it('names only decisions that exist where the code cites one', () => {
    const slugs = new Set(decisionEntries(read('decisions.md')).map((entry) => entry.slug));
    const cited = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(m?ts|json)$/u.test(entry.name)) {
          for (const match of readFileSync(path, 'utf8').matchAll(/decision `([a-z0-9-]+)`/gu)) cited.add(match[1] ?? '');
        }
      }
    };
    walk(join(docs, '..', 'src'));
    expect([...cited].filter((slug) => !slugs.has(slug))).toEqual([]);
  });
});
