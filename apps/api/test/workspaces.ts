import { randomBytes, randomUUID } from "node:crypto";
import type { components } from "@brandscope/api-client/schema";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { jwtKey } from "../src/config/keys";
import { brandCompetitors, brands, workspaceBrands } from "../src/db/schema";
import type { ContractOperation } from "../src/http/contract";
import { addMs, DAY_MS } from "../src/lib/clock";
import { grantPlan } from "../src/modules/billing/grant-plan";
import { bearer, freshIp, type LoginResponse, type MemoryMailer, registerUser, uniqueEmail } from "./api";
import { jobsDone, TEST_JWT_SECRET, type TestApp } from "./app";
import { expectContractResponse } from "./contract-response";
import type { FakeGoogle } from "./fake-google";
import type { FakeMeta } from "./fake-meta";
import { multipart } from "./multipart";
import { seedSignedInUser } from "./users";

type Schemas = components["schemas"];

/** What one request sends to an operation: its method and path come from the contract. */
export interface Probe {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A multipart body: one file and text fields. */
  upload?: { file: { name: string; data: Buffer; type?: string }; fields?: Record<string, string> };
  /** Headers besides the bearer and the body's type (X-Brand-Id). */
  headers?: Record<string, string>;
}

export type Send = (
  operationId: string,
  authorization: string | undefined,
  probe?: Probe,
) => Promise<LightMyRequestResponse>;

/** Calls by operationId, each answer checked against the contract; every request from an address of its own. */
export function contractSender(t: TestApp, operations: ContractOperation[]): Send {
  const byId = new Map(operations.map((op) => [op.id, op]));
  return async (operationId, authorization, probe = {}) => {
    const op = byId.get(operationId);
    if (!op) throw new Error(`No operation ${operationId} in the contract`);
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(probe.params?.[name] ?? ""),
    );
    const query = probe.query ? `?${new URLSearchParams(probe.query)}` : "";
    const form = probe.upload && multipart(probe.upload.file, probe.upload.fields);
    const json = probe.body === undefined ? undefined : JSON.stringify(probe.body);
    const contentType = form?.contentType ?? (json === undefined ? undefined : "application/json");
    const response = await t.app.inject({
      method: op.method,
      url: `/api${path}${query}`,
      ...(form || json !== undefined ? { payload: form?.payload ?? json } : {}),
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(contentType ? { "content-type": contentType } : {}),
        ...probe.headers,
      },
      remoteAddress: freshIp(),
    });
    expectContractResponse(operationId, response);
    return response;
  };
}

/** Every id, token and secret of workspace A that a probe may send, typed once for A and for "nobody". */
export interface ForeignIds {
  ownerId: string;
  memberId: string;
  brandId: string;
  competitorIds: string[];
  /** The brand's keyword import and a competitor's Instagram import. */
  importIds: string[];
  personaId: string;
  pendingInvitationId: string;
  acceptedInvitationId: string;
  invitationToken: string;
  ownerAccessToken: string;
  memberAccessToken: string;
  cardId: string;
  /** Set up at the provider (sandbox) but never saved to the workspace. */
  unsavedCardId: string;
  /** A card set-up started and not confirmed yet. */
  setupSecret: string;
  /** A creator of the sample data set: the sample brand's pool, never an own brand's. */
  influencerId: string;
  /** A's member's shared report link (issue 32) and its token. */
  sharedReportId: string;
  sharedReportToken: string;
  /** A domain A claimed for single sign-on (not verified). */
  ssoDomainId: string;
}

/** Ids of the same shapes as `like`'s that exist nowhere: what anyone gets for them is what an outsider may learn. */
export function unknownIds(like: ForeignIds): ForeignIds {
  const hex = () => randomBytes(12).toString("hex");
  return {
    ownerId: randomUUID(),
    memberId: randomUUID(),
    brandId: randomUUID(),
    competitorIds: like.competitorIds.map(() => randomUUID()),
    importIds: like.importIds.map(() => randomUUID()),
    personaId: randomUUID(),
    pendingInvitationId: randomUUID(),
    acceptedInvitationId: randomUUID(),
    invitationToken: hex(),
    ownerAccessToken: `${hex()}.${hex()}.${hex()}`,
    memberAccessToken: `${hex()}.${hex()}.${hex()}`,
    cardId: `pm_sandbox_${hex()}`,
    unsavedCardId: `pm_sandbox_${hex()}`,
    setupSecret: `seti_sandbox_${hex()}_secret_${hex()}`,
    influencerId: randomUUID(),
    sharedReportId: randomUUID(),
    sharedReportToken: randomBytes(32).toString("base64url"),
    ssoDomainId: randomUUID(),
  };
}

