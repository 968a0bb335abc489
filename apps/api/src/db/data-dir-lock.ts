import { createHash } from "node:crypto";
import { unlink } from "node:fs/promises";
import { connect, createServer, type Server } from "node:net";
import { join } from "node:path";
import { isErrno } from "../lib/errno";

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * Claims DATA_DIR for this process by listening on a Unix socket named after it. The kernel frees the
 * socket when the process dies, even by SIGKILL, so a stale lock never blocks a restart. On Linux the
 * socket is abstract (no file); elsewhere it is a file in DATA_DIR that a later start finds dead and removes.
 * A second app asks the holder for its pid and stops with a message naming it.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const path =
    process.platform === "linux"
      ? `\0brandscope-${createHash("sha256").update(dataDir).digest("hex").slice(0, 40)}`
      : join(dataDir, ".brandscope.sock");
  const server = createServer((socket) => socket.end(String(process.pid)));
  server.unref();
  try {
    await listen(server, path);
  } catch (error) {
    if (!isErrno(error, "EADDRINUSE")) throw error;
    const holder = await askHolder(path);
    if (!holder && !path.startsWith("\0")) {
      await unlink(path);
      await listen(server, path);
    } else {
      throw new DataDirInUseError(
        `Another Brandscope server${holder?.pid ? ` (pid ${holder.pid})` : ""} is already using DATA_DIR ${dataDir}. ` +
          "Stop it first, or give this one its own DATA_DIR or a DATABASE_URL.",
      );
    }
  }
  return { release: () => new Promise((done) => server.close(() => done())) };
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** Who answers on the socket: undefined when nobody listens (a socket file left by a dead process). */
function askHolder(path: string): Promise<{ pid: string | undefined } | undefined> {
  return new Promise((resolve) => {
    let connected = false;
    let answer = "";
    const socket = connect(path, () => {
      connected = true;
    });
    socket.setTimeout(2_000, () => socket.destroy());
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("error", () => undefined);
    socket.on("close", () =>
      resolve(connected ? { pid: /^\d+$/.test(answer) ? answer : undefined } : undefined),
    );
  });
}
