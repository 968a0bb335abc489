// `npm test`: every step in order, stopping at the first that fails, and at the end a table of what each step took
// (the workspaces' tests one line each, from turbo's run summary) with the budget line of docs/operations.md
// "Test time". The budget is printed, never enforced: these machines are shared and noisy, and a slow run is a
// finding to act on, not a broken build.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
const BUDGET_SECONDS = 12 * 60;

const steps = [
  { name: "contract lint", command: "npm run lint:contract" },
  { name: "types, lint, layers, references", command: "npm run check" },
  { name: "workspaces' tests", command: "npx turbo run test --concurrency=1 --summarize", workspaces: true },
  { name: "pack test", command: "npm run test:pack" },
  { name: "Storybook build", command: "npm run build-storybook" },
  { name: "browser tests", command: "npm run test:e2e" },
];

const runsDir = join(root, ".turbo/runs");
const rows = [];
const started = Date.now();
let failed;
for (const step of steps) {
  if (step.workspaces) rmSync(runsDir, { recursive: true, force: true });
  console.log(`\n== ${step.name}: ${step.command}`);
  const from = Date.now();
  const { status, signal } = spawnSync(step.command, { cwd: root, shell: true, stdio: "inherit" });
  rows.push({ name: step.name, seconds: (Date.now() - from) / 1000, ok: status === 0 });
  if (step.workspaces) rows.push(...workspaceRows());
  if (status !== 0) {
    failed = { step: step.name, code: status ?? 1, signal };
    break;
  }
}
printTable(rows, (Date.now() - started) / 1000);
if (failed) {
  console.error(`npm test failed at "${failed.step}"${failed.signal ? ` (${failed.signal})` : ""}`);
  process.exit(failed.code);
}

/** One row per workspace's test task, read from the summary `turbo run --summarize` writes in .turbo/runs/. */
function workspaceRows() {
  let files;
  try {
    files = readdirSync(runsDir).filter((file) => file.endsWith(".json"));
  } catch {
    return [];
  }
  if (files.length !== 1) return [];
  const summary = JSON.parse(readFileSync(join(runsDir, files[0]), "utf8"));
  return summary.tasks
    .filter((task) => task.taskId.endsWith("#test") && task.execution?.endTime)
    .map((task) => ({
      name: `  ${task.taskId}`,
      seconds: (task.execution.endTime - task.execution.startTime) / 1000,
      ok: task.execution.exitCode === 0,
    }));
}

function printTable(table, totalSeconds) {
  const width = Math.max(...table.map((row) => row.name.length), "total".length);
  const line = (name, seconds, mark = "") =>
    `${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s${mark ? `  ${mark}` : ""}`;
  console.log(`\n== npm test: time per step\n${"step".padEnd(width)}  ${"seconds".padStart(9)}`);
  for (const row of table) console.log(line(row.name, row.seconds, row.ok ? "" : "FAILED"));
  console.log(line("total", totalSeconds));
  const verdict = totalSeconds <= BUDGET_SECONDS ? "PASS" : "FAIL";
  console.log(
    `budget: npm test within ${BUDGET_SECONDS / 60} min: ${verdict} (${(totalSeconds / 60).toFixed(1)} min)`,
  );
}
