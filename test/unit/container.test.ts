import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LogInThrottle } from '../../src/application/accounts/log-in-throttle';
import { buildContainer, KYSELY_ADAPTERS, MEMORY_ADAPTERS } from '../../src/container';
import { testConfig } from '../support/test-config';

const SRC = join(__dirname, '../../src');

/** Every `.ts` file under `dir`, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []);
}

const portNames = (table: typeof KYSELY_ADAPTERS) => table.map(({ port }) => port.description ?? '').sort();

describe('the container tables', () => {
  it('bind the same ports for Kysely and for memory, each once', () => {
    expect(portNames(KYSELY_ADAPTERS)).toEqual(portNames(MEMORY_ADAPTERS));
    expect(new Set(KYSELY_ADAPTERS.map((b) => b.port)).size).toBe(KYSELY_ADAPTERS.length);
    expect(new Set(MEMORY_ADAPTERS.map((b) => b.port)).size).toBe(MEMORY_ADAPTERS.length);
    expect(KYSELY_ADAPTERS.map((b) => b.port).every((port) => MEMORY_ADAPTERS.some((m) => m.port === port))).toBe(true);
  });

  it('resolve every bound port to an instance of its adapter (memory storage)', () => {
    const container = buildContainer(testConfig(), { kind: 'memory' });
    for (const { port, adapter } of MEMORY_ADAPTERS) expect(container.resolve(port)).toBeInstanceOf(adapter);
  });

  it('have no dead tokens: every port token is registered by the container and injected somewhere', () => {
    const files = sources(SRC);
    const portFiles = files.filter((file) => file.includes(join('application', 'ports')));
    const declared = portFiles.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^export const ([A-Z_]+) = portToken</gmu)].map((m) => m[1] ?? ''));
    expect(declared.length).toBeGreaterThan(20);
    const container = readFileSync(join(SRC, 'container.ts'), 'utf8');
    const users = files.filter((file) => !portFiles.includes(file) && !file.endsWith('container.ts')).map((file) => readFileSync(file, 'utf8'));
    const dead = declared.filter((name) => {
      const registered = new RegExp(`(bind|register|registerSingleton)\\(${name}\\b`, 'u').test(container);
      const injected = users.some((text) => new RegExp(`(@inject|resolve(<[^>]*>)?)\\(${name}\\)`, 'u').test(text));
      return !(registered && injected);
    });
    expect(dead).toEqual([]);
  });
});

describe('the container', () => {
  it('keeps one log-in throttle however often the use cases are resolved', () => {
    const container = buildContainer(testConfig(), { kind: 'memory' });
    expect(container.resolve(LogInThrottle)).toBe(container.resolve(LogInThrottle));
  });
});
