import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "../../..");
const STARTUP_TIMEOUT_MS = 90_000;
const SHUTDOWN_TIMEOUT_MS = 20_000;

export interface AppServer {
  baseUrl: string;
  /** Its DATA_DIR: the operator command finds the server's embedded PostgreSQL there. */
  dataDir: string;
  /** Its process group: the server and everything it started (its PostgreSQL, worker threads' process). */
  processGroup: number;
  /** Stops the server (and everything it started) and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * Starts the production server (API + built web app) on a fresh data folder, on `port` or a free one, with `env`
 * on top of this process's environment. In its own process group: stopping it reaches everything it started.
 */
export async function startAppServer({
  port,
  env = {},
}: {
  port?: number;
  env?: Record<string, string>;
} = {}): Promise<AppServer> {
  const listenPort = port ?? (await freePort());
  // PostgreSQL refuses to run as root, so the server may hand this folder to a `postgres` user: mkdtemp's 0700
  // would lock that user out.
  const dataDir = await mkdtemp(join(tmpdir(), "brandscope-e2e-"));
  await chmod(dataDir, 0o755);

  const baseUrl = `http://127.0.0.1:${listenPort}`;
  const server = spawn(process.execPath, ["--import", "tsx", "apps/api/src/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(listenPort),
      DATA_DIR: dataDir,
      // The address the browser uses: an OAuth provider sends it back there, with the cookie set on it.
      APP_URL: baseUrl,
      ...env,
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);

  try {
    await waitForHealth(`${baseUrl}/api/health`, server);
  } catch (error) {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n--- server output ---\n${output}`,
    );
  }
  // Otherwise a crash mid-run only shows up as a wall of "connection refused".
  const reportCrash = (code: number | null, signal: NodeJS.Signals | null) => {
    process.stderr.write(`\nThe server stopped during the tests (${signal ?? `exit ${code}`}):\n${output}\n`);
  };
  server.once("exit", reportCrash);

  if (server.pid === undefined) throw new Error("The server has no process id");
  return {
    baseUrl,
    dataDir,
    processGroup: server.pid,
    async stop() {
      server.off("exit", reportCrash);
      await stop(server);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function freePort() {
  return new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.on("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? done(address.port) : fail(new Error("no port")),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited with code ${server.exitCode} before it was ready`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((tick) => setTimeout(tick, 250));
  }
  throw new Error(`${url} did not answer 200 within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

/**
 * SIGTERM to the server alone, so it shuts down in order (HTTP, pool, then its PostgreSQL); whatever is left of
 * its process group afterwards, or after a hang, gets SIGKILL.
 */
async function stop(server: ChildProcess) {
  const pid = server.pid;
  if (pid === undefined) return;
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((done) => server.once("exit", done));
    server.kill("SIGTERM");
    const hung = new Promise((done) => setTimeout(done, SHUTDOWN_TIMEOUT_MS).unref());
    await Promise.race([exited, hung]);
  }
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // the group is already gone: the clean case
  }
}
