import 'reflect-metadata';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { sha256Hex } from '../src/application/auth/secrets';
import type { Clock } from '../src/application/ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../src/application/ports/unit-of-work';
import { loadConfig } from '../src/config';
import { buildContainer } from '../src/container';
import { parseScopes } from '../src/domain/scopes';
import { WEBHOOK_SENDER, WEBHOOK_URL_CHECK } from '../src/application/ports/webhook-delivery';
import { DeliverWebhooks } from '../src/application/webhooks/deliver-webhooks';
import { DispatchWebhookEvents } from '../src/application/webhooks/dispatch-webhook-events';

/** What one operation's example shows: the request body sent (JSON only) and the answer the service gave. */
export interface OperationExample {
  status: number;
  request?: unknown;
  response: unknown;
}

/** Where the captured examples live; the OpenAPI document (openapi.ts) reads them. */
export const EXAMPLES_FILE = 'src/adapters/http/openapi-examples.json';

/** The public URL the examples show (links in answers are absolute). */
export const EXAMPLE_PUBLIC_URL = 'https://placenotes.example.org';

type Who = 'alice' | 'bob' | null;

interface Step {
  /** The operation this step is the example of; null for a step that only sets the scene. */
  op: string | null;
  /** Not a request: run the webhook worker's two steps once (fan out, then deliver). */
  worker?: true;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  as: Who;
  body?: Record<string, unknown>;
  /** A multipart body (the avatar upload): not shown as the request example. */
  avatar?: true;
}

/**
 * One small story, told to the service through its own API, in order: the answers become the examples of the
 * operations. Alice (user 1) posts notes and a notemap; Bob (user 2) comments, favorites, finds and follows.
 */
