import { decodeProtectedHeader, SignJWT, UnsecuredJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, caller, MemoryMailer, registerUser } from "../../../test/api";
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from "../../../test/app";
import { jwtKey } from "../../config/keys";
import { databaseUrlOf } from "../../db/client";
import { DAY_MS, MINUTE_MS, SECOND_MS } from "../../lib/clock";
import { runHousekeeping } from "./housekeeping";

let t: TestApp;
const mailer = new MemoryMailer();
beforeAll(async () => {
  t = await buildTestApp({ deps: { mailer } });
  return () => t.close();
});

describe("POST /api/auth/refresh-token", () => {
  it("returns a new idToken and a rotated refresh token; the old one no longer works", async () => {
    const { email, login } = await registerUser(t, mailer);
    const api = caller(t);
    t.clock.advance(MINUTE_MS);
    const first = await api.refresh(email, login.refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refreshToken).not.toBe(login.refreshToken);
    expect(rotated.idToken).not.toBe(login.idToken);
    expect((await api.me(`Bearer ${rotated.idToken}`)).statusCode).toBe(200);

    const second = await api.refresh(email, rotated.refreshToken);
    expect(second.statusCode).toBe(200);
  });

  it("revokes the whole family when a rotated token comes back", async () => {
    const { email, login } = await registerUser(t, mailer);
    const api = caller(t);
    const next = (await api.refresh(email, login.refreshToken)).json();

    // The old token again: theft is assumed, and every token and bearer of that sign-in dies.
    const replay = await api.refresh(email, login.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: "SESSION_EXPIRED",
      message: "Your session has ended. Please sign in again.",
    });
    expect((await api.refresh(email, next.refreshToken)).statusCode).toBe(401);
    expect((await api.me(`Bearer ${next.idToken}`)).statusCode).toBe(401);
    expect((await api.me(bearer(login))).statusCode).toBe(401);
  });

  it("leaves the user's other sign-ins alone when one family is revoked", async () => {
    const { email, password, login } = await registerUser(t, mailer);
    const api = caller(t);
    const other = (await api.logIn(email, password)).json();
    await api.refresh(email, login.refreshToken);
    await api.refresh(email, login.refreshToken);
    expect((await api.refresh(email, other.refreshToken)).statusCode).toBe(200);
  });

  it("ends a sign-in 30 days after it began, however often it was refreshed", async () => {
    const { email, login } = await registerUser(t, mailer);
    const api = caller(t);
    let token = login.refreshToken;
    for (let day = 0; day < 29; day++) {
      t.clock.advance(DAY_MS);
      const response = await api.refresh(email, token);
      expect(response.statusCode, `day ${day + 1}`).toBe(200);
      token = response.json().refreshToken;
    }
    t.clock.advance(DAY_MS);
    expect((await api.refresh(email, token)).statusCode).toBe(401);
  });

  it("refuses a token presented with another e-mail, without spending it", async () => {
    const a = await registerUser(t, mailer);
    const b = await registerUser(t, mailer);
    const api = caller(t);
    expect((await api.refresh(b.email, a.login.refreshToken)).statusCode).toBe(401);
    expect((await api.refresh(a.email, a.login.refreshToken)).statusCode).toBe(200);
    expect((await api.refresh(a.email, "not-a-token")).statusCode).toBe(401);
  });
});