export interface Person {
  id: string;
  email: string;
  password: string;
  authorization: string;
  accessToken: string;
}

export interface WorkspaceA {
  ids: ForeignIds;
  owner: Person;
  member: Person;
  workspaceId: string;
  /** Where A's open invitation was sent. */
  invitedEmail: string;
  pictureUrl: string;
  /** Names, addresses and ids of A's: no answer to another workspace may contain one. */
  secrets: string[];
}

export interface WorkspaceB {
  owner: Person;
  member: Person;
}

/** Distinctive words of A's names (none is in the sample data), so an answer naming A is caught by a search. */
const A_WORDS = [
  "Quillfeather",
  "Brackenvale",
  "Thornmere",
  "Ottoline",
  "Quoyle",
  "Peregrine",
  "Vasquez-Ilo",
];
export const A_KEYWORD = "quillfeather loose leaf";

export const sitePaths = { brand: "/a-brand", competitors: ["/a-rival-one", "/a-rival-two"] };

/** The domain A claims for single sign-on: it names A, so an answer that shows it to another workspace is caught. */
export const A_SSO_DOMAIN = "quillfeather-teas.example";

/** What A's connections are made through: the providers' local stand-ins, with the app's clients configured. */
export interface Providers {
  google: FakeGoogle;
  meta: FakeMeta;
  /** The metadata of A's SAML identity provider (test/saml-idp.ts). */
  samlMetadataXml: string;
}

/** The OAuth connectors, by the name their operations carry (authorizeSearchConsole, receiveSearchConsoleCallback). */
const OAUTH_CONNECTORS = ["SearchConsole", "GoogleAds", "Instagram"] as const;

const nextYear = () => new Date().getUTCFullYear() + 1;

