import { randomBytes, randomInt } from "node:crypto";
import { inject } from "vitest";
import { waitForCode } from "./mail";

/** A password that meets docs/product.md §5 and is no common one. */
export const strongPassword = () => `Roast-${randomBytes(3).toString("hex")}-Beans9`;

/** An address nobody else in this run uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@brandscope.test`;
}

// Each test file loads this module afresh: counting from a random start keeps the files' first sign-ups from all
// coming "from" the same address and meeting its per-network limit.
let callers = randomInt(250);
/** A documentation-range address (RFC 5737) per call: only a header value, nothing is sent there. */
const nextCallerIp = () => `198.51.100.${(callers++ % 250) + 1}`;

async function post(baseUrl: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}/api${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      "X-Forwarded-For": nextCallerIp(),
    },
    body: JSON.stringify(body),
  });
}

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * An account ready to sign in, made through the API (sign-up, the e-mailed code, confirmation): for journeys that
 * are about something else than signing up. On the shared server, or on one of a test's own that sends its
 * e-mail to the shared SMTP sink (`inject("smtpUrl")`).
 */
export async function createConfirmedAccount(
  label: string,
  firstName = "Ada",
  lastName = "Okafor",
  baseUrl = inject("baseUrl"),
) {
  const email = uniqueEmail(label);
  const password = strongPassword();
  const since = Date.now();
  await expectOk(
    await post(baseUrl, "/auth/signup", {
      firstName,
      lastName,
      email,
      password,
      passwordConfirmation: password,
    }),
    "POST /auth/signup",
  );
  const code = await waitForCode(email, since);
  await expectOk(await post(baseUrl, "/auth/confirm", { email, code }), "POST /auth/confirm");
  return { email, password, firstName, lastName };
}

/** POST /auth/login, as the web app would: the login response (accessToken, idToken, refreshToken, …). */
export async function logInThroughApi(email: string, password: string, baseUrl = inject("baseUrl")) {
  return (await expectOk(await post(baseUrl, "/auth/login", { email, password }), "POST /auth/login")) as {
    accessToken: string;
    idToken: string;
    refreshToken: string;
    isFirstTime: boolean;
    status: string;
    email: string;
  };
}

/** Completes the welcome (PATCH /user isFirstTime false), so a sign-in lands on the modules, not onboarding. */
export async function markWelcomed(login: { idToken: string }, baseUrl = inject("baseUrl")) {
  const response = await fetch(`${baseUrl}/api/user`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${login.idToken}` },
    body: JSON.stringify({ isFirstTime: false }),
  });
  await expectOk(response, "PATCH /user");
}

/**
 * A new confirmed account, signed in and past the welcome, whose workspace connects its own brand with `brand` (the
 * body of POST /brand): the start of a journey through a real brand's modules.
 */
export async function accountWithOwnBrand(
  who: { label: string; firstName: string; lastName: string },
  brand: Record<string, unknown>,
  baseUrl = inject("baseUrl"),
) {
  const account = await createConfirmedAccount(who.label, who.firstName, who.lastName);
  const login = await logInThroughApi(account.email, account.password, baseUrl);
  await markWelcomed(login, baseUrl);
  const connected = await fetch(`${baseUrl}/api/brand`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${login.idToken}` },
    body: JSON.stringify(brand),
  });
  await expectOk(connected, "POST /brand");
  return login;
}