const STORY: Step[] = [
  { op: 'createWebhook', method: 'POST', url: '/v2/webhooks', as: 'bob', body: {
    url: 'https://hooks.app.example.org/place-notes', events: ['note.created', 'comment.created'], near: '52.5,13.4', radius: 5000,
  } },
  { op: 'createNote', method: 'POST', url: '/v2/notes', as: 'alice', body: {
    message: 'The best flat white in Kreuzberg, and a quiet garden at the back. #coffee',
    title: 'Café am Kanal', latitude: 52.4959, longitude: 13.4219, street: 'Paul-Lincke-Ufer', streetNumber: '44',
    city: 'Berlin', state: 'Berlin', postalCode: '10999', country: 'Germany', isoCountryCode: 'DE', tags: ['coffee', 'garden'],
  } },
  { op: null, method: 'POST', url: '/v2/notes', as: 'alice', body: {
    message: 'A bench with the whole city at your feet.', latitude: 52.4874, longitude: 13.3865, city: 'Berlin', state: 'Berlin',
    country: 'Germany', isoCountryCode: 'DE', tags: ['view'],
  } },
  { op: 'createNoteComment', method: 'POST', url: '/v2/notes/1/comments', as: 'bob', body: { comment: 'Their cardamom buns are worth the queue.', title: 'Go early' } },
  { op: 'createNoteFavoriter', method: 'POST', url: '/v2/notes/1/favoriters', as: 'bob' },
  { op: 'createNoteFinder', method: 'POST', url: '/v2/notes/1/finders', as: 'bob' },
  { op: 'createNoteCommentFavoriter', method: 'POST', url: '/v2/notes/1/comments/1/favoriters', as: 'alice' },
  { op: 'createNotemap', method: 'POST', url: '/v2/notemaps', as: 'alice', body: { name: 'Coffee in Berlin', description: 'Where I go for a good cup.' } },
  { op: 'createNotemapNote', method: 'POST', url: '/v2/notemaps/1/notes', as: 'alice', body: { note_id: 1 } },
  { op: 'createNotemapFollower', method: 'POST', url: '/v2/notemaps/1/followers', as: 'bob' },
  { op: 'createUserFollower', method: 'POST', url: '/v2/users/1/followers', as: 'bob' },
  { op: 'createPlaceFollower', method: 'POST', url: '/v2/places/1/followers', as: 'bob' },
  { op: 'updateUsersMeAvatar', method: 'PUT', url: '/v2/users/me/avatar', as: 'alice', avatar: true },

  { op: 'listNotes', method: 'GET', url: '/v2/notes?limit=1', as: null },
  { op: 'getNote', method: 'GET', url: '/v2/notes/1', as: null },
  { op: 'getUsersByUsername', method: 'GET', url: '/v2/users/by_username/alice', as: null },
  { op: 'getUser', method: 'GET', url: '/v2/users/1', as: null },
  { op: 'listUserNotes', method: 'GET', url: '/v2/users/1/notes?limit=1', as: null },
  { op: 'listNoteTags', method: 'GET', url: '/v2/notes/1/tags', as: null },
  { op: 'listTagNotes', method: 'GET', url: '/v2/tags/coffee/notes', as: null },
  { op: 'listNoteFavoriters', method: 'GET', url: '/v2/notes/1/favoriters', as: null },
  { op: 'listUserFavorites', method: 'GET', url: '/v2/users/2/favorites', as: null },
  { op: 'listNoteFinders', method: 'GET', url: '/v2/notes/1/finders', as: null },
  { op: 'listNoteComments', method: 'GET', url: '/v2/notes/1/comments', as: null },
  { op: 'getNoteComment', method: 'GET', url: '/v2/notes/1/comments/1', as: 'bob' },
  { op: 'listNotemaps', method: 'GET', url: '/v2/notemaps', as: null },
  { op: 'getNotemap', method: 'GET', url: '/v2/notemaps/1', as: 'bob' },
  { op: 'listNotemapNotes', method: 'GET', url: '/v2/notemaps/1/notes', as: null },
  { op: 'listNotemapNotesWithImages', method: 'GET', url: '/v2/notemaps/1/notes_with_images', as: null },
  { op: 'listNotemapTags', method: 'GET', url: '/v2/notemaps/1/tags', as: null },
  { op: 'listNotemapAuthors', method: 'GET', url: '/v2/notemaps/1/authors', as: null },
  { op: 'listNotemapFollowers', method: 'GET', url: '/v2/notemaps/1/followers', as: null },
  { op: 'listNoteNotemaps', method: 'GET', url: '/v2/notes/1/notemaps', as: null },
  { op: 'listUserNotemaps', method: 'GET', url: '/v2/users/1/notemaps', as: null },
  { op: 'listUserFollowedNotemaps', method: 'GET', url: '/v2/users/2/followed_notemaps', as: null },
  { op: 'listUserFollowedMaps', method: 'GET', url: '/v2/users/2/followed_maps', as: null },
  { op: 'listUserFollowers', method: 'GET', url: '/v2/users/1/followers', as: null },
  { op: 'listUserFollowing', method: 'GET', url: '/v2/users/2/following', as: null },
  { op: 'listPlaces', method: 'GET', url: '/v2/places?city=Berlin', as: null },
  { op: 'getPlace', method: 'GET', url: '/v2/places/1', as: null },
  { op: 'listPlaceNotes', method: 'GET', url: '/v2/places/1/notes?limit=1', as: null },
  { op: 'listPlaceFollowers', method: 'GET', url: '/v2/places/1/followers', as: null },
  { op: 'listUserFollowedPlaces', method: 'GET', url: '/v2/users/2/followed_places', as: null },
  { op: 'listFeed', method: 'GET', url: '/v2/feed?limit=1', as: 'bob' },
  { op: 'listChanges', method: 'GET', url: '/v2/changes?limit=2', as: 'alice' },
  { op: null, method: 'GET', url: '', as: null, worker: true },
  { op: 'listWebhooks', method: 'GET', url: '/v2/webhooks', as: 'bob' },
  { op: 'getWebhook', method: 'GET', url: '/v2/webhooks/1', as: 'bob' },
  { op: 'listWebhookDeliveries', method: 'GET', url: '/v2/webhooks/1/deliveries?limit=2', as: 'bob' },

  { op: 'updateNote', method: 'PUT', url: '/v2/notes/1', as: 'alice', body: { title: 'Café am Kanal (closed Mondays)', tags: ['coffee', 'garden', 'cake'] } },
  { op: 'updateNoteComment', method: 'PUT', url: '/v2/notes/1/comments/1', as: 'bob', body: { comment: 'Their cardamom buns are worth the queue. Go before ten.', title: 'Go early' } },
  { op: 'updateNotemap', method: 'PUT', url: '/v2/notemaps/1', as: 'alice', body: { name: 'Coffee in Berlin', description: 'Where I go for a good cup, north to south.' } },

  { op: 'deleteNoteCommentFavoriter', method: 'DELETE', url: '/v2/notes/1/comments/1/favoriters/1', as: 'alice' },
  { op: null, method: 'POST', url: '/v2/notes/1/comments/1/favoriters', as: 'alice' },
  { op: 'deleteNoteCommentFavorite', method: 'DELETE', url: '/v2/notes/1/comments/1/favorites/1', as: 'alice' },
  { op: 'deleteNoteFavoriter', method: 'DELETE', url: '/v2/notes/1/favoriters/2', as: 'bob' },
  { op: null, method: 'POST', url: '/v2/notes/1/favoriters', as: 'bob' },
  { op: 'deleteNoteFavorite', method: 'DELETE', url: '/v2/notes/1/favorites/2', as: 'bob' },
  { op: 'deleteNoteFinder', method: 'DELETE', url: '/v2/notes/1/finders/2', as: 'bob' },
  { op: 'deleteNotemapFollower', method: 'DELETE', url: '/v2/notemaps/1/followers/2', as: 'bob' },
  { op: 'deleteUserFollower', method: 'DELETE', url: '/v2/users/1/followers/2', as: 'bob' },
  { op: 'deletePlaceFollower', method: 'DELETE', url: '/v2/places/1/followers/2', as: 'bob' },
  { op: 'deleteNotemapNote', method: 'DELETE', url: '/v2/notemaps/1/notes/1', as: 'alice' },
  { op: 'deleteNoteComment', method: 'DELETE', url: '/v2/notes/1/comments/1', as: 'bob' },
  { op: 'deleteNotemap', method: 'DELETE', url: '/v2/notemaps/1', as: 'alice' },
  { op: 'deleteNote', method: 'DELETE', url: '/v2/notes/2', as: 'alice' },
  { op: 'deleteUsersMeAvatar', method: 'DELETE', url: '/v2/users/me/avatar', as: 'alice' },
  { op: 'deleteWebhook', method: 'DELETE', url: '/v2/webhooks/1', as: 'bob' },
  // Last, as a block hides each one's notes from the other.
  { op: 'updateUsersMeBlock', method: 'PUT', url: '/v2/users/me/blocks/1', as: 'bob' },
  { op: 'listUsersMeBlocks', method: 'GET', url: '/v2/users/me/blocks', as: 'bob' },
  { op: 'deleteUsersMeBlock', method: 'DELETE', url: '/v2/users/me/blocks/1', as: 'bob' },
];

