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
import { expectContractResponse } from "../../../test/contract-response";
import { CookieJar, consentAs, startOidcProvider, type TestOidcProvider } from "../../../test/oidc-provider";
import { signInCookieOf } from "../../../test/sign-in-cookie";
import { MINUTE_MS } from "../../lib/clock";
import { SOCIAL_START_LIMIT } from "./social.service";

const APP_URL = "https://app.brandscope.test";
const REDIRECT_URI = `${APP_URL}/sign-in/social/google`;

let t: TestApp;
let plain: TestApp;
let idp: TestOidcProvider;
const mailer = new MemoryMailer();
beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [REDIRECT_URI] });
  t = await buildTestApp({
    deps: { mailer },
    env: {
      APP_URL,
      OIDC_GOOGLE_ISSUER: idp.issuer,
      OIDC_GOOGLE_CLIENT_ID: idp.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: idp.clientSecret,
    },
  });
  plain = await buildTestApp();
  return async () => {
    await t.close();
    await plain.close();
    await idp.close();
  };
});

/** The browser these tests sign in with: the sign-in cookie the last start set, sent with every call. */
let browserCookie: string | undefined;
const post = async (
  app: TestApp,
  operationId: string,
  url: string,
  body: unknown,
  cookie = browserCookie,
) => {
  const response = await app.app.inject({
    method: "POST",
    url: `/api${url}`,
    payload: body as object,
    ...(cookie ? { headers: { cookie } } : {}),
  });
  expectContractResponse(operationId, response);
  return response;
};
const start = async (app: TestApp, provider = "google", redirectUri = REDIRECT_URI) => {
  const started = await post(app, "startSocialLogIn", "/auth/social/authorize", { provider, redirectUri });
  if (started.statusCode === 200) browserCookie = signInCookieOf(started);
  return started;
};
const finish = (app: TestApp, callback: URL, cookie = browserCookie) =>
  post(
    app,
    "socialLogIn",
    "/auth/social",
    {
      provider: "google",
      code: callback.searchParams.get("code"),
      state: callback.searchParams.get("state"),
      ...(callback.searchParams.has("iss") ? { iss: callback.searchParams.get("iss") } : {}),
    },
    cookie,
  );

/** The whole browser round trip: our authorize URL → the provider's login and consent → back with a code. */
async function signInAs(login: string, jar = new CookieJar()) {
  const started = await start(t);
  expect(started.statusCode).toBe(200);
  const callback = await consentAs(started.json().authorizationUrl, login, REDIRECT_URI, jar);
  return finish(t, callback);
}

describe("GET /api/auth/social/providers", () => {
  it("lists only the configured providers", async () => {
    const listed = await t.app.inject({ method: "GET", url: "/api/auth/social/providers" });
    expectContractResponse("listSocialProviders", listed);
    expect(listed.json()).toEqual([{ id: "google", name: "Google" }]);
    const none = await plain.app.inject({ method: "GET", url: "/api/auth/social/providers" });
    expect(none.json()).toEqual([]);
  });
});

