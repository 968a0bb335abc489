import { randomUUID } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryMailer, STRONG_PASSWORD, uniqueEmail } from "../../test/api";
import { buildTestApp, jobsDone, type TestApp } from "../../test/app";
import { listedStatuses } from "../../test/contract-response";
import { startDnsServer } from "../../test/dns-server";
import { startFakeGoogle } from "../../test/fake-google";
import { startFakeMeta } from "../../test/fake-meta";
import { startSamlIdp } from "../../test/saml-idp";
import {
  A_KEYWORD,
  contractSender,
  type ForeignIds,
  instagramExport,
  type Probe,
  type Send,
  sitePaths,
  snapshotOfA,
  unknownIds,
  type WorkspaceA,
  type WorkspaceB,
  workspaceBuilder,
} from "../../test/workspaces";
import { BRAND_HEADER, type ContractOperation, loadContract } from "./contract";

/**
 * Issue 14's authorization suite, generated from the contract: every operation has a case below, and a new
 * operation without one fails. Workspace A is built through the API (owner and member, an own brand collected from
 * a local website, competitors, imports, personas, a saved sandbox card and Enterprise granted as an operator grants
 * it, SAML single sign-on with a claimed domain, Search Console, Google Ads and Instagram connected through local
 * stand-ins of Google and Meta, invitations, a profile picture); B is another workspace (owner and member) on the
 * sample brand, also on Enterprise, so that single sign-on's operations reach their lookups rather than the plan's
 * 402, with the same connector clients configured, so that the connectors' operations reach B's connections rather
 * than a "not available" answer. B's owner sends every secured operation, B's member every one that takes an id of
 * A's; what A reads of itself (test/workspaces.ts snapshotOfA, its single sign-on and connectors included) must be
 * the same afterwards. Every answer is checked against the contract (test/contract-response.ts).
 *
 * - public: no bearer; the credential, if any, is in the request (a code, a password, a token).
 * - caller: acts on the caller's own account or workspace and takes no id of another: B's answer names nothing of A.
 *   `by: "outsider"`: sent by a workspace of its own on the sample instead, as it ends its caller's session,
 *   account or brand.
 * - resource: takes an id (or a token) of A's: B gets `status` with the Error body, the same answer as for an id
 *   that exists nowhere (B learns nothing), and nothing of A's in it.
 * - the operation's x-role (http/contract.ts) above `member`: A's own member sends the same requests and gets 403
 *   ADMIN_ONLY or OWNER_ONLY (the contract must list 403); roles.test.ts holds each role to each write.
 * - contractGap: a status the service answers that the contract does not list for the operation, as reported; the
 *   suite fails once the contract lists it, so the note goes with the gap.
 */
type Probes = (a: ForeignIds, op: ContractOperation) => Probe[];
interface Secured {
  status: number;
  contractGap?: { status: number; why: string };
  why?: string;
}
type Case =
  | { kind: "public"; why: string }
  | (Secured & { kind: "caller"; probes?: Probes; by?: "outsider" })
  | (Secured & {
      kind: "resource";
      probes: Probes;
      code?: string;
      /** What of A's the answer may name, and why that tells B nothing it did not hold already. */
      reveals?: { why: string; names: (a: WorkspaceA) => string[] };
    });

const open = (why: string): Case => ({ kind: "public", why });
const own = (status: number, o: Omit<Extract<Case, { kind: "caller" }>, "kind" | "status"> = {}): Case => ({
  kind: "caller",
  status,
  ...o,
});
const foreign = (
  probes: Probes,
  o: Partial<Omit<Extract<Case, { kind: "resource" }>, "kind" | "probes">> = {},
): Case => ({ kind: "resource", status: 404, probes, ...o });

const picture = await sharp({ create: { width: 48, height: 48, channels: 3, background: "#b08968" } })
  .png()
  .toBuffer();
