import { signUp, WebAgent } from '../support/web-agent';
import { createMailTestApp, type MailTestApp } from '../support/mail-app';
import { linkIn } from '../support/smtp-test-server';
import { TEST_PUBLIC_URL } from '../support/test-config';

// Changing the e-mail address (§18): the password is required, an address another account uses is 400, the old
// address gets a notice when the change is asked, and the new one takes effect only once verified through its link.
jest.setTimeout(60_000);

const PASSWORD = 'correct horse battery';
const path = (link: string) => link.slice(TEST_PUBLIC_URL.length);

describe('changing the e-mail address', () => {
  let m: MailTestApp;
  let agent: WebAgent;
  beforeAll(async () => {
    m = await createMailTestApp();
    agent = new WebAgent(m.t.app);
    await signUp(agent, 'mover', PASSWORD);
    await m.t.createUser('holder', { email: 'holder@example.com' });
  });
  afterAll(() => m.close());

  const change = async (fields: { email: string; password: string }) => agent.post('/settings/security/email', fields, await agent.get('/settings/security'));

  it('shows the form on the account page, with the address and whether it is verified', async () => {
    const page = await agent.get('/settings/security');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/settings/security/email"');
    expect(page.body).toContain('Your address is <strong>mover@example.com</strong> (verified)');
  });

  it('refuses a wrong password and an address another account uses, 400, sending nothing', async () => {
    const wrong = await change({ email: 'new@example.org', password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The password is not your password.');
    const taken = await change({ email: 'HOLDER@example.com', password: PASSWORD });
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toContain('The new e-mail address is used by another account.');
    const invalid = await change({ email: 'not an address', password: PASSWORD });
    expect(invalid.statusCode).toBe(400);
    await m.deliver();
    expect(m.smtp.to('new@example.org')).toEqual([]);
    expect(m.smtp.to('mover@example.com').filter((mail) => mail.subject.includes('being changed'))).toEqual([]);
  });

  it('asks the new address to verify, tells the old one, and changes only once the link is used', async () => {
    const asked = await change({ email: 'Moved@Example.org', password: PASSWORD });
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe('/settings/security?email-change=sent#email');
    expect((await agent.get('/settings/security?email-change=sent')).body).toContain('A link is on its way to the new address.');
    await m.deliver();
    const [notice] = (await m.smtp.waitFor('mover@example.com', 2)).filter((mail) => mail.subject.includes('being changed'));
    expect(notice).toMatchObject({ to: 'mover@example.com', subject: 'Your Place Notes e-mail address is being changed' });
    expect(notice?.text).toContain('Moved@Example.org');
    const [verification] = await m.smtp.waitFor('moved@example.org');
    expect(verification).toMatchObject({ subject: 'Verify your e-mail address for Place Notes' });

    // Until verified, the old address stays: it logs in, and the page shows it.
    expect((await agent.get('/settings/security')).body).toContain('Your address is <strong>mover@example.com</strong>');
    const link = linkIn(verification!, `${TEST_PUBLIC_URL}/verify-email?token=`);
    const page = await agent.get(path(link));
    const verified = await agent.post('/verify-email', { token: new URL(link).searchParams.get('token') ?? '' }, page);
    expect(verified.statusCode).toBe(303);
    expect((await agent.get('/settings/security')).body).toContain('Your address is <strong>Moved@Example.org</strong> (verified)');
    const login = new WebAgent(m.t.app);
    expect((await login.post('/login', { username: 'moved@example.org', password: PASSWORD }, await login.get('/login'))).statusCode).toBe(303);
    const old = new WebAgent(m.t.app);
    expect((await old.post('/login', { username: 'mover@example.com', password: PASSWORD }, await old.get('/login'))).statusCode).toBe(400);
  });

  it('refuses the link when another account took the address meanwhile (409)', async () => {
    const asked = await change({ email: 'contested@example.org', password: PASSWORD });
    expect(asked.statusCode).toBe(303);
    await m.deliver();
    const link = linkIn((await m.smtp.waitFor('contested@example.org'))[0]!, `${TEST_PUBLIC_URL}/verify-email?token=`);
    await m.t.createUser('quick', { email: 'Contested@example.org' });
    const page = await agent.get(path(link));
    const refused = await agent.post('/verify-email', { token: new URL(link).searchParams.get('token') ?? '' }, page);
    expect(refused.statusCode).toBe(409);
    expect((await agent.get('/settings/security')).body).toContain('Your address is <strong>Moved@Example.org</strong>');
  });

  it('sends links for at most 3 changes an hour (429 past it)', async () => {
    const busy = new WebAgent(m.t.app);
    await signUp(busy, 'busy', PASSWORD);
    const ask = async (email: string) => busy.post('/settings/security/email', { email, password: PASSWORD }, await busy.get('/settings/security'));
    for (const n of [1, 2, 3]) expect((await ask(`busy${n}@example.org`)).statusCode).toBe(303);
    const refused = await ask('busy4@example.org');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('3 times in the last hour');
    await m.deliver();
    expect(m.smtp.to('busy4@example.org')).toEqual([]);
    m.clock.advance(3601);
    expect((await ask('busy4@example.org')).statusCode).toBe(303);
  });

  it('needs a session', async () => {
    const stranger = new WebAgent(m.t.app);
    const response = await stranger.post('/settings/security/email', { email: 'x@example.org', password: PASSWORD }, await stranger.get('/login'));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/^\/login/u);
  });
});
