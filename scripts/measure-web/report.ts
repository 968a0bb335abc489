import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { dirname } from "node:path";
import { BUDGETS } from "../../apps/web/e2e/budgets";
import {
  CATEGORIES,
  type Category,
  type LighthouseRun,
  type LostAudit,
  type Profile,
  type Timings,
} from "./lighthouse";
import type { ContentLoad, ScriptLoad } from "./measure";

/** One budget of issue 17 ("Fast pages") with what this run measured. */
export interface BudgetCheck {
  name: string;
  measured: string;
  limit: string;
  pass: boolean;
}

/** Lighthouse on one page: each run, the median of each category and the audits that cost points. */
export interface PageLighthouse {
  path: string;
  runs: LighthouseRun[];
  median: Record<Category, number>;
  unusedJavaScriptBytes: number;
  /** Each audit that scored below 1 in some run, with the number of runs it did. */
  lost: (LostAudit & { runs: number })[];
}

/** One page under a throttled profile (issue 33): each run's timings and their medians. */
export interface ThrottledPage {
  profile: Exclude<Profile, "desktop">;
  /** The page measured (a shared report's path without its token). */
  path: string;
  runs: Timings[];
  median: Omit<Timings, "largestContentfulPaintElement">;
  performance: number;
  /** What Lighthouse took for the largest contentful paint, in the median run. */
  largestContentfulPaintElement?: string;
}

