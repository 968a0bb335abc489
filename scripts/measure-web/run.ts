/**
 * `npm run measure:web`: the web performance figures of issues 6 and 17 ("Fast pages"). Uses the built web app
 * (apps/web/dist; it builds nothing), starts the real server on a fresh data folder with the sample data (the
 * browser tests' harness, with an SMTP sink for the confirmation e-mail), signs up a user who picks the sample
 * brand, then in Chromium measures, each on a first visit (new browser context): the JavaScript of /sign-in and of
 * /content (every script response, gzip-compressed here; for /content also those that had arrived when its first
 * chart was drawn), and the time from navigation start to that first chart. --warmup (3) visits of /content first
 * (the first lets the server compute the sample's figures), a wait until the server's processes are idle (quiet.ts),
 * then the median of --runs (5). Then Lighthouse 12
 * (desktop preset) --lighthouse-runs (3) times on /sign-in and on /content signed in, in the same Chromium over a
 * remote-debugging port; then issue 33's slow loads, --throttled-runs (3) times each: /content and /sign-in on a
 * slow laptop (Lighthouse's default throttling on a desktop screen) and a shared report of the content module
 * (the user's workspace made Professional to share it) on a phone (Lighthouse's default preset). Prints Markdown tables with every budget of apps/web/e2e/budgets.ts as PASS or FAIL and
 * writes scripts/measure-web/results/web-latest.json.
 */
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Browser } from "playwright-core";
import { type AppServer, freePort, repoRoot, startAppServer } from "../../apps/web/e2e/app-server";
import { launchChromium, seedStorage, sessionFrom } from "../../apps/web/e2e/browser";
import { startSmtpSink } from "../../apps/web/e2e/smtp-sink";
import { cleanups, runAndCleanUp } from "../bench/cleanups";
import { shareContentReport, signUpWithSample } from "./account";
import { type LighthouseRun, runLighthouse } from "./lighthouse";
import { type ContentLoad, measureContent, measureSignIn, type ScriptLoad } from "./measure";
import { waitUntilQuiet } from "./quiet";
import { buildReport, formatReport, type ThrottledPage, throttledPage, writeReport } from "./report";

const RESULTS_FILE = join(import.meta.dirname, "results", "web-latest.json");
/** The first visit may wait for the server to compute the sample's figures. */
const WARM_UP_TIMEOUT_MS = 180_000;
const say = (text: string) => process.stdout.write(`${text}\n`);

