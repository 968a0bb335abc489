import { link, mkdir, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "pino";
import { readOrCreateAppSecret } from "../db/app-secrets.repo";
import type { Db } from "../db/client";
import { randomToken } from "../lib/crypto";
import { isErrno } from "../lib/errno";
import type { AppConfig, Config } from "./env";

const newSecret = () => randomToken(48);

/**
 * A secret generated on first use and kept in DATA_DIR (mode 600): the embedded database's password, which is
 * needed before there is a database to keep it in. Written to a temporary file and hard-linked into place: two
 * apps starting at once both end up with the one that won.
 */
export async function readOrCreateSecret(dataDir: string, name: string): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, name);
  const existing = await readSecret(path);
  if (existing) return existing;
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${newSecret()}\n`, { mode: 0o600 });
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

/** Where the token secret was kept before it moved into the database. */
const LEGACY_JWT_SECRET_FILE = "jwt-secret";

/**
 * JWT_SECRET, or the one generated on the first start and kept in the database (app_secrets), so every instance
 * on one database signs and checks tokens and e-mailed codes alike with no configuration. An install upgraded in
 * place brings its DATA_DIR/jwt-secret along, when the database has none yet, so its sessions and codes stay
 * valid; the file is then removed, the database being the one place the secret is kept.
 */
export async function withJwtSecret(config: Config, db: Db, log: Logger): Promise<AppConfig> {
  if (config.jwtSecret) return { ...config, jwtSecret: config.jwtSecret };
  const legacyPath = join(config.dataDir, LEGACY_JWT_SECRET_FILE);
  const legacy = await readSecret(legacyPath);
  const jwtSecret = await readOrCreateAppSecret(db, "jwt-secret", legacy ?? newSecret());
  if (legacy) {
    await rm(legacyPath, { force: true });
    log.info(
      legacy === jwtSecret
        ? `Moved ${legacyPath} into the database`
        : `Removed ${legacyPath}: the database already holds the secret every instance uses`,
    );
  }
  return { ...config, jwtSecret };
}
