import type { Logger } from "pino";
import type { AppConfig, Config } from "../config/env";
import { credentialKey, type KeyMaterial, legacySealKey } from "../config/keys";
import { newSecret } from "../config/secrets";
import type { SealKey } from "../lib/crypto";
import type { Db } from "./client";
import { listStoredKeys, storeFirstKey } from "./encryption-keys.repo";
import { withJwtSecret } from "./jwt-secret";
import { countSealedByKey } from "./sealed-values.repo";

/**
 * The credential keys a server holds: those configured (BRANDSCOPE_ENCRYPTION_KEY, the first current), else the
 * database's (one generated on the first start); in both cases also every key kept in the database and the legacy
 * key derived from the signing secret, so nothing sealed before (an upgrade, a try-out turned production) is lost.
 * `create`: generate the database's first key when there is none and none is configured.
 */
export async function loadKeyMaterial(
  config: Pick<Config, "encryptionKeys">,
  signingSecret: string,
  db: Db,
  o: { create: boolean; now: Date },
): Promise<KeyMaterial> {
  let stored = await listStoredKeys(db);
  if (!config.encryptionKeys && o.create && !stored.some((k) => k.current)) {
    const secret = newSecret();
    await storeFirstKey(db, { id: credentialKey(secret).id, secret, now: o.now });
    stored = await listStoredKeys(db);
  }
  const configured = (config.encryptionKeys ?? []).map(credentialKey);
  const current = configured[0] ?? stored.find((k) => k.current);
  if (!current) throw new Error("No credential key is configured or kept in the database");
  const keys = new Map<string, SealKey>();
  for (const key of [
    ...configured,
    ...stored.map((k) => credentialKey(k.secret)),
    legacySealKey(signingSecret),
  ]) {
    if (!keys.has(key.id)) keys.set(key.id, key);
  }
  return { currentId: current.id, keys: [...keys.values()] };
}

/** The configuration with its signing secret and credential keys resolved, as a server or a command starts. */
export async function withAppSecrets(config: Config, db: Db, log: Logger, now: Date): Promise<AppConfig> {
  const { jwtSecret } = await withJwtSecret(config, db, log);
  const credentialKeys = await loadKeyMaterial(config, jwtSecret, db, { create: true, now });
  return { ...config, jwtSecret, credentialKeys };
}

/**
 * Says at start how many sealed values an older key still opens (after an upgrade: all, under `legacy`, derived
 * from the signing secret), since until `npm run keys:rotate` a copy of the database and that key opens them.
 */
export async function warnOfOlderKeys(db: Db, material: KeyMaterial, log: Logger): Promise<void> {
  const older = [...(await countSealedByKey(db))].filter(([id]) => id !== material.currentId);
  if (older.length === 0) return;
  const values = older.reduce((sum, [, count]) => sum + count, 0);
  log.warn(
    { keys: Object.fromEntries(older) },
    `${values} sealed values still use an older credential key (${older.map(([id]) => id).join(", ")}): run npm run keys:rotate -w @brandscope/api to re-seal them with the current one`,
  );
}

/** What a running server's keyring reloads when a value names a key added since it started. */
export const keyMaterialReader = (config: AppConfig, db: Db) => () =>
  loadKeyMaterial(config, config.jwtSecret, db, { create: false, now: new Date() });