const card = {
  cardNumber: "4242424242424242",
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 1,
  cvc: "123",
};
const invitations: Probes = (a) =>
  [a.pendingInvitationId, a.acceptedInvitationId].map((id) => ({ params: { id } }));
const cards: Probes = (a) =>
  [a.cardId, a.unsavedCardId].map((paymentMethodId) => ({ body: { paymentMethodId } }));
let siteUrl = "";
/** The metadata of B's own SAML identity provider, which B's saveSsoSettings sets up. */
let bIdpMetadata = "";

const cases: Record<string, Case> = {
  getHealth: open("liveness of the server"),
  listCountries: own(200),
  listIndustries: own(200),
  getTelemetryConfig: open("configuration"),

  signUp: open("creates an account and a workspace of its own"),
  confirmSignUp: open("the e-mailed code is the credential"),
  resendConfirmation: open("answers the same for any address"),
  logIn: open("the password is the credential"),
  listSocialProviders: open("configuration"),
  startSocialLogIn: open("starts a provider's sign-in"),
  socialLogIn: open("the provider's token is the credential"),
  receiveSocialCallback: open("the provider's answer is the credential"),
  startSsoSignIn: open("starts the identity provider's sign-in of an e-mail's domain"),
  ssoLogIn: open(
    "the identity provider's code, or the SAML hand-off with its browser cookie, is the credential",
  ),
  describeSsoHandoff: open("the one-use SAML hand-off of the callback page's URL is the credential"),
  receiveSamlResponse: open("the identity provider's signed assertion is the credential"),
  getSamlServiceProviderMetadata: open(
    "what a workspace's owner gives its identity provider; public by SAML's design",
  ),
  logOut: own(200, { by: "outsider" }),
  refreshToken: open("the refresh token is the credential"),
  forgotPassword: open("answers the same for any address"),
  confirmForgotPassword: open("the e-mailed code is the credential"),
  resetPassword: open("the reset token is the credential"),

  getMe: own(200),
  updateUser: own(200, { probes: () => [{ body: { company: "Kettleworth Studio" } }] }),
  changePassword: own(200, {
    probes: () => [
      {
        body: {
          currentPassword: STRONG_PASSWORD,
          password: "Kettle-2027-steam",
          passwordConfirmation: "Kettle-2027-steam",
        },
      },
    ],
  }),
  updateProfilePicture: own(200, {
    probes: () => [{ upload: { file: { name: "bo.png", type: "image/png", data: picture } } }],
  }),
  deactivateUser: own(200, { by: "outsider" }),
  deleteUser: foreign(
    (a) => [a.ownerAccessToken, a.memberAccessToken].map((accessToken) => ({ body: { accessToken } })),
    { status: 403, code: "REAUTHENTICATION_REQUIRED" },
  ),

  listMembers: own(200),
  removeMember: foreign((a) => [a.memberId, a.ownerId].map((id) => ({ params: { id } }))),
  changeMemberRole: foreign((a) =>
    [a.memberId, a.ownerId].map((id) => ({ params: { id }, body: { role: "admin" } })),
  ),
  transferOwnership: foreign((a) => [a.memberId, a.ownerId].map((memberId) => ({ body: { memberId } }))),
  listInvitations: own(200),
  inviteMember: own(201, { probes: () => [{ body: { email: uniqueEmail("kettleworth") } }] }),
  revokeInvitation: foreign(invitations),
  resendInvitation: foreign(invitations),
  previewInvitation: open("the link's token is the credential"),
  // Single sign-on: B is on Enterprise, so each call gets past the plan to the workspace's own rows; A has SAML
  // settings and a claimed domain that no call of B's may read, change or verify (snapshotOfA reads them).
  getSsoSettings: own(200, { why: "B's own settings (none): nothing of A's SAML or domains is read" }),
  saveSsoSettings: own(200, {
    why: "B sets up its own identity provider: A's settings stay as they are",
    probes: () => [
      {
        body: {
          protocol: "saml",
          saml: { metadataXml: bIdpMetadata },
          requireSso: false,
          jitProvisioning: false,
        },
      },
    ],
  }),
  deleteSsoSettings: own(204, { why: "B removes its own settings: A's stay" }),
  addSsoDomain: own(201, {
    why: "B claims a domain of its own: A's claimed domain stays A's",
    probes: () => [{ body: { domain: "kettleworth.coffee" } }],
  }),
  verifySsoDomain: foreign((a) => [{ params: { id: a.ssoDomainId } }], { code: "SSO_DOMAIN_NOT_FOUND" }),
  removeSsoDomain: foreign((a) => [{ params: { id: a.ssoDomainId } }], { code: "SSO_DOMAIN_NOT_FOUND" }),
  acceptInvitation: foreign((a) => [{ body: { token: a.invitationToken } }], {
    status: 403,
    code: "INVITATION_EMAIL_MISMATCH",
    reveals: {
      why: "the token was e-mailed to that address, and previewInvitation shows it to whoever holds the token",
      names: (a) => [a.invitedEmail],
    },
  }),

  getDigestPreference: own(404, {
    why: "B's brand is the shared sample: a digest is of a brand of one's own (404 NO_BRAND), nothing of A's read",
  }),
  updateDigestPreference: own(404, {
    probes: () => [{ body: { enabled: true, weekday: 5, hour: 9 } }],
    why: "B's brand is the shared sample: a digest is of a brand of one's own (404 NO_BRAND), nothing of A's stored",
  }),
  unsubscribeDigest: open("the signed token e-mailed to the member is the credential (RFC 8058: no sign-in)"),

  // Shared reports (issue 32).
  listSharedReports: own(200),
  createSharedReport: own(201, {
    why: "B (a Professional trial) shares its own sample brand's report: nothing of A's is read or named",
    probes: () => [
      {
        body: {
          module: "content",
          from: "2026-01-01",
          to: "2026-01-31",
          expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        },
      },
    ],
  }),
  revokeSharedReport: foreign((a) => [{ params: { id: a.sharedReportId } }], {
    code: "SHARED_REPORT_NOT_FOUND",
  }),
  getSharedReportPdf: open("the link's token is the credential, as for getSharedReport"),
  getSharedReport: open(
    "the link's token is the credential, and it opens only its own report (modules/shared-reports/shared-reports.test.ts)",
  ),
  // Alerts (issue 31): the caller's workspace's only; the per-workspace scoping of ids is in alerts.api.test.ts.
  listAlerts: own(200),
  markAlertsRead: own(200, { probes: (a) => [{ body: { all: true } }, { body: { ids: [a.memberId] } }] }),
  getAlertSettings: own(200),
  updateAlertRules: own(200, {
    probes: () => [{ body: { rules: [{ rule: "followers", enabled: false, sensitivity: "low" }] } }],
  }),
  updateAlertPreferences: own(200, {
    probes: () => [{ body: { mutedRules: ["plan_limit"], email: "hourly" } }],
  }),
  getAlertChannels: own(200),
  saveAlertChannel: own(200, {
    why: "B (a Professional trial) sets its own workspace's Slack webhook; nothing is posted to it here",
    probes: () => [
      {
        params: { kind: "slack" },
        body: { url: "https://hooks.slack.com/services/T0B/B0B/bbbbbbbbbbbbbbbb" },
      },
    ],
  }),
  deleteAlertChannel: own(200, { probes: () => [{ params: { kind: "teams" } }] }),
  testAlertChannel: own(404, {
    why: "B has no Teams webhook (404 ALERT_CHANNEL_NOT_FOUND): nothing is posted, nothing of A's read",
    probes: () => [{ params: { kind: "teams" } }],
  }),
  unsubscribeAlertEmails: open(
    "the signed token e-mailed to the member is the credential (RFC 8058: no sign-in)",
  ),

  getBranding: own(200),
  updateBranding: own(200, {
    probes: () => [{ body: { accentColor: "#8a8a8a" } }, { body: { accentColor: null } }],
  }),
  uploadBrandingLogo: own(200, {
    probes: () => [{ upload: { file: { name: "kettle.png", type: "image/png", data: picture } } }],
  }),
  removeBrandingLogo: own(200),

  getBrand: own(200),
  listBrands: own(200),
  deleteBrand: foreign((a) => [{ params: { id: a.brandId } }], { code: "BRAND_NOT_FOUND" }),
  createBrand: own(201, { probes: () => [{ body: { sample: true } }] }),
  updateBrand: own(400, {
    why: "B's brand is the shared sample, which no workspace may change (400 SAMPLE_BRAND)",
    probes: () => [{ body: { brandName: "Kettleworth Roasters" } }],
  }),
  resetBrand: own(200, { by: "outsider" }),
  retryBrandCollection: own(202),
  listImports: own(200),
  createImport: foreign((a) =>
    [a.brandId, ...a.competitorIds].map((brandId) => ({
      upload: { file: { name: "posts.csv", data: instagramExport() }, fields: { brandId } },
    })),
  ),
  deleteImport: foreign((a) => a.importIds.map((id) => ({ params: { id } }))),
  commitImport: foreign((a) => a.importIds.map((id) => ({ params: { id } }))),
  listBrandCompetitors: own(200),
  getYoutubeConnector: own(200),
  connectYoutube: foreign((a) =>
    [a.brandId, ...a.competitorIds].map((brandId) => ({
      body: { apiKey: "AIzaOutsidersKey00000000000000000000", channels: [{ brandId, channel: "@brewhaus" }] },
    })),
  ),
  refreshYoutube: own(409, { why: "B never connected YouTube: nothing of A's is read again" }),
  disconnectYoutube: own(204),
  // The OAuth connectors, with their clients configured (local stand-ins of Google and Meta): each call reaches
  // B's own connection, of which there is none, while A's three are connected, each reading what A chose.
  getSearchConsoleConnector: own(200),
  authorizeSearchConsole: own(200, { why: "B's own consent starts: a state of B's, nothing of A's read" }),
  receiveSearchConsoleCallback: open(
    "Google's redirect; the state Brandscope issued to the browser is the credential",
  ),
  selectSearchConsoleProperty: own(409, {
    probes: () => [{ body: { property: "sc-domain:lumora.example" } }],
    why: "B never connected Search Console: A's connection, which lists that property, is not chosen from",
  }),
  refreshSearchConsole: own(409, { why: "B never connected Search Console: A's property is not read again" }),
  disconnectSearchConsole: own(204),
  getInstagramConnector: own(200),
  authorizeInstagram: own(200, { why: "B's own consent starts: a state of B's, nothing of A's read" }),
  receiveInstagramCallback: open(
    "Facebook Login's redirect; the state Brandscope issued to the browser is the credential",
  ),
  selectInstagramAccount: own(409, {
    probes: () => [{ body: { accountId: "17841400000000002" } }],
    why: "B never connected Instagram: nothing of A's is chosen",
  }),
  refreshInstagram: own(409, { why: "B never connected Instagram: A's accounts are not read again" }),
  disconnectInstagram: own(204),
  getGoogleAdsConnector: own(200),
  authorizeGoogleAds: own(200, { why: "B's own consent starts: a state of B's, nothing of A's read" }),
  receiveGoogleAdsCallback: open(
    "Google's redirect; the state Brandscope issued to the browser is the credential",
  ),
  selectGoogleAdsCustomer: own(409, {
    probes: () => [{ body: { customerId: "1234567890" } }],
    why: "B never connected Google Ads: A's customer, which A chose, is not chosen again",
  }),
  refreshGoogleAds: own(409, { why: "B never connected Google Ads: A's customer is not read again" }),
  disconnectGoogleAds: own(204),
  listWebsiteSources: own(200),
  getSourceHealth: own(200),
  refreshWebsiteSource: foreign((a) =>
    [a.brandId, ...a.competitorIds].map((brandId) => ({ params: { brandId } })),
  ),
  addBrandCompetitor: own(201, {
    probes: () => [{ body: { websiteUrl: `${siteUrl}${sitePaths.brand}`, brandName: "Kettle & Co" } }],
    why: "the website of A's brand, followed by B, is a brand of B's own",
  }),
  removeBrandCompetitor: foreign((a) => [...a.competitorIds, a.brandId].map((id) => ({ params: { id } }))),

  getDashboard: own(200),
  getContent: own(200),
  getCompetitorAnalytics: own(200, { probes: () => [{}, { query: { refresh: "true" } }] }),
  listPersonas: own(200),
  getPersona: foreign((a) => [{ params: { id: a.personaId } }]),
  listInfluencers: own(200),
  getInfluencer: own(200, {
    probes: (a) => [{ params: { id: a.influencerId } }],
    why: "a creator of the sample data set, which B's sample brand is ranked against (A's own brand is not)",
  }),
  getIntent: own(200, { probes: () => [{}, { query: { country: "GB" } }] }),
  getSearches: own(200, { probes: () => [{}, { query: { period: "90d" } }] }),
  searchKeywords: own(200, {
    probes: (): Probe[] => [
      { query: { keyword: A_KEYWORD } },
      { query: { keyword: "quillfeather", country: "GB" } },
    ],
  }),
  exportDataset: own(200, {
    probes: (_, op) => enumOf(op, "dataset").map((dataset) => ({ params: { dataset } })),
  }),

  listProducts: own(200),
  listSubscriptions: own(200),
  subscribe: own(201, {
    probes: () => [{ body: { productId: "professional" } }],
    why: "B leaves its granted Enterprise for a paid Professional plan of its own, which cancelSubscription and resumeSubscription then act on",
  }),
  cancelSubscription: own(200),
  resumeSubscription: own(200),
  createSetupIntent: own(200),
  confirmSandboxSetup: foreign((a) => [{ body: { clientSecret: a.setupSecret, ...card } }]),
  handlePaymentWebhook: open("the payment provider's signature is the credential"),
  listPaymentMethods: own(200),
  savePaymentMethod: foreign(cards, {
    status: 400,
    code: "VALIDATION_FAILED",
    why: "the contract lists no 404 here: a card the workspace cannot attach is a 400",
  }),
  removePaymentMethod: foreign(cards),
  setDefaultPaymentMethod: foreign(cards),
  contactSales: own(201, {
    probes: () => [
      {
        body: {
          email: "bo@kettleworth.test",
          name: "Bo Lindqvist",
          companyName: "Kettleworth",
          role: "CMO",
          industry: "food-and-beverage",
          category: "Brand",
        },
      },
    ],
  }),
};

