import { generateKeyPairSync } from "node:crypto";
import { decodeProtectedHeader, importSPKI, jwtVerify } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, caller, uniqueEmail } from "../../../test/api";
import { buildTestApp, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { consentWithFormPost, startOidcProvider, type TestOidcProvider } from "../../../test/oidc-provider";
import { signInCookieOf } from "../../../test/sign-in-cookie";
import { loadConfig } from "../../config/env";
import { appleClientSecret } from "./oidc";

const APP_URL = "https://app.brandscope.test";
const CALLBACK = `${APP_URL}/api/auth/social/callback/apple`;
const PAGE = `${APP_URL}/auth/callback/apple`;

let t: TestApp;
let idp: TestOidcProvider;
beforeAll(async () => {
  // Apple's way: form_post answers and client_secret_post at the token endpoint.
  idp = await startOidcProvider({ redirectUris: [CALLBACK], tokenEndpointAuthMethod: "client_secret_post" });
  t = await buildTestApp({
    env: {
      APP_URL,
      OIDC_APPLE_ISSUER: idp.issuer,
      OIDC_APPLE_CLIENT_ID: idp.clientId,
      OIDC_APPLE_CLIENT_SECRET: idp.clientSecret,
    },
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
    payload: { provider: "apple", redirectUri: PAGE },
  });
  expectContractResponse("startSocialLogIn", response);
  expect(response.statusCode).toBe(200);
  browserCookie = signInCookieOf(response);
  return response.json() as { authorizationUrl: string; state: string };
};

const postForm = async (form: URLSearchParams, provider = "apple") => {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/auth/social/callback/${provider}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: form.toString(),
  });
  expectContractResponse("receiveSocialCallback", response);
  return response;
};

