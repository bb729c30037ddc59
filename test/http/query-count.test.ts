import { createTestApp, type TestApp } from '../support/test-app';

// The read models promise a fixed number of SQL statements per page, whatever its size.
describe('SQL statements per request', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const users = await Promise.all(['gil', 'hal', 'ida'].map((name) => t.createUser(name)));
    for (const [i, user] of users.entries()) {
      const userToken = await t.token(user, 'notes');
      for (let n = 0; n < 8; n++) {
        await t.request({ method: 'POST', url: '/v2/notes', token: userToken, payload: { message: `#t${n} note ${i}.${n} #all`, latitude: n, longitude: i } });
      }
    }
    token = await t.token(users[0]!, 'readall');
  });
  afterAll(() => t.close());

  const statementsFor = async (url: string, withToken: boolean) => {
    t.resetQueries();
    const res = await t.request({ method: 'GET', url, token: withToken ? token : undefined });
    expect(res.statusCode).toBe(200);
    return t.queries.length;
  };

  it.each([
    ['/v2/notes', false],
    ['/v2/notes', true],
    ['/v2/tags/all/notes', true],
  ])('%s costs as much for 20 notes as for 1 (token: %s)', async (path, withToken) => {
    const one = await statementsFor(`${path}?limit=1`, withToken);
    const twenty = await statementsFor(`${path}?limit=20`, withToken);
    expect(twenty).toBe(one);
    expect(one).toBeLessThanOrEqual(withToken ? 4 : 3);
  });

  it('a user\'s notes cost the same for 1 and 20', async () => {
    const user = (await t.request({ method: 'GET', url: '/v2/users/by_username/gil' })).json().data;
    const one = await statementsFor(`/v2/users/${user.id}/notes?limit=1`, true);
    expect(await statementsFor(`/v2/users/${user.id}/notes?limit=20`, true)).toBe(one);
  });
});
