import { beforeAll, describe, expect, it } from "vitest";
import { bearer, caller, MemoryMailer, registerUser, uniqueEmail } from "../../../test/api";
import { buildTestApp, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { consentAs, startOidcProvider, type TestOidcProvider } from "../../../test/oidc-provider";
import { signInCookieOf } from "../../../test/sign-in-cookie";
import { loadConfig } from "../../config/env";

const APP_URL = "https://app.brandscope.test";
const PAGE = `${APP_URL}/auth/callback/facebook`;

let t: TestApp;
let idp: TestOidcProvider;
const mailer = new MemoryMailer();
beforeAll(async () => {
  // Facebook's way: response_type=id_token answered in the fragment; only the app id, no client secret.
  idp = await startOidcProvider({ redirectUris: [PAGE] });
  t = await buildTestApp({
    deps: { mailer },
    env: { APP_URL, OIDC_FACEBOOK_ISSUER: idp.issuer, OIDC_FACEBOOK_CLIENT_ID: idp.idTokenClientId },
  });
  return async () => {
    await t.close();
    await idp.close();
  };
});

/** The browser these tests sign in with: the sign-in cookie the last start set. */
let browserCookie = "";
const start = async () => {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/social/authorize",
    // One browser: it sends the cookie an earlier start set.
    ...(browserCookie ? { headers: { cookie: browserCookie } } : {}),
    payload: { provider: "facebook", redirectUri: PAGE },
  });
  expectContractResponse("startSocialLogIn", response);
  expect(response.statusCode).toBe(200);
  browserCookie = signInCookieOf(response);
  return response.json() as { authorizationUrl: string; state: string };
};

/** What the callback page reads from the fragment the provider sends the browser back with. */
async function answerOf(login: string) {
  const { authorizationUrl } = await start();
  const back = await consentAs(authorizationUrl, login, PAGE);
  expect(back.search).toBe("");
  const fragment = new URLSearchParams(back.hash.slice(1));
  return { idToken: fragment.get("id_token") ?? "", state: fragment.get("state") ?? "" };
}

const finish = async (body: Record<string, unknown>) => {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/social",
    headers: { cookie: browserCookie },
    payload: { provider: "facebook", ...body },
  });
  expectContractResponse("socialLogIn", response);
  return response;
};

// As Facebook's ID tokens: an e-mail without an email_verified claim.
const person = (givenName: string) => ({
  email: uniqueEmail(givenName.toLowerCase()),
  givenName,
  familyName: "Facebook",
});

