import { createCipheriv, createHmac, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertOwnBrand } from "../../test/brand-rows";
import { createTestDatabase } from "../../test/database";
import { capturedLog } from "../../test/log";
import { seedSignedInUser } from "../../test/users";
import { loadConfig } from "../config/env";
import { appKeys, credentialKey, jwtKey } from "../config/keys";
import { connectDatabase, type Database } from "../db/client";
import { keyMaterialReader, warnOfOlderKeys, withAppSecrets } from "../db/credential-keys";
import { listStoredKeys, storeNewCurrentKey } from "../db/encryption-keys.repo";
import { appSecrets, connections, mailOutbox, ssoConnections } from "../db/schema";
import {
  countSealedByKey,
  replaceSealed,
  SEALED_COLUMNS,
  sealedWithOtherKeys,
} from "../db/sealed-values.repo";
import { systemClock } from "../lib/clock";
import { LEGACY_SEAL_KEY_ID, seal, unseal } from "../lib/crypto";
import { verifyIdToken } from "../modules/auth/id-token";
import { runKeys } from "./keys";
import { EXIT } from "./run";

const log = pino({ level: "silent" });
/** The one secret of an install before credential keys were apart: generated into app_secrets 'jwt-secret'. */
const OLD_SECRET = "an-install-s-one-secret-before-the-upgrade-0123456";
const PLAIN = {
  refreshToken: "1//refresh-token-of-search-console",
  oidc: "oidc-client-secret",
  mail: '{"to":"a@b.c"}',
};

/**
 * How the code before this change sealed (lib/crypto.ts seal at ba16e86): `v1.<iv>.<tag>.<ciphertext>` under a key
 * derived from the one secret. Kept here verbatim, as what an upgraded database holds.
 */
function sealedBeforeUpgrade(secret: string, text: string): string {
  const key = createHmac("sha256", secret).update("brandscope sealed data").digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return ["v1", ...[iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url"))].join(".");
}

let folder: string;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "brandscope-keys-"));
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await rm(folder, { recursive: true, force: true });
});

interface Install {
  database: Database;
  env: NodeJS.ProcessEnv;
  authorization: string;
}

/** A database as the code before this change left it: its one secret, and a value sealed in each sealed column. */
async function upgradedInstall(): Promise<Install> {
  const created = await createTestDatabase();
  const database = connectDatabase(created.url, log);
  cleanups.push(async () => {
    await database.close();
    await created.drop();
  });
  const { db } = database;
  await db.insert(appSecrets).values({ name: "jwt-secret", value: OLD_SECRET });
  const user = await seedSignedInUser(db, jwtKey(OLD_SECRET));
  const brand = await insertOwnBrand(db, user.workspaceId);
  await db.insert(connections).values({
    workspaceId: user.workspaceId,
    brandId: brand.id,
    provider: "search_console",
    status: "connected",
    sealedCredential: sealedBeforeUpgrade(OLD_SECRET, PLAIN.refreshToken),
  });
  await db.insert(ssoConnections).values({
    workspaceId: user.workspaceId,
    protocol: "oidc",
    oidcIssuer: "https://idp.example.com",
    oidcClientId: "brandscope",
    oidcSealedClientSecret: sealedBeforeUpgrade(OLD_SECRET, PLAIN.oidc),
  });
  await db.insert(mailOutbox).values({
    recipient: "a@b.c",
    sealed: sealedBeforeUpgrade(OLD_SECRET, PLAIN.mail),
    nextAttemptAt: new Date(),
  });
  const env = { DATABASE_URL: created.url, DATA_DIR: await mkdtemp(join(folder, "data-")) };
  return { database, env, authorization: user.authorization };
}

