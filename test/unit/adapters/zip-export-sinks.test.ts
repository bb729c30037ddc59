import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { ZipExportSinks } from '../../../src/adapters/archive/zip-export-sinks';

const run = promisify(execFile);

async function collect(output: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of output as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// The ZIP writer of the export: files in the order added, each read only when the archive reaches it; a failure
// or a reader who leaves ends the archive as an error, never as a shorter archive that looks whole.
describe('ZipExportSinks', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pn-zip-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes the files in order, reading each only when its turn comes', async () => {
    const sink = new ZipExportSinks().open();
    const started: string[] = [];
    const file = (name: string, parts: (string | Uint8Array)[]) => sink.add(name, async function* () {
      started.push(name);
      yield* parts;
    });
    const bytes = collect(sink.output);
    const first = file('a.json', ['{"a":', '1}']);
    const second = file('b/c.bin', [new Uint8Array([1, 2, 3])]);
    await first;
    await second;
    sink.end();
    const path = join(dir, 'ordered.zip');
    await writeFile(path, await bytes);
    expect((await run('unzip', ['-t', path])).stdout).toContain('No errors detected');
    expect((await run('zipinfo', ['-1', path])).stdout.trim().split('\n')).toEqual(['a.json', 'b/c.bin']);
    expect((await run('unzip', ['-p', path, 'a.json'])).stdout).toBe('{"a":1}');
    expect(started).toEqual(['a.json', 'b/c.bin']);
  });

  it('fails the output when a file cannot be read to its end', async () => {
    const sink = new ZipExportSinks().open();
    const bytes = collect(sink.output);
    const added = sink.add('broken.json', async function* () {
      yield '[1,';
      throw new Error('the database went away');
    });
    await expect(added).rejects.toThrow('the database went away');
    await expect(bytes).rejects.toThrow('the database went away');
  });

  it('stops reading the current file when the reader leaves, and refuses further files', async () => {
    const sink = new ZipExportSinks().open();
    let closed = false;
    const added = sink.add('endless.json', async function* () {
      try {
        for (;;) yield 'x'.repeat(65_536);
      } finally {
        closed = true;
      }
    });
    (sink.output as Readable).once('data', () => (sink.output as Readable).destroy());
    (sink.output as Readable).resume();
    await expect(added).rejects.toThrow();
    expect(closed).toBe(true);
    await expect(sink.add('later.json', async function* () {
      yield '{}';
    })).rejects.toThrow();
  });
});
