import autocannon from "autocannon";
import type { Endpoint } from "./endpoints";
import type { BenchUser } from "./user";

export interface LoadOptions {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  warmupRequests: number;
  /** Seconds of load at full concurrency before measuring, not counted. */
  warmupSeconds: number;
}

export interface EndpointResult {
  path: string;
  audienceSearch: boolean;
  requests: number;
  /** Mean of autocannon's per-second samples. */
  requestsPerSecond: number;
  /** Latencies of the 2xx answers in ms, from every response's own time (exact, not bucketed). */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** Status of the warm-up requests that were not 2xx, with the first answer's text. */
  warmupFailure: string | undefined;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

/** A few sequential requests: the first uncached read computes and stores figures, which is not measured. */
async function warm(url: string, authorization: string, count: number): Promise<string | undefined> {
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers: { authorization }, signal: AbortSignal.timeout(60_000) });
    const body = await response.text();
    if (!response.ok) return `${response.status} ${body.slice(0, 200)}`;
  }
  return undefined;
}

function cannon(o: autocannon.Options, latencies: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(o, (error: Error | null, result: autocannon.Result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/** Warms (a few requests, then seconds at full concurrency), then loads one endpoint at a time with `connections` keep-alive connections for the duration. */
export async function loadEndpoint(
  o: LoadOptions,
  endpoint: Endpoint,
  user: BenchUser,
): Promise<EndpointResult> {
  const url = `${o.baseUrl}${endpoint.path}`;
  const authorization = await user.authorization();
  const warmupFailure = await warm(url, authorization, o.warmupRequests);
  // The measured run starts from the state a server under steady load is in: each pooled database connection has
  // prepared the endpoint's statements and the JIT has compiled its code. Without this, the first second ran at
  // a third of the rate and its queueing made the p99 (67 ms against 38 ms once warm on the influencer list).
  await cannon(
    { url, connections: o.connections, duration: o.warmupSeconds, headers: { authorization }, timeout: 10 },
    [],
  );
  const latencies: number[] = [];
  const result = await cannon(
    {
      url,
      connections: o.connections,
      duration: o.durationSeconds,
      headers: { authorization },
      timeout: 10,
    },
    latencies,
  );
  // autocannon drops its connections at the end while the server still runs their last requests: one more
  // request queues behind them, so the next endpoint (or the shutdown) starts on an idle server.
  await fetch(url, { headers: { authorization }, signal: AbortSignal.timeout(60_000) }).catch(
    () => undefined,
  );
  latencies.sort((a, b) => a - b);
  return {
    path: endpoint.path,
    audienceSearch: endpoint.audienceSearch,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    errors: result.errors,
    non2xx: result.non2xx,
    warmupFailure,
  };
}
