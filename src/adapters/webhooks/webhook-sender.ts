import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { createRequire } from 'node:module';
import type { Webhook } from 'standardwebhooks';
import type { AttemptOutcome, WebhookMessage, WebhookSender as WebhookSenderPort, WebhookUrlCheck } from '../../application/ports/webhook-delivery';
import { AddressRefused, guardedLookup, literalRefusal, webhookUrlProblem } from './address-guard';

let webhook: typeof Webhook | undefined;

/** standardwebhooks, loaded with the first delivery (once): a process with no subscriber never loads it. */
function webhookClass(): typeof Webhook {
  return webhook ??= (createRequire(__filename)('standardwebhooks') as { Webhook: typeof Webhook }).Webhook;
}

export interface WebhookSenderOptions {
  /** `WEBHOOK_ALLOW_PRIVATE=true`: private and loopback receivers are allowed (tests, private networks). */
  allowPrivate: boolean;
  /** An attempt that has not been answered by then fails (10 s). */
  timeoutMs: number;
}

// What is read of a receiver's answer: the status matters, the body does not.
const MAX_ANSWER_BYTES = 64 * 1024;
// Connections to receivers are kept open for the next delivery (a new TLS handshake per event would cost more than
// the event), at most this many per receiver, closed after this long unused.
const SOCKETS_PER_RECEIVER = 4;
const IDLE_SOCKET_MS = 5_000;

/**
 * Posts signed webhook messages (the Standard Webhooks scheme, signed by the `standardwebhooks` package): headers
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` with the secret's bytes). The receiver's addresses are checked when the connection is made, so
 * a private or loopback one is refused even if the name resolved elsewhere when the subscription was made. Redirects
 * are not followed; an attempt ends after `timeoutMs` whatever the receiver does.
 */
export class WebhookSender implements WebhookSenderPort {
  // Every new connection's address goes through the guard (in the agents' look-up); a reused one was checked when it
  // was opened, and goes to the same address whatever the name resolves to now.
  readonly #http: HttpAgent;
  readonly #https: HttpsAgent;

  constructor(private readonly options: WebhookSenderOptions) {
    const agentOptions = {
      keepAlive: true, maxSockets: SOCKETS_PER_RECEIVER, timeout: IDLE_SOCKET_MS, lookup: guardedLookup(options.allowPrivate),
    };
    this.#http = new HttpAgent(agentOptions);
    this.#https = new HttpsAgent(agentOptions);
  }

  /** Closes the connections kept open. */
  close(): void {
    this.#http.destroy();
    this.#https.destroy();
  }

  async send(message: WebhookMessage): Promise<AttemptOutcome> {
    const url = URL.parse(message.url);
    if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      return { delivered: false, status: null, error: 'not an http(s) URL' };
    }
    // A literal address is connected to without a look-up: check it here, as a new subscription's is.
    const literal = literalRefusal(url.hostname, this.options.allowPrivate);
    if (literal !== null) return { delivered: false, status: null, error: `refused: ${literal}` };
    const signature = new (webhookClass())(message.secret).sign(message.id, message.at, message.body);
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(message.body)),
      'user-agent': 'PlaceNotes-Webhooks/1',
      'webhook-id': message.id,
      'webhook-timestamp': String(Math.floor(message.at.getTime() / 1000)),
      'webhook-signature': signature,
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<AttemptOutcome>((resolve) => {
      const signal = AbortSignal.timeout(this.options.timeoutMs);
      const request = send(url, {
        method: 'POST', headers, signal, agent: url.protocol === 'https:' ? this.#https : this.#http,
      }, (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => resolve(status >= 200 && status < 300
          ? { delivered: true, status }
          : { delivered: false, status, error: status >= 300 && status < 400 ? `answered ${status} (redirects are not followed)` : `answered ${status}` });
        response.once('end', done);
        response.once('close', done);
        response.once('error', done);
      });
      request.once('error', (error: Error) => {
        const why = error instanceof AddressRefused ? `refused: ${error.message}`
          : signal.aborted ? `no answer within ${this.options.timeoutMs / 1000} s`
            : `${(error as { code?: string }).code ?? error.name}: ${error.message}`;
        resolve({ delivered: false, status: null, error: why });
      });
      request.end(message.body);
    });
  }
}

/** The URL check of new subscriptions, with the service's setting for private addresses. */
export class GuardedWebhookUrlCheck implements WebhookUrlCheck {
  constructor(private readonly allowPrivate: boolean) {}

  problem(url: string): Promise<string | null> {
    return webhookUrlProblem(url, this.allowPrivate);
  }
}
