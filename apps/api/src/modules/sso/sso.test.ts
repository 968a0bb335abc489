import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, caller, freshIp, MemoryMailer, registerUser, STRONG_PASSWORD } from "../../../test/api";
import { buildTestApp, type TestApp } from "../../../test/app";
import { SEALED_WITH_TEST_KEY } from "../../../test/config";
import { startDnsServer, type TestDnsServer } from "../../../test/dns-server";
import { CookieJar, consentAs, startOidcProvider, type TestOidcProvider } from "../../../test/oidc-provider";
import { signInCookieOf } from "../../../test/sign-in-cookie";
import { ssoConnections, users, workspaces } from "../../db/schema";
import { addMs, DAY_MS } from "../../lib/clock";
import { findUserByEmail } from "../accounts/user.repo";
import { grantPlan } from "../billing/grant-plan";

const APP_URL = "https://app.brandscope.test";
const CALLBACK = `${APP_URL}/auth/sso/callback`;
const SOCIAL_CALLBACK = `${APP_URL}/auth/callback/google`;
const DOMAIN = "lumora.coffee";

let t: TestApp;
let idp: TestOidcProvider;
let dns: TestDnsServer;
const mailer = new MemoryMailer();
let api: ReturnType<typeof caller>;

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [CALLBACK, SOCIAL_CALLBACK] });
  dns = await startDnsServer();
  t = await buildTestApp({
    deps: { mailer },
    env: {
      APP_URL,
      // The same provider as the workspace's IdP and as "Google": a social sign-in must not get round require SSO.
      OIDC_GOOGLE_ISSUER: idp.issuer,
      OIDC_GOOGLE_CLIENT_ID: idp.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: idp.clientSecret,
      DNS_SERVERS: dns.address,
      WEBSITE_FETCH_ALLOW_PRIVATE: "127.0.0.1",
      WEBSITE_FETCH_ALLOW_PORTS: new URL(idp.issuer).port,
    },
  });
  api = caller(t, { ip: freshIp() });
  return async () => {
    await t.close();
    await idp.close();
    await dns.close();
  };
});

/** An owner (with a password) of a workspace of their own, on Enterprise unless said. */
async function owner(email: string, plan: "enterprise" | "starter" = "enterprise") {
  const { login } = await registerUser(t, mailer, { email });
  const row = await findUserByEmail(t.database.db, { email });
  if (!row) throw new Error("no owner");
  if (plan === "enterprise") {
    const now = t.clock.now();
    await grantPlan(t.database.db, {
      workspaceId: row.workspaceId,
      plan,
      until: addMs(now, 30 * DAY_MS),
      now,
    });
  }
  return { authorization: bearer(login), workspaceId: row.workspaceId, email };
}

/** A member with a password: signs up, then is moved into the workspace (joining is the team tests' subject). */
async function memberWithPassword(email: string, workspaceId: string) {
  await registerUser(t, mailer, { email });
  const row = await findUserByEmail(t.database.db, { email });
  if (!row) throw new Error("no member");
  await t.database.db.update(users).set({ workspaceId, role: "member" }).where(eq(users.id, row.id));
  await t.database.db.delete(workspaces).where(eq(workspaces.id, row.workspaceId));
}

const settings = (authorization: string) =>
  api.call("getSsoSettings", "GET", "/workspace/sso", undefined, { authorization });
const save = (authorization: string, body: Record<string, unknown>) =>
  api.call("saveSsoSettings", "PUT", "/workspace/sso", body, { authorization });
const addDomain = (authorization: string, domain: string) =>
  api.call("addSsoDomain", "POST", "/workspace/sso/domains", { domain }, { authorization });
const verify = (authorization: string, id: string) =>
  api.call("verifySsoDomain", "POST", `/workspace/sso/domains/${id}/verify`, undefined, { authorization });
