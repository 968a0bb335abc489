import { beforeAll, describe, expect, it } from "vitest";
import { bearer, caller, freshIp, STRONG_PASSWORD, uniqueEmail } from "../../../test/api";
import { buildTestApp, type TestApp } from "../../../test/app";
import { codeIn, type SmtpSink, startSmtpSink } from "../../../test/smtp-sink";
import { MINUTE_MS, SECOND_MS } from "../../lib/clock";
import { passwordMessages } from "./passwords";

let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ env: { SMTP_URL: sink.url, APP_URL: "https://app.brandscope.test" } });
  return async () => {
    await t.close();
    await sink.close();
  };
});

const NEW_PASSWORD = "Fresh-Brew-2027";
const latestTo = async (email: string, subject: RegExp) => {
  await sink.waitFor((m) => m.to.includes(email) && subject.test(m.subject));
  const mails = sink.messages.filter((m) => m.to.includes(email) && subject.test(m.subject));
  const mail = mails.at(-1);
  if (!mail) throw new Error("no mail");
  return mail;
};

/** A confirmed account (through the API and the SMTP sink) with one sign-in. */
async function account() {
  const api = caller(t, { ip: freshIp() });
  const email = uniqueEmail("reset");
  await api.signUp({ firstName: "Rui", lastName: "Costa", email, password: STRONG_PASSWORD });
  await api.confirm(email, codeIn(await latestTo(email, /confirmation/)));
  const login = (await api.logIn(email, STRONG_PASSWORD)).json();
  return { api, email, login };
}

const resetCode = async (email: string) => codeIn(await latestTo(email, /password reset/));

describe("forgot password → code → reset token → new password", () => {
  it("works end to end through SMTP, and revokes every session", async () => {
    const { api, email, login } = await account();
    const forgot = await api.forgot(email);
    expect(forgot.statusCode).toBe(200);
    const mail = await latestTo(email, /password reset/);
    const code = codeIn(mail);
    expect(mail.subject).toBe(`${code} is your Brandscope password reset code`);
    expect(mail.text).toContain("valid for 15 minutes");
    expect(mail.text).toContain(
      `https://app.brandscope.test/reset-password?email=${encodeURIComponent(email)}`,
    );
    expect(mail.html).toContain(code);

    const confirmed = await api.confirmForgot(email, code);
    expect(confirmed.statusCode).toBe(200);
    const { resetToken } = confirmed.json();
    expect(resetToken).toMatch(/^[\w-]{40,}$/);

    const reset = await api.reset({
      email,
      resetToken,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe("Your password has been changed. Sign in with your new password.");

    expect((await api.me(bearer(login))).statusCode).toBe(401);
    expect((await api.refresh(email, login.refreshToken)).statusCode).toBe(401);
    expect((await api.logIn(email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await api.logIn(email, NEW_PASSWORD)).statusCode).toBe(200);

    // The reset token and the code are single use.
    const again = await api.reset({
      email,
      resetToken,
      password: "Another-Brew-2028",
      passwordConfirmation: "Another-Brew-2028",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("RESET_TOKEN_INVALID");
    expect((await api.confirmForgot(email, code)).json().code).toBe("CODE_INVALID");
  });

  it("answers the same whether or not the e-mail has an account, and mails only the account", async () => {
    const { api, email } = await account();
    const ghost = uniqueEmail("ghost");
    const known = await api.forgot(email);
    const unknown = await api.forgot(ghost);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await latestTo(email, /password reset/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.messages.some((m) => m.to.includes(ghost))).toBe(false);
  });

  it("takes the code for 15 minutes, not after", async () => {
    const { api, email } = await account();
    await api.forgot(email);
    const code = await resetCode(email);
    t.clock.advance(15 * MINUTE_MS + SECOND_MS);
    const late = await api.confirmForgot(email, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe("CODE_EXPIRED");
  });

  it("allows 5 wrong attempts per code", async () => {
    const { api, email } = await account();
    await api.forgot(email);
    const code = await resetCode(email);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) expect((await api.confirmForgot(email, wrong)).statusCode).toBe(400);
    // Past the account's 1-second back-off, within the code's 15 minutes.
    t.clock.advance(2 * SECOND_MS);
    const right = await api.confirmForgot(email, code);
    expect(right.json().code).toBe("CODE_ATTEMPTS_EXCEEDED");
  });

  it("keeps a reset code for resetting: it does not confirm an account", async () => {
    const api = caller(t, { ip: freshIp() });
    const email = uniqueEmail("unconfirmed");
    await api.signUp({ firstName: "Kai", lastName: "Lee", email, password: STRONG_PASSWORD });
    await latestTo(email, /confirmation/);
    await api.forgot(email);
    const code = await resetCode(email);
    expect((await api.confirm(email, code)).json().code).toMatch(/^CODE_(INVALID|ATTEMPTS_EXCEEDED)$/);
  });

  it("expires the reset token after 15 minutes and checks the new password's rules", async () => {
    const { api, email } = await account();
    await api.forgot(email);
    const { resetToken } = (await api.confirmForgot(email, await resetCode(email))).json();
    const weak = await api.reset({
      email,
      resetToken,
      password: "weakpass",
      passwordConfirmation: "weakpass",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toContainEqual({ path: "/password", message: passwordMessages.upper });
    const mismatch = await api.reset({
      email,
      resetToken,
      password: NEW_PASSWORD,
      passwordConfirmation: "Fresh-Brew-2028",
    });
    expect(mismatch.json().message).toBe("Passwords must match");
    t.clock.advance(15 * MINUTE_MS + SECOND_MS);
    const late = await api.reset({
      email,
      resetToken,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(late.json().code).toBe("RESET_TOKEN_INVALID");
  });

  it("sends one reset code a minute per address", async () => {
    const { api, email } = await account();
    expect((await api.forgot(email)).statusCode).toBe(200);
    const soon = await api.forgot(email);
    expect(soon.statusCode).toBe(429);
    expect(soon.headers["retry-after"]).toBeDefined();
    t.clock.advance(MINUTE_MS);
    expect((await api.forgot(email)).statusCode).toBe(200);
  });
});