describe("Facebook sign-in (response_type=id_token)", () => {
  it("asks for an ID token in the fragment, with nonce and state and without PKCE", async () => {
    const { authorizationUrl, state } = await start();
    const params = Object.fromEntries(new URL(authorizationUrl).searchParams);
    expect(params).toMatchObject({
      client_id: idp.idTokenClientId,
      redirect_uri: PAGE,
      response_type: "id_token",
      response_mode: "fragment",
      scope: "openid email",
      state,
    });
    expect(params.nonce).toMatch(/^[\w-]{20,}$/);
    expect(params.code_challenge).toBeUndefined();
  });

  it("creates the account from the ID token, then signs the same user in, and links by verified e-mail", async () => {
    const alice = person("Alice");
    idp.accounts.set("fb-alice", alice);
    const first = await finish(await answerOf("fb-alice"));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email: alice.email, status: "confirmed", isFirstTime: true });
    const me = (await caller(t).me(bearer(first.json()))).json();
    // Scope `openid email`: this provider puts no name in the ID token (Facebook adds its public profile's name,
    // which identityOf reads), so the name falls back to the e-mail's local part.
    expect(me).toMatchObject({ email: alice.email, firstName: alice.email.split("@")[0], lastName: "" });

    const again = await finish(await answerOf("fb-alice"));
    expect(again.statusCode).toBe(200);
    expect((await caller(t).me(bearer(again.json()))).json().id).toBe(me.id);

    const { email, login } = await registerUser(t, mailer);
    const existingId = (await caller(t).me(bearer(login))).json().id;
    idp.accounts.set("fb-bob", { ...person("Bob"), email });
    const linked = await finish(await answerOf("fb-bob"));
    expect(linked.statusCode).toBe(200);
    expect((await caller(t).me(bearer(linked.json()))).json().id).toBe(existingId);
  });

  it("refuses an identity without an e-mail, or whose e-mail is said to be unverified", async () => {
    idp.accounts.set("fb-carol", { ...person("Carol"), withEmail: false });
    const refused = await finish(await answerOf("fb-carol"));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/^Your Facebook account has no verified e-mail address/);

    idp.accounts.set("fb-carl", { ...person("Carl"), emailVerified: false });
    const unverified = await finish(await answerOf("fb-carl"));
    expect(unverified.statusCode).toBe(401);
  });

  it("refuses a tampered ID token", async () => {
    idp.accounts.set("fb-dan", person("Dan"));
    idp.accounts.set("fb-eve", person("Eve"));
    const { idToken, state } = await answerOf("fb-dan");
    const [header, payload, signature] = idToken.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "fb-eve" })).toString("base64url");
    const refused = await finish({ idToken: `${header}.${forged}.${signature}`, state });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: "SOCIAL_LOGIN_FAILED",
      message: "The sign-in could not be completed. Please try again.",
    });

    // Unsigned (alg none) with the same claims, and a token that is not a JWT.
    const none = Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url");
    const next = await answerOf("fb-dan");
    expect((await finish({ idToken: `${none}.${payload}.`, state: next.state })).statusCode).toBe(401);
    const garbage = await answerOf("fb-dan");
    expect((await finish({ idToken: "not-a-jwt", state: garbage.state })).statusCode).toBe(401);
  });

  it("refuses an ID token issued for another sign-in (its nonce is not the one kept with the state)", async () => {
    idp.accounts.set("fb-finn", person("Finn"));
    const first = await answerOf("fb-finn");
    const second = await answerOf("fb-finn");
    const refused = await finish({ idToken: first.idToken, state: second.state });
    expect(refused.statusCode).toBe(401);
    // The state of the refused attempt is used up too; the first one still works once.
    expect((await finish(second)).statusCode).toBe(401);
    expect((await finish(first)).statusCode).toBe(200);
  });

  it("uses a state once", async () => {
    idp.accounts.set("fb-gus", person("Gus"));
    const answer = await answerOf("fb-gus");
    expect((await finish(answer)).statusCode).toBe(200);
    const replay = await finish(answer);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: "SOCIAL_LOGIN_FAILED",
      message: "This sign-in has expired. Please start again.",
    });
  });

  it("takes exactly one of code and idToken, and no code for Facebook", async () => {
    idp.accounts.set("fb-hal", person("Hal"));
    const answer = await answerOf("fb-hal");
    const both = await finish({ ...answer, code: "a-code" });
    expect(both.statusCode).toBe(400);
    const neither = await finish({ state: answer.state });
    expect(neither.statusCode).toBe(400);
    expect((await finish({ code: "a-code", state: answer.state })).statusCode).toBe(401);
  });

  it("refuses an ID token sent for a code-flow provider", async () => {
    idp.accounts.set("fb-ida", person("Ida"));
    const answer = await answerOf("fb-ida");
    const response = await finish({ ...answer, provider: "google" });
    expect(response.statusCode).toBe(401);
  });
});

describe("Facebook configuration", () => {
  it("needs only the app id: the issuer defaults to https://www.facebook.com, no client secret", () => {
    expect(loadConfig({ OIDC_FACEBOOK_CLIENT_ID: "1234567890" }).oidc.facebook).toEqual({
      issuer: "https://www.facebook.com",
      clientId: "1234567890",
    });
    expect(
      loadConfig({ OIDC_FACEBOOK_CLIENT_ID: "1234567890", OIDC_FACEBOOK_ISSUER: "http://127.0.0.1:9999" })
        .oidc.facebook?.issuer,
    ).toBe("http://127.0.0.1:9999");
  });

  it("says what is missing", () => {
    expect(() => loadConfig({ OIDC_FACEBOOK_CLIENT_SECRET: "s" })).toThrow(
      "OIDC_FACEBOOK_CLIENT_ID is required when OIDC_FACEBOOK_CLIENT_SECRET is set (Facebook needs only its app id; the issuer and secret are optional)",
    );
    // Google's code flow still needs its secret.
    expect(() =>
      loadConfig({ OIDC_GOOGLE_ISSUER: "https://accounts.google.com", OIDC_GOOGLE_CLIENT_ID: "id" }),
    ).toThrow("OIDC_GOOGLE_CLIENT_SECRET is required when OIDC_GOOGLE_ISSUER is set");
  });
});
