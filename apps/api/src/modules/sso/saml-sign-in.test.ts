import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, caller, freshIp, MemoryMailer, registerUser, STRONG_PASSWORD } from "../../../test/api";
import { buildTestApp, type TestApp } from "../../../test/app";
import { expectContractResponse } from "../../../test/contract-response";
import { startDnsServer, type TestDnsServer } from "../../../test/dns-server";
import { postedForm, startSamlIdp, type TestSamlIdp, tamperResponse } from "../../../test/saml-idp";
import { users, workspaces } from "../../db/schema";
import { addMs, DAY_MS, MINUTE_MS } from "../../lib/clock";
import { findUserByEmail } from "../accounts/user.repo";
import { grantPlan } from "../billing/grant-plan";

const APP_URL = "https://app.brandscope.test";
const DOMAIN = "saml.coffee";

let t: TestApp;
let idp: TestSamlIdp;
let dns: TestDnsServer;
const mailer = new MemoryMailer();
let api: ReturnType<typeof caller>;
/** The Enterprise workspace whose people sign in through `idp`. */
let ws: { authorization: string; workspaceId: string; acsUrl: string; entityId: string };

/** Signs up `email` (its own workspace), on Enterprise unless said; its owner's bearer and workspace. */
async function signedUp(email: string, plan: "enterprise" | "starter" = "enterprise") {
  const { login } = await registerUser(t, mailer, { email });
  const row = await findUserByEmail(t.database.db, { email });
  if (!row) throw new Error(`no account for ${email}`);
  if (plan === "enterprise") {
    const now = t.clock.now();
    await grantPlan(t.database.db, {
      workspaceId: row.workspaceId,
      plan,
      until: addMs(now, 30 * DAY_MS),
      now,
    });
  }
  return { authorization: bearer(login), workspaceId: row.workspaceId, userId: row.id };
}

const saveSaml = (saml: Record<string, string>, o: { requireSso?: boolean } = {}) =>
  api.call(
    "saveSsoSettings",
    "PUT",
    "/workspace/sso",
    { protocol: "saml", saml, requireSso: o.requireSso ?? false, jitProvisioning: true },
    { authorization: ws.authorization },
  );

beforeAll(async () => {
  idp = await startSamlIdp();
  dns = await startDnsServer();
  t = await buildTestApp({
    deps: { mailer },
    env: {
      APP_URL,
      DNS_SERVERS: dns.address,
      WEBSITE_FETCH_ALLOW_PRIVATE: "127.0.0.1",
      WEBSITE_FETCH_ALLOW_PORTS: new URL(idp.metadataUrl).port,
    },
  });
  api = caller(t, { ip: freshIp() });
  const owner = await signedUp(`owner@${DOMAIN}`);
  const domain = (
    await api.call("addSsoDomain", "POST", "/workspace/sso/domains", { domain: DOMAIN }, owner)
  ).json();
  dns.txt.set(DOMAIN, [domain.txtValue]);
  await api.call("verifySsoDomain", "POST", `/workspace/sso/domains/${domain.id}/verify`, undefined, owner);
  const { serviceProvider } = (
    await api.call("getSsoSettings", "GET", "/workspace/sso", undefined, owner)
  ).json();
  ws = {
    ...owner,
    acsUrl: serviceProvider.samlAcsUrl,
    entityId: serviceProvider.samlEntityId,
  };
  return async () => {
    await t.close();
    await idp.close();
    await dns.close();
  };
});