async function keys(install: Install, command: string, env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runKeys([command], {
    env: { ...install.env, ...env },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    clock: systemClock,
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** Every sealed value of the database, opened with the keys a server started on `env` holds. */
async function openedValues(install: Install, env: NodeJS.ProcessEnv = {}) {
  const config = await withAppSecrets(
    loadConfig({ ...install.env, ...env }),
    install.database.db,
    log,
    new Date(),
  );
  const held = appKeys(config);
  const values: string[] = [];
  for (const column of SEALED_COLUMNS) {
    const rows = await sealedWithOtherKeys(install.database.db, column, {
      currentId: "",
      after: undefined,
      limit: 100,
    });
    for (const row of rows) values.push(unseal(held.seal, row.sealed));
  }
  return values.sort();
}

const everyPlain = Object.values(PLAIN).sort();
const sealedCounts = async (install: Install) =>
  Object.fromEntries(await countSealedByKey(install.database.db));

describe("credential keys apart from the signing secret", () => {
  it("keeps an upgraded install's connected accounts, SSO secret, queued e-mail and sessions", async () => {
    const install = await upgradedInstall();
    // The first start after the upgrade: a credential key of its own is made current; the legacy key still opens.
    const config = await withAppSecrets(loadConfig(install.env), install.database.db, log, new Date());
    expect(config.credentialKeys.currentId).not.toBe(LEGACY_SEAL_KEY_ID);
    expect(await openedValues(install)).toEqual(everyPlain);
    const started = capturedLog();
    await warnOfOlderKeys(install.database.db, config.credentialKeys, started.log);
    expect(started.text()).toContain(
      "3 sealed values still use an older credential key (legacy): run npm run keys:rotate -w @brandscope/api",
    );
    const held = appKeys(config);
    const token = install.authorization.replace("Bearer ", "");
    expect(await verifyIdToken(token, held.jwt)).toMatchObject({ userId: expect.any(String) });
    // What it seals from now on names its own key, not one derived from the signing secret.
    const fresh = seal(held.seal, "new credential");
    expect(fresh.split(".").slice(0, 2)).toEqual(["v2", config.credentialKeys.currentId]);
    expect(() => unseal({ current: () => held.seal.current(), find: () => undefined }, fresh)).toThrow(
      `Sealed with key ${config.credentialKeys.currentId}, which this server does not hold`,
    );
  });

  it("generates one credential key for instances starting together on a database without one", async () => {
    const install = await upgradedInstall();
    const started = await Promise.all(
      [1, 2, 3].map(() => withAppSecrets(loadConfig(install.env), install.database.db, log, new Date())),
    );
    expect(new Set(started.map((c) => c.credentialKeys.currentId)).size).toBe(1);
    expect(await listStoredKeys(install.database.db)).toHaveLength(1);
  });

  it("rotates: a new current key, every sealed column re-sealed with it, a running server following", async () => {
    const install = await upgradedInstall();
    const running = await withAppSecrets(loadConfig(install.env), install.database.db, log, new Date());
    const runningKeys = appKeys(running, keyMaterialReader(running, install.database.db));
    const before = running.credentialKeys.currentId;

    const rotated = await keys(install, "rotate");
    expect(rotated).toMatchObject({ code: EXIT.ok, err: "" });
    const [added] = /Added (\w+), now the current key/.exec(rotated.out)?.slice(1) ?? [];
    expect(added).toBeDefined();
    expect(added).not.toBe(before);
    expect(rotated.out).toContain("connections.sealed_credential: 1 re-sealed");
    expect(rotated.out).toContain("mail_outbox.sealed: 1 re-sealed");
    expect(rotated.out).toContain("sso_connections.oidc_sealed_client_secret: 1 re-sealed");
    expect(await sealedCounts(install)).toEqual({ [`${added}`]: 3 });
    expect(await openedValues(install)).toEqual(everyPlain);
    const restarted = capturedLog();
    const afterRotation = await withAppSecrets(loadConfig(install.env), install.database.db, log, new Date());
    await warnOfOlderKeys(install.database.db, afterRotation.credentialKeys, restarted.log);
    expect(restarted.text()).toBe("");

    // The server started before the rotation learns the new key when a value names it, then seals with it.
    const [connection] = await install.database.db.select().from(connections);
    expect(await runningKeys.seal.open(connection?.sealedCredential ?? "")).toBe(PLAIN.refreshToken);
    expect(seal(runningKeys.seal, "x").split(".")[1]).toBe(added);

    // Again: another key, everything moved to it.
    const again = await keys(install, "rotate");
    expect(again.code).toBe(EXIT.ok);
    const [second] = /Added (\w+)/.exec(again.out)?.slice(1) ?? [];
    expect(second).not.toBe(added);
    expect(await sealedCounts(install)).toEqual({ [`${second}`]: 3 });
  });

  it("finishes a rotation that stopped midway instead of starting another", async () => {
    const install = await upgradedInstall();
    await keys(install, "status");
    // A run that stopped after adding its key and re-sealing one value.
    const secret = "a-key-a-rotation-added-before-it-crashed-0123";
    const interrupted = credentialKey(secret);
    await storeNewCurrentKey(install.database.db, { id: interrupted.id, secret });
    // The first column the install holds a value in (the list grows with features the install has no data of).
    let found: { column: (typeof SEALED_COLUMNS)[number]; row: { key: string; sealed: string } } | undefined;
    for (const column of SEALED_COLUMNS) {
      const [row] = await sealedWithOtherKeys(install.database.db, column, {
        currentId: interrupted.id,
        after: undefined,
        limit: 1,
      });
      if (row) {
        found = { column, row };
        break;
      }
    }
    if (!found) throw new Error("Nothing sealed");
    const { column, row } = found;
    const held = appKeys(await withAppSecrets(loadConfig(install.env), install.database.db, log, new Date()));
    const resealed = seal(held.seal, unseal(held.seal, row.sealed));
    expect(
      await replaceSealed(install.database.db, column, { key: row.key, was: row.sealed, now: resealed }),
    ).toBe(true);
    // A value changed since it was read is left as the app wrote it.
    expect(
      await replaceSealed(install.database.db, column, { key: row.key, was: row.sealed, now: "x" }),
    ).toBe(false);

    const resumed = await keys(install, "rotate");
    expect(resumed).toMatchObject({ code: EXIT.ok, err: "" });
    expect(resumed.out).toContain(`Finishing the rotation to ${interrupted.id}, which a previous run began`);
    expect(await sealedCounts(install)).toEqual({ [interrupted.id]: 3 });
    expect((await listStoredKeys(install.database.db)).map((k) => k.id)).toContain(interrupted.id);
    expect((await listStoredKeys(install.database.db)).length).toBe(2);
    expect(await openedValues(install)).toEqual(everyPlain);
  });

  it("names the keys that sign bearers: the app secret's, or BRANDSCOPE_SIGNING_KEY's, the first signing", async () => {
    const install = await upgradedInstall();
    expect((await keys(install, "status")).out).toContain(
      `Signing key ${jwtKey(OLD_SECRET).id} (the app secret): signs new bearers`,
    );
    const next = "the-next-bearer-signing-key-0123456789abcdef";
    const rotating = await keys(install, "status", { BRANDSCOPE_SIGNING_KEY: `${next},${OLD_SECRET}` });
    expect(rotating.out).toContain(
      `Signing key ${jwtKey(next).id} (BRANDSCOPE_SIGNING_KEY): signs new bearers`,
    );
    expect(rotating.out).toContain(
      `Signing key ${jwtKey(OLD_SECRET).id} (BRANDSCOPE_SIGNING_KEY): checks the bearers it signed until they expire`,
    );
  });

  it("moves a try-out's values to the configured key, and says which values no key given opens", async () => {
    const install = await upgradedInstall();
    await keys(install, "status");
    const key = "the-production-key-from-a-secret-store-0123";
    const status = await keys(install, "status", { BRANDSCOPE_ENCRYPTION_KEY: key });
    expect(status.out).toContain(`${credentialKey(key).id} (BRANDSCOPE_ENCRYPTION_KEY, current): 0 values`);
    expect(status.out).toContain(`${LEGACY_SEAL_KEY_ID} (derived from the signing secret): 3 values`);

    const rotated = await keys(install, "rotate", { BRANDSCOPE_ENCRYPTION_KEY: key });
    expect(rotated).toMatchObject({ code: EXIT.ok, err: "" });
    expect(rotated.out).toContain(
      `Re-sealing with ${credentialKey(key).id}, the first key of BRANDSCOPE_ENCRYPTION_KEY`,
    );
    expect(await sealedCounts(install)).toEqual({ [credentialKey(key).id]: 3 });
    // Idempotent: nothing left to re-seal.
    expect((await keys(install, "rotate", { BRANDSCOPE_ENCRYPTION_KEY: key })).out).toContain(
      "mail_outbox.sealed: 0 re-sealed",
    );

    // The next key, listed before the previous one, then the previous one dropped too early.
    const next = "the-next-production-key-from-the-store-0123";
    expect((await keys(install, "rotate", { BRANDSCOPE_ENCRYPTION_KEY: `${next},${key}` })).code).toBe(
      EXIT.ok,
    );
    expect(await openedValues(install, { BRANDSCOPE_ENCRYPTION_KEY: next })).toEqual(everyPlain);
    const third = "a-third-key-given-without-the-second-one-01";
    const refused = await keys(install, "rotate", { BRANDSCOPE_ENCRYPTION_KEY: third });
    expect(refused.code).toBe(EXIT.refused);
    expect(refused.err).toContain(
      `Sealed with key ${credentialKey(next).id}, which this server does not hold`,
    );
    expect(refused.out).toContain(`${credentialKey(next).id} (not held): 3 values`);
  });
});