describe("OpenID Connect sign-in", () => {
  it("sends the browser to the provider with PKCE, state and nonce", async () => {
    const started = await start(t);
    const { authorizationUrl, state } = started.json();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: idp.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "openid email profile",
      code_challenge_method: "S256",
      state,
    });
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("nonce")).toMatch(/^[\w-]{20,}$/);
  });

  it("creates a confirmed account on first sign-in and signs the same user in the next time", async () => {
    const email = uniqueEmail("social");
    idp.accounts.set("alice-123", { email, emailVerified: true, givenName: "Alice", familyName: "Moreau" });

    const first = await signInAs("alice-123");
    expect(first.statusCode).toBe(200);
    const tokens = first.json();
    expect(tokens).toMatchObject({ email, status: "confirmed", isFirstTime: true });
    const me = (await caller(t).me(bearer(tokens))).json();
    expect(me).toMatchObject({ email, firstName: "Alice", lastName: "Moreau", workspace: { role: "owner" } });
    expect(me.subscription).toMatchObject({ type: "starter", status: "active" });

    // A new browser: the provider asks to sign in again; we find the same user by the provider's subject.
    const second = await signInAs("alice-123");
    expect(second.statusCode).toBe(200);
    expect((await caller(t).me(bearer(second.json()))).json().id).toBe(me.id);
    // Social-only accounts have no password: signing in with one fails like any wrong password.
    expect((await caller(t).logIn(email, "Any-password-1")).statusCode).toBe(401);
  });

  it("links the identity to the existing account with the same verified e-mail", async () => {
    const { email, login } = await registerUser(t, mailer);
    const existingId = (await caller(t).me(bearer(login))).json().id;
    idp.accounts.set("bob-456", {
      email: email.toUpperCase(),
      emailVerified: true,
      givenName: "Bob",
      familyName: "Ng",
    });
    const signedIn = await signInAs("bob-456");
    expect(signedIn.statusCode).toBe(200);
    expect((await caller(t).me(bearer(signedIn.json()))).json()).toMatchObject({
      id: existingId,
      firstName: "Maya",
    });
  });

  it("replaces an unconfirmed account with the victim's e-mail: the squatter's password opens nothing", async () => {
    const email = uniqueEmail("victim");
    const api = caller(t, { ip: freshIp() });
    // Someone signs up with the victim's address and a password of their own, and never confirms.
    const squatted = await api.signUp({
      firstName: "Mallory",
      lastName: "Squat",
      email,
      password: STRONG_PASSWORD,
      passwordConfirmation: STRONG_PASSWORD,
    });
    expect(squatted.statusCode).toBe(201);
    const squattersCode = mailer.codeFor(email);

    idp.accounts.set("victim-1", { email, emailVerified: true, givenName: "Vera", familyName: "Lind" });
    const signedIn = await signInAs("victim-1");
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ email, status: "confirmed", isFirstTime: true });
    const me = (await caller(t).me(bearer(signedIn.json()))).json();
    expect(me).toMatchObject({ firstName: "Vera", lastName: "Lind", workspace: { role: "owner" } });

    // Neither the squatter's password nor the code sent at their sign-up opens the account.
    const withPassword = await api.logIn(email, STRONG_PASSWORD);
    expect(withPassword.statusCode).toBe(401);
    expect(withPassword.json().code).toBe("INVALID_CREDENTIALS");
    expect((await api.confirm(email, squattersCode)).statusCode).toBe(400);
    // The victim keeps their account: the next social sign-in is the same user.
    expect((await caller(t).me(bearer((await signInAs("victim-1")).json()))).json().id).toBe(me.id);
  });

  it("refuses an identity without a verified e-mail", async () => {
    idp.accounts.set("carol-789", {
      email: uniqueEmail("carol"),
      emailVerified: false,
      givenName: "Carol",
      familyName: "Ito",
    });
    const refused = await signInAs("carol-789");
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/^Your Google account has no verified e-mail address/);
  });

  it("uses a state once, only with its provider, and for 10 minutes", async () => {
    idp.accounts.set("dan-1", {
      email: uniqueEmail("dan"),
      emailVerified: true,
      givenName: "Dan",
      familyName: "Lo",
    });
    const started = await start(t);
    const callback = await consentAs(started.json().authorizationUrl, "dan-1", REDIRECT_URI);
    expect((await finish(t, callback)).statusCode).toBe(200);
    const replay = await finish(t, callback);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: "SOCIAL_LOGIN_FAILED",
      message: "This sign-in has expired. Please start again.",
    });

    const other = await start(t);
    const otherCallback = await consentAs(other.json().authorizationUrl, "dan-1", REDIRECT_URI);
    const wrongProvider = await post(t, "socialLogIn", "/auth/social", {
      provider: "apple",
      code: otherCallback.searchParams.get("code"),
      state: otherCallback.searchParams.get("state"),
    });
    expect(wrongProvider.statusCode).toBe(401);

    const slow = await start(t);
    const slowCallback = await consentAs(slow.json().authorizationUrl, "dan-1", REDIRECT_URI);
    t.clock.advance(11 * MINUTE_MS);
    expect((await finish(t, slowCallback)).statusCode).toBe(401);
  });

  it("finishes a sign-in only in the browser that started it (login CSRF)", async () => {
    idp.accounts.set("mallory-1", {
      email: uniqueEmail("mallory"),
      emailVerified: true,
      givenName: "Mallory",
      familyName: "X",
    });
    // The attacker starts a sign-in in their own browser and takes their code to the victim's, which never
    // started one (no cookie) or started its own (another cookie). A refused try uses the state up.
    const victims = signInCookieOf(
      await post(
        t,
        "startSocialLogIn",
        "/auth/social/authorize",
        { provider: "google", redirectUri: REDIRECT_URI },
        "",
      ),
    );
    for (const cookie of ["", victims]) {
      const started = await start(t);
      expect(String(started.headers["set-cookie"])).toMatch(
        /^brandscope_sign_in=[\w-]{43}; Path=\/api\/auth; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/,
      );
      expect(signInCookieOf(started)).not.toBe(victims);
      const callback = await consentAs(started.json().authorizationUrl, "mallory-1", REDIRECT_URI);
      const refused = await finish(t, callback, cookie);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({
        code: "SOCIAL_LOGIN_FAILED",
        message: "This sign-in was started in another browser. Please start again from this one.",
      });
      expect(refused.json()).not.toHaveProperty("idToken");
    }
    // A browser keeps its cookie across sign-ins, so two tabs' sign-ins both finish.
    const tabOne = await start(t);
    const tabTwo = await post(
      t,
      "startSocialLogIn",
      "/auth/social/authorize",
      { provider: "google", redirectUri: REDIRECT_URI },
      signInCookieOf(tabOne),
    );
    expect(signInCookieOf(tabTwo)).toBe(signInCookieOf(tabOne));
    const second = await consentAs(tabTwo.json().authorizationUrl, "mallory-1", REDIRECT_URI);
    const first = await consentAs(tabOne.json().authorizationUrl, "mallory-1", REDIRECT_URI);
    expect((await finish(t, second, signInCookieOf(tabOne))).statusCode).toBe(200);
    expect((await finish(t, first, signInCookieOf(tabOne))).statusCode).toBe(200);
  });

  it("refuses a forged code and a state it never issued", async () => {
    const started = await start(t);
    const forged = new URL(REDIRECT_URI);
    forged.searchParams.set("code", "forged-code");
    forged.searchParams.set("state", started.json().state);
    expect((await finish(t, forged)).statusCode).toBe(401);
    const unknown = new URL(REDIRECT_URI);
    unknown.searchParams.set("code", "x");
    unknown.searchParams.set("state", "never-issued");
    expect((await finish(t, unknown)).statusCode).toBe(401);
  });

  it("limits the sign-ins a network may start, each of which stores a pending row, to what one office needs", async () => {
    const startFrom = (ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/social/authorize",
        payload: { provider: "google", redirectUri: REDIRECT_URI },
        remoteAddress: ip,
      });
    // One IPv6 /64 is one network, whichever of its addresses a request comes from.
    const statuses = [];
    for (let i = 0; i < SOCIAL_START_LIMIT.max; i++)
      statuses.push((await startFrom(`2001:db8:77::${i.toString(16)}`)).statusCode);
    expect(statuses).toEqual(Array(SOCIAL_START_LIMIT.max).fill(200));
    const over = await startFrom("2001:db8:77::ffff");
    expectContractResponse("startSocialLogIn", over);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Too many sign-in attempts from your network\. Try again in /);
    expect((await startFrom("2001:db8:78::1")).statusCode).toBe(200);
  });

  it("refuses an unconfigured provider and a redirect outside the app", async () => {
    const apple = await start(t, "apple");
    expect(apple.statusCode).toBe(404);
    expect(apple.json().message).toBe("Sign-in with Apple is not available");
    const elsewhere = await start(t, "google", "https://evil.example.com/callback");
    expect(elsewhere.statusCode).toBe(400);
  });
});