/** The browser these tests sign in with: the sign-in cookie the last start set. */
let browserCookie = "";
const start = async (email: string) => {
  const started = await api.call("startSsoSignIn", "POST", "/auth/sso/authorize", { email });
  if (started.statusCode === 200) browserCookie = signInCookieOf(started);
  return started;
};
const finish = (callback: URL, cookie = browserCookie) =>
  api.call(
    "ssoLogIn",
    "POST",
    "/auth/sso",
    {
      code: callback.searchParams.get("code"),
      state: callback.searchParams.get("state"),
      ...(callback.searchParams.has("iss") ? { iss: callback.searchParams.get("iss") } : {}),
    },
    { headers: { cookie } },
  );

/** A social sign-in with "Google" (the same test provider) as `login`, in one browser. */
async function googleAs(login: string) {
  const started = await api.call("startSocialLogIn", "POST", "/auth/social/authorize", {
    provider: "google",
    redirectUri: SOCIAL_CALLBACK,
  });
  const back = await consentAs(started.json().authorizationUrl, login, SOCIAL_CALLBACK, new CookieJar());
  return api.call(
    "socialLogIn",
    "POST",
    "/auth/social",
    {
      provider: "google",
      code: back.searchParams.get("code"),
      state: back.searchParams.get("state"),
      ...(back.searchParams.has("iss") ? { iss: back.searchParams.get("iss") } : {}),
    },
    { headers: { cookie: signInCookieOf(started) } },
  );
}

const oidcSettings = (o: { requireSso?: boolean; jitProvisioning?: boolean } = {}) => ({
  protocol: "oidc",
  oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
  requireSso: o.requireSso ?? false,
  jitProvisioning: o.jitProvisioning ?? false,
});

/** The browser's round trip through the IdP as `login`. */
async function ssoAs(email: string, login: string) {
  const started = await start(email);
  expect(started.statusCode, started.body).toBe(200);
  return finish(await consentAs(started.json().authorizationUrl, login, CALLBACK, new CookieJar()));
}

let lumora: Awaited<ReturnType<typeof owner>>;

describe("single sign-on set up by the owner", () => {
  it("is an Enterprise feature", async () => {
    const starter = await owner("owner@kettle.coffee", "starter");
    const refused = await settings(starter.authorization);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: "PLAN_LIMIT",
      message: expect.stringContaining("Enterprise"),
    });
    expect((await addDomain(starter.authorization, "kettle.coffee")).statusCode).toBe(402);
    expect((await save(starter.authorization, oidcSettings())).statusCode).toBe(402);
  });

  it("verifies a domain by its DNS TXT record, refusing free-mail domains", async () => {
    lumora = await owner(`owner@${DOMAIN}`);
    const gmail = await addDomain(lumora.authorization, "gmail.com");
    expect(gmail.statusCode).toBe(400);
    expect(gmail.json().message).toMatch(/free e-mail provider/);
    expect((await addDomain(lumora.authorization, "not a domain")).statusCode).toBe(400);

    const added = await addDomain(lumora.authorization, "Lumora.Coffee.");
    expect(added.statusCode).toBe(201);
    const domain = added.json();
    expect(domain).toMatchObject({ domain: DOMAIN, status: "pending", verifiedAt: null });
    expect(domain.txtValue).toMatch(/^brandscope-verification=[\w-]{20,}$/);

    dns.txt.set(DOMAIN, ["v=spf1 -all", "brandscope-verification=someone-else"]);
    const missing = await verify(lumora.authorization, domain.id);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: "SSO_DOMAIN_UNVERIFIED" });
    expect(missing.json().message).toContain(domain.txtValue);

    dns.txt.set(DOMAIN, ["v=spf1 -all", domain.txtValue]);
    const verified = await verify(lumora.authorization, domain.id);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ status: "verified", verifiedAt: expect.any(String) });
  });

  it("keeps a verified domain to one workspace", async () => {
    const rival = await owner("owner@rival.coffee");
    const taken = await addDomain(rival.authorization, DOMAIN);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "SSO_DOMAIN_TAKEN" });
  });

  it("discovers the issuer before saving, and never answers the client secret", async () => {
    const wrong = await save(lumora.authorization, {
      ...oidcSettings(),
      oidc: { issuer: `${idp.issuer}/nowhere`, clientId: idp.clientId, clientSecret: "x" },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: "SSO_ISSUER_INVALID" });

    const saved = await save(lumora.authorization, oidcSettings({ jitProvisioning: true }));
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json();
    expect(body).toMatchObject({
      configured: true,
      protocol: "oidc",
      oidc: { issuer: idp.issuer, clientId: idp.clientId, credentialSaved: true },
      jitProvisioning: true,
      requireSso: false,
      serviceProvider: { oidcRedirectUri: CALLBACK },
    });
    expect(saved.body).not.toContain(idp.clientSecret);
    expect((await settings(lumora.authorization)).body).not.toContain(idp.clientSecret);
    const [stored] = await t.database.db
      .select()
      .from(ssoConnections)
      .where(eq(ssoConnections.workspaceId, lumora.workspaceId));
    expect(stored?.oidcSealedClientSecret).toMatch(SEALED_WITH_TEST_KEY);
    expect(JSON.stringify(stored)).not.toContain(idp.clientSecret);
  });

  it("keeps the saved client secret for the same issuer only", async () => {
    const { clientSecret: _, ...withoutSecret } = oidcSettings().oidc;
    const same = await save(lumora.authorization, {
      ...oidcSettings({ jitProvisioning: true }),
      oidc: withoutSecret,
    });
    expect(same.statusCode, same.body).toBe(200);

    const moved = await save(lumora.authorization, {
      ...oidcSettings(),
      oidc: { ...withoutSecret, issuer: `${idp.issuer}/another-tenant` },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [
        {
          path: "/oidc/clientSecret",
          message:
            "Enter the client secret again: the saved one belongs to the issuer and client ID set before.",
        },
      ],
    });
  });

  it("is the owner's alone", async () => {
    await memberWithPassword(`mo@${DOMAIN}`, lumora.workspaceId);
    const login = await api.logIn(`mo@${DOMAIN}`, STRONG_PASSWORD);
    const refused = await settings(bearer(login.json()));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "OWNER_ONLY" });
  });
});