async function measure(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "5" },
      warmup: { type: "string", default: "3" },
      "lighthouse-runs": { type: "string", default: "3" },
      "throttled-runs": { type: "string", default: "3" },
      // While working on one page: e.g. --throttled sign-in (the others are left out of the report).
      throttled: { type: "string", default: "sign-in,content,report" },
    },
  });
  const runs = positiveInteger("--runs", values.runs);
  const warmups = positiveInteger("--warmup", values.warmup);
  const lighthouseRuns = positiveInteger("--lighthouse-runs", values["lighthouse-runs"]);
  const throttledRuns = positiveInteger("--throttled-runs", values["throttled-runs"]);
  const throttledPages = new Set(values.throttled.split(","));
  if (!existsSync(join(repoRoot, "apps/web/dist/index.html"))) {
    throw new Error(
      "apps/web/dist is missing: run `npm run build` first (this script measures the built app)",
    );
  }

  const mailDir = await mkdtemp(join(tmpdir(), "brandscope-measure-mail-"));
  await chmod(mailDir, 0o755);
  cleanups.push({ name: "remove the mail folder", run: () => rm(mailDir, { recursive: true, force: true }) });
  const smtp = await startSmtpSink(mailDir);
  cleanups.push({ name: "stop the SMTP sink", run: smtp.stop });

  say("Starting the server on a fresh data folder (it loads the sample data first)");
  const server: AppServer = await startAppServer({
    env: { SMTP_URL: smtp.url, MAIL_FROM: "Brandscope <no-reply@brandscope.test>" },
  });
  cleanups.push({ name: "stop the server", run: server.stop });
  const { baseUrl } = server;

  say("Signing up a user who picks the sample brand");
  const login = await signUpWithSample(baseUrl, mailDir);

  const debuggingPort = await freePort();
  const browser: Browser = await launchChromium([`--remote-debugging-port=${debuggingPort}`]);
  cleanups.push({ name: "close Chromium", run: () => browser.close() });
  const seed = (context: Parameters<typeof seedStorage>[0]) =>
    seedStorage(context, { auth: sessionFrom(login) });

  // The first visit may wait for the server to compute the sample's figures; the next ones warm its caches and
  // code paths (the first measured runs were several times slower without them).
  say(
    `${warmups} warm-up visits of /content (the first computes the sample's figures if the server has not yet)`,
  );
  await measureContent(browser, baseUrl, seed, WARM_UP_TIMEOUT_MS);
  for (let visit = 2; visit <= warmups; visit++) await measureContent(browser, baseUrl, seed);
  // Then the background work of a first start (the sample's figures, influencer profiles) must end: timed during
  // it, /content's first chart varied from 0.5 to 2.5 s on a quiet machine.
  const settled = await waitUntilQuiet(server.processGroup);
  say(
    settled.quiet
      ? `The server's background work ended after ${Math.round(settled.waitedMs / 1000)} s more`
      : `The server was still busy after ${Math.round(settled.waitedMs / 1000)} s: measuring anyway`,
  );

  say("Sharing the content module of the sample brand (the workspace on Professional)");
  const sharedReport = await shareContentReport(baseUrl, login);

  const signIn: ScriptLoad[] = [];
  const content: ContentLoad[] = [];
  for (let run = 1; run <= runs; run++) {
    signIn.push(await measureSignIn(browser, baseUrl));
    content.push(await measureContent(browser, baseUrl, seed));
    const last = content.at(-1);
    say(
      `  run ${run}/${runs}: first chart on /content after ${Math.round(last?.firstChartMs ?? Number.NaN)} ms`,
    );
  }

  // /content first: its session's ID token lasts 15 minutes, and a refresh would rotate the token seeded here.
  const lighthouse: { signIn: LighthouseRun[]; content: LighthouseRun[] } = { signIn: [], content: [] };
  for (let run = 1; run <= lighthouseRuns; run++) {
    lighthouse.content.push(
      await runLighthouse({ url: `${baseUrl}/content`, port: debuggingPort, session: sessionFrom(login) }),
    );
    say(`  Lighthouse on /content, run ${run}/${lighthouseRuns} done`);
  }
  const throttledContent = await throttledRunsOf("slow-laptop", "/content", () =>
    runLighthouse({
      url: `${baseUrl}/content`,
      port: debuggingPort,
      session: sessionFrom(login),
      profile: "slow-laptop",
    }),
  );
  for (let run = 1; run <= lighthouseRuns; run++) {
    lighthouse.signIn.push(await runLighthouse({ url: `${baseUrl}/sign-in`, port: debuggingPort }));
    say(`  Lighthouse on /sign-in, run ${run}/${lighthouseRuns} done`);
  }
  const throttledSignIn = await throttledRunsOf("slow-laptop", "/sign-in", () =>
    runLighthouse({ url: `${baseUrl}/sign-in`, port: debuggingPort, profile: "slow-laptop" }),
  );
  const throttledReport = await throttledRunsOf("mobile", "/report?token=…", () =>
    runLighthouse({ url: `${baseUrl}${sharedReport}`, port: debuggingPort, profile: "mobile" }),
  );

  async function throttledRunsOf(
    profile: ThrottledPage["profile"],
    path: string,
    one: () => Promise<LighthouseRun>,
  ): Promise<ThrottledPage[]> {
    const done: LighthouseRun[] = [];
    const page = path.startsWith("/report") ? "report" : path.slice(1);
    for (let run = 1; run <= (throttledPages.has(page) ? throttledRuns : 0); run++) {
      done.push(await one());
      say(`  Lighthouse (${profile}) on ${path}, run ${run}/${throttledRuns} done`);
    }
    return done.length > 0 ? [throttledPage(profile, path, done)] : [];
  }

  const report = buildReport({
    chromium: browser.version(),
    warmups,
    signIn,
    content,
    lighthouse,
    throttled: [...throttledSignIn, ...throttledContent, ...throttledReport],
  });
  say("");
  say(formatReport(report));
  await writeReport(RESULTS_FILE, report);
  say(`\nResults written to ${RESULTS_FILE}`);
}

function positiveInteger(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a positive integer, not "${value}"`);
  return n;
}

await runAndCleanUp(measure, "Measuring failed");
