import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';
import type { ExportSink, ExportSinks } from '../../application/ports/account-export';

/**
 * ZIP archives written with yazl as they are read. yazl asks for each file's stream only when the archive reaches
 * it (`addReadStreamLazy`) and deflates it through a bounded pipe, so a file's chunks are produced at the pace the
 * reader of `output` takes them.
 */
/** yazl, loaded with the first export: a process that never exports never loads it. */
function zipFileClass(): typeof ZipFile {
  return (createRequire(__filename)('yazl') as { ZipFile: typeof ZipFile }).ZipFile;
}

export class ZipExportSinks implements ExportSinks {
  open(): ExportSink {
    return new ZipExportSink(new Date());
  }
}

class ZipExportSink implements ExportSink {
  readonly #zip = new (zipFileClass())();
  // yazl's output is a PassThrough; its types say only NodeJS.ReadableStream.
  readonly #output = this.#zip.outputStream as unknown as Readable;
  #ended = false;
  #failure: Error | null = null;
  // The file being written, so a reader who leaves stops its source at once.
  #current: Readable | null = null;

  constructor(private readonly mtime: Date) {
    // The reader left (or the archive failed) before the end: stop reading the current file's source.
    this.#output.once('close', () => {
      if (this.#ended) return;
      this.#failure ??= new Error('the reader of the export left before its end');
      this.#current?.destroy(this.#failure);
    });
  }

  get output(): NodeJS.ReadableStream {
    return this.#output;
  }

  add(name: string, chunks: () => AsyncIterable<string | Uint8Array>): Promise<void> {
    if (this.#failure !== null) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#zip.addReadStreamLazy(name, { mtime: this.mtime }, (give) => {
        if (this.#failure !== null) {
          reject(this.#failure);
          return;
        }
        const source = Readable.from(chunks(), { objectMode: false });
        this.#current = source;
        source.once('end', () => resolve());
        source.once('error', (error) => {
          reject(error);
          this.fail(error);
        });
        source.once('close', () => {
          if (!source.readableEnded) reject(this.#failure ?? new Error(`${name} was not written to its end`));
        });
        give(null, source);
      });
    });
  }

  end(): void {
    if (this.#failure !== null || this.#ended) return;
    this.#ended = true;
    this.#zip.end();
  }

  fail(error: Error): void {
    if (this.#ended && this.#output.readableEnded) return;
    this.#failure ??= error;
    this.#current?.destroy(error);
    this.#output.destroy(error);
  }
}
