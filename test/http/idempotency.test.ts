import { sql } from 'kysely';
import { HandClock } from '../support/hand-clock';
import { fields, filePart, makeImage, multipart } from '../support/multipart';
import { ALL_STORAGES, createTestApp, type TestApp } from '../support/test-app';

// Safe retries with Idempotency-Key (docs/api.md).
describe.each(ALL_STORAGES)('Idempotency-Key over %s storage', (storage) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    const user = await t.createUser('retrier');
    token = await t.token(user, 'notes write');
    otherToken = await t.token(await t.createUser('someone'), 'notes write');
  });
  afterAll(() => t.close());

  const NOTE = { message: 'posted once', latitude: 3, longitude: 4 };
  const post = (key: string | undefined, payload: Record<string, unknown> = NOTE, as = token, url = '/v2/notes') =>
    t.request({ method: 'POST', url, token: as, payload, headers: key === undefined ? {} : { 'idempotency-key': key } });
  const countNotes = async (message: string) =>
    ((await t.request({ method: 'GET', url: `/v2/notes?limit=100&q=${encodeURIComponent(message)}`, token })).json().data as { message: string }[])
      .filter((note) => note.message === message).length;

  it('replays the first answer to a repeat, with Idempotent-Replayed, and makes nothing twice', async () => {
    const payload = { ...NOTE, message: 'replayed note alpha' };
    const first = await post('key-alpha', payload);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('key-alpha', payload);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(await countNotes('replayed note alpha')).toBe(1);
  });

  it('answers 422 idempotency_key_reused to the same key with another body or path, changing nothing', async () => {
    await post('key-beta', { ...NOTE, message: 'beta one' });
    const other = await post('key-beta', { ...NOTE, message: 'beta two' });
    expect(other.statusCode).toBe(422);
    expect(other.json().meta.error.type).toBe('idempotency_key_reused');
    const elsewhere = await post('key-beta', { name: 'a map' }, token, '/v2/notemaps');
    expect(elsewhere.statusCode).toBe(422);
    expect(await countNotes('beta two')).toBe(0);
  });

  it('keeps keys per caller: another user may use the same key', async () => {
    const mine = await post('key-gamma', { ...NOTE, message: 'gamma' });
    const theirs = await post('key-gamma', { ...NOTE, message: 'gamma' }, otherToken);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
  });

  it('keeps 4xx answers too', async () => {
    const bad = await post('key-delta', { message: '', latitude: 3, longitude: 4 });
    expect(bad.statusCode).toBe(400);
    const again = await post('key-delta', { message: '', latitude: 3, longitude: 4 });
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // A corrected body is another request: a new key is needed.
    expect((await post('key-delta', { ...NOTE, message: 'delta fixed' })).statusCode).toBe(422);
  });

  it('refuses a key that is empty, too long or not printable ASCII, naming the header', async () => {
    for (const key of ['x'.repeat(256), 'tab\there', 'ünïcode']) {
      const res = await post(key);
      expect(res.statusCode).toBe(400);
      expect(res.json().meta.error.fields).toEqual([{ name: 'Idempotency-Key', problem: 'must be 1 to 255 printable ASCII characters' }]);
    }
    expect((await post('x'.repeat(255), { ...NOTE, message: 'long key' })).statusCode).toBe(201);
  });

  it('works for comments too; a request refused by authentication claims no key', async () => {
    const noteId = (await post(undefined, { ...NOTE, message: 'host of comments' })).json().data.id;
    const url = `/v2/notes/${noteId}/comments`;
    const c1 = await post('key-comment', { comment: 'only once' }, token, url);
    const c2 = await post('key-comment', { comment: 'only once' }, token, url);
    expect(c2.headers['idempotent-replayed']).toBe('true');
    expect(c2.json().data.id).toBe(c1.json().data.id);
    const comments = (await t.request({ method: 'GET', url, token })).json().data as { comment: string }[];
    expect(comments.filter((c) => c.comment === 'only once')).toHaveLength(1);
    // Authentication refuses before a key is claimed: a 401 is answered afresh each time, never kept.
    for (let i = 0; i < 2; i++) {
      const anonymous = await t.request({ method: 'POST', url: '/v2/notes', payload: NOTE, headers: { 'idempotency-key': 'anon' } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['idempotent-replayed']).toBeUndefined();
    }
  });

  it('makes one note of two identical requests sent at once: the other is 409 or a replay', async () => {
    const payload = { ...NOTE, message: 'raced note epsilon' };
    const answers = await Promise.all([post('key-race', payload), post('key-race', payload)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect([[201, 201], [201, 409]]).toContainEqual(statuses);
    expect(await countNotes('raced note epsilon')).toBe(1);
  });

  it('binds a key to an upload by its bytes: the same upload is replayed, another image with the key is 422', async () => {
    const small = await makeImage('jpeg', 32, 24);
    const other = await makeImage('jpeg', 33, 24);
    const upload = (image: Buffer) => {
      const body = multipart([...fields({ message: 'with a picture', latitude: 5, longitude: 6 }), filePart('image', 'jpeg', image)]);
      return t.request({ method: 'POST', url: '/v2/notes', token, payload: body.payload, headers: { ...body.headers, 'idempotency-key': 'key-upload' } });
    };
    const first = await upload(small);
    expect(first.statusCode).toBe(201);
    const again = await upload(small);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await upload(other)).statusCode).toBe(422);
  });

  it('ignores Idempotency-Key outside POST /v2', async () => {
    const res = await t.request({ method: 'GET', url: '/v2/notes?limit=1', headers: { 'idempotency-key': 'x'.repeat(300) } });
    expect(res.statusCode).toBe(200);
  });
});

