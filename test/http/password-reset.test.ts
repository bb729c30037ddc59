import { MAX_FAILED_LOG_INS } from '../../src/application/accounts/log-in-throttle';
import { signUp, WebAgent } from '../support/web-agent';
import { createMailTestApp, type MailTestApp } from '../support/mail-app';
import { linkIn } from '../support/smtp-test-server';
import { TEST_PUBLIC_URL } from '../support/test-config';

// "Forgot your password?" (§18) through the whole stack and a real SMTP server: the same answer whether or not an
// account matches (and about the same time), the link (1 hour, once), every web session ended by a new password
// while OAuth grants stay, and at most 3 reset mails per account in any hour however the account is named.
jest.setTimeout(120_000);

const OLD = 'the old password';
const NEW = 'a brand new password';
const path = (link: string) => link.slice(TEST_PUBLIC_URL.length);
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('password reset', () => {
  let m: MailTestApp;
  beforeAll(async () => { m = await createMailTestApp(); });
  afterAll(() => m.close());

  async function ask(login: string, agent = new WebAgent(m.t.app)) {
    return agent.post('/forgot-password', { login }, await agent.get('/forgot-password'));
  }

  async function logIn(username: string, password: string) {
    const agent = new WebAgent(m.t.app);
    const response = await agent.post('/login', { username, password }, await agent.get('/login'));
    return { agent, response };
  }

  it('is linked from the log-in page', async () => {
    const page = await new WebAgent(m.t.app).get('/login');
    expect(page.body).toContain('<a href="/forgot-password">Forgot your password?</a>');
  });

  it('mails a link that sets a new password once, ending every web session but keeping OAuth grants', async () => {
    const owner = new WebAgent(m.t.app);
    await signUp(owner, 'rosa', OLD);
    const elsewhere = (await logIn('rosa', OLD)).agent;
    const user = (await m.t.request({ method: 'GET', url: '/v2/users/by_username/rosa' })).json().data as { id: number };
    const token = await m.t.token({ id: user.id, username: 'rosa' }, 'notes');

    expect((await ask('ROSA')).headers.location).toBe('/forgot-password/sent');
    await m.deliver();
    // Beside the sign-up's verification mail (sent at the same turn, in either order).
    const mail = (await m.smtp.waitFor('rosa@example.com', 2)).find((sent) => sent.subject.startsWith('Reset'));
    expect(mail).toMatchObject({ to: 'rosa@example.com', subject: 'Reset your Place Notes password' });
    const link = linkIn(mail!, `${TEST_PUBLIC_URL}/reset-password?token=`);

    const form = await new WebAgent(m.t.app).get(path(link));
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Choose a new password');
    const agent = new WebAgent(m.t.app);
    const page = await agent.get(path(link));
    const short = await agent.post('/reset-password', { token: tokenOf(link), password: 'short' }, page);
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('The new password must be at least 8 characters.');
    const done = await agent.post('/reset-password', { token: tokenOf(link), password: NEW }, page);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/reset-password/done');

    // Every browser signed in is signed out; the old password is gone, the new one works; the application keeps its token.
    for (const browser of [owner, elsewhere]) {
      const settings = await browser.get('/settings/account');
      expect(settings.statusCode).toBe(303);
      expect(settings.headers.location).toMatch(/^\/login/u);
    }
    expect((await logIn('rosa', OLD)).response.statusCode).toBe(400);
    expect((await logIn('rosa@example.com', NEW)).response.statusCode).toBe(303);
    const note = await m.t.request({ method: 'POST', url: '/v2/notes', token, payload: { message: 'still allowed', latitude: 1, longitude: 2 } });
    expect(note.statusCode).toBe(201);

    // Once only.
    const used = await new WebAgent(m.t.app).get(path(link));
    expect(used.statusCode).toBe(410);
    expect(used.body).toContain('This link was already used');
    const replay = await agent.post('/reset-password', { token: tokenOf(link), password: 'yet another password' }, page);
    expect(replay.statusCode).toBe(410);
    expect((await logIn('rosa', 'yet another password')).response.statusCode).toBe(400);
  });

  it('lets a link expire after 1 hour', async () => {
    await m.t.createUser('tardy');
    await ask('tardy');
    await m.deliver();
    const link = linkIn((await m.smtp.waitFor('tardy@example.com'))[0]!, `${TEST_PUBLIC_URL}/reset-password?token=`);
    m.clock.advance(3599);
    const agent = new WebAgent(m.t.app);
    const page = await agent.get(path(link));
    expect(page.statusCode).toBe(200);
    m.clock.advance(1);
    const expired = await agent.post('/reset-password', { token: tokenOf(link), password: NEW }, page);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired');
    expect((await agent.get(path(link))).statusCode).toBe(410);
  });

  it('lets only the newest reset link work, as with verification links', async () => {
    await m.t.createUser('twice');
    await ask('twice');
    await ask('twice@example.com');
    await m.deliver();
    const [first, second] = (await m.smtp.waitFor('twice@example.com', 2)).map((mail) => linkIn(mail, `${TEST_PUBLIC_URL}/reset-password?token=`));
    const older = await new WebAgent(m.t.app).get(path(first!));
    expect(older.statusCode).toBe(410);
    expect(older.body).toContain('A newer link was sent');
    const agent = new WebAgent(m.t.app);
    const page = await agent.get(path(second!));
    expect((await agent.post('/reset-password', { token: tokenOf(second!), password: NEW }, page)).statusCode).toBe(303);
  });

  it('lets the owner log in with the new password at once, even after someone spent the account\'s failed log-ins', async () => {
    await signUp(new WebAgent(m.t.app), 'locked', OLD);
    for (let i = 0; i < MAX_FAILED_LOG_INS; i += 1) await logIn('locked', 'a wrong guess');
    expect((await logIn('locked', OLD)).response.statusCode).toBe(429);
    await ask('locked');
    await m.deliver();
    const mails = await m.smtp.waitFor('locked@example.com', 2);
    const link = linkIn(mails.find((mail) => mail.subject.startsWith('Reset'))!, `${TEST_PUBLIC_URL}/reset-password?token=`);
    const agent = new WebAgent(m.t.app);
    expect((await agent.post('/reset-password', { token: tokenOf(link), password: NEW }, await agent.get(path(link)))).statusCode).toBe(303);
    expect((await logIn('locked', NEW)).response.statusCode).toBe(303);
  });

  it('answers an unknown token 404', async () => {
    const page = await new WebAgent(m.t.app).get('/reset-password?token=nothing-we-sent');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This link is not valid');
  });

  it('sends at most 3 reset mails per account in any hour, however it is named, answering the 4th the same', async () => {
    await m.t.createUser('many', { email: 'Many@Example.com' });
    const answers = [];
    for (const login of ['many', 'many@example.com', 'MANY', 'MANY@EXAMPLE.COM', ' many ']) answers.push(await ask(login));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.headers.location} ${a.body}`)).size).toBe(1);
    await m.deliver();
    await m.smtp.waitFor('Many@Example.com', 3);
    expect(m.smtp.to('Many@Example.com')).toHaveLength(3);
    // Any hour: 30 minutes on, still none; an hour after the first, one more.
    m.clock.advance(1800);
    await ask('many');
    await m.deliver();
    expect(m.smtp.to('Many@Example.com')).toHaveLength(3);
    m.clock.advance(1801);
    await ask('many');
    await m.deliver();
    await m.smtp.waitFor('Many@Example.com', 4);
  });

  it('answers a known and an unknown name with the same status, headers that matter and body', async () => {
    await m.t.createUser('known');
    const known = await ask('known');
    const unknown = await ask('nobody-has-this-name');
    const empty = await ask('');
    for (const answer of [unknown, empty]) {
      expect(answer.statusCode).toBe(known.statusCode);
      expect(answer.headers.location).toBe(known.headers.location);
      expect(answer.body).toBe(known.body);
    }
    const agent = new WebAgent(m.t.app);
    const sent = await agent.get('/forgot-password/sent');
    expect(sent.body).toContain('If an account matches, a link is on its way');
  });

  it('takes about the same time for a known and an unknown name (medians within 5 ms over many tries)', async () => {
    const tries = 40;
    for (let i = 0; i < tries; i += 1) await m.t.createUser(`timed${i}`);
    const agent = new WebAgent(m.t.app);
    const form = await agent.get('/forgot-password');
    const time = async (login: string) => {
      const started = process.hrtime.bigint();
      const answer = await agent.post('/forgot-password', { login }, form);
      expect(answer.statusCode).toBe(303);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    // Warm both paths first, then alternate so load on the machine falls on both alike.
    await time('timed-warm'); await time('nobody-warm');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < tries; i += 1) {
      known.push(await time(`timed${i}`));
      unknown.push(await time(`nobody${i}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    process.stderr.write(`reset timing medians: known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms\n`);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(5);
  });
});
