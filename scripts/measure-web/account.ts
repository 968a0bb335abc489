import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { readMails } from "../../apps/web/e2e/smtp-sink";

/** The login response's tokens: what the web app stores as its session. */
export interface Login {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

async function call(baseUrl: string, method: string, path: string, body?: unknown, idToken?: string) {
  return fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

/** The 6-digit code of the first mail to `to` since `since`, from the SMTP sink's folder. */
async function waitForCode(mailDir: string, to: string, since: number, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = (await readMails(mailDir)).find(
      (entry) => entry.receivedAt >= since && entry.to.includes(to.toLowerCase()),
    );
    const code = mail ? /\b(\d{6})\b/.exec(mail.subject)?.[1] : undefined;
    if (code) return code;
    await sleep(200);
  }
  throw new Error(`No confirmation code e-mailed to ${to} within ${timeoutMs / 1000} s`);
}

/**
 * What a new user does before seeing the modules, through the API the web app calls: signs up, confirms with the
 * e-mailed code, signs in, finishes the welcome and picks the sample brand (Starter plan). Right after the
 * server's first start the sample may still be loading (503): asks again until it is there.
 */
export async function signUpWithSample(baseUrl: string, mailDir: string): Promise<Login> {
  const email = `measure-web-${randomBytes(4).toString("hex")}@brandscope.test`;
  const password = `Roast-${randomBytes(3).toString("hex")}-Beans9`;
  const since = Date.now();
  await expectOk(
    await call(baseUrl, "POST", "/auth/signup", {
      firstName: "Web",
      lastName: "Measure",
      email,
      password,
      passwordConfirmation: password,
    }),
    "POST /auth/signup",
  );
  const code = await waitForCode(mailDir, email, since);
  await expectOk(await call(baseUrl, "POST", "/auth/confirm", { email, code }), "POST /auth/confirm");
  const login = (await expectOk(
    await call(baseUrl, "POST", "/auth/login", { email, password }),
    "POST /auth/login",
  )) as Login;
  await expectOk(await call(baseUrl, "PATCH", "/user", { isFirstTime: false }, login.idToken), "PATCH /user");
  const deadline = Date.now() + 180_000;
  for (;;) {
    const response = await call(baseUrl, "POST", "/brand", { sample: true }, login.idToken);
    if (response.ok) break;
    if (response.status !== 503 || Date.now() > deadline) {
      throw new Error(`POST /brand {sample: true} answered ${response.status}: ${await response.text()}`);
    }
    await sleep(1_000);
  }
  return login;
}
