import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "pino";
import type { Config } from "../config/env";
import { newSecret, readSecret } from "../config/secrets";
import { readOrCreateAppSecret } from "./app-secrets.repo";
import type { Db } from "./client";

/** Where the token secret was kept before it moved into the database. */
const LEGACY_JWT_SECRET_FILE = "jwt-secret";

/**
 * JWT_SECRET, or the one generated on the first start and kept in the database (app_secrets), so every instance
 * on one database signs and checks tokens and e-mailed codes alike with no configuration. An install upgraded in
 * place brings its DATA_DIR/jwt-secret along, when the database has none yet, so its sessions and codes stay
 * valid; the file is then removed, the database being the one place the secret is kept.
 */
export async function withJwtSecret(
  config: Config,
  db: Db,
  log: Logger,
): Promise<Config & { jwtSecret: string }> {
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
