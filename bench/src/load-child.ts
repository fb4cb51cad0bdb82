import autocannon from 'autocannon';
import type {
  LatencySummary,
  LoadJob,
  LoadReply,
  LoadRequest,
  LoadStats,
  PartStats,
  SaveTarget,
  SectionSavePlan,
  VisitsPlan,
} from './load-types';
import { createRandom, type Random } from './prng';

/*
 * The load generator, in its own process (forked by load.ts) so that it does not share an
 * event loop with the server it measures. It records every response time itself because
 * autocannon's histograms keep whole milliseconds and have no p95, and it tells the request
 * kinds of a plan apart (a page's requests, the lock and the save of the editor).
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

function summarizePart(recorder: Recorder, durationSeconds: number): PartStats {
  const requests = recorder.latencies.length + recorder.non2xx;
  return {
    requests,
    requestsPerSecond: requests / durationSeconds,
    latencyMs: summarizeLatencies(recorder.latencies),
    non2xx: recorder.non2xx,
    statusCodes: recorder.statusCodes,
  };
}

/** A request of autocannon's `requests` with the context of its connection typed. */
type Request = {
  setupRequest: (request: autocannon.Request, context: Context) => autocannon.Request;
  onResponse: (status: number, body: string, context: Context) => void;
};
type Context = { visit?: VisitsPlan['visits'][number]; target?: SaveTarget };

/**
 * The kind of the response being reported: autocannon calls a request's `onResponse` and then,
 * synchronously, emits `response` for the same response.
 */
let lastKind = '';

function cookieHeader(name: string | undefined, token: string | undefined): Record<string, string> {
  return name && token ? { cookie: `${name}=${token}` } : {};
}

function toAutocannon(
  request: autocannon.Request,
  wanted: LoadRequest,
  headers: Record<string, string>,
): autocannon.Request {
  const hasBody = wanted.body !== undefined;
  return {
    ...request,
    method: wanted.method,
    path: wanted.path,
    headers: {
      ...request.headers,
      ...wanted.headers,
      ...headers,
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { body: JSON.stringify(wanted.body) } : {}),
  };
}

/** Each loop: a visit picked at random, its requests in order on this connection. */
function visitRequests(plan: VisitsPlan, random: Random): Request[] {
  const length = plan.visits[0]?.requests.length ?? 0;
  if (length === 0) throw new Error('A load plan needs at least one request');
  return Array.from({ length }, (_, index) => ({
    setupRequest: (request, context) => {
      if (index === 0) context.visit = random.pick(plan.visits);
      const visit = context.visit ?? random.pick(plan.visits);
      const wanted = visit.requests[index];
      if (!wanted) throw new Error('Every visit of a plan has the same number of requests');
      return toAutocannon(request, wanted, cookieHeader(plan.cookieName, visit.token));
    },
    onResponse: (_status, _body, context) => {
      lastKind = context.visit?.requests[index]?.kind ?? '';
    },
  }));
}

/** The log length a DealSection answer shows, when it carries its log. */
function logLengthOf(body: string): number | undefined {
  try {
    // A section action answers { section, deal, unlockedSectionIds }.
    const parsed = JSON.parse(body) as { section?: { log?: unknown } };
    return Array.isArray(parsed.section?.log) ? parsed.section.log.length : undefined;
  } catch {
    return undefined;
  }
}

/** Each section's log length as last seen, across the warm-up and the measured run. */
type LogLengths = Map<string, number>;
let saves = 0;

/**
 * Lock, then save with alternating text; each connection holds its own section meanwhile. Made
 * again for each run: the connections of the last one are gone, and so are their holds.
 */
function sectionSaveRequests(
  plan: SectionSavePlan,
  random: Random,
  logLengths: LogLengths,
): Request[] {
  const free = [...plan.targets];
  const sectionPath = (target: SaveTarget) =>
    `/api/v1/deals/${target.dealId}/sections/${target.sectionId}`;
  const release = (target: SaveTarget | undefined) => {
    if (target && !free.includes(target)) free.push(target);
  };
  return [
    {
      setupRequest: (request, context) => {
        // More targets than connections, so one is free unless requests timed out holding them.
        const index = free.length > 0 ? random.int(0, free.length - 1) : -1;
        const target = index >= 0 ? free.splice(index, 1)[0] : random.pick(plan.targets);
        if (!target) throw new Error('No section to save');
        context.target = target;
        return toAutocannon(
          request,
          { kind: 'lock', method: 'POST', path: `${sectionPath(target)}/lock` },
          cookieHeader(plan.cookieName, target.token),
        );
      },
      onResponse: (status, body, context) => {
        lastKind = 'lock';
        const length = status < 300 ? logLengthOf(body) : undefined;
        if (context.target && length !== undefined)
          logLengths.set(context.target.sectionId, length);
      },
    },
    {
      setupRequest: (request, context) => {
        const target = context.target;
        if (!target) throw new Error('The save runs after its lock');
        saves++;
        const body = {
          title: target.title,
          html: `<p>${saves % 2 === 0 ? 'The Supplier' : 'The Buyer'} shall act under clause ${saves}.</p>`,
          baseLogLength: logLengths.get(target.sectionId) ?? target.logLength,
        };
        return toAutocannon(
          request,
          { kind: 'save', method: 'PUT', path: sectionPath(target), body },
          cookieHeader(plan.cookieName, target.token),
        );
      },
      onResponse: (status, body, context) => {
        lastKind = 'save';
        const target = context.target;
        if (target && status < 300) {
          const known = logLengths.get(target.sectionId) ?? target.logLength;
          logLengths.set(target.sectionId, logLengthOf(body) ?? known + 1);
        }
        release(target);
      },
    },
  ];
}

function buildOptions(
  job: LoadJob,
  durationSeconds: number,
  requests: Request[],
): autocannon.Options {
  return {
    url: job.baseUrl,
    connections: job.connections,
    duration: durationSeconds,
    timeout: 10,
    requests: requests as unknown as autocannon.Request[],
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
  if (new URL(job.baseUrl).hostname !== '127.0.0.1') {
    throw new Error(`Refusing to load ${job.baseUrl}`);
  }
  const random = createRandom(job.seed);
  const { plan } = job;
  const logLengths: LogLengths = new Map(
    plan.kind === 'section-save'
      ? plan.targets.map((target) => [target.sectionId, target.logLength])
      : [],
  );
  const makeRequests = () =>
    plan.kind === 'visits'
      ? visitRequests(plan, random)
      : sectionSaveRequests(plan, random, logLengths);
  if (job.warmupSeconds > 0) {
    await runAutocannon(buildOptions(job, job.warmupSeconds, makeRequests()), () => {});
  }
  const requests = makeRequests();
  const all = createRecorder();
  const parts = new Map<string, Recorder>();
  const result = await runAutocannon(
    buildOptions(job, job.durationSeconds, requests),
    (status, time) => {
      let part = parts.get(lastKind);
      if (!part) {
        part = createRecorder();
        parts.set(lastKind, part);
      }
      recordResponse(part, status, time);
      if (job.measuredKind === undefined || job.measuredKind === lastKind) {
        recordResponse(all, status, time);
      }
    },
  );
  const headline = summarizePart(all, result.duration);
  return {
    ...headline,
    durationSeconds: result.duration,
    errors: result.errors,
    timeouts: result.timeouts,
    parts: Object.fromEntries(
      [...parts].map(([kind, recorder]) => [kind, summarizePart(recorder, result.duration)]),
    ),
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