describe("Sign in with Apple (response_mode=form_post)", () => {
  it("asks for form_post with Apple's scopes and the server's callback as redirect URI", async () => {
    const { authorizationUrl, state } = await start();
    expect(Object.fromEntries(new URL(authorizationUrl).searchParams)).toMatchObject({
      redirect_uri: CALLBACK,
      response_mode: "form_post",
      scope: "openid email name",
      code_challenge_method: "S256",
      state,
    });
  });

  it("takes the posted form, redirects to the app's page, and the first-consent name lands on the account", async () => {
    const email = uniqueEmail("apple");
    // No profile scope: the provider's tokens carry no name, as with Apple.
    idp.accounts.set("apple-001", { email, emailVerified: true, givenName: "Not", familyName: "Sent" });
    const { authorizationUrl } = await start();
    const form = await consentWithFormPost(authorizationUrl, "apple-001", CALLBACK);
    expect(form.get("code")).toBeTruthy();
    form.set("user", JSON.stringify({ name: { firstName: "Jane", lastName: "Appleseed" }, email }));

    const posted = await postForm(form);
    expect(posted.statusCode).toBe(303);
    const location = new URL(posted.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(PAGE);
    expect(location.searchParams.get("code")).toBe(form.get("code"));
    expect(location.searchParams.get("state")).toBe(form.get("state"));
    if (form.has("iss")) expect(location.searchParams.get("iss")).toBe(idp.issuer);

    // What the web app's /auth/callback/apple page does with that query.
    const finished = await t.app.inject({
      method: "POST",
      url: "/api/auth/social",
      headers: { cookie: browserCookie },
      payload: {
        provider: "apple",
        code: location.searchParams.get("code"),
        state: location.searchParams.get("state"),
        ...(location.searchParams.has("iss") ? { iss: location.searchParams.get("iss") } : {}),
      },
    });
    expectContractResponse("socialLogIn", finished);
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({ email, status: "confirmed", isFirstTime: true });
    expect((await caller(t).me(bearer(finished.json()))).json()).toMatchObject({
      email,
      firstName: "Jane",
      lastName: "Appleseed",
    });
  });

  it("refuses a state it never issued, or has used, with a redirect carrying the error", async () => {
    const unknown = await postForm(new URLSearchParams({ code: "x", state: "never-issued" }));
    expect(unknown.statusCode).toBe(303);
    const location = new URL(unknown.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(PAGE);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: "sign_in_expired",
      error_description: "This sign-in has expired. Please start again.",
    });

    idp.accounts.set("apple-002", {
      email: uniqueEmail("apple2"),
      emailVerified: true,
      givenName: "A",
      familyName: "B",
    });
    const { authorizationUrl } = await start();
    const form = await consentWithFormPost(authorizationUrl, "apple-002", CALLBACK);
    const first = new URL((await postForm(form)).headers.location as string);
    await t.app.inject({
      method: "POST",
      url: "/api/auth/social",
      headers: { cookie: browserCookie },
      payload: {
        provider: "apple",
        code: first.searchParams.get("code"),
        state: first.searchParams.get("state"),
      },
    });
    const replay = new URL((await postForm(form)).headers.location as string);
    expect(replay.searchParams.get("error")).toBe("sign_in_expired");
    expect(replay.searchParams.has("code")).toBe(false);
  });

  it("passes the provider's error on, and refuses other providers and other content types", async () => {
    const cancelled = await postForm(new URLSearchParams({ error: "user_cancelled_authorize", state: "s" }));
    expect(cancelled.statusCode).toBe(303);
    expect(new URL(cancelled.headers.location as string).searchParams.get("error")).toBe(
      "user_cancelled_authorize",
    );

    const google = await postForm(new URLSearchParams({ code: "x", state: "y" }), "google");
    expect(google.statusCode).toBe(404);

    const json = await t.app.inject({
      method: "POST",
      url: "/api/auth/social/callback/apple",
      payload: { code: "x", state: "y" },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe("Apple's client secret", () => {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();

  it("is an ES256 JWT of the team for the client, for Apple, valid 5 minutes, with the key id", async () => {
    const now = new Date();
    const jwt = await appleClientSecret(
      { privateKey: pem, keyId: "ABC123DEFG", teamId: "TEAM123456" },
      "com.brandscope.web",
      now,
    );
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: "ES256", kid: "ABC123DEFG" });
    const key = await importSPKI(publicKey.export({ type: "spki", format: "pem" }).toString(), "ES256");
    const { payload } = await jwtVerify(jwt, key, {
      algorithms: ["ES256"],
      issuer: "TEAM123456",
      subject: "com.brandscope.web",
      audience: "https://appleid.apple.com",
    });
    const iat = Math.floor(now.getTime() / 1000);
    expect(payload.iat).toBe(iat);
    expect(payload.exp).toBe(iat + 300);
  });

  it("is configured by key (with \\n escapes) instead of a secret, with Apple's issuer by default", () => {
    const config = loadConfig({
      OIDC_APPLE_CLIENT_ID: "com.brandscope.web",
      OIDC_APPLE_PRIVATE_KEY: pem.replace(/\n/g, "\\n"),
      OIDC_APPLE_KEY_ID: "ABC123DEFG",
      OIDC_APPLE_TEAM_ID: "TEAM123456",
    });
    expect(config.oidc.apple).toEqual({
      issuer: "https://appleid.apple.com",
      clientId: "com.brandscope.web",
      appleKey: { privateKey: pem, keyId: "ABC123DEFG", teamId: "TEAM123456" },
    });
    expect(loadConfig({ OIDC_APPLE_CLIENT_ID: "id", OIDC_APPLE_CLIENT_SECRET: "s" }).oidc.apple).toEqual({
      issuer: "https://appleid.apple.com",
      clientId: "id",
      clientSecret: "s",
    });
  });

  it("needs the secret or all three key variables, and a P-256 key", () => {
    expect(() => loadConfig({ OIDC_APPLE_CLIENT_ID: "id" })).toThrow(
      "Sign in with Apple needs OIDC_APPLE_CLIENT_SECRET, or OIDC_APPLE_PRIVATE_KEY, OIDC_APPLE_KEY_ID and OIDC_APPLE_TEAM_ID",
    );
    expect(() => loadConfig({ OIDC_APPLE_CLIENT_ID: "id", OIDC_APPLE_KEY_ID: "k" })).toThrow(
      "OIDC_APPLE_PRIVATE_KEY is required with OIDC_APPLE_KEY_ID (missing: OIDC_APPLE_PRIVATE_KEY, OIDC_APPLE_TEAM_ID)",
    );
    expect(() =>
      loadConfig({ OIDC_APPLE_CLIENT_ID: "id", OIDC_APPLE_CLIENT_SECRET: "s", OIDC_APPLE_TEAM_ID: "t" }),
    ).toThrow("OIDC_APPLE_CLIENT_SECRET must not be set together with OIDC_APPLE_TEAM_ID");
    expect(() => loadConfig({ OIDC_APPLE_KEY_ID: "k" })).toThrow(
      "OIDC_APPLE_CLIENT_ID is required when OIDC_APPLE_KEY_ID is set",
    );
    expect(() =>
      loadConfig({
        OIDC_APPLE_CLIENT_ID: "id",
        OIDC_APPLE_PRIVATE_KEY: "not a key",
        OIDC_APPLE_KEY_ID: "k",
        OIDC_APPLE_TEAM_ID: "t",
      }),
    ).toThrow("OIDC_APPLE_PRIVATE_KEY must be an EC P-256 private key in PEM");
  });
});