describe("limits on starting single sign-on", () => {
  const startFrom = (email: string, ip: string) =>
    api.call("startSsoSignIn", "POST", "/auth/sso/authorize", { email }, { ip });

  it("let a company's people behind one address start, and hold one person retrying", async () => {
    const office = "203.0.113.40";
    for (let i = 0; i < 40; i++) {
      const started = await startFrom(`person${i}@nat-office.coffee`, office);
      expect(started.statusCode, `person ${i}`).toBe(404);
    }
    const retries = [];
    for (let i = 0; i < 11; i++)
      retries.push((await startFrom("ana@nat-office.coffee", freshIp())).statusCode);
    expect(retries.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(retries[10]).toBe(429);
  });
});

describe("signing in with SSO (OpenID Connect)", () => {
  it("tells an address without single sign-on so", async () => {
    const none = await start("ana@elsewhere.coffee");
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("No single sign-on is set up for elsewhere.coffee.");
  });

  it("signs a new person of the domain in as a member when just-in-time membership is on", async () => {
    idp.accounts.set("ana", {
      email: `ana@${DOMAIN}`,
      emailVerified: true,
      givenName: "Ana",
      familyName: "Ruiz",
    });
    const signedIn = await ssoAs(`ana@${DOMAIN}`, "ana");
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({
      email: `ana@${DOMAIN}`,
      status: "confirmed",
      isFirstTime: false,
    });
    const me = await api.me(bearer(signedIn.json()));
    expect(me.json()).toMatchObject({ email: `ana@${DOMAIN}`, firstName: "Ana" });
    const members = await api.call("listMembers", "GET", "/workspace/members", undefined, {
      authorization: lumora.authorization,
    });
    expect(members.json()).toContainEqual(
      expect.objectContaining({ email: `ana@${DOMAIN}`, role: "member" }),
    );
    // The next sign-in finds the same account.
    expect((await ssoAs(`ana@${DOMAIN}`, "ana")).statusCode).toBe(200);
  });

  it("refuses an unknown person while just-in-time membership is off, unless invited", async () => {
    await save(lumora.authorization, oidcSettings({ jitProvisioning: false }));
    idp.accounts.set("ben", {
      email: `ben@${DOMAIN}`,
      emailVerified: true,
      givenName: "Ben",
      familyName: "Ng",
    });
    const refused = await ssoAs(`ben@${DOMAIN}`, "ben");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "SSO_NOT_INVITED" });
    expect(refused.json().message).toContain("Ask your workspace owner to invite you");
    expect(await findUserByEmail(t.database.db, { email: `ben@${DOMAIN}` })).toBeUndefined();

    // Once invited, the same sign-in lets them in and uses up the invitation.
    const invited = await api.call(
      "inviteMember",
      "POST",
      "/workspace/invitations",
      { email: `ben@${DOMAIN}` },
      {
        authorization: lumora.authorization,
      },
    );
    expect(invited.statusCode).toBe(201);
    expect((await ssoAs(`ben@${DOMAIN}`, "ben")).statusCode).toBe(200);
    const open = await api.call("listInvitations", "GET", "/workspace/invitations", undefined, {
      authorization: lumora.authorization,
    });
    expect(open.json()).toEqual([]);
  });

  it("refuses an e-mail the identity provider has not verified", async () => {
    idp.accounts.set("cy", {
      email: `cy@${DOMAIN}`,
      emailVerified: false,
      givenName: "Cy",
      familyName: "Lo",
    });
    const refused = await ssoAs(`cy@${DOMAIN}`, "cy");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "SSO_EMAIL_REFUSED" });
  });

  it("refuses an e-mail outside the workspace's verified domains", async () => {
    idp.accounts.set("dee", {
      email: "dee@gmail.com",
      emailVerified: true,
      givenName: "Dee",
      familyName: "Ox",
    });
    const refused = await ssoAs(`ana@${DOMAIN}`, "dee");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "SSO_EMAIL_REFUSED" });
    expect(refused.json().message).toContain("dee@gmail.com is not in a verified domain");
  });

  it("refuses a wrong state and a state used already", async () => {
    const started = await start(`ana@${DOMAIN}`);
    const callback = await consentAs(started.json().authorizationUrl, "ana", CALLBACK, new CookieJar());
    const forged = new URL(callback);
    forged.searchParams.set("state", "forged-state");
    const wrong = await finish(forged);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: "SSO_LOGIN_FAILED" });
    expect((await finish(callback)).statusCode).toBe(200);
    const reused = await finish(callback);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe("This sign-in has expired. Please start again.");
  });

  it("finishes a sign-in only in the browser that started it (login CSRF)", async () => {
    // The attacker's own sign-in, its code taken to a browser that started none, or started its own.
    for (const other of ["none", "its own"]) {
      const started = await start(`ana@${DOMAIN}`);
      expect(String(started.headers["set-cookie"])).toMatch(
        /^brandscope_sign_in=[\w-]{43}; Path=\/api\/auth; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/,
      );
      const attackers = browserCookie;
      const callback = await consentAs(started.json().authorizationUrl, "ana", CALLBACK, new CookieJar());
      const victims = other === "none" ? "" : signInCookieOf(await start(`ana@${DOMAIN}`));
      const refused = await finish(callback, victims);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({
        code: "SSO_LOGIN_FAILED",
        message: "This sign-in was started in another browser. Please start again from this one.",
      });
      // The refused try used the state up: not even the browser that started it can finish it now.
      expect((await finish(callback, attackers)).statusCode).toBe(401);
    }
  });
});

