import { Type, type TSchema } from 'typebox';
import type { ImageUpload } from '../../../application/images/image-upload';
import { DomainError } from '../../../domain/domain-error';

/**
 * A file field. Multipart files reach the handler as Buffers (body-parsers.ts), which no JSON Schema
 * type describes, so the schema names no type; `uploadFrom` decides what the value may be.
 */
export const uploadField = (description: string) => Type.Optional(Type.Unsafe<unknown>({
  description: `A JPEG, PNG or WebP file of at most 20 MiB, sent as multipart/form-data. ${description}`,
} as TSchema));

/** The content types of a route that takes a file (for the OpenAPI document). */
export const UPLOAD_CONSUMES = ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'];

const isBytes = (value: unknown): value is Uint8Array => value instanceof Uint8Array;

/**
 * The upload sent in the first of `fields` that holds a file: a file with bytes is an upload; an empty
 * value (an empty file part, an empty text field, or null) is null, meaning "remove"; no value at all
 * is undefined. Non-empty text is a 400: files come as multipart parts, not as text.
 */
export function uploadFrom(body: Readonly<Record<string, unknown>>, fields: readonly string[]): ImageUpload | null | undefined {
  let result: ImageUpload | null | undefined;
  for (const field of fields) {
    const value = body[field];
    if (value === undefined) continue;
    if (isBytes(value) && value.length > 0) return { bytes: value, field };
    if (value === null || value === '' || isBytes(value)) {
      result = null;
      continue;
    }
    throw DomainError.invalid([{ name: field, problem: 'must be a file sent as multipart/form-data (or empty, to remove the image)' }]);
  }
  return result;
}
