import { PerformanceObserver } from 'node:perf_hooks';
import { collectDefaultMetrics, Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { collectProcessMetrics } from '../../../../src/adapters/http/process-metrics';

type Shown = MetricObjectWithValues<MetricValue<string>>;

/** A metric as a dashboard meets it: its name, help, type, aggregator and the label names of its series. */
function shape(metric: Shown) {
  const labelNames = new Set(metric.values.flatMap((value) => Object.keys(value.labels)));
  return { name: metric.name, help: metric.help, type: metric.type, aggregator: metric.aggregator, labelNames: [...labelNames].sort() };
}

/** Two scrapes (the event-loop lag is set after the first). */
async function scrape(registry: Registry): Promise<Shown[]> {
  await registry.getMetricsAsJSON();
  await new Promise((resolve) => setImmediate(resolve));
  return (await registry.getMetricsAsJSON()) as Shown[];
}

describe('the process metrics', () => {
  let ours: Shown[];
  let stop: () => void;
  const observe = jest.spyOn(PerformanceObserver.prototype, 'observe');

  beforeAll(async () => {
    const registry = new Registry();
    stop = collectProcessMetrics(registry);
    ours = await scrape(registry);
  });
  afterAll(() => {
    stop();
    observe.mockRestore();
  });

  // Left out: the gc durations (decision `no-gc-duration-metric`) and the libuv handle and request counts, which
  // prom-client reads through Node's private process._getActiveHandles/_getActiveRequests.
  const LEFT_OUT = new Set(['nodejs_gc_duration_seconds', 'nodejs_active_handles', 'nodejs_active_handles_total', 'nodejs_active_requests', 'nodejs_active_requests_total']);

  it("are prom-client's default metrics, in its order and with its names, help, types, aggregators and labels, but the gc durations and libuv's lists", async () => {
    const observedBefore = observe.mock.calls.length;
    const defaults = new Registry();
    collectDefaultMetrics({ register: defaults });
    // The spy sees the gc observer prom-client starts (and would see ours).
    expect(observe.mock.calls.length).toBeGreaterThan(observedBefore);
    const expected = (await scrape(defaults)).filter((metric) => !LEFT_OUT.has(metric.name));
    expect(ours.map(shape)).toEqual(expected.map(shape));
    const spaces = (metrics: Shown[]) => metrics.find((metric) => metric.name === 'nodejs_heap_space_size_used_bytes')?.values.map((value) => value.labels['space']).sort();
    expect(spaces(ours)).toEqual(spaces(expected));
    expect(spaces(ours)?.length).toBeGreaterThan(3);
  });

  it('observe no garbage collection', () => {
    expect(ours.map((metric) => metric.name)).not.toContain('nodejs_gc_duration_seconds');
    const fresh = observe.mock.calls.length;
    const registry = new Registry();
    collectProcessMetrics(registry)();
    expect(observe.mock.calls.length).toBe(fresh);
  });

  it("carry this process's figures", () => {
    const value = (name: string) => ours.find((metric) => metric.name === name)?.values[0];
    expect(value('process_resident_memory_bytes')?.value).toBeGreaterThan(0);
    expect(value('nodejs_heap_size_used_bytes')?.value).toBeGreaterThan(0);
    expect(value('process_cpu_seconds_total')?.value).toBeGreaterThanOrEqual(0);
    expect(value('process_start_time_seconds')?.value).toBeLessThanOrEqual(Date.now() / 1000 + 1);
    expect(value('nodejs_active_resources_total')?.value).toBeGreaterThan(0);
    expect(value('nodejs_eventloop_lag_seconds')?.value).toBeGreaterThanOrEqual(0);
    const [major, minor, patch] = process.version.slice(1).split('.');
    expect(value('nodejs_version_info')).toEqual({ labels: { version: process.version, major, minor, patch }, value: 1 });
  });
});
