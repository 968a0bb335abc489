import { beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  caller,
  freshIp,
  MemoryMailer,
  registerUser,
  STRONG_PASSWORD,
  uniqueEmail,
} from "../../../test/api";
import { buildTestApp, type TestApp } from "../../../test/app";
import { MINUTE_MS, SECOND_MS } from "../../lib/clock";
import { BACKOFF, IP_LIMITS } from "./limits";

let t: TestApp;
let behindProxy: TestApp;
let owasp: TestApp;
const mailer = new MemoryMailer();
beforeAll(async () => {
  t = await buildTestApp({ deps: { mailer } });
  behindProxy = await buildTestApp({ deps: { mailer }, env: { TRUST_PROXY: "127.0.0.1" } });
  // The production hashing cost, for the timing comparison.
  owasp = await buildTestApp({ deps: { mailer }, env: { PASSWORD_HASHING: "owasp" } });
  return async () => {
    await t.close();
    await behindProxy.close();
    await owasp.close();
  };
});

describe("POST /api/auth/login", () => {
  it("returns the tokens, isFirstTime, status and e-mail of a confirmed account", async () => {
    const { email, login } = await registerUser(t, mailer);
    expect(login).toMatchObject({ isFirstTime: true, status: "confirmed", email });
    expect(login.idToken.split(".")).toHaveLength(3);
    expect(login.accessToken.split(".")).toHaveLength(3);
    expect(login.accessToken).not.toBe(login.idToken);
    expect(login.refreshToken).toMatch(/^[\w-]{40,}$/);
    // The idToken is the bearer; the accessToken is not.
    const api = caller(t);
    expect((await api.me(bearer(login))).statusCode).toBe(200);
    expect((await api.me(`Bearer ${login.accessToken}`)).statusCode).toBe(401);
  });

  it("answers a wrong password and an unknown e-mail alike", async () => {
    const { email } = await registerUser(t, mailer);
    const api = caller(t, { ip: freshIp() });
    const wrong = await api.logIn(email, "Not-the-password-1");
    const unknown = await api.logIn(uniqueEmail("nobody"), "Not-the-password-1");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (body: { requestId?: string }) => ({ ...body, requestId: undefined });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    expect(wrong.json()).toMatchObject({
      code: "INVALID_CREDENTIALS",
      message: "Incorrect e-mail or password.",
    });
  });

  it("takes about as long for an unknown e-mail as for a wrong password (argon2 on a dummy hash)", async () => {
    const { email } = await registerUser(owasp, mailer);
    const api = caller(owasp);
    const time = async (address: string) => {
      const started = process.hrtime.bigint();
      // A new address each time: the per-address and per-account limits stay out of the measurement.
      const response = await api.logIn(address, "Not-the-password-1", { ip: freshIp() });
      expect(response.statusCode).toBe(401);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i++) {
      known.push(await time(email));
      unknown.push(await time(uniqueEmail("nobody")));
      owasp.clock.advance(BACKOFF.maxDelayMs);
    }
    // The fastest of each: load from the other test files only ever adds time, so the minimum is the cost of
    // the work itself. Skipping argon2 for an unknown e-mail would make it several times faster (hashing
    // takes ~15 ms here, the rest ~2 ms: a ratio near 0.1); 0.35 leaves room for a busy CI machine.
    const [a, b] = [Math.min(...known), Math.min(...unknown)];
    expect(
      Math.min(a, b) / Math.max(a, b),
      `known ${a.toFixed(1)} ms, unknown ${b.toFixed(1)} ms`,
    ).toBeGreaterThan(0.35);
  });

  it("refuses an unconfirmed account with ACCOUNT_NOT_CONFIRMED, only once the password is right", async () => {
    const api = caller(t, { ip: freshIp() });
    const email = uniqueEmail();
    await api.signUp({ firstName: "Ada", lastName: "Byte", email, password: STRONG_PASSWORD });
    const right = await api.logIn(email, STRONG_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({
      code: "ACCOUNT_NOT_CONFIRMED",
      message: "Please confirm your e-mail address first: enter the 6-digit code we sent you.",
    });
    expect((await api.logIn(email, "Not-the-password-1")).json().code).toBe("INVALID_CREDENTIALS");
  });

  it("refuses a deactivated account plainly", async () => {
    const { email, password, login } = await registerUser(t, mailer);
    const api = caller(t, { ip: freshIp() });
    expect((await api.deactivate(bearer(login))).statusCode).toBe(200);
    const again = await api.logIn(email, password);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({
      code: "ACCOUNT_DEACTIVATED",
      message: "This account has been deactivated. Contact support to reactivate it.",
    });
  });
});

describe("sign-in limits", () => {
  it("backs an account off after 5 failures: 1 s, doubling, up to 15 minutes", async () => {
    const { email, password } = await registerUser(t, mailer);
    const api = caller(t, { ip: freshIp() });
    for (let i = 0; i < 5; i++) expect((await api.logIn(email, "Wrong-password-1")).statusCode).toBe(401);

    // Blocked even with the right password, without the password being checked.
    const blocked = await api.logIn(email, password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBe("1");
    expect(blocked.json().message).toBe(
      "Too many failed attempts. Please wait 1 second before trying again.",
    );

    const waits: number[] = [];
    for (let failure = 6; failure <= 16; failure++) {
      t.clock.advance(BACKOFF.maxDelayMs);
      expect((await api.logIn(email, "Wrong-password-1")).statusCode).toBe(401);
      waits.push(Number((await api.logIn(email, password)).headers["retry-after"]));
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);

    // A success after the wait forgets the failures.
    t.clock.advance(BACKOFF.maxDelayMs);
    expect((await api.logIn(email, password)).statusCode).toBe(200);
    expect((await api.logIn(email, "Wrong-password-1")).statusCode).toBe(401);
    expect((await api.logIn(email, password)).statusCode).toBe(200);
  });

  it("backs off an unknown e-mail the same way (the answer never tells)", async () => {
    const api = caller(t, { ip: freshIp() });
    const ghost = uniqueEmail("ghost");
    for (let i = 0; i < 5; i++) expect((await api.logIn(ghost, "Wrong-password-1")).statusCode).toBe(401);
    expect((await api.logIn(ghost, "Wrong-password-1")).statusCode).toBe(429);
  });

  it("limits failures per network address with 429 and Retry-After", async () => {
    const { email, password } = await registerUser(t, mailer);
    const api = caller(t, { ip: freshIp() });
    // Different accounts each time: this is the address's limit, not an account's back-off.
    for (let i = 0; i < IP_LIMITS.failures.max; i++) {
      expect((await api.logIn(uniqueEmail("spray"), "Wrong-password-1")).statusCode).toBe(401);
    }
    const refused = await api.logIn(email, password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "Too many attempts from your network. Please try again in 15 minutes.",
    );
    expect(Number(refused.headers["retry-after"])).toBe(15 * 60);
    // Another address is not affected.
    expect((await api.logIn(email, password, { ip: freshIp() })).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE_MS + SECOND_MS);
    expect((await api.logIn(email, password)).statusCode).toBe(200);
  });

  it("holds the back-off against parallel guesses: 5 passwords are checked, the rest refused", async () => {
    const { email } = await registerUser(t, mailer);
    const api = caller(t);
    // From 20 addresses at once, so that only the account's back-off can stop them.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.logIn(email, "Wrong-password-1", { ip: freshIp() })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(BACKOFF.freeFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - BACKOFF.freeFailures);
  });

  it("holds the address's limit against parallel guesses at many accounts", async () => {
    const api = caller(t, { ip: freshIp() });
    const answers = await Promise.all(
      Array.from({ length: IP_LIMITS.failures.max + 10 }, () =>
        api.logIn(uniqueEmail("parallel"), "Wrong-password-1"),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(IP_LIMITS.failures.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it("counts IPv6 callers by their /64: a new address in the same network is the same caller", async () => {
    const { email, password } = await registerUser(t, mailer);
    const api = caller(t);
    for (let i = 1; i <= IP_LIMITS.failures.max; i++) {
      const ip = `2001:db8:7:1::${i.toString(16)}`;
      expect((await api.logIn(uniqueEmail("v6"), "Wrong-password-1", { ip })).statusCode).toBe(401);
    }
    expect((await api.logIn(email, password, { ip: "2001:db8:7:1:ffff:ffff:ffff:ffff" })).statusCode).toBe(
      429,
    );
    expect((await api.logIn(email, password, { ip: "2001:db8:7:2::1" })).statusCode).toBe(200);
  });

  it("counts X-Forwarded-For only behind a configured proxy", async () => {
    const spoof = async (app: TestApp, forwarded: string) => {
      const api = caller(app, { headers: { "x-forwarded-for": forwarded } });
      for (let i = 0; i < IP_LIMITS.failures.max; i++)
        await api.logIn(uniqueEmail("spray"), "Wrong-password-1");
      return (
        await api.logIn(uniqueEmail("next"), "Wrong-password-1", {
          headers: { "x-forwarded-for": freshIp() },
        })
      ).statusCode;
    };
    // Without TRUST_PROXY the header is ignored: every request counts for the real peer (127.0.0.1).
    expect(await spoof(t, freshIp())).toBe(429);
    // Behind the proxy each forwarded client has its own count.
    expect(await spoof(behindProxy, freshIp())).toBe(401);
  });
});