/** Builds the two workspaces and their members through the API, as their users would. */
export function workspaceBuilder(t: TestApp, send: Send, mailer: MemoryMailer) {
  /** Sends, and throws unless the answer has the status a user's step must get. */
  const ok = async (status: number, ...request: Parameters<Send>) => {
    const response = await send(...request);
    if (response.statusCode !== status) {
      throw new Error(`${request[0]} answered ${response.statusCode}: ${response.body}`);
    }
    return response;
  };

  async function signIn(email: string, password: string): Promise<LoginResponse> {
    return (await ok(200, "logIn", undefined, { body: { email, password } })).json<LoginResponse>();
  }

  async function person(names: Schemas["UpdateUserRequest"]): Promise<Person> {
    const { email, password, login } = await registerUser(t, mailer);
    const authorization = bearer(login);
    const me = (await ok(200, "updateUser", authorization, { body: names })).json<Schemas["User"]>();
    return { id: me.id, email, password, authorization, accessToken: login.accessToken };
  }

  /** The invitation's token, read from the link e-mailed to the address. */
  function invitationToken(email: string): string {
    const mail = mailer.sent.filter((m) => m.to === email).at(-1);
    const token = mail && /\/invitation\?token=([\w%-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`No invitation was sent to ${email}`);
    return decodeURIComponent(token);
  }

  /** The invitee joins the owner's workspace, then signs in again (a bearer of the old workspace ends). */
  async function join(owner: Person, invitee: Person): Promise<{ member: Person; invitationId: string }> {
    const invitation = (
      await ok(201, "inviteMember", owner.authorization, { body: { email: invitee.email } })
    ).json<Schemas["Invitation"]>();
    await ok(200, "acceptInvitation", invitee.authorization, {
      body: { token: invitationToken(invitee.email) },
    });
    const login = await signIn(invitee.email, invitee.password);
    return {
      member: { ...invitee, authorization: bearer(login), accessToken: login.accessToken },
      invitationId: invitation.id,
    };
  }

  /** A card set up at the sandbox provider (docs/product.md §4 steps 2–3), not saved yet. */
  async function setUpCard(authorization: string): Promise<string> {
    const { clientSecret } = (await ok(200, "createSetupIntent", authorization)).json<
      Schemas["SetupIntent"]
    >();
    const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: nextYear(), cvc: "123" };
    const confirmed = await ok(200, "confirmSandboxSetup", authorization, {
      body: { clientSecret, ...card },
    });
    return confirmed.json<Schemas["SandboxConfirmSetupResponse"]>().paymentMethodId;
  }

  /**
   * Enterprise, as sales sells it: the owner saves a card, and an operator grants the plan (README "Granting
   * Enterprise", operator grant-plan) for a year; the card's id.
   */
  async function enterprise(authorization: string): Promise<string> {
    const paymentMethodId = await setUpCard(authorization);
    await ok(201, "savePaymentMethod", authorization, { body: { paymentMethodId } });
    const { workspace } = (await ok(200, "getMe", authorization)).json<Schemas["User"]>();
    const now = t.clock.now();
    await grantPlan(t.database.db, {
      workspaceId: workspace.id,
      plan: "enterprise",
      until: addMs(now, 365 * DAY_MS),
      now,
    });
    return paymentMethodId;
  }

  /**
   * Connects an OAuth connector as its user would: the consent started, agreed at the provider's stand-in, and its
   * redirect followed back with the consent's cookie; then the read it queued.
   */
  async function connect(
    authorization: string,
    connector: (typeof OAUTH_CONNECTORS)[number],
    agree: (url: string) => { code: string; state: string },
  ) {
    const started = await ok(200, `authorize${connector}`, authorization);
    const cookie = String(started.headers["set-cookie"]).split(";")[0] ?? "";
    const { code, state } = agree(started.json<{ url: string }>().url);
    await ok(303, `receive${connector}Callback`, undefined, { query: { code, state }, headers: { cookie } });
    await jobsDone(t);
  }

  /**
   * A's single sign-on (SAML, from its identity provider's metadata) and a domain claimed for it, and A's three
   * OAuth connectors connected, each reading what A chose: what another workspace's calls must never reach.
   */
  async function connectA(auth: string, providers: Providers): Promise<string> {
    await ok(200, "saveSsoSettings", auth, {
      body: {
        protocol: "saml",
        saml: { metadataXml: providers.samlMetadataXml },
        requireSso: false,
        jitProvisioning: false,
      },
    });
    const domain = (await ok(201, "addSsoDomain", auth, { body: { domain: A_SSO_DOMAIN } })).json<
      Schemas["SsoDomain"]
    >();
    const { google, meta } = providers;
    google.adsCustomers = ["1234567890"];
    await connect(auth, "SearchConsole", (url) => google.consent(url));
    await ok(200, "selectSearchConsoleProperty", auth, { body: { property: "sc-domain:lumora.example" } });
    await connect(auth, "GoogleAds", (url) => google.consent(url));
    await ok(200, "selectGoogleAdsCustomer", auth, { body: { customerId: "1234567890" } });
    await connect(auth, "Instagram", (url) => meta.consent(url));
    await jobsDone(t);
    return domain.id;
  }

  async function buildA(siteUrl: string, providers: Providers): Promise<WorkspaceA> {
    const owner = await person({ firstName: "Ottoline", lastName: "Quoyle", company: "Quillfeather Ltd" });
    const auth = owner.authorization;
    const cardId = await enterprise(auth);
    const unsavedCardId = await setUpCard(auth);
    const { clientSecret: setupSecret } = (await ok(200, "createSetupIntent", auth)).json<
      Schemas["SetupIntent"]
    >();
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2d6a4f" } })
      .png()
      .toBuffer();
    const pictureUrl = (
      await ok(200, "updateProfilePicture", auth, {
        upload: { file: { name: "ottoline.png", type: "image/png", data: picture } },
      })
    ).json<Schemas["ProfilePictureResponse"]>().profilePicture;
    // A's custom branding (Professional): another workspace's branding calls must leave it as it is.
    await ok(200, "uploadBrandingLogo", auth, {
      upload: { file: { name: "quillfeather.png", type: "image/png", data: picture } },
    });
    await ok(200, "updateBranding", auth, { body: { accentColor: "#0f766e" } });

    const brand = (
      await ok(201, "createBrand", auth, {
        body: {
          websiteUrl: `${siteUrl}${sitePaths.brand}`,
          country: "GB",
          brandName: "Quillfeather Teas",
          socialLinks: [{ socialPlatform: "instagram", socialLink: "https://instagram.com/quillfeather" }],
        },
      })
    ).json<Schemas["Brand"]>();
    // No API call stores an audience (it comes with a data source): A's brand gets the sample brand's segments
    // here, so that its figures job derives personas of A's own.
    await t.database.pool.query(
      `insert into audience_segments (brand_id, age_band, gender, country, interests, platform_affinity, size, source)
       select $1, age_band, gender, country, interests, platform_affinity, size, source
       from audience_segments where brand_id = (select (counts->>'focusBrandId')::uuid from sample_loads)`,
      [brand.id],
    );
    const competitorIds: string[] = [];
    for (const [index, name] of ["Brackenvale Tea Co", "Thornmere Leaf"].entries()) {
      const competitor = await ok(201, "addBrandCompetitor", auth, {
        body: { websiteUrl: `${siteUrl}${sitePaths.competitors[index]}`, brandName: name },
      });
      competitorIds.push(competitor.json<Schemas["Brand"]>().id);
    }
    const importIds = [
      await ok(201, "createImport", auth, {
        upload: { file: { name: "quillfeather-keywords.csv", data: keywordPlannerExport() } },
      }),
      // A's own searches (a Search Console export): queries naming Quillfeather, which B must never read.
      await ok(201, "createImport", auth, {
        upload: {
          file: {
            name: "Queries.csv",
            data: Buffer.from(
              "Top queries,Clicks,Impressions,CTR,Position\nquillfeather oolong sampler,31,240,12.92%,2.4\n",
            ),
          },
        },
      }),
      await ok(201, "createImport", auth, {
        upload: {
          file: { name: "brackenvale-instagram.csv", data: instagramExport() },
          fields: { brandId: competitorIds[0] ?? "" },
        },
      }),
    ].map((response) => response.json<Schemas["Import"]>().id);

    const ssoDomainId = await connectA(auth, providers);

    const invited = await person({ firstName: "Peregrine", lastName: "Vasquez-Ilo" });
    const { member, invitationId: acceptedInvitationId } = await join(owner, invited);
    const pendingEmail = uniqueEmail("invitee");
    const pending = (await ok(201, "inviteMember", auth, { body: { email: pendingEmail } })).json<
      Schemas["Invitation"]
    >();

    await jobsDone(t);
    const personas = (await ok(200, "listPersonas", auth)).json<Schemas["PersonaList"]>().results;
    const personaId = personas[0]?.id;
    if (!personaId) throw new Error("Workspace A's brand has no personas");
    const { rows } = await t.database.pool.query<{ id: string }>(
      "select id from influencers order by id limit 1",
    );
    const me = (await ok(200, "getMe", auth)).json<Schemas["User"]>();
    // A's member shares the content module (Professional): another workspace can neither see nor revoke it.
    const shared = (
      await ok(201, "createSharedReport", member.authorization, {
        body: {
          module: "content",
          from: "2026-01-01",
          to: "2026-01-31",
          expiresAt: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
        },
      })
    ).json<Schemas["CreatedSharedReport"]>();

    const ids: ForeignIds = {
      ownerId: owner.id,
      memberId: member.id,
      brandId: brand.id,
      competitorIds,
      importIds,
      personaId,
      pendingInvitationId: pending.id,
      acceptedInvitationId,
      invitationToken: invitationToken(pendingEmail),
      ownerAccessToken: owner.accessToken,
      memberAccessToken: member.accessToken,
      cardId,
      unsavedCardId,
      setupSecret,
      influencerId: rows[0]?.id ?? "",
      sharedReportId: shared.report.id,
      sharedReportToken: shared.token,
      ssoDomainId,
    };
    const secrets = [
      ...A_WORDS,
      A_KEYWORD,
      me.workspace.id,
      owner.email,
      member.email,
      pendingEmail,
      pictureUrl,
      ...Object.entries(ids).flatMap(([key, value]) => (key === "influencerId" ? [] : [value].flat())),
    ];
    return {
      ids,
      owner,
      member,
      workspaceId: me.workspace.id,
      invitedEmail: pendingEmail,
      pictureUrl,
      secrets,
    };
  }

  /**
   * B: an owner on Enterprise (so that single sign-on's operations get past the plan to their lookups) with a card,
   * the sample brand, one competitor slot free, and a member. B's own subscribe then makes it a paid Professional
   * plan, which its cancel and resume act on.
   */
  async function buildB(): Promise<WorkspaceB> {
    const owner = await person({ firstName: "Bo", lastName: "Lindqvist", company: "Kettleworth" });
    await enterprise(owner.authorization);
    await ok(201, "createBrand", owner.authorization, { body: { sample: true } });
    const { competitors } = (await ok(200, "listBrandCompetitors", owner.authorization)).json<
      Schemas["BrandCompetitorList"]
    >();
    await ok(204, "removeBrandCompetitor", owner.authorization, { params: { id: competitors[0]?.id ?? "" } });
    const invited = await person({ firstName: "Cass", lastName: "Lindqvist" });
    const { member } = await join(owner, invited);
    return { owner, member };
  }

  /** A workspace of its own on the sample brand: a third party, or a caller whose session or account may end. */
  async function sampleWorkspace(): Promise<string> {
    const authorization = await t.authorization();
    await ok(201, "createBrand", authorization, { body: { sample: true } });
    return authorization;
  }

  return { buildA, buildB, sampleWorkspace };
}

