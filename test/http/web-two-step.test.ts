import { HOME } from '../../src/adapters/web/accounts.routes';
import { ResetTwoStep } from '../../src/application/accounts/reset-two-step';
import { USER_REPOSITORY, type UserRepository } from '../../src/application/ports/user-repository';
import { TEST_PUBLIC_URL } from '../support/test-config';
import { HandClock } from '../support/hand-clock';
import { ALL_STORAGES, createTestApp, type TestApp } from '../support/test-app';
import { postCode, postLogIn, totpCode, turnOnTwoStep } from '../support/two-step';
import { hiddenFields, pkcePair, redirectParams, registerApp, signUp, textOf, WebAgent } from '../support/web-agent';

const PASSWORD = 'correct horse battery';

describe.each(ALL_STORAGES)('two-step sign-in over %s storage', (storage) => {
  let t: TestApp;
  // From the real time: the OAuth library checks a code's expiry against the system clock; the hand clock only moves on.
  const clock = new HandClock(new Date().toISOString());

  beforeAll(async () => {
    t = await createTestApp({ storage, clock });
  });
  afterAll(() => t.close());

  /** A new member with two-step sign-in on, signed in in `agent`; the clock moved past the confirming code's step. */
  const memberWithTwoStep = async (username: string) => {
    const agent = new WebAgent(t.app);
    await signUp(agent, username, PASSWORD);
    const on = await turnOnTwoStep(agent, clock);
    clock.advance(30);
    return { agent, ...on };
  };
  const signedIn = async (agent: WebAgent) => (await agent.get('/settings/security')).statusCode === 200;

  it('shows the key as a QR code drawn inline and as text, under the strict page policy, with no script', async () => {
    const agent = new WebAgent(t.app);
    await signUp(agent, 'qr_reader', PASSWORD);
    const setup = await agent.get('/settings/security/two-step');
    expect(setup.statusCode).toBe(200);
    expect(setup.body).toMatch(/<svg class="qr" role="img" aria-label="[^"]+"[^>]*viewBox="0 0 \d+ \d+"/u);
    expect(setup.body).toMatch(/<path d="(M\d+ \d+h1v1h-1z)+" fill="#000"\/>/u);
    expect(setup.body).not.toContain('<script');
    expect(setup.headers['content-security-policy']).toBe("default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'");
    expect(setup.headers['cache-control']).toBe('no-store');
    // 160 bits: 32 base32 letters, shown in groups of four.
    expect(textOf(setup, 'totp-key')).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/u);
  });

  it('refuses a wrong confirmation code, keeping the same key, and stays off', async () => {
    const agent = new WebAgent(t.app);
    await signUp(agent, 'wrong_confirm', PASSWORD);
    const setup = await agent.get('/settings/security/two-step');
    const key = (textOf(setup, 'totp-key') ?? '').replace(/ /gu, '');
    const wrong = String((Number(totpCode(key, clock)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await agent.post('/settings/security/two-step', { key, code: wrong }, setup);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Code does not fit the key');
    expect((textOf(refused, 'totp-key') ?? '').replace(/ /gu, '')).toBe(key);
    expect((await agent.get('/settings/security')).body).toContain('Turn on two-step sign-in');
    // A code of another key does not turn it on either.
    const forged = await agent.post('/settings/security/two-step', { key: 'not a key', code: totpCode(key, clock) }, setup);
    expect(forged.statusCode).toBe(400);
  });

  it('shows 10 recovery codes once, then asks for a code after the password; the password alone signs nobody in', async () => {
    const { recoveryCodes, key } = await memberWithTwoStep('carla');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/u);
    const browser = new WebAgent(t.app);
    expect((await browser.get('/settings/security')).statusCode).toBe(303);

    const password = await postLogIn(browser, 'carla', PASSWORD);
    expect(password.statusCode).toBe(303);
    expect(password.headers.location).toBe('/login/code');
    expect(password.cookies.find((c) => c.name === 'pn_session')).toBeUndefined();
    expect(password.cookies.find((c) => c.name === 'pn_sign_in')).toMatchObject({ httpOnly: true, path: '/login/code', maxAge: 300 });
    expect(await signedIn(browser)).toBe(false);

    const codePage = await browser.get('/login/code');
    expect(codePage.body).toContain('autocomplete="one-time-code"');
    const done = await postCode(browser, totpCode(key, clock), password);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(HOME);
    expect(done.cookies.find((c) => c.name === 'pn_session')).toBeDefined();
    expect(await signedIn(browser)).toBe(true);
  });

  it('accepts a time step once: the same code again is refused, the next step\'s code is not', async () => {
    const { key } = await memberWithTwoStep('replay');
    const first = new WebAgent(t.app);
    const code = totpCode(key, clock);
    expect((await postCode(first, code, await postLogIn(first, 'replay', PASSWORD))).statusCode).toBe(303);
    const second = new WebAgent(t.app);
    const asked = await postLogIn(second, 'replay', PASSWORD);
    const replayed = await postCode(second, code, asked);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.body).toContain('That code is not right, or it was used already');
    expect(await signedIn(second)).toBe(false);
    clock.advance(30);
    expect((await postCode(second, totpCode(key, clock), asked)).statusCode).toBe(303);
    expect(await signedIn(second)).toBe(true);
  });

  it('accepts a code of the step before or after, and not two steps away', async () => {
    const { key } = await memberWithTwoStep('skew');
    const agent = new WebAgent(t.app);
    const asked = await postLogIn(agent, 'skew', PASSWORD);
    clock.advance(60);
    const tooOld = totpCode(key, clock);
    clock.advance(60);
    expect((await postCode(agent, tooOld, asked)).statusCode).toBe(400);
    clock.advance(30);
    const ahead = totpCode(key, clock);
    clock.advance(-30);
    expect((await postCode(agent, ahead, asked)).statusCode).toBe(303);
    clock.advance(90);
  });

  it('takes a recovery code (as typed, any case) once', async () => {
    const { recoveryCodes } = await memberWithTwoStep('recoverer');
    const code = recoveryCodes[3] ?? '';
    const agent = new WebAgent(t.app);
    expect((await postCode(agent, ` ${code.toUpperCase()} `, await postLogIn(agent, 'recoverer', PASSWORD))).statusCode).toBe(303);
    expect((await agent.get('/settings/security')).body).toContain('9 unused recovery codes left');
    const again = new WebAgent(t.app);
    expect((await postCode(again, code, await postLogIn(again, 'recoverer', PASSWORD))).statusCode).toBe(400);
    expect(await signedIn(again)).toBe(false);
  });

  it('counts wrong codes with wrong passwords: the 10th wrong try locks sign-in (429) for the rest of 15 minutes', async () => {
    const { key } = await memberWithTwoStep('guessed');
    const attacker = new WebAgent(t.app);
    for (let i = 0; i < 4; i++) expect((await postLogIn(attacker, 'guessed', 'wrong password')).statusCode).toBe(400);
    const asked = await postLogIn(attacker, 'guessed', PASSWORD);
    expect(asked.statusCode).toBe(303);
    for (let i = 0; i < 5; i++) expect((await postCode(attacker, '000000', asked)).statusCode).toBe(400);
    // Asking for a new challenge with the password does not forget the wrong codes.
    const again = await postLogIn(attacker, 'guessed', PASSWORD);
    expect((await postCode(attacker, '000000', again)).statusCode).toBe(400);
    clock.advance(60);
    const locked = await postCode(attacker, totpCode(key, clock), again);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.cookies.find((c) => c.name === 'pn_session')).toBeUndefined();
    expect((await postLogIn(new WebAgent(t.app), 'guessed', PASSWORD)).statusCode).toBe(429);
    clock.advance(15 * 60);
    const owner = new WebAgent(t.app);
    expect((await postCode(owner, totpCode(key, clock), await postLogIn(owner, 'guessed', PASSWORD))).statusCode).toBe(303);
  });

  it('sends a code page without a pending sign-in, or with one over 5 minutes old, back to the password', async () => {
    const { key } = await memberWithTwoStep('slowpoke');
    const agent = new WebAgent(t.app);
    expect((await agent.get('/login/code')).headers.location).toBe('/login');
    const asked = await postLogIn(agent, 'slowpoke', PASSWORD);
    const page = await agent.get('/login/code');
    clock.advance(5 * 60);
    const late = await agent.post('/login/code', { code: totpCode(key, clock) }, page);
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).toBe('/login');
    expect(await signedIn(agent)).toBe(false);
    expect(asked.statusCode).toBe(303);
  });

  it('drops a pending sign-in when two-step sign-in is turned off meanwhile: the password is asked again', async () => {
    const { key } = await memberWithTwoStep('reset_meanwhile');
    const agent = new WebAgent(t.app);
    const asked = await postLogIn(agent, 'reset_meanwhile', PASSWORD);
    const page = await agent.get('/login/code');
    const user = await t.container.resolve<UserRepository>(USER_REPOSITORY).findByUsername('reset_meanwhile');
    expect(await t.container.resolve(ResetTwoStep).execute(user?.id ?? 0)).toBe(true);
    const after = await agent.post('/login/code', { code: totpCode(key, clock) }, page);
    expect(after.headers.location).toBe('/login');
    expect(await signedIn(agent)).toBe(false);
    expect(asked.statusCode).toBe(303);
  });

  it('turns off only with the password and a code (a recovery code will do); then the password alone signs in', async () => {
    const { agent, recoveryCodes, key } = await memberWithTwoStep('switcher');
    const page = await agent.get('/settings/security');
    expect(page.body).toContain('Turn off two-step sign-in');
    const wrongPassword = await agent.post('/settings/security/two-step/off', { password: 'nope nope', code: totpCode(key, clock) }, page);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.body).toContain('Password is not your password.');
    const noCode = await agent.post('/settings/security/two-step/off', { password: PASSWORD, code: '' }, page);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.body).toContain('Code is not a valid code.');
    expect((await agent.get('/settings/security')).body).toContain('Turn off two-step sign-in');
    const off = await agent.post('/settings/security/two-step/off', { password: PASSWORD, code: recoveryCodes[0] ?? '' }, page);
    expect(off.statusCode).toBe(303);
    expect((await agent.get('/settings/security')).body).toContain('Turn on two-step sign-in');
    const browser = new WebAgent(t.app);
    const logIn = await postLogIn(browser, 'switcher', PASSWORD);
    expect(logIn.headers.location).toBe(HOME);
    expect(await signedIn(browser)).toBe(true);
  });

  it('asks for the code on the OAuth authorization path, then issues the code (PKCE)', async () => {
    const { agent: owner } = await memberWithTwoStep('oauth_owner');
    const app = await registerApp(owner, { redirectUris: ['https://client.example/cb'], isPublic: true });
    const { key } = await memberWithTwoStep('oauth_member');
    const browser = new WebAgent(t.app);
    const { verifier, challenge } = pkcePair();
    const authorize = `/oauth/authorize?${new URLSearchParams({
      client_id: app.clientId, redirect_uri: 'https://client.example/cb', response_type: 'code', scope: 'read write', state: 's1',
      code_challenge: challenge, code_challenge_method: 'S256',
    }).toString()}`;
    const logInForm = await browser.get(authorize);
    expect(logInForm.body).toContain('action="/login"');
    const fields = hiddenFields(logInForm);
    const asked = await browser.post('/login', { ...fields, username: 'oauth_member', password: PASSWORD }, logInForm);
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe(`/login/code?next=${encodeURIComponent(authorize)}`);
    // No session yet: the authorization page still asks to log in.
    expect((await browser.get(authorize)).body).toContain('action="/login"');
    const done = await postCode(browser, totpCode(key, clock), asked);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(authorize);
    const consent = await browser.get(authorize);
    expect(consent.body).toContain('value="allow">Allow</button>');
    const redirect = await browser.post('/oauth/authorize', { ...hiddenFields(consent), grant: ['write'], decision: 'allow' }, consent);
    const params = redirectParams(redirect);
    expect(params.get('iss')).toBe(TEST_PUBLIC_URL);
    const token = await t.app.inject({
      method: 'POST', url: '/oauth/access_token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code', code: params.get('code') ?? '', redirect_uri: 'https://client.example/cb', client_id: app.clientId, code_verifier: verifier,
      }).toString(),
    });
    expect(token.statusCode).toBe(200);
    expect(token.json()).toMatchObject({ scope: 'read write', user: { username: 'oauth_member' } });
  });
});