describe("require SSO", () => {
  it("refuses members' password sign-in and reset, and keeps the owner's break-glass password", async () => {
    const mosPasswordSession = await api.logIn(`mo@${DOMAIN}`, STRONG_PASSWORD);
    expect(mosPasswordSession.statusCode).toBe(200);
    const anasSsoSession = await ssoAs(`ana@${DOMAIN}`, "ana");
    expect(anasSsoSession.statusCode).toBe(200);
    await save(lumora.authorization, oidcSettings({ requireSso: true }));

    // From the moment it is required, the members' sessions begun without single sign-on are over (not in 30
    // days); those begun through it, and the owner's, go on.
    const mosMe = await api.me(bearer(mosPasswordSession.json()));
    expect(mosMe.statusCode).toBe(401);
    expect(mosMe.json()).toMatchObject({ code: "UNAUTHORIZED" });
    expect((await api.me(bearer(anasSsoSession.json()))).statusCode).toBe(200);
    expect((await api.me(lumora.authorization)).statusCode).toBe(200);

    const refused = await api.logIn(`mo@${DOMAIN}`, STRONG_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "SSO_REQUIRED" });
    expect(refused.json().message).toContain("Sign in with SSO");
    expect((await api.forgot(`mo@${DOMAIN}`)).statusCode).toBe(403);
    // An address of the domain without an account gets the same answer.
    expect((await api.logIn(`nobody@${DOMAIN}`, STRONG_PASSWORD)).json().code).toBe("SSO_REQUIRED");

    const owners = await api.logIn(lumora.email, STRONG_PASSWORD);
    expect(owners.statusCode).toBe(200);

    // Nor does a social sign-in with the same address.
    idp.accounts.set("mo", {
      email: `mo@${DOMAIN}`,
      emailVerified: true,
      givenName: "Mo",
      familyName: "Aziz",
    });
    const viaGoogle = await googleAs("mo");
    expect(viaGoogle.statusCode).toBe(403);
    expect(viaGoogle.json()).toMatchObject({ code: "SSO_REQUIRED" });

    // Single sign-on still lets the member in.
    idp.accounts.set("mo", {
      email: `mo@${DOMAIN}`,
      emailVerified: true,
      givenName: "Mo",
      familyName: "Aziz",
    });
    expect((await ssoAs(`mo@${DOMAIN}`, "mo")).statusCode).toBe(200);
  });

  it("judges a linked social identity by its account's e-mail, not the one the provider answers now", async () => {
    // A leaver linked Google before SSO was required; then that Google account's address changed.
    await save(lumora.authorization, oidcSettings({ requireSso: false }));
    await memberWithPassword(`leaver@${DOMAIN}`, lumora.workspaceId);
    idp.accounts.set("leaver-google", {
      email: `leaver@${DOMAIN}`,
      emailVerified: true,
      givenName: "Lee",
      familyName: "Ver",
    });
    const linked = await googleAs("leaver-google");
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ email: `leaver@${DOMAIN}` });
    await save(lumora.authorization, oidcSettings({ requireSso: true }));
    expect((await api.me(bearer(linked.json()))).statusCode).toBe(401);

    idp.accounts.set("leaver-google", {
      email: "lee.ver@gmail.com",
      emailVerified: true,
      givenName: "Lee",
      familyName: "Ver",
    });
    const refused = await googleAs("leaver-google");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "SSO_REQUIRED",
      message: `${DOMAIN} signs in with single sign-on. Use "Sign in with SSO" with your work e-mail.`,
    });
    expect(refused.json()).not.toHaveProperty("idToken");
  });

  it("ends the domain's members' sessions when a domain is verified while SSO is required", async () => {
    const second = "lumora-roasters.coffee";
    await memberWithPassword(`pat@${second}`, lumora.workspaceId);
    const session = await api.logIn(`pat@${second}`, STRONG_PASSWORD);
    expect(session.statusCode).toBe(200);
    const domain = (await addDomain(lumora.authorization, second)).json();
    expect((await api.me(bearer(session.json()))).statusCode).toBe(200);
    dns.txt.set(second, [domain.txtValue]);
    expect((await verify(lumora.authorization, domain.id)).statusCode).toBe(200);
    expect((await api.me(bearer(session.json()))).statusCode).toBe(401);
  });

  it("stops applying when the workspace leaves Enterprise", async () => {
    const now = t.clock.now();
    await grantPlan(t.database.db, {
      workspaceId: lumora.workspaceId,
      plan: "starter",
      until: addMs(now, DAY_MS),
      now,
    });
    expect((await api.logIn(`mo@${DOMAIN}`, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await start(`mo@${DOMAIN}`)).statusCode).toBe(404);
  });
});
