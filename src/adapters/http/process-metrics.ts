import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { Counter, Gauge, type Registry } from 'prom-client';

/**
 * The process metrics of prom-client's `collectDefaultMetrics` (15.x) with its names, help texts, types, labels and
 * aggregators, so dashboards keep working, but the libuv handle and request counts (read through Node's private
 * functions, see activeResources) and `nodejs_gc_duration_seconds` (decision `no-gc-duration-metric`): that one observes every
 * collection through a `gc` PerformanceObserver, and for each of them Node builds a performance entry in JavaScript,
 * wrapping its deprecated fields in new functions: under a load of pages, 30 young collections a second, whose
 * entries were a seventh of what survived them (docs/benchmarks.md). `collectDefaultMetrics` has no option to leave
 * it out, so each metric is a public Gauge or Counter whose `collect()` reads Node's own figures at each scrape.
 * Returns what stops the event-loop delay monitor.
 */
export function collectProcessMetrics(registry: Registry): () => void {
  const registers = [registry];
  cpu(registers);
  new Gauge({
    name: 'process_start_time_seconds', help: 'Start time of the process since unix epoch in seconds.', registers, aggregator: 'omit',
    collect() { this.set(START_TIME_S); },
  });
  memory(registers);
  fileDescriptors(registers);
  const stopLoopMonitor = eventLoopLag(registers);
  activeResources(registers);
  heap(registers);
  const [major, minor, patch] = process.version.slice(1).split('.').map(Number);
  new Gauge({
    name: 'nodejs_version_info', help: 'Node.js version info.', labelNames: ['version', 'major', 'minor', 'patch'], registers, aggregator: 'first',
    collect() { this.labels(process.version, String(major), String(minor), String(patch)).set(1); },
  });
  return stopLoopMonitor;
}

type Registers = Registry[];

const START_TIME_S = Math.round(Date.now() / 1000 - process.uptime());

/** CPU time since the metrics were registered, added at each scrape (as prom-client counts it). */
function cpu(registers: Registers): void {
  let last = process.cpuUsage();
  const user = new Counter({
    name: 'process_cpu_user_seconds_total', help: 'Total user CPU time spent in seconds.', registers,
    collect() {
      const now = process.cpuUsage();
      const userS = (now.user - last.user) / 1e6;
      const systemS = (now.system - last.system) / 1e6;
      last = now;
      user.inc(userS);
      system.inc(systemS);
      total.inc(userS + systemS);
    },
  });
  const system = new Counter({ name: 'process_cpu_system_seconds_total', help: 'Total system CPU time spent in seconds.', registers });
  const total = new Counter({ name: 'process_cpu_seconds_total', help: 'Total user and system CPU time spent in seconds.', registers });
}

/** Resident, virtual and data-segment sizes from /proc on Linux; elsewhere the resident size Node reports. */
function memory(registers: Registers): void {
  if (process.platform !== 'linux') {
    new Gauge({
      name: 'process_resident_memory_bytes', help: 'Resident memory size in bytes.', registers,
      collect() {
        const usage = safeMemoryUsage();
        if (usage) this.set(usage.rss);
      },
    });
    return;
  }
  const resident = new Gauge({
    name: 'process_resident_memory_bytes', help: 'Resident memory size in bytes.', registers,
    collect() {
      let status: string;
      try {
        status = readFileSync('/proc/self/status', 'utf8');
      } catch {
        return;
      }
      const kib = (field: string): number => Number(new RegExp(`^${field}:\\s*(\\d+) kB$`, 'mu').exec(status)?.[1]) * 1024;
      resident.set(kib('VmRSS'));
      virtual.set(kib('VmSize'));
      data.set(kib('VmData'));
    },
  });
  const virtual = new Gauge({ name: 'process_virtual_memory_bytes', help: 'Virtual memory size in bytes.', registers });
  const data = new Gauge({ name: 'process_heap_bytes', help: 'Process heap size in bytes.', registers });
}

/** Open and maximum file descriptors, on Linux. */
function fileDescriptors(registers: Registers): void {
  if (process.platform === 'linux') {
    new Gauge({
      name: 'process_open_fds', help: 'Number of open file descriptors.', registers,
      collect() {
        try {
          // Less the descriptor readdirSync itself opened (closed by now).
          this.set(readdirSync('/proc/self/fd').length - 1);
        } catch {
          // Left unset.
        }
      },
    });
  }
  const maxFds = maxFileDescriptors();
  if (maxFds === undefined) return;
  new Gauge({
    name: 'process_max_fds', help: 'Maximum number of open file descriptors.', registers,
    collect() { this.set(maxFds); },
  });
}

function maxFileDescriptors(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((row) => row.startsWith('Max open files'));
    return line === undefined ? undefined : Number(line.split(/  +/u)[1]);
  } catch {
    return undefined;
  }
}

/**
 * The event loop's lag (the time a setImmediate set at the scrape waits, so a scrape shows the previous one's) and
 * the delays Node's monitor sampled every 10 ms since the previous scrape.
 */
