import autocannon from 'autocannon';
import type { LatencySummary, LoadJob, LoadReply, LoadStats } from './load-types';
import { createRandom } from './prng';

/*
 * The load generator, in its own process (forked by load.ts) so that it does not share an
 * event loop with the server it measures. It records every response time itself because
 * autocannon's histograms keep whole milliseconds and have no p95.
 */

type Recorder = { latencies: number[]; non2xx: number; statusCodes: Record<string, number> };

function createRecorder(): Recorder {
  return { latencies: [], non2xx: 0, statusCodes: {} };
}

function recordResponse(recorder: Recorder, statusCode: number, responseTime: number): void {
  const key = String(statusCode);
  recorder.statusCodes[key] = (recorder.statusCodes[key] ?? 0) + 1;
  if (statusCode >= 200 && statusCode < 300) recorder.latencies.push(responseTime);
  else recorder.non2xx++;
}

/** Nearest-rank percentiles over the recorded times, in milliseconds. */
function summarizeLatencies(latencies: number[]): LatencySummary {
  const sorted = Float64Array.from(latencies).sort();
  const at = (percent: number) =>
    sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)] ?? Number.NaN;
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    p50: at(50),
    p95: at(95),
    p99: at(99),
    mean: sorted.length > 0 ? total / sorted.length : Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  };
}

function buildOptions(job: LoadJob, durationSeconds: number): autocannon.Options {
  const options: autocannon.Options = {
    url: job.url,
    connections: job.connections,
    duration: durationSeconds,
    timeout: 10,
  };
  const { sessionCookie } = job;
  if (!sessionCookie || sessionCookie.tokens.length === 0) return options;
  const random = createRandom(job.seed);
  const { name, tokens } = sessionCookie;
  return {
    ...options,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, cookie: `${name}=${random.pick(tokens)}` },
        }),
      },
    ],
  };
}

function runAutocannon(
  options: autocannon.Options,
  onResponse: (statusCode: number, responseTime: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) =>
      onResponse(statusCode, responseTime),
    );
  });
}

async function runJob(job: LoadJob): Promise<LoadStats> {
  if (new URL(job.url).hostname !== '127.0.0.1') throw new Error(`Refusing to load ${job.url}`);
  if (job.warmupSeconds > 0) await runAutocannon(buildOptions(job, job.warmupSeconds), () => {});
  const recorder = createRecorder();
  const result = await runAutocannon(buildOptions(job, job.durationSeconds), (status, time) =>
    recordResponse(recorder, status, time),
  );
  const requests = recorder.latencies.length + recorder.non2xx;
  return {
    requests,
    durationSeconds: result.duration,
    requestsPerSecond: requests / result.duration,
    latencyMs: summarizeLatencies(recorder.latencies),
    non2xx: recorder.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: recorder.statusCodes,
  };
}

function reply(message: LoadReply): void {
  process.send?.(message, () => process.disconnect());
}

// A parent that went away (Ctrl-C) leaves no one to report to.
process.once('disconnect', () => process.exit(0));

process.once('message', (job: LoadJob) => {
  runJob(job)
    .then((stats) => reply({ type: 'result', stats }))
    .catch((error: unknown) =>
      reply({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
});
