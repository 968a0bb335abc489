import pino from "pino";
import type { Config } from "../config/env";
import { credentialKey, Keyring, signingKeys } from "../config/keys";
import { newSecret } from "../config/secrets";
import { withAdvisoryLock } from "../db/advisory-lock";
import type { Database } from "../db/client";
import { loadKeyMaterial, withAppSecrets } from "../db/credential-keys";
import { listStoredKeys, markResealed, storeNewCurrentKey } from "../db/encryption-keys.repo";
import {
  countSealedByKey,
  describeColumn,
  replaceSealed,
  SEALED_COLUMNS,
  sealedWithOtherKeys,
} from "../db/sealed-values.repo";
import { LEGACY_SEAL_KEY_ID, seal, unseal } from "../lib/crypto";
import { EXIT, type OperatorIo, onOperatorDatabase } from "./run";

export const KEYS_USAGE = `Usage: npm run keys:rotate -w @brandscope/api   (or keys:status)

  rotate  Makes a new credential key current and re-seals every sealed value with it. Without
          BRANDSCOPE_ENCRYPTION_KEY the new key is generated and kept in the database; with it, the first key it
          lists is the current one (list the previous ones after it until this has run). A run that stopped midway
          is finished by running it again.
  status  Prints the credential keys held and how many values each one sealed, and the ids of the keys that
          sign bearers (the kid of their tokens): signing keys rotate by configuration, BRANDSCOPE_SIGNING_KEY.

The database is DATABASE_URL's, otherwise the embedded one of the app running in DATA_DIR (npm start).`;

/** Two rotations at once would each re-seal what the other just did: they take turns. */
const KEY_ROTATION_LOCK_KEY = 4_212_660_919;
const BATCH = 200;
const silent = pino({ level: "silent" });

/**
 * `npm run keys:rotate` and `keys:status` (docs/operations.md "Rotating the credential key"). Returns the exit code:
 * 1 when values remain that no key held opens.
 */
export async function runKeys(argv: string[], io: OperatorIo): Promise<number> {
  const [command, ...rest] = argv;
  if ((command !== "rotate" && command !== "status") || rest.length > 0) {
    io.err(`${command ? `Unknown command "${argv.join(" ")}"` : "No command given"}\n\n${KEYS_USAGE}`);
    return EXIT.usage;
  }
  return onOperatorDatabase(io, (database, config) =>
    withAdvisoryLock(database.pool, KEY_ROTATION_LOCK_KEY, async () => {
      const appConfig = await withAppSecrets(config, database.db, silent, io.clock.now());
      const unreadable =
        command === "rotate" ? await rotate(database, config.encryptionKeys, appConfig.jwtSecret, io) : 0;
      await printStatus(database, config, io);
      return unreadable > 0 ? EXIT.refused : EXIT.ok;
    }),
  );
}

/**
 * Makes a key current (a new one kept in the database, or the first configured) and re-seals every value sealed
 * with another. The new key is committed before the first value is re-sealed and each value is replaced on its own
 * only if unchanged, so a crash leaves every value readable; the key's `resealedAt` is set only at the end, so the
 * next run finishes this rotation instead of starting another. Returns how many values no held key opens.
 */
async function rotate(
  { db }: Database,
  configured: string[] | undefined,
  signingSecret: string,
  io: OperatorIo,
): Promise<number> {
  if (configured) {
    io.out(
      `Re-sealing with ${credentialKey(configured[0] ?? "").id}, the first key of BRANDSCOPE_ENCRYPTION_KEY`,
    );
  } else {
    const current = (await listStoredKeys(db)).find((k) => k.current);
    if (current && current.resealedAt === null) {
      io.out(`Finishing the rotation to ${current.id}, which a previous run began`);
    } else {
      const secret = newSecret();
      await storeNewCurrentKey(db, { id: credentialKey(secret).id, secret });
      io.out(`Added ${credentialKey(secret).id}, now the current key (kept in the database)`);
    }
  }
  const keys = new Keyring(
    await loadKeyMaterial({ encryptionKeys: configured }, signingSecret, db, {
      create: false,
      now: io.clock.now(),
    }),
  );
  const currentId = keys.current().id;
  let unreadable = 0;
  for (const column of SEALED_COLUMNS) {
    let resealed = 0;
    let after: string | undefined;
    for (;;) {
      const rows = await sealedWithOtherKeys(db, column, { currentId, after, limit: BATCH });
      for (const row of rows) {
        let text: string;
        try {
          text = unseal(keys, row.sealed);
        } catch (error) {
          unreadable += 1;
          io.err(`${describeColumn(column)} ${row.key}: ${error instanceof Error ? error.message : error}`);
          continue;
        }
        if (await replaceSealed(db, column, { key: row.key, was: row.sealed, now: seal(keys, text) })) {
          resealed += 1;
        }
      }
      if (rows.length < BATCH) break;
      after = rows.at(-1)?.key;
    }
    io.out(`${describeColumn(column)}: ${resealed} re-sealed`);
  }
  if (!configured) await markResealed(db, { id: currentId, now: io.clock.now() });
  if (unreadable > 0) {
    io.err(
      `${unreadable} values are sealed with keys this server does not hold: list those keys after the first`,
    );
  }
  return unreadable;
}

const valuesText = (n: number) => `${n} ${n === 1 ? "value" : "values"}`;

/** Each key held (after a rotation: the new one too) with how many values it sealed, then those no key held opens. */
async function printStatus({ db }: Database, config: Config, io: OperatorIo): Promise<void> {
  const counts = await countSealedByKey(db);
  const stored = new Set((await listStoredKeys(db)).map((k) => k.id));
  const appConfig = await withAppSecrets(config, db, silent, io.clock.now());
  for (const key of appConfig.credentialKeys.keys) {
    const where =
      key.id === LEGACY_SEAL_KEY_ID
        ? "derived from the signing secret"
        : stored.has(key.id)
          ? "kept in the database"
          : "BRANDSCOPE_ENCRYPTION_KEY";
    const current = key.id === appConfig.credentialKeys.currentId ? ", current" : "";
    io.out(`${key.id} (${where}${current}): ${valuesText(counts.get(key.id) ?? 0)}`);
    counts.delete(key.id);
  }
  for (const [id, values] of counts) io.out(`${id} (not held): ${valuesText(values)}`);
  // What each instance given these settings signs bearers with (docs/operations.md "Rotating the signing key").
  const source = config.signingKeys ? "BRANDSCOPE_SIGNING_KEY" : "the app secret";
  for (const [index, key] of signingKeys(config.signingKeys ?? [appConfig.jwtSecret]).keys.entries()) {
    const use = index === 0 ? "signs new bearers" : "checks the bearers it signed until they expire";
    io.out(`Signing key ${key.id} (${source}): ${use}`);
  }
}
