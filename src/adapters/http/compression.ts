import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Responses over 1 KiB are compressed with `@fastify/compress`, brotli or gzip as `Accept-Encoding` allows
 * (brotli at quality 4: 11, the maximum, costs far more time than it saves bytes on a page of JSON). Images
 * are compressed already and left alone (the plugin compresses text, JSON and XML types only). Request bodies
 * are never decompressed. The plugin adds its hook to each route as it is added, after the app's own `onSend`
 * hooks, so an ETag is computed over the uncompressed body: register before the routes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  });
  // The plugin adds `accept-encoding` to Vary unless it finds that exact lowercase text, so a Vary that already
  // names `Accept-Encoding` would name it twice: a last onSend on each route, after the plugin's, keeps one.
  app.addHook('onRoute', (route) => {
    const hooks = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...hooks, varyOnce];
  });
}

function varyOnce(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
  // Only a compressed answer had `accept-encoding` added by the plugin.
  const vary = reply.hasHeader('content-encoding') ? reply.getHeader('vary') : undefined;
  if (typeof vary === 'string' && vary.includes(',')) {
    const seen = new Set<string>();
    const names = vary.split(',').map((name) => name.trim()).filter((name) => {
      const key = name.toLowerCase();
      if (name === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    reply.header('vary', names.join(', '));
  }
  done(null, payload);
}
