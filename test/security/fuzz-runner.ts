import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { KYSELY } from '../../src/adapters/persistence/kysely/database';
import type { Schema } from '../../src/adapters/persistence/kysely/schema';
import { SCOPES } from '../../src/domain/scopes';
import { databaseFingerprinter } from '../support/database-fingerprint';
import { postNote, postNotemap } from '../support/notemap-helpers';
import { rawHttpRequest, sendRaw } from '../support/raw-client';
import { routeCollector, routeKey, type RouteEntry } from '../support/route-table';
import { createTestApp, type TestApp } from '../support/test-app';
import { FUZZ_RUNS, FUZZ_SEED, requestsAt, type KnownValues } from './fuzz-arbitraries';

/** How long a fuzzed request may take to be answered before the run counts it as never answered. */
const ANSWER_WITHIN_MS = 20_000;

/**
 * Fuzzes routes of the real server on a listening socket (so `X-HTTP-Method-Override`, raw bytes and the
 * method-override server are in play) over the database storage. Invariants for every request: an answer
 * comes, it is not a 5xx, Object.prototype stays clean, a 4xx is the error envelope, and a 4xx stored
 * nothing (the database fingerprint is unchanged). `fuzz` returns a line naming the route, seed and shrunk
 * request when the property failed, else null.
 */
export interface FuzzSession {
  routes: RouteEntry[];
  fuzz(route: RouteEntry, freshFixture: boolean): Promise<string | null>;
  /** How many answers of each status the session saw: evidence that requests reach past validation. */
  statuses: Map<number, number>;
  close(): Promise<void>;
}

export async function startFuzzSession(): Promise<FuzzSession> {
  const collector = routeCollector();
  const t = await createTestApp({ storage: 'database', onRoute: collector.onRoute });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const fingerprint = await databaseFingerprinter(t.container.resolve<Kysely<Schema>>(KYSELY));
  const fuzzer = await t.createUser('fuzzer');
  const token = await t.token(fuzzer, SCOPES.join(' '));
  let counter = 0;
  let known = await fixture(t, token, fuzzer.id, (counter += 1));
  const statuses = new Map<number, number>();
  const messages = new Map<string, number>();

  return {
    routes: collector.routes.filter((r) => r.url.startsWith('/v2/')),
    async fuzz(route, freshFixture) {
      if (freshFixture) known = await fixture(t, token, fuzzer.id, (counter += 1));
      let current = await fingerprint();
      const property = fc.asyncProperty(requestsAt(route.method, route.url, token, known), async (request) => {
        // "Always answers" is the property, not a speed: the first GET /v2/openapi.json builds the document (0.4 s alone)
        // and took over 5 s once beside the rest of a full run; a hang still fails after ANSWER_WITHIN_MS.
        const reply = await sendRaw(port, rawHttpRequest(request.method, request.target, request.headers, request.body), ANSWER_WITHIN_MS);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        if (process.env.FUZZ_VERBOSE && reply.status >= 400) {
          const message = /"message":"([^"]{0,50})/.exec(reply.body)?.[1] ?? '';
          messages.set(message, (messages.get(message) ?? 0) + 1);
        }
        if (reply.status >= 500) throw new Error(`answered ${reply.status}: ${reply.body.slice(0, 300)}`);
        // The server runs in this process: a `__proto__[polluted]` key that reached Object.prototype shows here.
        const probe: Record<string, unknown> = {};
        if (probe.polluted !== undefined || probe.x !== undefined) throw new Error('Object.prototype was polluted');
        const after = await fingerprint();
        if (reply.status >= 400) {
          const envelope = JSON.parse(reply.body) as { meta?: { http_status?: number } };
          if (envelope.meta?.http_status !== reply.status) throw new Error(`a ${reply.status} without the error envelope: ${reply.body.slice(0, 300)}`);
          if (after !== current) throw new Error(`a ${reply.status} changed the database:\n  before ${current}\n  after  ${after}\n  body ${reply.body.slice(0, 300)}`);
        }
        current = after;
      });
      const details = await fc.check(property, { seed: FUZZ_SEED, numRuns: FUZZ_RUNS, endOnFailure: false });
      if (!details.failed) return null;
      const example = details.counterexample?.[0];
      return `${routeKey(route)} (seed ${details.seed}, path ${details.counterexamplePath ?? ''}): ` +
        `${example?.describe ?? '?'}\n  → ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`;
    },
    statuses,
    close: async () => {
      if (process.env.FUZZ_VERBOSE) console.log([...messages].sort((a, b) => b[1] - a[1]).slice(0, 15));
      await t.close();
    },
  };
}

/** Something at every kind of path: notes (public, private, tagged), a comment, a notemap, follows, a place. */
async function fixture(t: TestApp, token: string, fuzzerId: number, n: number): Promise<KnownValues> {
  const other = await t.createUser(`other${n}`);
  const otherToken = await t.token(other, SCOPES.join(' '));
  const tag = `fuzztag${n}`;
  const mine = await postNote(t, token, { message: `Mine #${tag}`, city: 'Fuzzville', country: 'Fuzzland' });
  const hidden = await postNote(t, otherToken, { message: 'Hidden', visibility: 'self' });
  const theirs = await postNote(t, otherToken, { message: 'Theirs', city: 'Fuzzville', country: 'Fuzzland' });
  const comment = await t.request({ method: 'POST', url: `/v2/notes/${theirs}/comments`, token, payload: { comment: 'Hi' } });
  const notemap = await postNotemap(t, token, `Map ${n}`);
  await t.request({ method: 'POST', url: `/v2/notemaps/${notemap}/notes`, token, payload: { note_id: mine } });
  await t.request({ method: 'POST', url: `/v2/notes/${theirs}/favoriters`, token });
  await t.request({ method: 'POST', url: `/v2/users/${other.id}/followers`, token });
  const place = (await t.request({ method: 'GET', url: '/v2/places?city=Fuzzville', token })).json().data[0]?.id as number;
  await t.request({ method: 'POST', url: `/v2/places/${place}/followers`, token });
  return {
    ids: [fuzzerId, other.id, mine, hidden, theirs, comment.json().data.id, notemap, place],
    usernames: ['fuzzer', other.username],
    tags: [tag],
  };
}
