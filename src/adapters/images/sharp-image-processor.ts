import sharp from 'sharp';
import type { ImageFormat, ImageProcessor, ProcessedImage } from '../../application/ports/image-processor';

const FORMATS = new Set<string>(['jpeg', 'png', 'webp']);
// A decompression bomb (a small file of a huge canvas) must not take the process's memory: 100 megapixels
// is more than any phone camera takes.
const MAX_PIXELS = 100_000_000;
const INPUT: sharp.SharpOptions = { failOn: 'warning', limitInputPixels: MAX_PIXELS, sequentialRead: true };

/** libvips through sharp: sniffs the content, rotates by EXIF, re-encodes without metadata. */
export class SharpImageProcessor implements ImageProcessor {
  async normalize(bytes: Uint8Array): Promise<ProcessedImage | null> {
    try {
      // The content decides, not the file name or declared type; SVG, GIF, TIFF, HEIF… are refused.
      const { format } = await sharp(bytes, INPUT).metadata();
      if (!FORMATS.has(format)) return null;
      const pipeline = sharp(bytes, INPUT).autoOrient();
      // sharp writes no metadata unless asked to (keepMetadata/withMetadata): EXIF, GPS and XMP go.
      const encoded = format === 'jpeg' ? pipeline.jpeg({ quality: 90, mozjpeg: true })
        : format === 'png' ? pipeline.png()
          : pipeline.webp({ quality: 90 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { bytes: data, format: format as ImageFormat, width: info.width, height: info.height };
    } catch {
      // Truncated, corrupt, or not an image at all: libvips says why, but the client only needs "not an image".
      return null;
    }
  }
}
