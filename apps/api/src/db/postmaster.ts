import { readFile, rm } from "node:fs/promises";
import { basename, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import { isErrno } from "../lib/errno";

/** The PostgreSQL server that `postmaster.pid` in a data folder names, if that file exists. */
export async function readPostmasterPid(pgdata: string): Promise<number | undefined> {
  try {
    const [pid] = (await readFile(join(pgdata, "postmaster.pid"), "utf8")).split("\n");
    return pid && /^\d+$/.test(pid) ? Number(pid) : undefined;
  } catch (error) {
    if (isErrno(error, "ENOENT")) return undefined;
    throw error;
  }
}

/** Alive and not a zombie (a zombie answers signal 0 until its parent reaps it). */
export async function isRunning(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return isErrno(error, "EPERM");
  }
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  return !/^\d+ \(.*\) Z/.test(stat);
}

/**
 * Whether the process is a postgres server for this very folder. Without /proc (macOS) the pid file's
 * own record of the folder is all there is to go on, and it is trusted.
 */
async function servesFolder(pid: number, pgdata: string): Promise<boolean> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => undefined);
  if (cmdline === undefined) return process.platform !== "linux";
  const [program = "", ...args] = cmdline.split("\0");
  const folder = args[args.indexOf("-D") + 1];
  return basename(program) === "postgres" && args.includes("-D") && folder === pgdata;
}

/**
 * Stops the server that holds the folder: SIGINT (fast shutdown: clean, with a checkpoint), then SIGQUIT,
 * then SIGKILL if it does not go. Returns once the process is gone.
 */
export async function stopPostmaster(pgdata: string, log: Logger): Promise<void> {
  const pid = await readPostmasterPid(pgdata);
  if (pid === undefined || !(await isRunning(pid))) return;
  for (const [signal, waitMs] of [
    ["SIGINT", 30_000],
    ["SIGQUIT", 5_000],
    ["SIGKILL", 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if (isErrno(error, "ESRCH")) return;
      throw error;
    }
    for (let waited = 0; waited < waitMs; waited += 50) {
      if (!(await isRunning(pid))) return;
      await sleep(50);
    }
    log.warn({ pid, signal }, "PostgreSQL did not stop in time");
  }
  throw new Error(`PostgreSQL (pid ${pid}) does not stop; stop it by hand before starting again`);
}

/**
 * After the app was killed (SIGKILL, OOM), its PostgreSQL keeps running and holds the folder and port.
 * Stops such an orphan; removes a pid file whose pid now belongs to another process. Only called while
 * holding the DATA_DIR lock, so no live Brandscope owns that server.
 */
export async function clearOrphanedPostmaster(pgdata: string, log: Logger): Promise<void> {
  const pid = await readPostmasterPid(pgdata);
  if (pid === undefined || !(await isRunning(pid))) return;
  if (await servesFolder(pid, pgdata)) {
    log.warn(
      { postmasterPid: pid },
      "Stopping the PostgreSQL server left running by an earlier Brandscope that did not shut down",
    );
    await stopPostmaster(pgdata, log);
  } else {
    await rm(join(pgdata, "postmaster.pid"), { force: true });
  }
}
