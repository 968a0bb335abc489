import { Writable } from "node:stream";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { caller, freshIp, STRONG_PASSWORD, uniqueEmail } from "../../../test/api";
import { buildTestApp, type TestApp } from "../../../test/app";
import { codeIn, type SmtpSink, startSmtpSink } from "../../../test/smtp-sink";
import { DAY_MS, HOUR_MS, SECOND_MS } from "../../lib/clock";
import { passwordMessages } from "./passwords";

let t: TestApp;
let sink: SmtpSink;
const logLines: string[] = [];
beforeAll(async () => {
  sink = await startSmtpSink();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await buildTestApp({
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: "Brandscope <hello@brandscope.test>",
      APP_URL: "https://app.brandscope.test",
    },
    log: pino({ level: "info" }, logStream),
  });
  return async () => {
    await t.close();
    await sink.close();
  };
});

const form = (
  email: string,
  password = STRONG_PASSWORD,
  passwordConfirmation: string | undefined = password,
) => ({
  firstName: "Maya",
  lastName: "Okafor",
  email,
  password,
  ...(passwordConfirmation === undefined ? {} : { passwordConfirmation }),
});

const mailTo = (email: string) => sink.waitFor((m) => m.to.includes(email));

describe("POST /api/auth/signup", () => {
  it("creates an unconfirmed account and e-mails a 6-digit code through SMTP, in text and HTML", async () => {
    const api = caller(t, { ip: freshIp() });
    const email = uniqueEmail("maya");
    const response = await api.signUp(form(email));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email, status: "unconfirmed" });

    const mail = await mailTo(email);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`${code} is your Brandscope confirmation code`);
    expect(mail.from).toBe("hello@brandscope.test");
    expect(mail.raw).toMatch(/^From: Brandscope <hello@brandscope\.test>/m);
    expect(mail.text).toContain("Hi Maya,");
    expect(mail.text).toContain(code);
    expect(mail.text).toContain(
      `https://app.brandscope.test/confirmation?email=${encodeURIComponent(email)}`,
    );
    expect(mail.html).toContain(code);
    expect(mail.html).toContain("https://app.brandscope.test/confirmation");

    // Not before it is confirmed.
    const early = await api.logIn(email, STRONG_PASSWORD);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: "ACCOUNT_NOT_CONFIRMED" });

    const confirmed = await api.confirm(email, code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email, status: "confirmed" });

    const login = await api.logIn(email, STRONG_PASSWORD);
    expect(login.statusCode).toBe(200);
    const me = await api.me(`Bearer ${login.json().idToken}`);
    expect(me.json()).toMatchObject({ email, status: "confirmed", firstName: "Maya", isFirstTime: true });
  });

  it("starts the workspace owned by the account on a 14-day Starter trial", async () => {
    const api = caller(t, { ip: freshIp() });
    const email = uniqueEmail();
    const signedUpAt = t.clock.now();
    await api.signUp(form(email));
    await api.confirm(email, codeIn(await mailTo(email)));
    const login = (await api.logIn(email, STRONG_PASSWORD)).json();
    const me = (await api.me(`Bearer ${login.idToken}`)).json();
    expect(me.workspace).toMatchObject({ name: "Maya's workspace", role: "owner" });
    expect(me.subscription).toEqual({
      type: "starter",
      status: "active",
      endDate: new Date(signedUpAt.getTime() + 14 * DAY_MS).toISOString(),
    });
  });

  it("enforces docs/product.md §5's password rules with its messages", async () => {
    const api = caller(t, { ip: freshIp() });
    const cases: [string, string][] = [
      ["Sh0rt!", passwordMessages.length],
      [`Aa1!${"x".repeat(247)}`, passwordMessages.length],
      ["NOLOWER-123", passwordMessages.lower],
      ["noupper-123", passwordMessages.upper],
      ["No-digits-here", passwordMessages.digit],
      ["NoSymbols123", passwordMessages.special],
      ["", passwordMessages.required],
    ];
    for (const [password, message] of cases) {
      const response = await api.signUp(form(uniqueEmail(), password, undefined));
      expect(response.statusCode, password).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
      expect(response.json().details).toContainEqual({ path: "/password", message });
    }
    expect(passwordMessages.length).toBe(
      "Password must contain 8 or more characters with at least one of each: uppercase, lowercase, number and special",
    );
    const mismatch = await api.signUp(form(uniqueEmail(), STRONG_PASSWORD, "Roast-2026-beanz"));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      message: "Passwords must match",
      details: [{ path: "/passwordConfirmation", message: "Passwords must match" }],
    });
  });

  it("refuses the most common passwords even when they meet the composition rules", async () => {
    const api = caller(t, { ip: freshIp() });
    for (const password of ["P@ssw0rd", "Password1!", "Qwerty123!", "Welcome1!"]) {
      const response = await api.signUp(form(uniqueEmail(), password));
      expect(response.statusCode, password).toBe(400);
      expect(response.json().message).toBe(passwordMessages.common);
    }
  });

  it("answers 409 for an e-mail that has an account, whatever its case", async () => {
    const api = caller(t, { ip: freshIp() });
    const email = uniqueEmail("Taken");
    expect((await api.signUp(form(email))).statusCode).toBe(201);
    const again = await api.signUp(form(email.toUpperCase()));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "EMAIL_TAKEN" });
    // Signing in is case-insensitive too.
    expect((await api.logIn(email.toLowerCase(), STRONG_PASSWORD)).json().code).toBe("ACCOUNT_NOT_CONFIRMED");
  });

  it("limits sign-ups per network address", async () => {
    const api = caller(t, { ip: freshIp() });
    // Invalid forms do not count; valid sign-ups do.
    for (let i = 0; i < 12; i++) expect((await api.signUp(form(uniqueEmail(), "x"))).statusCode).toBe(400);
    for (let i = 0; i < 10; i++) expect((await api.signUp(form(uniqueEmail()))).statusCode).toBe(201);
    const refused = await api.signUp(form(uniqueEmail()));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many attempts from your network\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("POST /api/auth/confirm", () => {
  async function signedUp() {
    const api = caller(t, { ip: freshIp() });
    const email = uniqueEmail();
    await api.signUp(form(email));
    return { api, email, code: codeIn(await mailTo(email)) };
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it("takes the code for 24 hours, not after", async () => {
    const late = await signedUp();
    t.clock.advance(DAY_MS + SECOND_MS);
    const expired = await late.api.confirm(late.email, late.code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: "CODE_EXPIRED",
      message: "This code has expired. Ask for a new code.",
    });

    const inTime = await signedUp();
    t.clock.advance(DAY_MS - SECOND_MS);
    expect((await inTime.api.confirm(inTime.email, inTime.code)).statusCode).toBe(200);
  });

  it("allows 5 wrong attempts, then needs a new code", async () => {
    const { api, email, code } = await signedUp();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await api.confirm(email, wrong(code));
      expect(response.json()).toMatchObject({ code: "CODE_INVALID" });
      expect(response.json().message).toContain(`${5 - attempt} attempt`);
      // Past the free failures the account backs off; the test moves past each wait.
      t.clock.advance(HOUR_MS);
    }
    expect((await api.confirm(email, wrong(code))).json().code).toBe("CODE_ATTEMPTS_EXCEEDED");
    t.clock.advance(HOUR_MS);
    // Even the right code is refused now.
    const right = await api.confirm(email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe("CODE_ATTEMPTS_EXCEEDED");

    sink.messages.length = 0;
    expect((await api.resend(email)).statusCode).toBe(200);
    const fresh = codeIn(await mailTo(email));
    // Six failures in a row: the account waits 2 seconds before its next try.
    expect((await api.confirm(email, fresh)).statusCode).toBe(429);
    t.clock.advance(2 * SECOND_MS);
    expect((await api.confirm(email, fresh)).statusCode).toBe(200);
  });

  it("uses a code once", async () => {
    const { api, email, code } = await signedUp();
    expect((await api.confirm(email, code)).statusCode).toBe(200);
    const again = await api.confirm(email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("ACCOUNT_ALREADY_CONFIRMED");
  });

  it("binds the code to its account and its purpose", async () => {
    const first = await signedUp();
    const second = await signedUp();
    // Another account's code does nothing for this one (unless the two codes happen to be equal).
    if (first.code !== second.code) {
      expect((await first.api.confirm(first.email, second.code)).json().code).toBe("CODE_INVALID");
    }
    // A confirmation code is no password-reset code.
    const asReset = await first.api.confirmForgot(first.email, first.code);
    expect(asReset.statusCode).toBe(400);
    expect(asReset.json().code).toBe("CODE_INVALID");
    // It still confirms.
    expect((await first.api.confirm(first.email, first.code)).statusCode).toBe(200);
  });

  it("answers an unknown e-mail like a wrong code", async () => {
    const api = caller(t, { ip: freshIp() });
    const response = await api.confirm(uniqueEmail("nobody"), "123456");
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("CODE_INVALID");
  });
});

describe("POST /api/auth/resend-confirmation", () => {
  it("sends a new code after a one-minute cool-down, and the old code stops working", async () => {
    const api = caller(t, { ip: freshIp() });
    const email = uniqueEmail();
    await api.signUp(form(email));
    const first = codeIn(await mailTo(email));

    const tooSoon = await api.resend(email);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(
      /^We just sent you a code\. You can ask for a new one in \d+ seconds\.$/,
    );
    expect(Number(tooSoon.headers["retry-after"])).toBeGreaterThanOrEqual(59);

    t.clock.advance(61 * SECOND_MS);
    sink.messages.length = 0;
    const resent = await api.resend(email);
    expect(resent.statusCode).toBe(200);
    const second = codeIn(await mailTo(email));
    if (second !== first) expect((await api.confirm(email, first)).json().code).toBe("CODE_INVALID");
    expect((await api.confirm(email, second)).statusCode).toBe(200);
  });

  it("answers the same for an unknown or confirmed e-mail, and sends nothing", async () => {
    const api = caller(t, { ip: freshIp() });
    const unknown = uniqueEmail("ghost");
    const response = await api.resend(unknown);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      "If this e-mail belongs to an account waiting for confirmation, we sent it a new code.",
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.messages.some((m) => m.to.includes(unknown))).toBe(false);
  });
});

describe("the log", () => {
  it("records every auth event without passwords, codes or tokens", async () => {
    const api = caller(t, { ip: freshIp() });
    const email = uniqueEmail("logged");
    await api.signUp(form(email));
    const code = codeIn(await mailTo(email));
    await api.confirm(email, "000000");
    await api.confirm(email, code);
    const login = (await api.logIn(email, STRONG_PASSWORD)).json();
    await api.logIn(email, "Wrong-password-1");
    await api.refresh(email, login.refreshToken);
    const log = logLines.join("");
    for (const event of ["auth.signup", "auth.confirm", "auth.login", "auth.refresh"])
      expect(log).toContain(`"event":"${event}"`);
    expect(log).toContain('"outcome":"failure"');
    expect(log).toContain('"reason":"wrong-password"');
    for (const secret of [
      STRONG_PASSWORD,
      "Wrong-password-1",
      code,
      login.idToken,
      login.refreshToken,
      login.accessToken,
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain(email);
  });
});
