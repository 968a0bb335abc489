import { readdir, readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ, 100 on every common kernel). */
const TICKS_PER_SECOND = 100;

/** CPU seconds used so far by every process of `group` (utime + stime in /proc/<pid>/stat). */
async function groupCpuSeconds(group: number): Promise<number> {
  let ticks = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== group) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/**
 * Waits until the server's process group (the server, its PostgreSQL) has used under `maxShare` of one core in each
 * of `windows` consecutive windows of `windowMs`, or `timeoutMs` passed: right after its first start the server
 * computes the sample's figures and profiles its influencers in the background, and a page timed meanwhile measures
 * that work, not the page. Answers how long it waited and whether it got quiet.
 */
export async function waitUntilQuiet(
  group: number,
  { windowMs = 2_000, windows = 3, maxShare = 0.1, timeoutMs = 300_000 } = {},
): Promise<{ waitedMs: number; quiet: boolean }> {
  const start = Date.now();
  let quietWindows = 0;
  let before = await groupCpuSeconds(group);
  while (Date.now() - start < timeoutMs) {
    await sleep(windowMs);
    const now = await groupCpuSeconds(group);
    const share = (now - before) / (windowMs / 1000);
    before = now;
    quietWindows = share < maxShare ? quietWindows + 1 : 0;
    if (quietWindows >= windows) return { waitedMs: Date.now() - start, quiet: true };
  }
  return { waitedMs: Date.now() - start, quiet: false };
}
