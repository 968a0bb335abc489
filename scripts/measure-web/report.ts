import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { dirname } from "node:path";
import type { ContentLoad, ScriptLoad } from "./measure";

/** Issue 6: the sign-in route's JavaScript, gzip. */
export const SIGN_IN_BUDGET_GZIP_BYTES = 150 * 1024;

export interface WebReport {
  finishedAt: string;
  machine: { cpus: number; cpuModel: string; node: string; chromium: string; loadAverage: number[] };
  runs: number;
  /** Visits of /content before the measured runs. */
  warmups: number;
  signIn: { scripts: number; bytes: number; gzipBytes: number; withinBudget: boolean };
  content: { scripts: number; bytes: number; gzipBytes: number };
  firstChartMs: { median: number; min: number; max: number; runs: number[] };
  /** The scripts of one run of each route, for a closer look. */
  scriptsOf: { signIn: ScriptLoad["scripts"]; content: ScriptLoad["scripts"] };
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
function medianLoad<T extends ScriptLoad>(loads: readonly T[]): T {
  const target = median(loads.map((load) => load.gzipBytes));
  const [first, ...rest] = loads;
  if (!first) throw new Error("no runs");
  return rest.reduce(
    (best, load) => (Math.abs(load.gzipBytes - target) < Math.abs(best.gzipBytes - target) ? load : best),
    first,
  );
}

export function buildReport(o: {
  chromium: string;
  warmups: number;
  signIn: ScriptLoad[];
  content: ContentLoad[];
}): WebReport {
  const signIn = medianLoad(o.signIn);
  const content = medianLoad(o.content);
  const chart = o.content.map((load) => Math.round(load.firstChartMs));
  return {
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
    signIn: {
      scripts: signIn.scripts.length,
      bytes: signIn.bytes,
      gzipBytes: signIn.gzipBytes,
      withinBudget: signIn.gzipBytes <= SIGN_IN_BUDGET_GZIP_BYTES,
    },
    content: { scripts: content.scripts.length, bytes: content.bytes, gzipBytes: content.gzipBytes },
    firstChartMs: { median: median(chart), min: Math.min(...chart), max: Math.max(...chart), runs: chart },
    scriptsOf: { signIn: signIn.scripts, content: content.scripts },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function table(header: string[], rows: string[][], align: ("l" | "r")[]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (align[i] === "r" ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join(" | ")} |`;
  const rule = `| ${widths.map((width, i) => (align[i] === "r" ? `${"-".repeat(width - 1)}:` : "-".repeat(width))).join(" | ")} |`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

export function formatReport(report: WebReport): string {
  const { signIn, content, firstChartMs, machine } = report;
  const budget = `≤ ${kb(SIGN_IN_BUDGET_GZIP_BYTES)} gzip: ${signIn.withinBudget ? "PASS" : "FAIL"}`;
  return [
    table(
      [
        "First load",
        "Scripts",
        "JavaScript",
        "gzip",
        `Time to first chart (median of ${report.runs})`,
        "Budget",
      ],
      [
        ["`/sign-in`", String(signIn.scripts), kb(signIn.bytes), kb(signIn.gzipBytes), "—", budget],
        [
          "`/content`",
          String(content.scripts),
          kb(content.bytes),
          kb(content.gzipBytes),
          `${firstChartMs.median} ms`,
          "—",
        ],
      ],
      ["l", "r", "r", "r", "r", "l"],
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
