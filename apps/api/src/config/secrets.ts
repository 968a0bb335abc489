import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { isErrno } from "../lib/errno";
import type { AppConfig, Config } from "./env";

/**
 * A secret generated on first use and kept in DATA_DIR (mode 600), so tokens and the embedded database's
 * password survive restarts. Written to a temporary file and hard-linked into place: two apps starting
 * at once both end up with the one that won.
 */
export async function readOrCreateSecret(dataDir: string, name: string): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, name);
  const existing = await readSecret(path);
  if (existing) return existing;
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${randomBytes(48).toString("base64url")}\n`, { mode: 0o600 });
  try {
    await link(temporary, path);
  } catch (error) {
    if (!isErrno(error, "EEXIST")) throw error;
  } finally {
    await unlink(temporary);
  }
  const created = await readSecret(path);
  if (!created) throw new Error(`${path} is empty: delete it and start again`);
  return created;
}

async function readSecret(path: string): Promise<string | undefined> {
  try {
    return (await readFile(path, "utf8")).trim() || undefined;
  } catch (error) {
    if (isErrno(error, "ENOENT")) return undefined;
    throw error;
  }
}

/** JWT_SECRET, or one generated on the first start and kept as DATA_DIR/jwt-secret. */
export async function withJwtSecret(config: Config): Promise<AppConfig> {
  return {
    ...config,
    jwtSecret: config.jwtSecret ?? (await readOrCreateSecret(config.dataDir, "jwt-secret")),
  };
}