/** The values a parameter's schema allows (the export's datasets), as the contract lists them. */
function enumOf(op: ContractOperation, name: string): string[] {
  const values = op.parameters.find((p) => p.name === name)?.schema.enum;
  return Array.isArray(values) ? values.map(String) : [];
}

const operations = await loadContract();
const mailer = new MemoryMailer();
let t: TestApp;
let send: Send;
let a: WorkspaceA;
let b: WorkspaceB;
let outsider: () => Promise<string>;
let sampleReader: string;
/** Every request sent, A's snapshots and the building of both workspaces included. */
let requests = 0;
/** A as read after the previous operation's calls. */
let lastSnapshot: Record<string, unknown>;
/** Per operation: how many requests each caller sent, and the statuses they got. */
const tried: { id: string; kind: Case["kind"]; sent: Record<Sender, number>; statuses: Set<string> }[] = [];
const senders = ["B owner", "B member", "A member", "unknown id"] as const;
type Sender = (typeof senders)[number];

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "brandscope-authorization-"));
  await chmod(dataDir, 0o755);
  const site: Server = createServer((_request, response) => {
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(
        '<!doctype html><html><head><title>Tea</title><meta name="description" content="Teas."></head></html>',
      );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const { port } = site.address() as AddressInfo;
  siteUrl = `http://127.0.0.1:${port}`;
  const google = await startFakeGoogle();
  const meta = await startFakeMeta();
  const aIdp = await startSamlIdp({ entityId: "https://idp.quillfeather.example/saml" });
  const bIdp = await startSamlIdp({ entityId: "https://idp.kettleworth.example/saml" });
  bIdpMetadata = bIdp.metadataXml;
  // Domain verification asks this server only: a lookup of A's domain would be a call of B's that reached it.
  const dns = await startDnsServer();
  t = await buildTestApp({
    jobs: true,
    deps: { mailer },
    env: {
      ...google.env,
      ...meta.env,
      DNS_SERVERS: dns.address,
      DATA_DIR: dataDir,
      WEBSITE_FETCH_ALLOW_PRIVATE: "127.0.0.1",
      WEBSITE_FETCH_ALLOW_PORTS: String(port),
    },
  });
  const sender = contractSender(t, operations);
  send = (...request) => {
    requests += 1;
    return sender(...request);
  };
  const builder = workspaceBuilder(t, send, mailer);
  a = await builder.buildA(siteUrl, { google, meta, samlMetadataXml: aIdp.metadataXml });
  b = await builder.buildB();
  outsider = builder.sampleWorkspace;
  sampleReader = await builder.sampleWorkspace();
  await jobsDone(t);
  lastSnapshot = await snapshotOfA(t, send, a, sampleReader);
  return async () => {
    await t.close();
    await Promise.all([google.close(), meta.close(), aIdp.close(), bIdp.close(), dns.close()]);
    await new Promise((resolve) => site.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
}, 60_000);

afterAll(() => {
  const row = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(24) : cell.padStart(10))).join(" ");
  const kinds = ["public", "caller", "resource"].map((kind) => {
    const of = tried.filter((r) => r.kind === kind);
    const sent = of.reduce((sum, r) => sum + Object.values(r.sent).reduce((x, y) => x + y, 0), 0);
    return `${kind}: ${of.length} operations, ${sent} requests`;
  });
  console.log(
    [
      "Authorization across workspaces: what was tried",
      `${row(["operation", "case", ...senders])}  statuses`,
      ...tried.map((r) =>
        [row([r.id, r.kind, ...senders.map((s) => String(r.sent[s]))]), ...r.statuses].join("  "),
      ),
      kinds.join("; "),
      `${requests} requests in all, with the building of A and B and A's snapshot after each operation`,
    ].join("\n"),
  );
});

