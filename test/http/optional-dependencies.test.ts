import { createTestApp, type TestApp } from '../support/test-app';
import { signUp, WebAgent } from '../support/web-agent';

// Packages a process needs only for one optional feature are loaded when that feature is first used, so a service
// that never uses it does not carry them (decision `optional-packages-loaded-late`): ioredis with REDIS_URL, yazl with the first export,
// standardwebhooks with the first webhook delivery, nodemailer with the first mail sent through SMTP. Loading any of them through a module import records it here.
interface Recorded { optionalDependenciesLoaded?: string[] }

/** Hoisted with its body, so the mock factories may call it while the import above is being loaded. */
function mockRecord(name: string): void {
  ((globalThis as Recorded).optionalDependenciesLoaded ??= []).push(name);
}

jest.mock('ioredis', () => {
  mockRecord('ioredis');
  return jest.requireActual<object>('ioredis');
});
jest.mock('yazl', () => {
  mockRecord('yazl');
  return jest.requireActual<object>('yazl');
});
jest.mock('standardwebhooks', () => {
  mockRecord('standardwebhooks');
  return jest.requireActual<object>('standardwebhooks');
});

jest.mock('nodemailer', () => {
  mockRecord('nodemailer');
  return jest.requireActual<object>('nodemailer');
});

describe('optional dependencies', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ storage: 'memory' }); });
  afterAll(() => t.close());

  it('are not loaded by a service without Redis that has not exported or delivered anything', async () => {
    const user = await t.createUser('lean');
    const token = await t.token(user, 'notes');
    const created = await t.request({
      method: 'POST', url: '/v2/notes', token,
      payload: { message: 'nothing optional needed', latitude: 38.7, longitude: -9.1 },
    });
    expect(created.statusCode).toBe(201);
    expect((await t.request({ method: 'GET', url: '/v2/notes' })).statusCode).toBe(200);

    expect((globalThis as Recorded).optionalDependenciesLoaded ?? []).toEqual([]);
  });

  it('leave nodemailer unloaded while SMTP_URL is set but no mail has been sent, even with mail queued', async () => {
    const mailing = await createTestApp({ storage: 'memory', config: { smtpUrl: 'smtp://127.0.0.1:9' } });
    try {
      const agent = new WebAgent(mailing.app);
      expect((await signUp(agent, 'queued', 'a long password', { verified: false })).statusCode).toBe(303);
      expect((globalThis as Recorded).optionalDependenciesLoaded ?? []).toEqual([]);
    } finally {
      await mailing.close();
    }
  });
});