/** The secret a new subscription shows is random; the example shows a fixed one of the same shape. */
const EXAMPLE_SECRET = `whsec_${Buffer.alloc(32, 0x5a).toString('base64')}`;

/** A clock the story moves on by one minute per step, from a fixed day, so the examples are the same on every run. */
class StoryClock implements Clock {
  private time = Date.UTC(2026, 4, 1, 9, 0, 0);
  now(): Date { return new Date(this.time); }
  tick(): void { this.time += 60_000; }
}

/** A small PNG for the avatar upload (sharp writes the same bytes for the same input, so the captured hash is stable). */
async function avatarUpload(): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
  const boundary = 'placenotesexample';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    png, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Tells the story to a service over in-memory storage and returns each operation's example, by operationId. */
export async function captureExamples(): Promise<Record<string, OperationExample>> {
  const clock = new StoryClock();
  const config = { ...loadConfig({}), publicUrl: EXAMPLE_PUBLIC_URL, logLevel: 'silent' as const, rateLimitMax: 1_000_000 };
  const container = buildContainer(config, { kind: 'memory' }, { clock });
  // The story's receiver is make-believe: its name is not looked up, and every delivery is answered 204.
  container.register(WEBHOOK_URL_CHECK, { useValue: { problem: async () => null } });
  container.register(WEBHOOK_SENDER, { useValue: { send: async () => ({ delivered: true as const, status: 204 }) } });
  const app = await buildApp(container);
  try {
    await app.ready();
    const uow = container.resolve<UnitOfWork>(UNIT_OF_WORK);
    const tokens: Record<string, string> = {};
    for (const [username, name] of [['alice', 'Alice Example'], ['bob', 'Bob Example']] as const) {
      const userId = await uow.run(({ users }) => users.create({
        username, email: `${username}@placenotes.example.org`, passwordHash: 'not-a-real-hash', name, avatarHash: sha256Hex(username).slice(0, 32),
      }, clock.now()));
      const clientId = await uow.run(({ clients }) => clients.create({
        clientId: `examples-${username}`, secretHash: null, name: 'examples', ownerId: userId, redirectUris: ['https://app.example.org/cb'], allowImplicit: false,
      }, clock.now()));
      tokens[username] = `example-token-${username}`;
      await uow.run(({ tokens: repository }) => repository.create({
        tokenHash: sha256Hex(tokens[username]!), userId, clientId, scopes: parseScopes('read readall write contacts notes delete'), expiresAt: null,
      }, clock.now()));
    }
    const examples: Record<string, OperationExample> = {};
    for (const step of STORY) {
      clock.tick();
      if (step.worker) {
        await container.resolve(DispatchWebhookEvents).execute(50);
        await container.resolve(DeliverWebhooks).execute(16);
        continue;
      }
      const authorization = step.as === null ? {} : { authorization: `Bearer ${tokens[step.as]}` };
      const upload = step.avatar ? await avatarUpload() : null;
      const response = await app.inject({
        method: step.method, url: step.url,
        headers: { ...authorization, ...upload?.headers },
        ...(upload ? { payload: upload.payload } : step.body === undefined ? {} : { payload: step.body }),
      });
      if (response.statusCode >= 300) throw new Error(`${step.method} ${step.url} answered ${response.statusCode}: ${response.body}`);
      if (step.op === null) continue;
      const answer = response.json() as { data?: { secret?: string } };
      if (answer.data?.secret !== undefined) answer.data.secret = EXAMPLE_SECRET;
      examples[step.op] = { status: response.statusCode, ...(step.body === undefined ? {} : { request: step.body }), response: answer };
    }
    return examples;
  } finally {
    await app.close();
  }
}
