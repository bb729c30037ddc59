import { portToken } from './port-token';
export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** An uploaded image made safe to serve: upright, re-encoded, without metadata. */
export interface ProcessedImage {
  bytes: Uint8Array;
  format: ImageFormat;
  /** Of the stored (re-encoded, rotated) image. */
  width: number;
  height: number;
}

/** Reads uploaded images. */
export interface ImageProcessor {
  /**
   * Decodes a JPEG, PNG or WebP file whatever name or type the client gave it, turns it upright by its
   * EXIF orientation and re-encodes it in the same format without any metadata (EXIF, GPS, XMP, ICC).
   * Null when the bytes are not a whole image in one of those formats.
   */
  normalize(bytes: Uint8Array): Promise<ProcessedImage | null>;
}
export const IMAGE_PROCESSOR = portToken<ImageProcessor>('ImageProcessor');
