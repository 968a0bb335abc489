import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { inject } from "vitest";
import { repoRoot } from "./app-server";

/** `npm run operator -- …` as an operator runs it beside the running app: the same DATA_DIR, no DATABASE_URL. */
export async function operator(...args: string[]) {
  const { DATABASE_URL: _none, ...env } = process.env;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "apps/api/src/operator/main.ts", ...args],
    { cwd: repoRoot, env: { ...env, DATA_DIR: inject("dataDir") } },
  );
  return stdout;
}
