// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface RequestParams {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }

    interface Request extends RequestParams {
      /** Returns the request to send next; called once per request on its connection. */
      setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
    }

    interface Options extends RequestParams {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Milliseconds between samples; a run stops at the first sample after `duration`. */
      sampleInt?: number;
      pipelining?: number;
      /** Seconds a request may take before it counts as a timeout. */
      timeout?: number;
      bailout?: number;
      requests?: Request[];
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p99: number;
    }

    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram;
      requests: Histogram & { sent: number };
      throughput: Histogram;
    }

    interface Instance extends EventEmitter {
      /** Emitted per response: (client, statusCode, bytes, milliseconds). */
      on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void): this;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }

  function autocannon(options: autocannon.Options, done: (error: Error | null, result: autocannon.Result) => void): autocannon.Instance;

  export = autocannon;
}