/** Which of A's names, addresses and ids the body holds. */
function namesOfA(body: string, allowed: string[] = []): string[] {
  const text = body.toLowerCase();
  return a.secrets.filter((s) => text.includes(s.toLowerCase()) && !allowed.includes(s));
}

const errorOf = (response: LightMyRequestResponse) => {
  const { code, message } = response.json<{ code?: string; message: string }>();
  return { status: response.statusCode, code, message };
};

type SendAs = (sender: Sender, authorization: string, probe: Probe) => Promise<LightMyRequestResponse>;

/** Sends a secured operation's requests as the case says, and checks each answer. */
async function tryCase(op: ContractOperation, c: Exclude<Case, { kind: "public" }>, sendAs: SendAs) {
  const expectListed = (status: number, what: string) =>
    expect(
      listedStatuses(op.id).includes(status),
      `${what} ${status}: ${c.contractGap?.status === status ? "listed now: drop the case's contractGap" : "not listed in the contract"}`,
    ).toBe(c.contractGap?.status !== status);
  expectListed(c.status, "the case's status");
  const probes = (c.probes ?? (() => [{}]))(a.ids, op);
  const allowed = c.kind === "resource" && c.reveals ? c.reveals.names(a) : [];
  const expectNothingOfA = (response: LightMyRequestResponse) =>
    expect(namesOfA(response.body, allowed), `${op.id} named A's data to another workspace`).toEqual([]);

  if (c.kind === "caller") {
    const caller = c.by === "outsider" ? await outsider() : b.owner.authorization;
    for (const probe of probes) {
      const response = await sendAs("B owner", caller, probe);
      expect(response.statusCode, response.body).toBe(c.status);
      expectNothingOfA(response);
    }
  } else {
    const unknown = c.probes(unknownIds(a.ids), op);
    for (const [index, probe] of probes.entries()) {
      const response = await sendAs("B owner", b.owner.authorization, probe);
      expect(response.statusCode, response.body).toBe(c.status);
      if (c.code) expect(response.json().code).toBe(c.code);
      expectNothingOfA(response);
      // B's member is turned away by its own workspace's role first where the operation needs more than a member.
      const member = await sendAs("B member", b.member.authorization, probe);
      expect(member.statusCode, member.body).toBe(op.role === "member" ? c.status : 403);
      expectNothingOfA(member);
      if (c.reveals) continue;
      const nowhere = await sendAs("unknown id", b.owner.authorization, unknown[index] ?? {});
      expect(errorOf(response), "A's id must be answered as an id that exists nowhere").toEqual(
        errorOf(nowhere),
      );
    }
  }

  // X-Brand-Id naming A's brand, on every brand-scoped operation, reads and writes: answered as a brand that
  // exists nowhere, whatever else the request holds (http/chosen-brand.ts).
  if (op.brandScoped) {
    for (const probe of probes) {
      const foreign = await sendAs("B owner", b.owner.authorization, {
        ...probe,
        headers: { [BRAND_HEADER]: a.ids.brandId },
      });
      expect(foreign.statusCode, `${op.id} with A's brand in ${BRAND_HEADER}`).toBeGreaterThanOrEqual(400);
      expectNothingOfA(foreign);
      const nowhere = await sendAs("unknown id", b.owner.authorization, {
        ...probe,
        headers: { [BRAND_HEADER]: randomUUID() },
      });
      expect(errorOf(foreign), "A's brand must be answered as a brand that exists nowhere").toEqual(
        errorOf(nowhere),
      );
    }
  }

  if (op.role !== "member") {
    expectListed(403, `an operation for the ${op.role}'s`);
    for (const probe of probes) {
      const response = await sendAs("A member", a.member.authorization, probe);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().code).toBe(op.role === "owner" ? "OWNER_ONLY" : "ADMIN_ONLY");
    }
  }
}