/** What the browser posts to the ACS: the IdP's auto-posting form, sent to our server. */
async function postToAcs(fields: Record<string, string>, workspaceId = ws.workspaceId) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/auth/sso/saml/${workspaceId}/acs`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: freshIp(),
  });
  expectContractResponse("receiveSamlResponse", response);
  return response;
}

/** The hand-off the ACS put in the app's callback page's URL. */
function handoffOf(acsAnswer: LightMyRequestResponse): string {
  expect(acsAnswer.statusCode, acsAnswer.body).toBe(303);
  const location = new URL(String(acsAnswer.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(`${APP_URL}/auth/sso/callback`);
  expect([...location.searchParams.keys()]).toEqual(["handoff"]);
  return location.searchParams.get("handoff") ?? "";
}

/**
 * The app's callback page: the hand-off in its URL, redeemed with the browser's cookies (`confirmed` once its
 * person has confirmed an IdP-initiated one on the page).
 */
async function redeem(acsAnswer: LightMyRequestResponse, cookie?: string, o: { confirmed?: boolean } = {}) {
  return api.call(
    "ssoLogIn",
    "POST",
    "/auth/sso",
    { handoff: handoffOf(acsAnswer), ...(o.confirmed ? { confirmed: true } : {}) },
    cookie ? { headers: { cookie } } : {},
  );
}

/** What the callback page asks first: whose sign-in the hand-off is, and who started it. */
const describeHandoff = (handoff: string) =>
  api.call("describeSsoHandoff", "POST", "/auth/sso/handoff", { handoff });

/** "Sign in with SSO" as `email`: the app's redirect, the IdP's form; and the browser's SAML cookie. */
async function startAtIdp(email: string) {
  idp.user = { email };
  const started = await api.call("startSsoSignIn", "POST", "/auth/sso/authorize", { email });
  expect(started.statusCode, started.body).toBe(200);
  const setCookie = String(started.headers["set-cookie"]);
  expect(setCookie).toMatch(
    /^brandscope_sign_in=[\w-]{43}; Path=\/api\/auth; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/,
  );
  const { authorizationUrl } = started.json();
  expect(authorizationUrl.startsWith(`${idp.ssoUrl}?SAMLRequest=`)).toBe(true);
  const page = await fetch(authorizationUrl);
  const form = postedForm(await page.text());
  expect(form.action).toBe(ws.acsUrl);
  return { fields: form.fields, cookie: setCookie.split(";")[0] ?? "" };
}

async function signInThroughIdp(email: string) {
  const { fields, cookie } = await startAtIdp(email);
  return redeem(await postToAcs(fields), cookie);
}

/** An unsolicited response for `email`, made wrong in one way by `o`. */
const unsolicited = (email: string, o: Partial<Parameters<TestSamlIdp["issueResponse"]>[0]> = {}) =>
  idp.issueResponse({ user: { email }, audience: ws.entityId, recipient: ws.acsUrl, ...o });

function expectRefused(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ code: "SSO_LOGIN_FAILED", message });
  expect(response.json()).not.toHaveProperty("idToken");
}

describe("SAML settings", () => {
  it("refuses metadata it could not sign in with, saying why on the field", async () => {
    const spMetadata = (
      await t.app.inject({ method: "GET", url: `/api/auth/sso/saml/${ws.workspaceId}/metadata` })
    ).body;
    const refusals: [Record<string, string>, string, string][] = [
      [
        { metadataXml: spMetadata },
        "/saml/metadataXml",
        "The metadata describes no identity provider (no IDPSSODescriptor).",
      ],
      [
        { metadataXml: `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${idp.metadataXml}` },
        "/saml/metadataXml",
        "The metadata contains a DOCTYPE, which is not allowed.",
      ],
      [
        { metadataXml: idp.metadataXml.replace(/<(\w+:)?KeyDescriptor[\s\S]*<\/(\w+:)?KeyDescriptor>/, "") },
        "/saml/metadataXml",
        "The metadata has no signing certificate.",
      ],
      [
        { metadataUrl: idp.metadataUrl.replace("/metadata", "/nothing-here") },
        "/saml/metadataUrl",
        "The metadata URL could not be reached.",
      ],
      [
        { metadataUrl: "https://10.0.0.8/metadata" },
        "/saml/metadataUrl",
        "The metadata URL points to a private network address.",
      ],
    ];
    for (const [saml, path, message] of refusals) {
      const refused = await saveSaml(saml);
      expect(refused.statusCode, JSON.stringify(saml).slice(0, 80)).toBe(422);
      expect(refused.json()).toMatchObject({
        code: "SSO_METADATA_INVALID",
        message,
        details: [{ path, message }],
      });
    }
  });

  it("reads pasted metadata, or fetches it once from its URL", async () => {
    const pasted = await saveSaml({ metadataXml: idp.metadataXml });
    expect(pasted.statusCode, pasted.body).toBe(200);
    expect(pasted.json().saml).toEqual({ metadataXml: idp.metadataXml.trim(), metadataUrl: null });
    const fetched = await saveSaml({ metadataUrl: idp.metadataUrl });
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json().saml).toEqual({ metadataXml: null, metadataUrl: idp.metadataUrl });
  });

  it("publishes the workspace's service-provider metadata for its identity provider", async () => {
    const answer = await t.app.inject({
      method: "GET",
      url: `/api/auth/sso/saml/${ws.workspaceId}/metadata`,
    });
    expectContractResponse("getSamlServiceProviderMetadata", answer);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/samlmetadata\+xml/);
    expect(answer.body).toContain(`entityID="${ws.entityId}"`);
    expect(answer.body).toContain(`Location="${ws.acsUrl}"`);
    const starter = await signedUp("owner@kettle.coffee", "starter");
    const none = await t.app.inject({
      method: "GET",
      url: `/api/auth/sso/saml/${starter.workspaceId}/metadata`,
    });
    expect(none.statusCode).toBe(404);
  });
});

describe("signing in with SAML", () => {
  it("signs an existing member in, SP-initiated, and the hand-off is good once", async () => {
    const member = await signedUp(`mo@${DOMAIN}`, "starter");
    await t.database.db
      .update(users)
      .set({ workspaceId: ws.workspaceId, role: "member" })
      .where(eq(users.id, member.userId));
    await t.database.db.delete(workspaces).where(eq(workspaces.id, member.workspaceId));

    const { fields, cookie } = await startAtIdp(`mo@${DOMAIN}`);
    const acs = await postToAcs(fields);
    const signedIn = await redeem(acs, cookie);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ email: `mo@${DOMAIN}`, idToken: expect.any(String) });
    const me = await api.call("getMe", "GET", "/user/me", undefined, {
      authorization: bearer(signedIn.json()),
    });
    expect(me.json()).toMatchObject({ email: `mo@${DOMAIN}` });

    expectRefused(await redeem(acs, cookie), "This sign-in has expired. Please start again.");
  });

  it("makes a new person of the domain a member (just-in-time)", async () => {
    const signedIn = await signInThroughIdp(`jit@${DOMAIN}`);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const row = await findUserByEmail(t.database.db, { email: `jit@${DOMAIN}` });
    expect(row).toMatchObject({ workspaceId: ws.workspaceId, role: "member", passwordHash: null });
  });

  it("redeems an SP-initiated sign-in only in the browser that started it (login CSRF)", async () => {
    const { fields } = await startAtIdp(`mo@${DOMAIN}`);
    expectRefused(
      await redeem(await postToAcs(fields), "brandscope_sign_in=another-browsers-cookie"),
      "This sign-in was started in another browser. Please start again from this one.",
    );
    const again = await startAtIdp(`mo@${DOMAIN}`);
    expectRefused(
      await redeem(await postToAcs(again.fields)),
      "This sign-in was started in another browser. Please start again from this one.",
    );
  });

  it("names the account and workspace of a hand-off, and who started it, without using it up", async () => {
    const { fields, cookie } = await startAtIdp(`mo@${DOMAIN}`);
    const acs = await postToAcs(fields);
    const [workspace] = await t.database.db
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, ws.workspaceId));
    const described = await describeHandoff(handoffOf(acs));
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json()).toEqual({
      email: `mo@${DOMAIN}`,
      workspaceName: workspace?.name,
      initiatedBy: "this-browser",
    });
    expect((await redeem(acs, cookie)).statusCode).toBe(200);
    const used = await describeHandoff(handoffOf(acs));
    expect(used.statusCode).toBe(401);
    expect(used.json()).toMatchObject({ code: "SSO_LOGIN_FAILED" });
  });

  it("signs an IdP-initiated response in only once its person confirms the account and workspace (login CSRF)", async () => {
    idp.user = { email: `mo@${DOMAIN}` };
    const initiate = new URL(idp.initiateUrl);
    initiate.searchParams.set("audience", ws.entityId);
    initiate.searchParams.set("acs", ws.acsUrl);
    const form = postedForm(await (await fetch(initiate)).text());
    expect(form.fields.RelayState).toBeUndefined();
    // Anyone can post this to the ACS from any page and send a victim's browser to the callback page with it.
    const acs = await postToAcs(form.fields);
    const described = await describeHandoff(handoffOf(acs));
    expect(described.json()).toMatchObject({ email: `mo@${DOMAIN}`, initiatedBy: "identity-provider" });

    const unconfirmed = await redeem(acs);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ code: "SSO_CONFIRMATION_REQUIRED" });
    expect(unconfirmed.json()).not.toHaveProperty("idToken");

    // The confirmation screen's "Continue": the hand-off was kept for it.
    const signedIn = await redeem(acs, undefined, { confirmed: true });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ email: `mo@${DOMAIN}` });
  });

  it("refuses tampered, unsigned, expired, replayed and misaddressed responses, saying why", async () => {
    const email = `mo@${DOMAIN}`;
    const now = t.clock.now();
    const good = unsolicited(email);
    const cases: [string, string][] = [
      [
        tamperResponse(good, (xml) => xml.replaceAll(email, `owner@${DOMAIN}`)),
        "The identity provider's answer is not signed with its certificate.",
      ],
      [
        unsolicited(email, { sign: "none" }),
        "The identity provider's answer is not signed with its certificate.",
      ],
      [
        unsolicited(email, { issuedAt: addMs(now, -30 * MINUTE_MS) }),
        "The identity provider's answer has expired; start again.",
      ],
      [
        unsolicited(email, {
          audience: `${APP_URL}/api/auth/sso/saml/${ws.workspaceId.replace(/.$/, "0")}/metadata`,
        }),
        "The identity provider's answer is meant for another application.",
      ],
      [
        unsolicited(email, { inResponseTo: "_a-request-of-another-browser" }),
        "The identity provider's answer does not match this sign-in; start again.",
      ],
    ];
    for (const [SAMLResponse, message] of cases) {
      const acs = await postToAcs({ SAMLResponse });
      // The Location carries the one-use hand-off only: never the library's detail.
      expectRefused(await redeem(acs), message);
    }
    expect(
      (await redeem(await postToAcs({ SAMLResponse: good }), undefined, { confirmed: true })).statusCode,
    ).toBe(200);
    expectRefused(
      await redeem(await postToAcs({ SAMLResponse: good }), undefined, { confirmed: true }),
      "This answer from the identity provider was already used; start again.",
    );
  });

  it("refuses a response posted to a workspace without SAML", async () => {
    const other = await signedUp("owner@other.coffee");
    expectRefused(
      await redeem(await postToAcs({ SAMLResponse: unsolicited(`mo@${DOMAIN}`) }, other.workspaceId)),
      "Single sign-on with SAML is not set up for this workspace.",
    );
  });

  it("keeps a hand-off for two minutes only", async () => {
    const { fields, cookie } = await startAtIdp(`mo@${DOMAIN}`);
    const acs = await postToAcs(fields);
    t.clock.advance(2 * MINUTE_MS);
    expectRefused(await redeem(acs, cookie), "This sign-in has expired. Please start again.");
    t.clock.advance(-2 * MINUTE_MS);
  });

  it("with require SSO, still refuses the members' password sign-in", async () => {
    expect((await saveSaml({ metadataUrl: idp.metadataUrl }, { requireSso: true })).statusCode).toBe(200);
    const refused = await api.logIn(`mo@${DOMAIN}`, STRONG_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "SSO_REQUIRED" });
    expect((await signInThroughIdp(`jit@${DOMAIN}`)).statusCode).toBe(200);
  });
});