export interface WebReport {
  finishedAt: string;
  machine: { cpus: number; cpuModel: string; node: string; chromium: string; loadAverage: number[] };
  runs: number;
  /** Visits of /content before the measured runs. */
  warmups: number;
  budgets: BudgetCheck[];
  signIn: { scripts: number; bytes: number; gzipBytes: number };
  content: {
    scripts: number;
    bytes: number;
    gzipBytes: number;
    beforeFirstChart: { scripts: number; bytes: number; gzipBytes: number };
  };
  firstChartMs: { median: number; min: number; max: number; runs: number[] };
  lighthouse: { signIn: PageLighthouse; content: PageLighthouse };
  /** Issue 33: /sign-in and /content on a slow laptop, the shared report on a phone. */
  throttled: ThrottledPage[];
  /** The scripts of one run of each route, for a closer look. */
  scriptsOf: {
    signIn: ScriptLoad["scripts"];
    content: ScriptLoad["scripts"];
    contentBeforeFirstChart: ScriptLoad["scripts"];
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** The run whose gzip total is the median (the totals only differ if a run loaded something else). */
function medianLoad<T extends ScriptLoad>(loads: readonly T[], gzipOf = (load: T) => load.gzipBytes): T {
  const target = median(loads.map(gzipOf));
  const [first, ...rest] = loads;
  if (!first) throw new Error("no runs");
  return rest.reduce(
    (best, load) => (Math.abs(gzipOf(load) - target) < Math.abs(gzipOf(best) - target) ? load : best),
    first,
  );
}

function pageLighthouse(path: string, runs: LighthouseRun[]): PageLighthouse {
  const medianOf = {} as Record<Category, number>;
  for (const id of CATEGORIES) medianOf[id] = median(runs.map((run) => run.scores[id] ?? Number.NaN));
  const lost = new Map<string, LostAudit & { runs: number }>();
  for (const run of runs) {
    for (const audit of run.lost) {
      const seen = lost.get(audit.id);
      lost.set(
        audit.id,
        seen ? { ...(audit.score < seen.score ? audit : seen), runs: seen.runs + 1 } : { ...audit, runs: 1 },
      );
    }
  }
  return {
    path,
    runs,
    median: medianOf,
    unusedJavaScriptBytes: median(runs.map((run) => run.unusedJavaScriptBytes)),
    lost: [...lost.values()].sort((a, b) => b.runs - a.runs || a.score - b.score),
  };
}

export function throttledPage(
  profile: ThrottledPage["profile"],
  path: string,
  runs: LighthouseRun[],
): ThrottledPage {
  const timings = runs.map((run) => run.timings);
  const lcp = median(timings.map((t) => t.largestContentfulPaintMs));
  const closest = timings.reduce<Timings | undefined>(
    (best, t) =>
      !best || Math.abs(t.largestContentfulPaintMs - lcp) < Math.abs(best.largestContentfulPaintMs - lcp)
        ? t
        : best,
    undefined,
  );
  return {
    profile,
    path,
    runs: timings,
    median: {
      firstContentfulPaintMs: median(timings.map((t) => t.firstContentfulPaintMs)),
      largestContentfulPaintMs: lcp,
      totalBlockingTimeMs: median(timings.map((t) => t.totalBlockingTimeMs)),
    },
    performance: median(runs.map((run) => run.scores.performance ?? Number.NaN)),
    ...(closest?.largestContentfulPaintElement
      ? { largestContentfulPaintElement: closest.largestContentfulPaintElement }
      : {}),
  };
}

const PROFILE_NAMES: Record<ThrottledPage["profile"], string> = {
  "slow-laptop": "slow laptop",
  mobile: "phone",
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function budgets(report: Omit<WebReport, "budgets">): BudgetCheck[] {
  const { signIn, content, firstChartMs, lighthouse } = report;
  const checks: BudgetCheck[] = [
    {
      name: "`/sign-in` JavaScript, gzip",
      measured: kb(signIn.gzipBytes),
      limit: `≤ ${kb(BUDGETS.signInGzipBytes)}`,
      pass: signIn.gzipBytes <= BUDGETS.signInGzipBytes,
    },
    {
      name: "`/content` JavaScript before its first chart, gzip",
      measured: kb(content.beforeFirstChart.gzipBytes),
      limit: `≤ ${kb(BUDGETS.contentBeforeFirstChartGzipBytes)}`,
      pass: content.beforeFirstChart.gzipBytes <= BUDGETS.contentBeforeFirstChartGzipBytes,
    },
    {
      name: `Time to the first chart on \`/content\` (median of ${report.runs})`,
      measured: `${firstChartMs.median} ms`,
      limit: `≤ ${BUDGETS.firstChartMs} ms`,
      pass: firstChartMs.median <= BUDGETS.firstChartMs,
    },
    {
      name: "Lighthouse unused JavaScript on `/sign-in`",
      measured: `${(lighthouse.signIn.unusedJavaScriptBytes / 1024).toFixed(1)} KiB`,
      limit: `< ${BUDGETS.signInUnusedJavaScriptBytes / 1024} KiB`,
      pass: lighthouse.signIn.unusedJavaScriptBytes < BUDGETS.signInUnusedJavaScriptBytes,
    },
  ];
  for (const page of [lighthouse.signIn, lighthouse.content]) {
    for (const id of CATEGORIES) {
      const least = BUDGETS.lighthouse[id];
      checks.push({
        name: `Lighthouse ${id} on \`${page.path}\` (median of ${page.runs.length})`,
        measured: String(page.median[id]),
        limit: least === 100 ? "100" : `≥ ${least}`,
        pass: page.median[id] >= least,
      });
    }
  }
  const { largestContentfulPaintMs, totalBlockingTimeMs } = BUDGETS.slowLoad;
  for (const page of report.throttled) {
    const on = `on \`${page.path}\`, ${PROFILE_NAMES[page.profile]} (median of ${page.runs.length})`;
    checks.push(
      {
        name: `Largest contentful paint ${on}`,
        measured: `${page.median.largestContentfulPaintMs} ms`,
        limit: `≤ ${largestContentfulPaintMs} ms`,
        pass: page.median.largestContentfulPaintMs <= largestContentfulPaintMs,
      },
      {
        name: `Total blocking time ${on}`,
        measured: `${page.median.totalBlockingTimeMs} ms`,
        limit: `≤ ${totalBlockingTimeMs} ms`,
        pass: page.median.totalBlockingTimeMs <= totalBlockingTimeMs,
      },
    );
  }
  return checks;
}

export function buildReport(o: {
  chromium: string;
  warmups: number;
  signIn: ScriptLoad[];
  content: ContentLoad[];
  lighthouse: { signIn: LighthouseRun[]; content: LighthouseRun[] };
  throttled: ThrottledPage[];
}): WebReport {
  const signIn = medianLoad(o.signIn);
  const content = medianLoad(o.content);
  const early = medianLoad(
    o.content.map((load) => load.beforeFirstChart),
    (load) => load.gzipBytes,
  );
  const chart = o.content.map((load) => Math.round(load.firstChartMs));
  const report: Omit<WebReport, "budgets"> = {
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      node: process.version,
      chromium: o.chromium,
      loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
    },
    runs: o.content.length,
    warmups: o.warmups,
    signIn: { scripts: signIn.scripts.length, bytes: signIn.bytes, gzipBytes: signIn.gzipBytes },
    content: {
      scripts: content.scripts.length,
      bytes: content.bytes,
      gzipBytes: content.gzipBytes,
      beforeFirstChart: { scripts: early.scripts.length, bytes: early.bytes, gzipBytes: early.gzipBytes },
    },
    firstChartMs: { median: median(chart), min: Math.min(...chart), max: Math.max(...chart), runs: chart },
    lighthouse: {
      signIn: pageLighthouse("/sign-in", o.lighthouse.signIn),
      content: pageLighthouse("/content", o.lighthouse.content),
    },
    throttled: o.throttled,
    scriptsOf: { signIn: signIn.scripts, content: content.scripts, contentBeforeFirstChart: early.scripts },
  };
  return { ...report, budgets: budgets(report) };
}

function table(header: string[], rows: string[][], align: ("l" | "r")[]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (align[i] === "r" ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join(" | ")} |`;
  const rule = `| ${widths.map((width, i) => (align[i] === "r" ? `${"-".repeat(width - 1)}:` : "-".repeat(width))).join(" | ")} |`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

function lostAudits(page: PageLighthouse): string {
  if (page.lost.length === 0) return `- \`${page.path}\`: no audit cost points.`;
  const audits = page.lost.map(
    (audit) =>
      `${audit.id} (${Math.round(audit.score * 100)}${audit.displayValue ? `, ${audit.displayValue}` : ""}; ${audit.runs}/${page.runs.length} runs)`,
  );
  return `- \`${page.path}\`: ${audits.join(", ")}`;
}

export function formatReport(report: WebReport): string {
  const { signIn, content, firstChartMs, machine, lighthouse } = report;
  return [
    table(
      ["First load", "Scripts", "JavaScript", "gzip", "gzip before the first chart", "Time to first chart"],
      [
        ["`/sign-in`", String(signIn.scripts), kb(signIn.bytes), kb(signIn.gzipBytes), "—", "—"],
        [
          "`/content`",
          String(content.scripts),
          kb(content.bytes),
          kb(content.gzipBytes),
          `${kb(content.beforeFirstChart.gzipBytes)} (${content.beforeFirstChart.scripts} scripts)`,
          `${firstChartMs.median} ms`,
        ],
      ],
      ["l", "r", "r", "r", "r", "r"],
    ),
    "",
    table(
      ["Lighthouse 12, desktop", "Performance", "Accessibility", "Best practices", "Unused JavaScript"],
      [lighthouse.signIn, lighthouse.content].map((page) => [
        `\`${page.path}\` (runs: ${page.runs.map((run) => CATEGORIES.map((id) => run.scores[id]).join("/")).join(", ")})`,
        String(page.median.performance),
        String(page.median.accessibility),
        String(page.median["best-practices"]),
        `${(page.unusedJavaScriptBytes / 1024).toFixed(1)} KiB`,
      ]),
      ["l", "r", "r", "r", "r"],
    ),
    "",
    table(
      [
        "Lighthouse 12, default throttling",
        "Screen",
        "Performance",
        "First contentful paint",
        "Largest contentful paint",
        "Total blocking time",
      ],
      report.throttled.map((page) => [
        `\`${page.path}\` (LCP runs: ${page.runs.map((t) => t.largestContentfulPaintMs).join(", ")} ms; TBT runs: ${page.runs.map((t) => t.totalBlockingTimeMs).join(", ")} ms)`,
        page.profile === "mobile" ? "phone, 412 px" : "laptop, 1350 px",
        String(page.performance),
        `${page.median.firstContentfulPaintMs} ms`,
        `${page.median.largestContentfulPaintMs} ms`,
        `${page.median.totalBlockingTimeMs} ms`,
      ]),
      ["l", "l", "r", "r", "r", "r"],
    ),
    "",
    "Largest contentful paint element (median run):",
    ...report.throttled.map(
      (page) =>
        `- \`${page.path}\`, ${PROFILE_NAMES[page.profile]}: ${page.largestContentfulPaintElement ?? "not named"}`,
    ),
    "",
    "Audits that cost points:",
    lostAudits(lighthouse.signIn),
    lostAudits(lighthouse.content),
    "",
    table(
      ["Budget", "Measured", "Limit", ""],
      report.budgets.map((check) => [check.name, check.measured, check.limit, check.pass ? "PASS" : "FAIL"]),
      ["l", "r", "r", "l"],
    ),
    "",
    `Time to first chart, each run (after ${report.warmups} warm-up visits): ${firstChartMs.runs.join(", ")} ms. Chromium ${machine.chromium}, ` +
      `${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, load average ${machine.loadAverage.join(" ")}.`,
  ].join("\n");
}

export async function writeReport(path: string, report: WebReport): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
}
