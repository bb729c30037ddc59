import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { UNIT_OF_WORK, type UnitOfWork } from '../../src/application/ports/unit-of-work';
import { postNote, postNotemap } from '../support/notemap-helpers';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';

const ROUNDS = 20;

// A write racing a delete answers as if one of the two came first (decision `write-races-lock-in-order`): each pair is sent at once,
// with fresh resources every round, and no answer may be a 5xx. On PostgreSQL these raced for real (foreign-key
// violations and deadlocks answered 500); PGlite and the memory store serialise them, where they must pass too.
describe.each(ALL_STORAGES)('writes racing a delete over %s storage', (storage) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let aliceAll: string;
  let bobAll: string;
  let users = 0;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    alice = await t.createUser('alice');
    bob = await t.createUser('bob');
    aliceAll = await t.token(alice, 'write notes delete contacts');
    bobAll = await t.token(bob, 'write notes delete contacts');
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });
  const getJson = async (url: string, token?: string) => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const gone = async (url: string) => expect((await t.request({ method: 'GET', url, token: aliceAll })).statusCode).toBe(404);

  /** The answer's status is one of `may` (else the failure shows the answer). */
  const answered = (res: LightMyRequestResponse, may: number[]) =>
    expect(may.includes(res.statusCode) ? 'as expected' : `${res.statusCode} ${res.body}`).toBe('as expected');

  /** Sends both requests at once and checks each answered one of the statuses it may. */
  async function race(
    first: () => Promise<LightMyRequestResponse>, firstMay: number[],
    second: () => Promise<LightMyRequestResponse>, secondMay: number[],
  ): Promise<[number, number]> {
    const [a, b] = await Promise.all([first(), second()]);
    answered(a, firstMay);
    answered(b, secondMay);
    return [a.statusCode, b.statusCode];
  }

  /** Every counter kept on a row equals the rows it counts (database storage; the memory store counts its rows). */
  async function countersAgree(): Promise<void> {
    if (t.database === null) return;
    const { rows } = await sql<{ id: number }>`
      select n.id from notes n
      where n.favoriters_count <> (select count(*) from note_favorites f where f.note_id = n.id)
        or n.finders_count <> (select count(*) from note_finds f where f.note_id = n.id)
        or n.notemaps_count <> (select count(*) from notemap_notes m where m.note_id = n.id)
        or n.comments_count <> (select count(*) from comments c where c.note_id = n.id)
      union all
      select c.id from comments c where c.favoriters_count <> (select count(*) from comment_favorites f where f.comment_id = c.id)`
      .execute(t.database.kysely);
    expect(rows).toEqual([]);
  }

  afterEach(countersAgree);

  const deleteNote = (id: number, token = aliceAll) => () => send('DELETE', `/v2/notes/${id}`, token);
  const deleteNotemap = (id: number) => () => send('DELETE', `/v2/notemaps/${id}`, aliceAll);

  it('following a notemap while it is deleted: 201 or 404, and no follow of it is left', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const map = await postNotemap(t, aliceAll, `followed ${round}`);
      await race(() => send('POST', `/v2/notemaps/${map}/followers`, bobAll), [201, 404], deleteNotemap(map), [200]);
      await gone(`/v2/notemaps/${map}`);
    }
    expect((await getJson(`/v2/users/${bob.id}/followed_notemaps`)).meta.count).toBe(0);
  });

  it('ending a notemap follow while the notemap is deleted: 200 or 404', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const map = await postNotemap(t, aliceAll, `unfollowed ${round}`);
      expect((await send('POST', `/v2/notemaps/${map}/followers`, bobAll)).statusCode).toBe(201);
      await race(() => send('DELETE', `/v2/notemaps/${map}/followers/${bob.id}`, bobAll), [200, 404], deleteNotemap(map), [200]);
      await gone(`/v2/notemaps/${map}`);
    }
  });

  it('adding a note to a notemap while the notemap is deleted: 201 or 404, and the note counts no notemap', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [map, note] = await Promise.all([postNotemap(t, aliceAll, `emptied ${round}`), postNote(t, bobAll)]);
      await race(() => send('POST', `/v2/notemaps/${map}/notes`, aliceAll, { note_id: note }), [201, 404], deleteNotemap(map), [200]);
      await gone(`/v2/notemaps/${map}`);
      expect((await getJson(`/v2/notes/${note}`)).data.notemaps.meta.count).toBe(0);
    }
  });

  it('adding a note to a notemap while the note is deleted: 201 or 404, and the notemap holds nothing', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [map, note] = await Promise.all([postNotemap(t, aliceAll, `holds ${round}`), postNote(t, bobAll)]);
      await race(() => send('POST', `/v2/notemaps/${map}/notes`, aliceAll, { note_id: note }), [201, 404], deleteNote(note, bobAll), [200]);
      await gone(`/v2/notes/${note}`);
      expect((await getJson(`/v2/notemaps/${map}/notes`)).meta.count).toBe(0);
    }
  });

  it('removing a note from a notemap while the note is deleted: 200 or 404, and the notemap holds nothing', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [map, note] = await Promise.all([postNotemap(t, aliceAll, `loses ${round}`), postNote(t, bobAll)]);
      expect((await send('POST', `/v2/notemaps/${map}/notes`, aliceAll, { note_id: note })).statusCode).toBe(201);
      await race(() => send('DELETE', `/v2/notemaps/${map}/notes/${note}`, aliceAll), [200, 404], deleteNote(note, bobAll), [200]);
      expect((await getJson(`/v2/notemaps/${map}/notes`)).meta.count).toBe(0);
    }
  });

  it('deleting a notemap while a note in it is deleted: both 200, both gone', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [map, note, kept] = await Promise.all([postNotemap(t, aliceAll, `both ${round}`), postNote(t, bobAll), postNote(t, bobAll)]);
      for (const id of [kept, note]) expect((await send('POST', `/v2/notemaps/${map}/notes`, aliceAll, { note_id: id })).statusCode).toBe(201);
      await race(deleteNotemap(map), [200], deleteNote(note, bobAll), [200]);
      await gone(`/v2/notemaps/${map}`);
      await gone(`/v2/notes/${note}`);
      expect((await getJson(`/v2/notes/${kept}`)).data.notemaps.meta.count).toBe(0);
    }
  });

  describe.each([
    { relation: 'favorite', segment: 'favoriters', list: 'favorites' },
    { relation: 'find', segment: 'finders', list: null },
  ])('a $relation of a note being deleted', ({ segment, list }) => {
    it('adding it: 201 or 404', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const note = await postNote(t, aliceAll);
        await race(() => send('POST', `/v2/notes/${note}/${segment}`, bobAll), [201, 404], deleteNote(note), [200]);
        await gone(`/v2/notes/${note}`);
      }
      if (list !== null) expect((await getJson(`/v2/users/${bob.id}/${list}`, bobAll)).meta.count).toBe(0);
    });

    it('removing it: 200 or 404', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const note = await postNote(t, aliceAll);
        expect((await send('POST', `/v2/notes/${note}/${segment}`, bobAll)).statusCode).toBe(201);
        await race(() => send('DELETE', `/v2/notes/${note}/${segment}/${bob.id}`, bobAll), [200, 404], deleteNote(note), [200]);
        await gone(`/v2/notes/${note}`);
      }
      if (list !== null) expect((await getJson(`/v2/users/${bob.id}/${list}`, bobAll)).meta.count).toBe(0);
    });
  });

  describe('a comment favorite', () => {
    const newComment = async (note: number): Promise<number> => {
      const res = await send('POST', `/v2/notes/${note}/comments`, aliceAll, { comment: 'Nice' });
      expect(res.statusCode).toBe(201);
      return res.json().data.id;
    };

    it('added or removed while the note is deleted: 201/200 or 404', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const note = await postNote(t, aliceAll);
        const [liked, unliked] = await Promise.all([newComment(note), newComment(note)]);
        expect((await send('POST', `/v2/notes/${note}/comments/${unliked}/favoriters`, bobAll)).statusCode).toBe(201);
        const [add, remove] = await Promise.all([
          send('POST', `/v2/notes/${note}/comments/${liked}/favoriters`, bobAll),
          send('DELETE', `/v2/notes/${note}/comments/${unliked}/favoriters/${bob.id}`, bobAll),
          deleteNote(note)().then((res) => expect(res.statusCode).toBe(200)),
        ]);
        answered(add, [201, 404]);
        answered(remove, [200, 404]);
      }
    });

    it('added while the comment is deleted: 201 or 404', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const note = await postNote(t, aliceAll);
        const comment = await newComment(note);
        await race(
          () => send('POST', `/v2/notes/${note}/comments/${comment}/favoriters`, bobAll), [201, 404],
          () => send('DELETE', `/v2/notes/${note}/comments/${comment}`, aliceAll), [200],
        );
        expect((await getJson(`/v2/notes/${note}`)).data.comments.meta.count).toBe(0);
      }
    });
  });

  it('following a user whose account is being deleted: 201 or 404, and no follow of them is left', async () => {
    const uow = t.container.resolve<UnitOfWork>(UNIT_OF_WORK);
    for (let round = 0; round < ROUNDS; round++) {
      const leaving = await t.createUser(`leaving${users++}`);
      const [follow] = await Promise.all([
        send('POST', `/v2/users/${leaving.id}/followers`, bobAll),
        uow.run(({ users: repository }) => repository.delete(leaving.id)),
      ]);
      answered(follow, [201, 404]);
      expect((await t.request({ method: 'GET', url: `/v2/users/${leaving.id}` })).statusCode).toBe(404);
    }
    expect((await getJson(`/v2/users/${bob.id}/following`)).meta.count).toBe(0);
  });
});