function eventLoopLag(registers: Registers): () => void {
  const delays = monitorEventLoopDelay({ resolution: 10 });
  delays.enable();
  const lag = new Gauge({
    name: 'nodejs_eventloop_lag_seconds', help: 'Lag of event loop in seconds.', registers, aggregator: 'average',
    collect() {
      const start = process.hrtime.bigint();
      setImmediate(() => lag.set(Number(process.hrtime.bigint() - start) / 1e9));
      min.set(delays.min / 1e9);
      max.set(delays.max / 1e9);
      mean.set(delays.mean / 1e9);
      stddev.set(delays.stddev / 1e9);
      p50.set(delays.percentile(50) / 1e9);
      p90.set(delays.percentile(90) / 1e9);
      p99.set(delays.percentile(99) / 1e9);
      delays.reset();
    },
  });
  const min = new Gauge({ name: 'nodejs_eventloop_lag_min_seconds', help: 'The minimum recorded event loop delay.', registers, aggregator: 'min' });
  const max = new Gauge({ name: 'nodejs_eventloop_lag_max_seconds', help: 'The maximum recorded event loop delay.', registers, aggregator: 'max' });
  const mean = new Gauge({ name: 'nodejs_eventloop_lag_mean_seconds', help: 'The mean of the recorded event loop delays.', registers, aggregator: 'average' });
  const stddev = new Gauge({ name: 'nodejs_eventloop_lag_stddev_seconds', help: 'The standard deviation of the recorded event loop delays.', registers, aggregator: 'average' });
  const p50 = new Gauge({ name: 'nodejs_eventloop_lag_p50_seconds', help: 'The 50th percentile of the recorded event loop delays.', registers, aggregator: 'average' });
  const p90 = new Gauge({ name: 'nodejs_eventloop_lag_p90_seconds', help: 'The 90th percentile of the recorded event loop delays.', registers, aggregator: 'average' });
  const p99 = new Gauge({ name: 'nodejs_eventloop_lag_p99_seconds', help: 'The 99th percentile of the recorded event loop delays.', registers, aggregator: 'average' });
  return () => delays.disable();
}

/**
 * Active resources by type and in all, from Node's public `getActiveResourcesInfo`. prom-client also reads libuv's
 * handles and requests (`nodejs_active_handles`, `nodejs_active_requests`) from `process._getActiveHandles` and
 * `_getActiveRequests`, functions Node keeps private and deprecates (DEP0161): not counted here.
 */
function activeResources(registers: Registers): void {
  const byType = (gauge: Gauge, types: Iterable<string>): void => {
    const counts = new Map<string, number>();
    for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
    gauge.reset();
    for (const [type, n] of counts) gauge.set({ type }, n);
  };
  new Gauge({
    name: 'nodejs_active_resources', help: 'Number of active resources that are currently keeping the event loop alive, grouped by async resource type.',
    labelNames: ['type'], registers,
    collect() { byType(this, process.getActiveResourcesInfo()); },
  });
  new Gauge({
    name: 'nodejs_active_resources_total', help: 'Total number of active resources.', registers,
    collect() { this.set(process.getActiveResourcesInfo().length); },
  });
}

/** The heap as Node reports it, in all and by V8 space (`new`, `old`, `code`…). */
function heap(registers: Registers): void {
  const total = new Gauge({
    name: 'nodejs_heap_size_total_bytes', help: 'Process heap size from Node.js in bytes.', registers,
    collect() {
      const usage = safeMemoryUsage();
      if (!usage) return;
      total.set(usage.heapTotal);
      used.set(usage.heapUsed);
      external.set(usage.external);
    },
  });
  const used = new Gauge({ name: 'nodejs_heap_size_used_bytes', help: 'Process heap size used from Node.js in bytes.', registers });
  const external = new Gauge({ name: 'nodejs_external_memory_bytes', help: 'Node.js external memory size in bytes.', registers });
  const space = (kind: string, collect?: () => void) => new Gauge({
    name: `nodejs_heap_space_size_${kind}_bytes`, help: `Process heap space size ${kind} from Node.js in bytes.`, labelNames: ['space'], registers,
    ...(collect === undefined ? {} : { collect }),
  });
  const spaceTotal = space('total', () => {
    for (const stats of getHeapSpaceStatistics()) {
      const labels = { space: stats.space_name.slice(0, stats.space_name.indexOf('_space')) };
      spaceTotal.set(labels, stats.space_size);
      spaceUsed.set(labels, stats.space_used_size);
      spaceAvailable.set(labels, stats.space_available_size);
    }
  });
  const spaceUsed = space('used');
  const spaceAvailable = space('available');
}

/** process.memoryUsage(), which can throw on some platforms. */
function safeMemoryUsage(): NodeJS.MemoryUsage | undefined {
  try {
    return process.memoryUsage();
  } catch {
    return undefined;
  }
}