describe("the idToken bearer", () => {
  it("lasts 15 minutes", async () => {
    const { login } = await registerUser(t, mailer);
    const api = caller(t);
    t.clock.advance(14 * MINUTE_MS);
    expect((await api.me(bearer(login))).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE_MS);
    expect((await api.me(bearer(login))).statusCode).toBe(401);
  });

  it("lasts ID_TOKEN_LIFETIME_SECONDS when that is set, after a sign-in and after a refresh", async () => {
    const short = await buildTestApp({ env: { ID_TOKEN_LIFETIME_SECONDS: "5" }, deps: { mailer } });
    try {
      const { email, login } = await registerUser(short, mailer);
      const api = caller(short);
      short.clock.advance(4 * SECOND_MS);
      expect((await api.me(bearer(login))).statusCode).toBe(200);
      short.clock.advance(2 * SECOND_MS);
      expect((await api.me(bearer(login))).statusCode).toBe(401);

      const renewed = (await api.refresh(email, login.refreshToken)).json();
      expect((await api.me(`Bearer ${renewed.idToken}`)).statusCode).toBe(200);
      short.clock.advance(6 * SECOND_MS);
      expect((await api.me(`Bearer ${renewed.idToken}`)).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it("refuses tampered, unsigned, foreign-key and other-algorithm tokens", async () => {
    const { login } = await registerUser(t, mailer);
    const other = await registerUser(t, mailer);
    const api = caller(t);
    const [header, payload = "", signature] = login.idToken.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const otherClaims = JSON.parse(
      Buffer.from(other.login.idToken.split(".")[1] ?? "", "base64url").toString(),
    );
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: otherClaims.sub })).toString("base64url");
    const build = (alg: string) =>
      new SignJWT({ token_use: "id", wid: claims.wid, sid: claims.sid })
        .setProtectedHeader({ alg })
        .setSubject(claims.sub)
        .setIssuer("brandscope")
        .setAudience("brandscope-api")
        .setIssuedAt(claims.iat)
        .setExpirationTime(claims.exp);
    const tokens = {
      tampered: `${header}.${forged}.${signature}`,
      algNone: new UnsecuredJWT({ token_use: "id", wid: claims.wid, sid: claims.sid })
        .setSubject(claims.sub)
        .setIssuer("brandscope")
        .setAudience("brandscope-api")
        .setIssuedAt(claims.iat)
        .setExpirationTime(claims.exp)
        .encode(),
      otherKey: await build("HS256").sign(jwtKey(`${TEST_JWT_SECRET}-other`).key),
      hs512: await build("HS512").sign(jwtKey(TEST_JWT_SECRET).key),
      accessToken: login.accessToken,
    };
    for (const [name, token] of Object.entries(tokens)) {
      const response = await api.me(`Bearer ${token}`);
      expect(response.statusCode, name).toBe(401);
      expect(response.json()).toMatchObject({ message: "Unauthorized" });
    }
    // The same claims, properly signed, pass: the refusals were about the token, not the claims.
    expect(
      (await api.me(`Bearer ${await build("HS256").sign(jwtKey(TEST_JWT_SECRET).key)}`)).statusCode,
    ).toBe(200);
  });
});

describe("rotating the signing key (BRANDSCOPE_SIGNING_KEY)", () => {
  const NEW_KEY = "the-next-signing-key-the-next-signing-key-0001";
  const kidOf = (token: string) => decodeProtectedHeader(token).kid;

  it("signs new bearers with the new key while the previous key's stay valid, until the previous key is removed", async () => {
    // Before: no signing key configured, the app secret (JWT_SECRET) signs, as on an install upgraded in place.
    const { email, login } = await registerUser(t, mailer);
    expect(kidOf(login.idToken)).toBe(jwtKey(TEST_JWT_SECRET).id);
    const on = (env: Record<string, string>) =>
      buildTestApp({ env, databaseUrl: databaseUrlOf(t.database.db), deps: { mailer } });
    // During: the new key first, the previous one (the app secret) after it.
    const during = await on({ BRANDSCOPE_SIGNING_KEY: `${NEW_KEY},${TEST_JWT_SECRET}` });
    let renewed: { idToken: string; refreshToken: string };
    try {
      const api = caller(during);
      expect((await api.me(bearer(login))).statusCode).toBe(200);
      const refreshed = await api.refresh(email, login.refreshToken);
      expect(refreshed.statusCode).toBe(200);
      renewed = refreshed.json();
      expect(kidOf(renewed.idToken)).toBe(jwtKey(NEW_KEY).id);
      expect((await api.me(`Bearer ${renewed.idToken}`)).statusCode).toBe(200);
    } finally {
      await during.close();
    }
    // After: the previous key retired once its bearers have expired; what it signed opens nothing any more.
    const after = await on({ BRANDSCOPE_SIGNING_KEY: NEW_KEY });
    try {
      const api = caller(after);
      expect((await api.me(bearer(login))).statusCode).toBe(401);
      expect((await api.me(`Bearer ${renewed.idToken}`)).statusCode).toBe(200);
    } finally {
      await after.close();
    }
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session's bearer and refresh token at once, and only that session", async () => {
    const { email, password, login } = await registerUser(t, mailer);
    const api = caller(t);
    const elsewhere = (await api.logIn(email, password)).json();
    const out = await api.logOut(bearer(login));
    expect(out.statusCode).toBe(200);
    expect((await api.me(bearer(login))).statusCode).toBe(401);
    expect((await api.refresh(email, login.refreshToken)).statusCode).toBe(401);
    expect((await api.me(bearer(elsewhere))).statusCode).toBe(200);
  });
});

describe("housekeeping", () => {
  it("sweeps sessions, codes and limit buckets that can no longer be used", async () => {
    const { email, login } = await registerUser(t, mailer);
    const api = caller(t);
    await api.logIn(email, "Wrong-password-1");
    await api.forgot(email);
    const me = (await api.me(bearer(login))).json();
    const count = async (table: string, where = "true") =>
      Number((await t.database.pool.query(`select count(*) from ${table} where ${where}`)).rows[0].count);
    const userSessions = `user_id = '${me.id}'`;
    expect(await count("sessions", userSessions)).toBe(1);
    expect(await count("one_time_codes", `user_id = '${me.id}'`)).toBeGreaterThan(0);
    expect(await count("rate_limits")).toBeGreaterThan(0);

    await runHousekeeping(t.database.db, t.clock.now());
    expect(await count("sessions", userSessions)).toBe(1);

    t.clock.advance(32 * DAY_MS);
    await runHousekeeping(t.database.db, t.clock.now());
    expect(await count("sessions", userSessions)).toBe(0);
    expect(await count("refresh_tokens")).toBe(
      await count("refresh_tokens", "session_id in (select id from sessions)"),
    );
    expect(await count("one_time_codes", `user_id = '${me.id}'`)).toBe(0);
    expect(await count("rate_limits", `reset_at <= '${t.clock.now().toISOString()}'`)).toBe(0);
  });
});
