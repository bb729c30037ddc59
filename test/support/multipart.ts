import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface MultipartPart {
  name: string;
  /** Text for a field; bytes (with a file name) for a file. */
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data request body and its content type, built byte for byte. */
export function multipart(parts: readonly MultipartPart[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----pn${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename === undefined
      ? `form-data; name="${part.name}"`
      : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type = part.contentType ?? (part.filename === undefined ? undefined : 'application/octet-stream');
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Text fields of a note as multipart parts (numbers written as text, as a browser form sends them). */
export function fields(values: Readonly<Record<string, string | number | boolean>>): MultipartPart[] {
  return Object.entries(values).map(([name, value]) => ({ name, value: String(value) }));
}

export type ImageKind = 'jpeg' | 'png' | 'webp';

const MIME: Record<ImageKind, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** An image file part named `name` (the declared type matches the content unless `contentType` says otherwise). */
export function filePart(name: string, kind: ImageKind, bytes: Buffer, options: { filename?: string; contentType?: string } = {}): MultipartPart {
  return { name, value: bytes, filename: options.filename ?? `photo.${EXTENSION[kind]}`, contentType: options.contentType ?? MIME[kind] };
}

/** A camera's GPS position, written into EXIF the way phones do. */
export const GPS_EXIF = {
  IFD0: { Make: 'TestCam', Model: 'PN-1', Copyright: 'secret-owner' },
  IFD3: {
    GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 1234/100',
    GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 1800/100',
  },
};

/**
 * A small image of `width`×`height` in `kind`, optionally with EXIF (GPS) and an EXIF orientation;
 * `noisy` fills it with noise so the file is big enough to cut or damage in the middle.
 */
export async function makeImage(
  kind: ImageKind, width: number, height: number, options: { gps?: boolean; orientation?: number; noisy?: boolean } = {},
): Promise<Buffer> {
  const noise = options.noisy ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 40 } } : {};
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 }, ...noise } });
  if (options.gps) image = image.withExif(GPS_EXIF);
  if (options.orientation !== undefined) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(kind).toBuffer();
}
