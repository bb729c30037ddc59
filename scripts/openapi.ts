import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join, resolve } from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { buildContainer } from '../src/container';
import { captureExamples, EXAMPLES_FILE } from './openapi-examples';

/**
 * `npm run openapi`: writes what is generated from the routes, in order (each step reads the one before):
 * the operations' examples, captured from the service itself; the OpenAPI document; the typed client's types.
 * `npm run openapi -- --check` writes nothing and fails, naming the files, when any of them is not current.
 */
const ROOT = resolve(__dirname, '..');
const DOCUMENT_FILE = 'clients/typescript/openapi.json';
const TYPES_FILE = 'clients/typescript/src/schema.d.ts';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The document /v2/openapi.json serves with the default configuration, built without a database or a port. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const config = { ...loadConfig({}), logLevel: 'silent' as const };
  const app = await buildApp(buildContainer(config, { kind: 'memory' }));
  try {
    await app.ready();
    return (await app.inject({ method: 'GET', url: '/v2/openapi.json' })).json<Record<string, unknown>>();
  } finally {
    await app.close();
  }
}

async function clientTypes(document: Record<string, unknown>): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { alphabetize: false });
  return `// Generated from ${DOCUMENT_FILE} by \`npm run openapi\`: do not edit.\n\n${astToString(ast)}`;
}

async function current(path: string): Promise<string | null> {
  return readFile(join(ROOT, path), 'utf8').catch(() => null);
}

export async function generate(check: boolean): Promise<string[]> {
  const stale: string[] = [];
  const outputs: [string, () => Promise<string>][] = [
    [EXAMPLES_FILE, async () => json(await captureExamples())],
    // In a process of its own, which reads the examples as the step before left them.
    [DOCUMENT_FILE, async () => (await promisify(execFile)(process.execPath, [...process.execArgv, __filename, '--document'], { cwd: ROOT, maxBuffer: 64 << 20 })).stdout],
    [TYPES_FILE, async () => clientTypes(JSON.parse((await current(DOCUMENT_FILE)) ?? '{}') as Record<string, unknown>)],
  ];
  for (const [path, make] of outputs) {
    const text = await make();
    if (text === await current(path)) continue;
    stale.push(path);
    if (!check) await writeFile(join(ROOT, path), text);
  }
  return stale;
}

if (require.main === module && process.argv.includes('--document')) {
  void openApiDocument().then((document) => process.stdout.write(json(document)));
} else if (require.main === module) {
  const check = process.argv.includes('--check');
  void generate(check).then((stale) => {
    if (stale.length === 0) process.stdout.write('openapi: every generated file is current\n');
    else if (check) {
      process.stderr.write(`openapi: not current (run npm run openapi): ${stale.join(', ')}\n`);
      process.exitCode = 1;
    } else process.stdout.write(`openapi: wrote ${stale.join(', ')}\n`);
  }, (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
