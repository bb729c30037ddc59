import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DependencyContainer } from 'tsyringe';
import { WebhookWorker } from '../../src/adapters/webhooks/webhook-worker';
import { DeliverWebhooks, PurgeWebhookEvents } from '../../src/application/webhooks/deliver-webhooks';
import { DispatchWebhookEvents } from '../../src/application/webhooks/dispatch-webhook-events';
import { EndLapsedWebhooks } from '../../src/application/webhooks/end-lapsed-webhooks';

/** One POST a receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that records every POST and answers what `answer` says (200 unless told). */
export interface Receiver {
  url: string;
  received: Received[];
  /** The status to answer the n-th POST (0-based) to a path; replaceable. */
  answer: (request: Received, index: number) => number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: Receiver = {
    url: '',
    received,
    answer: () => 200,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(got);
      response.statusCode = receiver.answer(got, received.length - 1);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

/** The server's webhook worker on a test's container (the server process starts its own in main.ts). */
export function startWorker(container: DependencyContainer, errors: unknown[] = []): WebhookWorker {
  const worker = new WebhookWorker({
    dispatch: container.resolve(DispatchWebhookEvents),
    deliver: container.resolve(DeliverWebhooks),
    purge: container.resolve(PurgeWebhookEvents),
    endLapsed: container.resolve(EndLapsedWebhooks),
  }, { pollMs: 100, onError: (error) => { errors.push(error); } });
  worker.start();
  return worker;
}

/** Waits (kicking the worker) until `done()` holds, failing after `seconds`. */
export async function until(worker: WebhookWorker, done: () => boolean, seconds = 10): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('waited in vain for webhook deliveries');
    worker.kick();
    await worker.idle();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