describe("authorization across workspaces", () => {
  it("has a case for an operation only if the contract has the operation", () => {
    const known = new Set(operations.map((op) => op.id));
    expect(Object.keys(cases).filter((id) => !known.has(id))).toEqual([]);
  });

  for (const op of operations) {
    it(`${op.id}: ${op.method} ${op.path}`, async () => {
      const c = cases[op.id];
      if (!c) throw new Error(`No authorization case for ${op.id}: add one to the table in this file`);
      const record = {
        id: op.id,
        kind: c.kind,
        sent: { "B owner": 0, "B member": 0, "A member": 0, "unknown id": 0 },
        statuses: new Set<string>(),
      };
      tried.push(record);
      if (c.kind === "public") {
        expect(op.secured, `${op.id} is secured: it needs a caller or a resource case`).toBe(false);
        record.statuses.add(c.why);
        return;
      }
      expect(op.secured, `${op.id} is public in the contract`).toBe(true);
      const sendAs = async (sender: Sender, authorization: string, probe: Probe) => {
        const response = await send(op.id, authorization, probe);
        record.sent[sender] += 1;
        record.statuses.add(`${sender} ${response.statusCode}`);
        return response;
      };
      const before = lastSnapshot;
      try {
        await tryCase(op, c, sendAs);
      } finally {
        // Read even when a check failed, so that the next operation is held to what A is now.
        await jobsDone(t);
        lastSnapshot = await snapshotOfA(t, send, a, sampleReader);
      }
      expect(lastSnapshot, `${op.id} changed what A reads`).toEqual(before);
    });
  }
});