/**
 * A Google Ads Keyword Planner export (UTF-16LE, tab-separated, two title lines) of the keywords given with their
 * monthly searches; A's own keyword by default.
 */
export function keywordPlannerExport(
  keywords: readonly (readonly [string, number])[] = [[A_KEYWORD, 1900]],
): Buffer {
  const lines = [
    "Keyword Stats 2026-09-14 at 10_41_52",
    '"September 1, 2025 - August 31, 2026"',
    "Keyword\tCurrency\tAvg. monthly searches\tCompetition\tTop of page bid (low range)\tTop of page bid (high range)",
    ...keywords.map(([keyword, searches]) => `${keyword}\tUSD\t${searches}\tLow\t0.41\t1.35`),
  ];
  return Buffer.from(`\ufeff${lines.join("\r\n")}\r\n`, "utf16le");
}

/** A Meta Instagram posts export: two posts of Brackenvale, or the rows given. */
export function instagramExport(
  rows: readonly string[] = [
    '18064417725503318,17841462208715530,brackenvale,"Brackenvale Tea Co","First flush is in.",0,"09/12/2026 08:31",https://www.instagram.com/p/DOk3vQ7jR2p/,"IG image",,Lifetime,5820,4105,402,31,4,28,57',
    '18064417725503319,17841462208715530,brackenvale,"Brackenvale Tea Co","Steeping notes.",0,"09/19/2026 09:02",https://www.instagram.com/p/DOk3vQ7jR2q/,"IG image",,Lifetime,4310,3980,288,12,2,19,33',
  ],
): Buffer {
  const header =
    '"Post ID","Account ID","Account username","Account name",Description,"Duration (sec)","Publish time",' +
    'Permalink,"Post type","Data comment",Date,Views,Reach,Likes,Shares,Follows,Comments,Saves';
  return Buffer.from(`\ufeff${[header, ...rows].join("\r\n")}\r\n`);
}

