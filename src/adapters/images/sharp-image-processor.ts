import type sharp from 'sharp';
import type { ImageFormat, ImageProcessor, ImageRefusal, ProcessedImage } from '../../application/ports/image-processor';
import { Slots } from '../../application/slots';

const FORMATS = new Set<string>(['jpeg', 'png', 'webp']);
/** Decodes at once: each holds width × height × 3 bytes or so while it runs, the rest wait their turn. */
export const DECODES_AT_ONCE = 2;

let loading: Promise<typeof sharp> | undefined;

/**
 * sharp and libvips, loaded at the first image rather than at start: they hold about 20 MB that a process
 * serving no upload never needs. libvips caches recent operations (and their pixels) by default; every
 * upload here is decoded once, by one thread.
 */
function loadSharp(): Promise<typeof sharp> {
  loading ??= import('sharp').then(({ default: library }) => {
    library.cache(false);
    library.concurrency(1);
    return library;
  });
  return loading;
}

/**
 * libvips through sharp: sniffs the content, rotates by EXIF, re-encodes without metadata. Decoding runs on
 * libuv's thread pool, never on the event loop, one libvips thread per image and at most DECODES_AT_ONCE
 * images at a time, so uploads neither stall other requests nor add up in memory.
 */
export class SharpImageProcessor implements ImageProcessor {
  private readonly slots = new Slots(DECODES_AT_ONCE);

  /** How many decodes run now (at most DECODES_AT_ONCE) and how many wait. */
  get load(): { running: number; waiting: number } {
    return { running: this.slots.running, waiting: this.slots.waiting };
  }

  normalize(bytes: Uint8Array, maxPixels: number): Promise<ProcessedImage | ImageRefusal> {
    return this.slots.run(() => this.decode(bytes, maxPixels));
  }

  private async decode(bytes: Uint8Array, maxPixels: number): Promise<ProcessedImage | ImageRefusal> {
    const sharp = await loadSharp();
    const input: sharp.SharpOptions = { failOn: 'warning', limitInputPixels: maxPixels, sequentialRead: true };
    let format: string | undefined;
    try {
      // The header alone: the content decides, not the file name or declared type; SVG, GIF, TIFF, HEIF… are refused.
      const meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
      if (meta.width * meta.height > maxPixels) return 'too_many_pixels';
      format = meta.format;
    } catch {
      return 'not_an_image';
    }
    if (!FORMATS.has(format)) return 'not_an_image';
    try {
      const pipeline = sharp(bytes, input).autoOrient();
      // sharp writes no metadata unless asked to (keepMetadata/withMetadata): EXIF, GPS and XMP go.
      const encoded = format === 'jpeg' ? pipeline.jpeg({ quality: 90, mozjpeg: true })
        : format === 'png' ? pipeline.png()
          : pipeline.webp({ quality: 90 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { bytes: data, format: format as ImageFormat, width: info.width, height: info.height };
    } catch {
      // Truncated, corrupt, or not an image at all: libvips says why, but the client only needs "not an image".
      return 'not_an_image';
    }
  }
}
