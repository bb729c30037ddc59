import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { isPublicAddress, webhookUrlProblem } from '../../../../src/adapters/webhooks/address-guard';
import { WebhookSender } from '../../../../src/adapters/webhooks/webhook-sender';

const secret = `whsec_${randomBytes(24).toString('base64')}`;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers each request as `answer` says, and keeps what it got. */
async function receiver(answer: (index: number) => number | 'hang' | 'redirect'): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      const what = answer(got.length - 1);
      if (what === 'hang') return;
      if (what === 'redirect') res.writeHead(307, { location: 'http://127.0.0.1:9/elsewhere' }).end();
      else res.writeHead(what).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    got,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const message = (url: string, at = new Date()) => ({
  url, secret, id: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', at,
  body: JSON.stringify({ id: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', type: 'note.created', createdAt: '2026-11-25T12:00:00Z', data: { id: 1 } }),
});

// The webhook sender (docs/events.md, Verifying a delivery): Standard Webhooks signatures a receiver verifies with the standardwebhooks
// package, private and loopback receivers refused unless allowed, no redirects, and a time limit per attempt.
describe('the webhook sender', () => {
  it('posts the event signed so that the standardwebhooks package verifies it, and counts a 2xx as delivered', async () => {
    const hooks = await receiver(() => 204);
    try {
      const at = new Date();
      const outcome = await new WebhookSender({ allowPrivate: true, timeoutMs: 5_000 }).send(message(hooks.url, at));
      expect(outcome).toEqual({ delivered: true, status: 204 });
      const [got] = hooks.got;
      expect(got!.headers).toMatchObject({
        'content-type': 'application/json', 'webhook-id': 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/u),
      });
      const verified = new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>);
      expect(verified).toMatchObject({ type: 'note.created', data: { id: 1 } });
      expect(() => new Webhook(`whsec_${randomBytes(24).toString('base64')}`).verify(got!.body, got!.headers as Record<string, string>)).toThrow();
    } finally {
      await hooks.close();
    }
  });

  it('reports a failing answer, and follows no redirect', async () => {
    const hooks = await receiver((i) => (i === 0 ? 500 : 'redirect'));
    try {
      const sender = new WebhookSender({ allowPrivate: true, timeoutMs: 5_000 });
      await expect(sender.send(message(hooks.url))).resolves.toEqual({ delivered: false, status: 500, error: 'answered 500' });
      await expect(sender.send(message(hooks.url))).resolves.toEqual({ delivered: false, status: 307, error: 'answered 307 (redirects are not followed)' });
      expect(hooks.got).toHaveLength(2);
    } finally {
      await hooks.close();
    }
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const hooks = await receiver(() => 'hang');
    try {
      // The receiver never answers: only the sender's own timeout can end this (the outcome names it).
      const outcome = await new WebhookSender({ allowPrivate: true, timeoutMs: 300 }).send(message(hooks.url));
      expect(outcome).toEqual({ delivered: false, status: null, error: 'no answer within 0.3 s' });
    } finally {
      await hooks.close();
    }
  });

  it('refuses loopback and private receivers unless they are allowed, before anything is sent', async () => {
    const hooks = await receiver(() => 200);
    try {
      const sender = new WebhookSender({ allowPrivate: false, timeoutMs: 5_000 });
      const literal = await sender.send(message(hooks.url));
      expect(literal).toMatchObject({ delivered: false, status: null, error: expect.stringMatching(/^refused: .*127\.0\.0\.1/u) });
      // By name: the check is made on the addresses the connection would use.
      const byName = await sender.send(message(hooks.url.replace('127.0.0.1', 'localhost')));
      expect(byName).toMatchObject({ delivered: false, status: null, error: expect.stringMatching(/^refused: the host resolves to /u) });
      // An IPv6 literal embedding the IPv4 loopback: the same check as a new subscription's.
      const compatible = await sender.send(message(hooks.url.replace('127.0.0.1', '[::127.0.0.1]')));
      expect(compatible).toMatchObject({ delivered: false, status: null, error: expect.stringMatching(/^refused: .*::7f00:1/u) });
      expect(hooks.got).toHaveLength(0);
    } finally {
      await hooks.close();
    }
  });
});

describe('webhook addresses and URLs', () => {
  it.each([
    ['127.0.0.1', false], ['10.1.2.3', false], ['172.16.0.1', false], ['192.168.1.1', false], ['169.254.169.254', false],
    ['100.64.0.1', false], ['0.0.0.0', false], ['224.0.0.1', false], ['255.255.255.255', false], ['::1', false], ['fe80::1', false],
    ['fc00::1', false], ['::ffff:127.0.0.1', false], ['::ffff:10.0.0.1', false], ['2002:a00:1::', false], ['::', false],
    // IPv4-compatible (::/96, deprecated): refused whatever it embeds, as the other embeddings are.
    ['::127.0.0.1', false], ['::7f00:1', false], ['::10.0.0.1', false], ['::192.168.1.1', false], ['::8.8.8.8', false],
    ['::ffff:0:127.0.0.1', false], ['64:ff9b::10.0.0.1', false], ['2001::1', false],
    ['8.8.8.8', true], ['1.1.1.1', true], ['2606:4700:4700::1111', true], ['::ffff:8.8.8.8', true], ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('accepts an http(s) URL to a public address, and says what is wrong with any other', async () => {
    await expect(webhookUrlProblem('https://8.8.8.8/hooks', false)).resolves.toBeNull();
    await expect(webhookUrlProblem('http://[2606:4700:4700::1111]/hooks', false)).resolves.toBeNull();
    await expect(webhookUrlProblem('ftp://8.8.8.8/', false)).resolves.toBe('must be an https:// or http:// URL');
    await expect(webhookUrlProblem('not a url', false)).resolves.toBe('must be an https:// or http:// URL');
    await expect(webhookUrlProblem('https://me:pw@8.8.8.8/', false)).resolves.toBe('must not hold a user name or password');
    await expect(webhookUrlProblem('http://127.0.0.1:3000/hooks', false)).resolves.toMatch(/^is refused: the host resolves to 127\.0\.0\.1/u);
    await expect(webhookUrlProblem('http://localhost:3000/hooks', false)).resolves.toMatch(/^is refused: /u);
    await expect(webhookUrlProblem('http://[::1]:3000/hooks', false)).resolves.toMatch(/^is refused: /u);
    await expect(webhookUrlProblem('http://[::127.0.0.1]/hooks', false)).resolves.toMatch(/^is refused: the host resolves to ::7f00:1/u);
    await expect(webhookUrlProblem('http://[::ffff:127.0.0.1]/hooks', false)).resolves.toMatch(/^is refused: /u);
    await expect(webhookUrlProblem('http://127.0.0.1:3000/hooks', true)).resolves.toBeNull();
    await expect(webhookUrlProblem('https://no-such-host.invalid/hooks', false)).resolves.toMatch(/^names a host that does not resolve/u);
  });
});
