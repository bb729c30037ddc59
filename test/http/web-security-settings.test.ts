import { SESSION_REPOSITORY, type SessionRepository } from '../../src/application/ports/session-repository';
import { USER_REPOSITORY, type UserRepository } from '../../src/application/ports/user-repository';
import { HandClock } from '../support/hand-clock';
import { ALL_STORAGES, createTestApp, type TestApp } from '../support/test-app';
import { postLogIn } from '../support/two-step';
import { signUp, WebAgent } from '../support/web-agent';

const PASSWORD = 'correct horse battery';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(ALL_STORAGES)('/settings/security over %s storage', (storage) => {
  let t: TestApp;
  const clock = new HandClock('2026-05-01T10:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ storage, clock });
  });
  afterAll(() => t.close());

  /** A member signed up in one browser and logged in in another. */
  const twoBrowsers = async (username: string) => {
    const laptop = new WebAgent(t.app, { 'user-agent': FIREFOX_LINUX });
    await signUp(laptop, username, PASSWORD);
    const phone = new WebAgent(t.app, { 'user-agent': SAFARI_IPHONE });
    expect((await postLogIn(phone, username, PASSWORD)).statusCode).toBe(303);
    return { laptop, phone };
  };
  const signedIn = async (agent: WebAgent) => (await agent.get('/settings/security')).statusCode === 200;

  it('sends a visitor to log in first, and is linked from the header of the account pages', async () => {
    const anonymous = await new WebAgent(t.app).get('/settings/security');
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe('/login?next=%2Fsettings%2Fsecurity');
    const { laptop } = await twoBrowsers('linked');
    expect((await laptop.get('/settings/account')).body).toContain('<a href="/settings/security">Security</a>');
    // The web pages' rate limit, per client IP, counts it as it counts the log-in page.
    const page = await laptop.get('/settings/security');
    expect(page.headers['x-rate-limit-limit']).toBe((await laptop.get('/login')).headers['x-rate-limit-limit']);
    expect(Number(page.headers['x-rate-limit-remaining'])).toBeLessThan(Number(page.headers['x-rate-limit-limit']));
  });

  it('lists the signed-in browsers: browser and system, last seen as a date and time, the address cut to /24', async () => {
    const { laptop } = await twoBrowsers('lister');
    const page = await laptop.get('/settings/security');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<strong>Firefox 128</strong> on Linux <em>(this browser)</em>');
    expect(page.body).toContain('<strong>Safari 17</strong> on iOS');
    expect(page.body).toContain('Last seen <time datetime="2026-05-01T10:00:00.000Z">2026-05-01 10:00 UTC</time> from <code>127.0.0.0/24</code>');
    expect(page.body.match(/>Sign out<\/button>/gu)).toHaveLength(1);
    expect(page.body).toContain('Sign out all others');
  });

  it('writes last seen at most every 5 minutes, not on each request', async () => {
    const { laptop, phone } = await twoBrowsers('seen');
    const sessions = t.container.resolve<SessionRepository>(SESSION_REPOSITORY);
    const id = (await t.container.resolve<UserRepository>(USER_REPOSITORY).findByUsername('seen'))?.id ?? 0;
    const phoneSession = async () => (await sessions.listOfUser(id, clock.now())).find((s) => s.userAgent === SAFARI_IPHONE);
    const startedAt = (await phoneSession())?.lastSeenAt.toISOString();
    clock.advance(4 * 60);
    await phone.get('/settings/account');
    expect((await phoneSession())?.lastSeenAt.toISOString()).toBe(startedAt);
    clock.advance(60);
    await phone.get('/settings/account');
    expect((await phoneSession())?.lastSeenAt.toISOString()).toBe(clock.now().toISOString());
    expect((await laptop.get('/settings/security')).body).toContain(`<time datetime="${clock.now().toISOString()}">`);
  });

  it('signs out one browser, and all others, keeping this one', async () => {
    const { laptop, phone } = await twoBrowsers('leaver');
    const tablet = new WebAgent(t.app);
    await postLogIn(tablet, 'leaver', PASSWORD);
    const page = await laptop.get('/settings/security');
    const phoneId = /<li id="session-(\d+)"><div><strong>Safari 17/u.exec(page.body)?.[1];
    expect(phoneId).toBeDefined();
    const out = await laptop.post(`/settings/security/sessions/${phoneId}/sign-out`, {}, page);
    expect(out.statusCode).toBe(303);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(tablet)).toBe(true);
    const all = await laptop.post('/settings/security/sessions/sign-out-others', {}, await laptop.get('/settings/security'));
    expect(all.statusCode).toBe(303);
    expect(await signedIn(tablet)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    expect((await laptop.get('/settings/security')).body).toContain('No other browser is signed in.');
  });

  it('does not sign out another member\'s browser (404), nor without the form\'s CSRF token (403)', async () => {
    const { phone } = await twoBrowsers('victim');
    const { laptop: other } = await twoBrowsers('other');
    const victimPage = await phone.get('/settings/security');
    const victimSession = /<li id="session-(\d+)">/u.exec(victimPage.body)?.[1] ?? '';
    const refused = await other.post(`/settings/security/sessions/${victimSession}/sign-out`, {}, await other.get('/settings/security'));
    expect(refused.statusCode).toBe(404);
    const forged = await other.post('/settings/security/sessions/sign-out-others', {});
    expect(forged.statusCode).toBe(403);
    expect(await signedIn(phone)).toBe(true);
  });

  it('changes the password with the current one: a wrong one is refused; the other browsers are signed out, this one stays', async () => {
    const { laptop, phone } = await twoBrowsers('changer');
    const page = await laptop.get('/settings/security');
    const wrong = await laptop.post('/settings/security/password', { current_password: 'not it at all', new_password: 'a new password' }, page);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Current password is not your password.');
    expect(wrong.body).toContain('aria-invalid="true"');
    expect(await signedIn(phone)).toBe(true);
    const short = await laptop.post('/settings/security/password', { current_password: PASSWORD, new_password: 'short' }, page);
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('New password must be at least 8 characters.');
    const changed = await laptop.post('/settings/security/password', { current_password: PASSWORD, new_password: 'a new password' }, page);
    expect(changed.statusCode).toBe(303);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    expect((await postLogIn(new WebAgent(t.app), 'changer', PASSWORD)).statusCode).toBe(400);
    expect((await postLogIn(new WebAgent(t.app), 'changer', 'a new password')).statusCode).toBe(303);
  });
});
