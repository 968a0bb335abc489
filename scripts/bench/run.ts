/**
 * `npm run bench`: the benchmark of issue 5. Starts the real server on a fresh database, lets it load the sample
 * data and compute the sample brands' figures, signs in a Professional user with the sample brand, then loads
 * every module read with autocannon, one endpoint at a time. Flags: --duration <s> --connections <n>
 * --warmup <requests> (sequential, checked) --warmup-seconds <s> (at full concurrency, not measured); --rounds <n>
 * loads every endpoint n times, round after round, and reports each endpoint's median round by p99; --only <text> loads only the endpoints whose path contains the text (repeatable);
 * --out <file> writes the JSON results elsewhere than results/latest.json; --cpu-prof <dir> has the server
 * write a V8 CPU profile there when it stops. The server logs at info: its "Brand figures computed" lines tell
 * when it is ready.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runAndCleanUp } from "./cleanups";
import { moduleEndpoints } from "./endpoints";
import { type EndpointResult, type LoadOptions, loadEndpoint } from "./load";
import { buildReport, printReport, writeReport } from "./report";
import { positiveInteger, say, startBenchServer } from "./start";
import { connectSampleBrand, seedProfessionalUser } from "./user";

const RESULTS_FILE = join(import.meta.dirname, "results", "latest.json");

async function bench(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "8" },
      connections: { type: "string", default: "50" },
      warmup: { type: "string", default: "5" },
      "warmup-seconds": { type: "string", default: "2" },
      rounds: { type: "string", default: "1" },
      only: { type: "string", multiple: true },
      "cpu-prof": { type: "string" },
      out: { type: "string", default: RESULTS_FILE },
    },
  });
  // Checked before anything starts, not after a minute of start-up.
  const load = {
    connections: positiveInteger("connections", values.connections),
    durationSeconds: positiveInteger("duration", values.duration),
    warmupRequests: positiveInteger("warmup", values.warmup),
    warmupSeconds: positiveInteger("warmup-seconds", values["warmup-seconds"]),
  };
  const rounds = positiveInteger("rounds", values.rounds);
  const { baseUrl, jwtSecret, db, server, readyMs } = await startBenchServer({
    cpuProfileDir: values["cpu-prof"],
  });
  const user = await seedProfessionalUser(db, jwtSecret);
  await connectSampleBrand(baseUrl, user);
  const only = values.only ?? [];
  const endpoints = (await moduleEndpoints(baseUrl, user)).filter(
    (e) => only.length === 0 || only.some((text) => e.path.includes(text)),
  );

  const options: LoadOptions = { baseUrl, ...load };
  const runs = endpoints.map((): EndpointResult[] => []);
  for (let round = 1; round <= rounds; round++) {
    say(`Round ${round} of ${rounds}: ${endpoints.length} endpoints, ${options.durationSeconds} s each`);
    for (const [i, endpoint] of endpoints.entries()) {
      const result = await loadEndpoint(options, endpoint, user);
      runs[i]?.push(result);
      say(
        `  GET ${result.path}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms` +
          (result.errors + result.non2xx > 0 ? `, ${result.errors} errors, ${result.non2xx} non-2xx` : ""),
      );
    }
  }

  const report = buildReport({ options: { ...options, rounds }, timings: server.timings, readyMs, runs });
  printReport(report);
  await writeReport(values.out, report);
  say(`Results written to ${values.out}`);
}

await runAndCleanUp(bench);