/**
 * What A's owner and member read of their workspace, what the link of A's open invitation shows, whether A's
 * picture is served, A's records at the sandbox provider (cards set up, attached or not), and the sample brand
 * as a third workspace on it reads it: equal before and after another workspace's calls when those changed
 * nothing of A's and nothing shared. The sample's stored figures are left out: `GET /competitor?refresh=true`
 * stores them anew for every workspace on the sample, by design (competitor.service.ts forgetPeriod).
 */
export async function snapshotOfA(
  t: TestApp,
  send: Send,
  a: WorkspaceA,
  sampleReader: string,
): Promise<Record<string, unknown>> {
  const owner = a.owner.authorization;
  const reads: [string, string | undefined, Probe?][] = [
    ["getMe", owner],
    ["getMe", a.member.authorization],
    ["listMembers", owner],
    ["getBranding", a.member.authorization],
    ["listInvitations", owner],
    ["listSharedReports", owner],
    ["getSsoSettings", owner],
    ["getSearchConsoleConnector", owner],
    ["getGoogleAdsConnector", owner],
    ["getInstagramConnector", owner],
    ["previewInvitation", undefined, { query: { token: a.ids.invitationToken } }],
    ["getBrand", owner],
    ["listBrandCompetitors", owner],
    ["listImports", owner],
    ["listSubscriptions", owner],
    ["listPaymentMethods", owner],
    ["listPersonas", owner],
    ["getPersona", owner, { params: { id: a.ids.personaId } }],
    ["getDashboard", owner],
    ["getCompetitorAnalytics", owner],
    ["searchKeywords", owner, { query: { keyword: A_KEYWORD } }],
    ["getBrand", sampleReader],
    ["listBrandCompetitors", sampleReader],
    ["listPersonas", sampleReader],
    ["getIntent", sampleReader],
  ];
  const snapshot: Record<string, unknown> = {};
  for (const [index, [operationId, authorization, probe]] of reads.entries()) {
    const response = await send(operationId, authorization, probe);
    snapshot[`${index} ${operationId}`] = { status: response.statusCode, body: response.body };
  }
  const picture = await t.app.inject({ method: "GET", url: a.pictureUrl });
  snapshot.picture = { status: picture.statusCode, bytes: picture.rawPayload.length };
  const { rows } = await t.database.pool.query(
    `select 'set-up' as kind, i.id, i.payment_method_id as state
       from sandbox_setup_intents i join billing_customers c on c.customer_id = i.customer_id
       where c.workspace_id = $1
     union all
     select 'card', k.id, k.attached::text
       from sandbox_cards k join billing_customers c on c.customer_id = k.customer_id
       where c.workspace_id = $1
     order by 1, 2`,
    [a.workspaceId],
  );
  snapshot.provider = rows;
  return snapshot;
}

