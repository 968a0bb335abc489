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

/**
 * A shared link to the content module of the user's brand for the last 30 days, as a member makes it from the
 * Share report dialog (docs/shared-reports.md): Professional first, through the sandbox payments the checkout uses
 * (a card set up, saved, then the plan), since Starter does not share. Answers the page's path with its token.
 */
export async function shareContentReport(baseUrl: string, login: Login): Promise<string> {
  const post = async (path: string, body: unknown) =>
    expectOk(await call(baseUrl, "POST", path, body, login.idToken), `POST ${path}`);
  const { clientSecret } = (await post("/subscriptions/intent", {})) as { clientSecret: string };
  const { paymentMethodId } = (await post("/subscriptions/sandbox/confirm-setup", {
    clientSecret,
    cardNumber: "4242424242424242",
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: "123",
  })) as { paymentMethodId: string };
  await post("/subscriptions/customers/payment-methods", { paymentMethodId });
  await post("/subscriptions", { productId: "professional" });
  // The days the content module opens on (the sample's last 30 days end on its data set's day, not today), as the
  // dialog shares the period the member is looking at. Right after a first start they may still be being computed (202).
  const deadline = Date.now() + 180_000;
  let content = await call(baseUrl, "GET", "/content", undefined, login.idToken);
  while (content.status === 202 && Date.now() < deadline) {
    await sleep(1_000);
    content = await call(baseUrl, "GET", "/content", undefined, login.idToken);
  }
  const { window } = (await expectOk(content, "GET /content")) as { window: { from: string; to: string } };
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const { token } = (await post("/shared-reports", {
    module: "content",
    ...window,
    expiresAt: inAWeek,
  })) as { token: string };
  return `/report?token=${encodeURIComponent(token)}`;
}
