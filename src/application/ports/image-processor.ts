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

/** Why an upload is not stored: not a whole JPEG, PNG or WebP image, or more pixels than allowed. */
export type ImageRefusal = 'not_an_image' | 'too_many_pixels';

/** Reads uploaded images. */
export interface ImageProcessor {
  /**
   * Decodes a JPEG, PNG or WebP file whatever name or type the client gave it, turns it upright by its
   * EXIF orientation and re-encodes it in the same format without any metadata (EXIF, GPS, XMP, ICC).
   * Refuses, before decoding, a picture of more than `maxPixels`.
   */
  normalize(bytes: Uint8Array, maxPixels: number): Promise<ProcessedImage | ImageRefusal>;
}
export const IMAGE_PROCESSOR = portToken<ImageProcessor>('ImageProcessor');
