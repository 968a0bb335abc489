import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, readSync } from "node:fs";
import { apiPackageDir } from "@brandscope/api/bench-support";

/** What the server reported on the way to ready. */
export interface ServerTimings {
  /** The sample load's own figure ("Sample data loaded" → ms). */
  sampleLoadMs: number | undefined;
  sampleCounts: Record<string, unknown>;
  /** From spawn to "Brandscope is running at". */
  listeningMs: number | undefined;
  /** Durations of the "Brand figures computed" jobs, in the order they finished. */
  figureJobsMs: number[];
  /** The "Import completed" lines: where each import's time went (uploadMs, readMs, storeMs). */
  imports: { uploadMs?: number; readMs?: number; storeMs?: number }[];
}

export interface ServerProcess {
  child: ChildProcess;
  startedAt: number;
  timings: ServerTimings;
  /** Resolves once the server printed its URL; rejects if it exits first or takes longer than `timeoutMs`. */
  listening(timeoutMs: number): Promise<void>;
  /** Resolves once `count` brands' figures are computed; rejects on exit or timeout. */
  figuresComputed(count: number, timeoutMs: number): Promise<void>;
  /** The last lines of output, for error messages. */
  tail(): string;
  /** SIGTERM to the whole process group, SIGKILL after `graceMs`; resolves when it is gone. */
  stop(graceMs: number): Promise<void>;
}

interface LogLine {
  level?: number;
  msg?: string;
  ms?: number;
  err?: { message?: string };
  [key: string]: unknown;
}

const TAIL_LINES = 40;
const ERROR_LEVEL = 50;

/** Parses a pino JSON line, or undefined for anything else (plain text, a half line). */
function parseLogLine(line: string): LogLine | undefined {
  if (!line.startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null ? (value as LogLine) : undefined;
  } catch {
    return undefined;
  }
}

/** How often the server's log file is read for new lines. */
const FOLLOW_INTERVAL_MS = 100;

/**
 * Follows a growing file line by line, as a log collector would. The server writes its log to a file rather than
 * a pipe: a pipe fills while autocannon keeps this process busy, and the server's logger then blocks on every
 * write, which measured the benchmark's own reading rather than the server.
 */
function followFile(path: string, onLine: (line: string) => void): () => void {
  const fd = openSync(path, "r");
  const buffer = Buffer.alloc(1 << 20);
  let position = 0;
  let partial = "";
  const read = () => {
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, position);
      if (n === 0) return;
      position += n;
      const lines = (partial + buffer.toString("utf8", 0, n)).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    }
  };
  const timer = setInterval(read, FOLLOW_INTERVAL_MS);
  return () => {
    clearInterval(timer);
    read();
    closeSync(fd);
  };
}

/**
 * Runs the real `apps/api/src/main.ts` as `npm start` does (from apps/api, in its own process group, with only
 * the environment given here) and follows its JSON log, written to `logFile`.
 */
export function spawnServer(o: {
  env: Record<string, string>;
  logFile: string;
  nodeArgs?: string[];
}): ServerProcess {
  const startedAt = performance.now();
  const log = openSync(o.logFile, "a");
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), "--import", "tsx", "src/main.ts"], {
    cwd: apiPackageDir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/", ...o.env },
    detached: true,
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const timings: ServerTimings = {
    sampleLoadMs: undefined,
    sampleCounts: {},
    listeningMs: undefined,
    figureJobsMs: [],
    imports: [],
  };
  const tailLines: string[] = [];
  const listeners = new Set<() => void>();
  let exitCode: number | null | undefined;
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const onLine = (line: string) => {
    // Request logs are most of the output under load: only lines of interest are parsed.
    if (line.includes('"msg":"incoming request"') || line.includes('"msg":"request completed"')) return;
    tailLines.push(line);
    if (tailLines.length > TAIL_LINES) tailLines.shift();
    if (line.startsWith("Brandscope is running at")) {
      timings.listeningMs = performance.now() - startedAt;
      notify();
      return;
    }
    const entry = parseLogLine(line);
    if (!entry) return;
    if (entry.msg === "Sample data loaded") {
      const { ms, level: _level, time: _time, pid: _pid, hostname: _host, msg: _msg, ...counts } = entry;
      timings.sampleLoadMs = ms;
      timings.sampleCounts = counts;
    } else if (entry.msg === "Import completed") {
      const ms = (value: unknown) => (typeof value === "number" ? value : undefined);
      timings.imports.push({
        uploadMs: ms(entry.uploadMs),
        readMs: ms(entry.readMs),
        storeMs: ms(entry.storeMs),
      });
    } else if (entry.msg === "Brand figures computed") {
      timings.figureJobsMs.push(entry.ms ?? Number.NaN);
      notify();
    } else if ((entry.level ?? 0) >= ERROR_LEVEL) {
      process.stderr.write(`  server error: ${entry.msg ?? ""} ${entry.err?.message ?? ""}\n`);
    }
  };
  const stopFollowing = followFile(o.logFile, onLine);
  const exited = new Promise<void>((resolve) =>
    child.on("exit", (code) => {
      stopFollowing();
      exitCode = code;
      notify();
      resolve();
    }),
  );

  /** Waits until `done()` holds, failing when the server exits first or the time is up. */
  const waitFor = (what: string, done: () => boolean, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (done()) finish();
        else if (exitCode !== undefined) finish(new Error(`The server exited (${exitCode}) before ${what}`));
      };
      const timer = setTimeout(
        () => finish(new Error(`Timed out after ${Math.round(timeoutMs / 1000)} s waiting until ${what}`)),
        timeoutMs,
      );
      const finish = (error?: Error) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(new Error(`${error.message}. Last server output:\n${tailLines.join("\n")}`));
        else resolve();
      };
      listeners.add(check);
      check();
    });

  return {
    child,
    startedAt,
    timings,
    listening: (timeoutMs) => waitFor("it listened", () => timings.listeningMs !== undefined, timeoutMs),
    figuresComputed: (count, timeoutMs) =>
      waitFor(
        `the figures of ${count} sample brands were computed`,
        () => timings.figureJobsMs.length >= count,
        timeoutMs,
      ),
    tail: () => tailLines.join("\n"),
    async stop(graceMs) {
      if (exitCode !== undefined || !child.pid) return;
      const signal = (name: NodeJS.Signals) => {
        try {
          if (child.pid) process.kill(-child.pid, name);
        } catch {
          // already gone
        }
      };
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
