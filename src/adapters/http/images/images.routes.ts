import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { ReadImage } from '../../../application/images/read-image';
import { ReadAvatar } from '../../../application/users/read-avatar';

const CONTENT_TYPES: Readonly<Record<string, string>> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

// A note image's key is new for every upload, so its URL never changes content: cache it for a year.
const IMAGE_CACHE = 'public, max-age=31536000, immutable';
// An avatar's URL (PUBLIC_URL/avatars/<hash>, docs/api.md) stays the same when the user uploads a new
// one, so it may be cached only briefly; the ETag makes the revalidation after that a cheap 304.
const AVATAR_CACHE = 'public, max-age=300';

/** True when If-None-Match names this entity tag (weak or strong, in a list, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//u, '');
    return candidate === '*' || candidate === etag;
  });
}

/** Sends a stored file: its type from the key's extension, the key as entity tag, 304 when the client has it. */
function sendFile(request: FastifyRequest, reply: FastifyReply, key: string, bytes: Uint8Array, cacheControl: string): FastifyReply {
  const etag = `"${key.replace(/\.[a-z]+$/u, '')}"`;
  const type = CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
  reply.header('cache-control', cacheControl).header('etag', etag).header('x-content-type-options', 'nosniff');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(type).send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** The uploaded files: note images at PUBLIC_URL/images/<key>, avatars at PUBLIC_URL/avatars/<hash>. */
export function registerImageRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const readImage = container.resolve(ReadImage);
  const readAvatar = container.resolve(ReadAvatar);

  api.get('/images/:key', {
    schema: {
      summary: "A note's image (the `urlRoot` of its `image`)", tags: ['images'],
      description: 'Returns the JPEG, PNG or WebP file of a note\'s image. No token is needed: anyone with the URL may fetch it, its key being 128 '
        + 'random bits. A new upload always gets a new URL, so the file is cached for a year (`immutable`); a matching `If-None-Match` gets 304.',
      params: Type.Object({ key: Type.String() }),
    },
  }, async (request, reply) => {
    const bytes = await readImage.execute(request.params.key);
    return sendFile(request, reply, request.params.key, bytes, IMAGE_CACHE);
  });

  api.get('/avatars/:hash', {
    schema: {
      summary: "A user's uploaded avatar (the `urlRoot` of its `avatar`)", tags: ['images'],
      description: 'Returns the avatar a user uploaded (`hash` is the MD5 of their e-mail, as Gravatar uses it), or 404 while they have none; no '
        + 'token is needed. The URL stays the same when the avatar changes, so it is cached for 5 minutes and revalidated by `ETag` '
        + '(a matching `If-None-Match` gets 304).',
      params: Type.Object({ hash: Type.String() }),
    },
  }, async (request, reply) => {
    const { key, bytes } = await readAvatar.execute(request.params.hash);
    return sendFile(request, reply, key, bytes, AVATAR_CACHE);
  });
}
