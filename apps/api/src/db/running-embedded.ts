import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { readSecret } from "../config/secrets";
import { isErrno } from "../lib/errno";
import { embeddedDatabaseUrl } from "./embedded";
import { isRunning, readPostmasterPid } from "./postmaster";

export class EmbeddedNotRunningError extends Error {
  override name = "EmbeddedNotRunningError";
}

/**
 * The connection string of the embedded PostgreSQL that a running app (`npm start`) started in DATA_DIR, for a
 * tool such as the operator command. The server listens on a port chosen at each start, which PostgreSQL records
 * in the 4th line of `postmaster.pid`; it runs only while the app does.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string> {
  const pgdata = join(resolve(dataDir), "postgres");
  const notRunning = new EmbeddedNotRunningError(
    `No embedded PostgreSQL is running in DATA_DIR ${resolve(dataDir)}: it runs only while the app does. ` +
      "Start the app (npm start) with the same DATA_DIR, or set DATABASE_URL.",
  );
  const pid = await readPostmasterPid(pgdata);
  if (pid === undefined || !(await isRunning(pid))) throw notRunning;
  const port = Number((await readFile(join(pgdata, "postmaster.pid"), "utf8")).split("\n")[3]);
  const password = await readSecret(join(resolve(dataDir), "postgres-password")).catch((error: unknown) => {
    if (isErrno(error, "EACCES")) {
      throw new Error(`Cannot read ${dataDir}/postgres-password: run as the user that runs the app`);
    }
    throw error;
  });
  if (!Number.isInteger(port) || port <= 0 || !password) throw notRunning;
  return embeddedDatabaseUrl(password, port);
}