/**
 * A workspace's own brand and its one competitor, both active, stored directly (no website read): what a test
 * imports into. `names` are the brand's then the competitor's; both get an `https://<name>.example/` website.
 */
export async function ownBrandWithRival(
  t: TestApp,
  workspaceId: string,
  o: { names: readonly [string, string]; country: string | null; industry?: string | null },
) {
  const [own, rival] = await t.database.db
    .insert(brands)
    .values(
      o.names.map((name) => ({
        workspaceId,
        name,
        website: `https://${name.toLowerCase().replaceAll(" ", "-")}.example/`,
        country: o.country,
        industry: o.industry ?? null,
        status: "active" as const,
      })),
    )
    .returning();
  if (!own || !rival) throw new Error("no brands");
  await t.database.db.insert(workspaceBrands).values({ workspaceId, brandId: own.id });
  await t.database.db
    .insert(brandCompetitors)
    .values({ workspaceId, brandId: own.id, competitorId: rival.id });
  return { own, rival };
}

/**
 * A signed-in workspace with its own brand and one competitor (Lumora and Brewhaus, in the US), for the imports
 * of the brand's own website data (GA4 audience and traffic exports).
 */
export async function ownBrandWorkspace(t: TestApp) {
  const user = await seedSignedInUser(t.database.db, jwtKey(TEST_JWT_SECRET), { now: t.clock.now() });
  const { own, rival } = await ownBrandWithRival(t, user.workspaceId, {
    names: ["Lumora", "Brewhaus"],
    country: "US",
  });
  return { authorization: user.authorization, own, rival };
}

/** Uploads an export through createImport, then lets the figures job it queued run. */
export async function uploadAndCompute(
  t: TestApp,
  send: Send,
  authorization: string,
  file: { name: string; data: Buffer },
  fields: Record<string, string> = {},
) {
  const response = await send("createImport", authorization, { upload: { file, fields } });
  t.clock.advance(1000);
  await jobsDone(t);
  return response;
}