// A process that dies between a write's commit and keeping its answer left a written note with an unanswered key: once
// the claim was taken for abandoned, a retry wrote the note again. The write and its answer now commit together.
describe('Idempotency-Key when keeping the answer fails after the write (database storage)', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  const clock = new HandClock();

  beforeAll(async () => {
    t = await createTestApp({ storage: 'database', clock });
    const user = await t.createUser('survivor');
    userId = user.id;
    token = await t.token(user, 'notes write');
    // Stands for the process dying at that moment: the statement that keeps the answer of a key named crash-… fails.
    await sql`create function fail_keeping_answers() returns trigger language plpgsql as $$
      begin
        if new.key like 'crash-%' and new.status is not null then raise exception 'the process died before keeping the answer'; end if;
        return new;
      end $$`.execute(t.database!.kysely);
  });
  afterAll(() => t.close());

  const failKeeping = (on: boolean) => sql.raw(on
    ? 'create trigger fail_keeping_answers before update on idempotency_keys for each row execute function fail_keeping_answers()'
    : 'drop trigger fail_keeping_answers on idempotency_keys').execute(t.database!.kysely);
  const post = (url: string, payload: Record<string, unknown>, key: string) =>
    t.request({ method: 'POST', url, token, payload, headers: { 'idempotency-key': key } });

  it('writes nothing when the answer cannot be kept, so a retry writes exactly once', async () => {
    const payload = { message: 'written once despite the crash', latitude: 7, longitude: 8 };
    await failKeeping(true);
    const first = await post('/v2/notes', payload, 'crash-note');
    await failKeeping(false);
    expect(first.statusCode).toBe(500);
    expect(first.headers.location).toBeUndefined();
    // Long after the claim would have been taken for abandoned.
    clock.advance(10 * 60);
    const retry = await post('/v2/notes', payload, 'crash-note');
    expect(retry.statusCode).toBe(201);
    const again = await post('/v2/notes', payload, 'crash-note');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(retry.json().data.id);
    const mine = (await t.request({ method: 'GET', url: `/v2/users/${userId}/notes?limit=100`, token })).json().data as { message: string }[];
    expect(mine.filter((note) => note.message === payload.message)).toHaveLength(1);
  });

  it('does the same for a write made in a unit of work (a comment)', async () => {
    const note = (await post('/v2/notes', { message: 'commented on', latitude: 7, longitude: 9 }, 'plain-note')).json().data as { id: number };
    await failKeeping(true);
    const first = await post(`/v2/notes/${note.id}/comments`, { comment: 'said once' }, 'crash-comment');
    await failKeeping(false);
    expect(first.statusCode).toBe(500);
    clock.advance(10 * 60);
    expect((await post(`/v2/notes/${note.id}/comments`, { comment: 'said once' }, 'crash-comment')).statusCode).toBe(201);
    const comments = (await t.request({ method: 'GET', url: `/v2/notes/${note.id}/comments`, token })).json().data as { comment: string }[];
    expect(comments.filter((comment) => comment.comment === 'said once')).toHaveLength(1);
  });

  it('keeps a refusal made after a write was undone, and the database stays usable', async () => {
    const refused = await post('/v2/notes/999999/comments', { comment: 'nowhere' }, 'refused-comment');
    expect(refused.statusCode).toBe(404);
    const repeat = await post('/v2/notes/999999/comments', { comment: 'nowhere' }, 'refused-comment');
    expect(repeat.statusCode).toBe(404);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect((await t.request({ method: 'GET', url: '/v2/notes?limit=1', token })).statusCode).toBe(200);
  });
});
