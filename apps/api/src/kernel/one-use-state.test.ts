import pino from "pino";
import { describe, expect, it } from "vitest";
import { connectedTestDatabase } from "../../test/database";
import { MINUTE_MS } from "../lib/clock";
import { sha256 } from "../lib/crypto";
import {
  amendOneUseState,
  peekOneUseState,
  putOneUseState,
  SPENT_STATE_MARGIN_MS,
  sweepOneUseStatesJob,
  takeOneUseState,
} from "./one-use-state";

const connected = connectedTestDatabase();

const now = new Date("2026-12-07T12:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const consent = {
  provider: "search_console" as const,
  workspaceId: "00000000-0000-4000-8000-000000000001",
  brandId: "00000000-0000-4000-8000-000000000002",
  userId: "00000000-0000-4000-8000-000000000003",
  codeVerifier: "verifier",
};
const put = (browserHash: string | null = null) =>
  putOneUseState(connected.database.db, "connector-consent", {
    payload: consent,
    ttlMs: 10 * MINUTE_MS,
    now,
    browserHash,
  });
const stored = async () =>
  (await connected.database.pool.query<{ key_hash: string }>("select key_hash from one_use_states")).rows.map(
    (row) => row.key_hash,
  );

describe("one-use states", () => {
  it("keeps only the secret's hash, and gives the payload back once: a replayed secret is refused", async () => {
    const secret = await put();
    expect(await stored()).toContain(sha256(secret));
    expect(await stored()).not.toContain(secret);
    expect(await takeOneUseState(connected.database.db, "connector-consent", secret, { now })).toEqual({
      payload: consent,
      browserHash: null,
    });
    expect(
      await takeOneUseState(connected.database.db, "connector-consent", secret, { now }),
    ).toBeUndefined();
  });

  it("refuses a secret once expired, of another kind, or whose payload does not hold the match", async () => {
    const secret = await put();
    expect(await takeOneUseState(connected.database.db, "sso-sign-in", secret, { now })).toBeUndefined();
    const instagram = { match: { provider: "instagram" as const }, now };
    expect(
      await takeOneUseState(connected.database.db, "connector-consent", secret, instagram),
    ).toBeUndefined();
    expect(
      await takeOneUseState(connected.database.db, "connector-consent", secret, { now: at(10 * MINUTE_MS) }),
    ).toBeUndefined();
    const live = { match: { provider: "search_console" as const }, now: at(10 * MINUTE_MS - 1) };
    expect(
      (await takeOneUseState(connected.database.db, "connector-consent", secret, live))?.payload,
    ).toEqual(consent);
  });

  it("gives a bound state only to its browser, leaving it for that browser when another presents it", async () => {
    const secret = await put(sha256("cookie of the browser"));
    const other = { browserHash: sha256("another cookie"), now };
    expect(await takeOneUseState(connected.database.db, "connector-consent", secret, other)).toBeUndefined();
    const own = { browserHash: sha256("cookie of the browser"), now };
    expect(
      (await takeOneUseState(connected.database.db, "connector-consent", secret, own))?.browserHash,
    ).toBe(sha256("cookie of the browser"));
  });

  it("lets a flow look at a state and add to it before its take, not after", async () => {
    const secret = await putOneUseState(connected.database.db, "social-sign-in", {
      payload: {
        provider: "apple",
        redirectUri: "https://app.test/cb",
        nonce: "n",
        codeVerifier: "v",
        givenName: null,
        familyName: null,
      },
      ttlMs: 10 * MINUTE_MS,
      now,
    });
    const name = { patch: { givenName: "Ada" }, now };
    expect(await amendOneUseState(connected.database.db, "social-sign-in", secret, name)).toBe(true);
    expect(
      (await peekOneUseState(connected.database.db, "social-sign-in", secret, { now }))?.payload,
    ).toMatchObject({
      givenName: "Ada",
      familyName: null,
    });
    expect(await takeOneUseState(connected.database.db, "social-sign-in", secret, { now })).toBeDefined();
    expect(await peekOneUseState(connected.database.db, "social-sign-in", secret, { now })).toBeUndefined();
    expect(await amendOneUseState(connected.database.db, "social-sign-in", secret, name)).toBe(false);
  });

  it("sweeps the states used or expired more than the margin ago, and only those", async () => {
    await connected.database.pool.query("delete from one_use_states");
    const used = await put();
    await takeOneUseState(connected.database.db, "connector-consent", used, { now });
    const abandoned = await put();
    const later = await putOneUseState(connected.database.db, "connector-consent", {
      payload: consent,
      ttlMs: SPENT_STATE_MARGIN_MS + 20 * MINUTE_MS,
      now,
    });
    const sweep = (ms: number) =>
      sweepOneUseStatesJob({
        db: connected.database.db,
        clock: { now: () => at(ms) },
        log: pino({ level: "silent" }),
      });
    await sweep(SPENT_STATE_MARGIN_MS - 1);
    expect(await stored()).toHaveLength(3);
    await sweep(SPENT_STATE_MARGIN_MS + 10 * MINUTE_MS + 1);
    expect(await stored()).toEqual([sha256(later)]);
    expect([used, abandoned].map(sha256)).not.toContain((await stored())[0]);
  });
});
