import { createHash, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type {
  AccessTokenResponse,
  AccountsResponse,
  BusinessDiscoveryResponse,
  GraphErrorBody,
  PermissionsResponse,
  SuccessResponse,
} from "../src/modules/connectors/graph-api-types";
import { redirectAfterConsent } from "./consent-redirect";
import accountsPage1 from "./fixtures/instagram/accounts-page-1.json" with { type: "json" };
import accountsPage2 from "./fixtures/instagram/accounts-page-2.json" with { type: "json" };
import brewhaus from "./fixtures/instagram/business-discovery-brewhaus.json" with { type: "json" };
import brewhausPage2 from "./fixtures/instagram/business-discovery-brewhaus-page-2.json" with {
  type: "json",
};
import lumora from "./fixtures/instagram/business-discovery-lumora.json" with { type: "json" };
import discoveryMalformed from "./fixtures/instagram/business-discovery-malformed.json" with { type: "json" };
import noProfile from "./fixtures/instagram/error-no-profile.json" with { type: "json" };
import rateLimit from "./fixtures/instagram/error-rate-limit.json" with { type: "json" };
import tokenExpired from "./fixtures/instagram/error-token-expired.json" with { type: "json" };
import userRateLimit from "./fixtures/instagram/error-user-rate-limit.json" with { type: "json" };
import token from "./fixtures/instagram/token.json" with { type: "json" };
import tokenLongLived from "./fixtures/instagram/token-long-lived.json" with { type: "json" };
import { vendorShaped } from "./vendor-shape";

/*
 * A local stand-in for Facebook Login (the OAuth dialog and the token endpoint) and the Graph API calls of the
 * Instagram connector (`/me/accounts`, business_discovery, `/me/permissions`), answered from
 * test/fixtures/instagram/ in Meta's documented shapes. The dialog is not a page: `consent()` plays the user who
 * agrees, checking what Meta checks, and answers the code and state Meta puts on the redirect. Every Graph call must
 * carry the long-lived token as a bearer and its appsecret_proof; every answer carries Meta's usage headers.
 * It answers under the Graph API versions Meta served in December 2026 (META_VERSIONS_SERVED, from the changelog's
 * "Available Graph API Versions", developers.facebook.com/docs/graph-api/changelog/versions) and records the one
 * each call used; another version's path is unknown.
 * Every answer is of the type of Meta's field references (src/modules/connectors/graph-api-types.ts), and the
 * fixtures are checked against them field by field (vendorShaped), so a fake that drifts from Meta's shapes fails
 * to type-check; the malformed fixture is off those shapes on purpose.
 */

const FIXTURES = {
  "token.json": vendorShaped<AccessTokenResponse>()(token),
  "token-long-lived.json": vendorShaped<AccessTokenResponse>()(tokenLongLived),
  "accounts-page-1.json": vendorShaped<AccountsResponse>()(accountsPage1),
  "accounts-page-2.json": vendorShaped<AccountsResponse>()(accountsPage2),
  "business-discovery-brewhaus.json": vendorShaped<BusinessDiscoveryResponse>()(brewhaus),
  "business-discovery-brewhaus-page-2.json": vendorShaped<BusinessDiscoveryResponse>()(brewhausPage2),
  "business-discovery-lumora.json": vendorShaped<BusinessDiscoveryResponse>()(lumora),
  "business-discovery-malformed.json": discoveryMalformed as object,
  "error-no-profile.json": vendorShaped<GraphErrorBody>()(noProfile),
  "error-rate-limit.json": vendorShaped<GraphErrorBody>()(rateLimit),
  "error-token-expired.json": vendorShaped<GraphErrorBody>()(tokenExpired),
  "error-user-rate-limit.json": vendorShaped<GraphErrorBody>()(userRateLimit),
};
/** A fresh copy of a fixture, which the fake may change. */
const fixture = <K extends keyof typeof FIXTURES>(name: K): (typeof FIXTURES)[K] =>
  structuredClone(FIXTURES[name]);

export const FAKE_APP_ID = "1234567890123456";
/** The Facebook Login for Business configuration the fake knows (META_LOGIN_CONFIG_ID). */
export const FAKE_LOGIN_CONFIG_ID = "987654321098765";
export const FAKE_APP_SECRET = "fakeMetaAppSecret0123456789abcdef";
/** v21.0 is available until 21 January 2027, v22.0 until 20 May 2027, … v27.0 (released 4 November 2026) until TBD. */
export const META_VERSIONS_SERVED = ["v21.0", "v22.0", "v23.0", "v24.0", "v25.0", "v26.0", "v27.0"];

export interface FakeMeta {
  env: Record<string, string>;
  /** The long-lived token the exchange hands out (token-long-lived.json). */
  longLivedToken: string;
  /** Every Graph call, as `METHOD path` plus what it asked for. */
  calls: string[];
  /** Answer business_discovery with this error while set. */
  discoveryError: "expired" | "rate" | "user_rate" | undefined;
  /** Answer Brewhaus's business_discovery with the malformed fixture while set. */
  malformed: boolean;
  /** The usage Meta reports in X-App-Usage and X-Business-Use-Case-Usage (percent, minutes to regain access). */
  usage: { app: number; business: number; regainMinutes: number };
  /** The Graph API version of each call, the dialog's included. */
  versions: string[];
  /** Leave the Instagram accounts out of /me/accounts (a user whose Pages have none). */
  noAccounts: boolean;
  /** Answer the next `n` Graph calls with 500. */
  failNext(n: number): void;
  /** The permissions the user declines when the dialog asks for them (classic Facebook Login). */
  userDeclines: string[];
  /**
   * The user's grant to the app, as `/me/permissions` answers it. The dialog sets it: a permission declined before is
   * not asked again unless the dialog has auth_type=rerequest, as Facebook Login does; a disconnect clears it.
   */
  grant: Map<string, "granted" | "declined">;
  /** The permissions the Facebook Login for Business configuration FAKE_LOGIN_CONFIG_ID holds. */
  configPermissions: string[];
  /** The query of each dialog consented to, newest last. */
  dialogs: URLSearchParams[];
  /** The user's Page role comes through Business Manager: business_discovery also needs ads_read or ads_management. */
  pageRoleViaBusinessManager: boolean;
  consent(dialogUrl: string): { code: string; state: string; redirectUri: string };
  close(): Promise<void>;
}

export async function startFakeMeta(): Promise<FakeMeta> {
  const short = fixture("token.json");
  const long = fixture("token-long-lived.json");
  const codes = new Map<string, { redirectUri: string; challenge: string }>();
  let failures = 0;
  let baseUrl = "";

  const fake: Omit<FakeMeta, "env" | "close"> = {
    longLivedToken: String(long.access_token),
    calls: [],
    discoveryError: undefined,
    malformed: false,
    usage: { app: 5, business: 3, regainMinutes: 0 },
    versions: [],
    noAccounts: false,
    failNext: (n) => {
      failures = n;
    },
    userDeclines: [],
    grant: new Map(),
    configPermissions: [
      "instagram_basic",
      "instagram_manage_insights",
      "pages_read_engagement",
      "pages_show_list",
      "business_management",
      "ads_read",
    ],
    dialogs: [],
    pageRoleViaBusinessManager: false,
    consent(dialogUrl) {
      const url = new URL(dialogUrl);
      const q = url.searchParams;
      const dialog = /^\/(v\d+\.\d+)\/dialog\/oauth$/.exec(url.pathname);
      if (url.origin !== baseUrl || !dialog || !META_VERSIONS_SERVED.includes(dialog[1] ?? ""))
        throw new Error("not the fake's dialog");
      if (q.get("client_id") !== FAKE_APP_ID || q.get("response_type") !== "code") {
        throw new Error("Meta would refuse the client or response type");
      }
      // Facebook Login for Business takes a configuration (config_id) instead of scope, and its user grants all of
      // the configuration's permissions or none; classic Facebook Login asks for the scope, each of which the user
      // may decline, and asks again for a declined one only with auth_type=rerequest.
      const configId = q.get("config_id");
      if (configId !== null && q.has("scope")) throw new Error("config_id is instead of scope, not with it");
      if (configId !== null && configId !== FAKE_LOGIN_CONFIG_ID)
        throw new Error("Meta knows no such configuration");
      const asked = configId !== null ? fake.configPermissions : (q.get("scope") ?? "").split(",");
      for (const permission of asked) {
        if (configId !== null) fake.grant.set(permission, "granted");
        else if (fake.grant.get(permission) === "declined" && q.get("auth_type") !== "rerequest") continue;
        else fake.grant.set(permission, fake.userDeclines.includes(permission) ? "declined" : "granted");
      }
      fake.grant.set("public_profile", "granted");
      fake.dialogs.push(q);
      const state = q.get("state");
      const challenge = q.get("code_challenge");
      const redirectUri = q.get("redirect_uri");
      if (!state || !challenge || !redirectUri || q.get("code_challenge_method") !== "S256") {
        throw new Error("Meta would refuse: state, PKCE and redirect_uri");
      }
      const code = `AQD${randomBytes(24).toString("base64url")}`;
      codes.set(code, { redirectUri, challenge });
      return { code, state, redirectUri };
    },
  };

  const headers = () => ({
    "content-type": "application/json; charset=UTF-8",
    "x-app-usage": JSON.stringify({ call_count: fake.usage.app, total_cputime: 1, total_time: 1 }),
    "x-business-use-case-usage": JSON.stringify({
      "17841400000000002": [
        {
          type: "instagram",
          call_count: fake.usage.business,
          total_cputime: 1,
          total_time: 1,
          estimated_time_to_regain_access: fake.usage.regainMinutes,
        },
      ],
    }),
  });
  const send = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, headers());
    res.end(JSON.stringify(body));
  };
  const oauthError = (message: string, code = 100): GraphErrorBody => ({
    error: { message, type: "OAuthException", code, fbtrace_id: "AFakeTrace" },
  });

  async function bodyOf(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  function tokenEndpoint(res: ServerResponse, form: URLSearchParams) {
    if (form.get("client_id") !== FAKE_APP_ID || form.get("client_secret") !== FAKE_APP_SECRET) {
      return send(res, 400, oauthError("Error validating client secret.", 1));
    }
    if (form.get("grant_type") === "fb_exchange_token") {
      fake.calls.push("POST oauth/access_token fb_exchange_token");
      if (form.get("fb_exchange_token") !== short.access_token) {
        return send(res, 400, fixture("error-token-expired.json"));
      }
      return send(res, 200, long);
    }
    fake.calls.push("POST oauth/access_token code");
    const code = codes.get(form.get("code") ?? "");
    codes.delete(form.get("code") ?? "");
    const challenge = createHash("sha256")
      .update(form.get("code_verifier") ?? "")
      .digest("base64url");
    if (!code || code.redirectUri !== form.get("redirect_uri") || code.challenge !== challenge) {
      return send(res, 400, oauthError("This authorization code has been used.", 100));
    }
    return send(res, 200, short);
  }

  function discovery(res: ServerResponse, fields: string) {
    const match = /^business_discovery\.username\(([\w.]+)\)\{(.*)\}$/.exec(fields);
    if (!match) return send(res, 400, oauthError("(#100) Unknown fields"));
    const username = match[1] ?? "";
    const after = /media\.after\(([\w=-]+)\)/.exec(match[2] ?? "")?.[1];
    fake.calls.push(`GET business_discovery ${username}${after ? ` after=${after}` : ""}`);
    if (fake.discoveryError === "expired") return send(res, 400, fixture("error-token-expired.json"));
    if (fake.discoveryError === "rate") return send(res, 400, fixture("error-rate-limit.json"));
    if (fake.discoveryError === "user_rate") return send(res, 400, fixture("error-user-rate-limit.json"));
    // The reference's permissions (ig-user/business_discovery): instagram_basic, instagram_manage_insights and
    // pages_read_engagement; without one Meta answers OAuthException code 10.
    const viaBusinessManager =
      fake.pageRoleViaBusinessManager &&
      fake.grant.get("ads_read") !== "granted" &&
      fake.grant.get("ads_management") !== "granted";
    for (const needed of ["instagram_basic", "instagram_manage_insights", "pages_read_engagement"]) {
      if (fake.grant.get(needed) !== "granted" || viaBusinessManager) {
        return send(res, 400, oauthError("(#10) Application does not have permission for this action", 10));
      }
    }
    if (username === "brewhaus") {
      if (fake.malformed) return send(res, 200, fixture("business-discovery-malformed.json"));
      if (after === "QVFIUmVkaWEy") return send(res, 200, fixture("business-discovery-brewhaus-page-2.json"));
      if (after) return send(res, 400, oauthError("Invalid cursor"));
      return send(res, 200, fixture("business-discovery-brewhaus.json"));
    }
    if (username === "lumoracoffee") return send(res, 200, fixture("business-discovery-lumora.json"));
    return send(res, 400, fixture("error-no-profile.json"));
  }

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = req.method === "POST" ? await bodyOf(req) : "";
    const version = /^\/(v\d+\.\d+)(\/.*)$/.exec(url.pathname);
    if (!version || !META_VERSIONS_SERVED.includes(version[1] ?? "")) {
      return send(res, 404, oauthError("Unknown path"));
    }
    fake.versions.push(version[1] ?? "");
    const path = version[2] ?? "";
    if (req.method === "POST" && path === "/oauth/access_token") {
      return tokenEndpoint(res, new URLSearchParams(body));
    }
    if (req.method === "GET" && path === "/dialog/oauth") {
      // A browser on the login dialog, and the user choosing Continue: Meta redirects back with the code and state.
      redirectAfterConsent(
        res,
        () => fake.consent(`${baseUrl}${req.url}`),
        (message) => send(res, 400, oauthError(message)),
      );
      return;
    }
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (url.searchParams.has("access_token")) throw new Error("a token in a URL");
    if (bearer !== fake.longLivedToken) return send(res, 400, fixture("error-token-expired.json"));
    const proof = createHmac("sha256", FAKE_APP_SECRET).update(bearer).digest("hex");
    if (url.searchParams.get("appsecret_proof") !== proof) {
      return send(res, 400, oauthError("Invalid appsecret_proof provided in the API argument"));
    }
    if (failures > 0) {
      failures -= 1;
      fake.calls.push(`${req.method} ${path} 500`);
      const unknown: GraphErrorBody = {
        error: {
          message: "An unknown error has occurred.",
          type: "OAuthException",
          code: 1,
          is_transient: true,
        },
      };
      return send(res, 500, unknown);
    }
    if (req.method === "DELETE" && path === "/me/permissions") {
      fake.calls.push("DELETE me/permissions");
      fake.grant.clear();
      const success: SuccessResponse = { success: true };
      return send(res, 200, success);
    }
    if (req.method === "GET" && path === "/me/permissions") {
      // Meta's shape: {data: [{permission, status}]}, status "granted" or "declined".
      fake.calls.push("GET me/permissions");
      const permissions: PermissionsResponse = {
        data: [...fake.grant].map(([permission, status]) => ({ permission, status })),
      };
      return send(res, 200, permissions);
    }
    if (req.method === "GET" && path === "/me/accounts") {
      const after = url.searchParams.get("after");
      fake.calls.push(`GET me/accounts${after ? ` after=${after}` : ""}`);
      const page = fixture(after === "QVFIUmFrZTI" ? "accounts-page-2.json" : "accounts-page-1.json");
      if (fake.noAccounts) {
        const withoutInstagram: AccountsResponse = {
          data: page.data.map(({ id, name }) => ({ id, name })),
        };
        return send(res, 200, withoutInstagram);
      }
      return send(res, 200, page);
    }
    const user = /^\/(\d+)$/.exec(path);
    if (req.method === "GET" && user) {
      if (user[1] !== "17841400000000001" && user[1] !== "17841400000000002") {
        return send(res, 400, oauthError("Unsupported get request.", 100));
      }
      return discovery(res, url.searchParams.get("fields") ?? "");
    }
    return send(res, 404, oauthError("Unknown path"));
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => send(res, 500, { error: { message: "fake failed", code: 1 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    env: {
      META_APP_ID: FAKE_APP_ID,
      META_APP_SECRET: FAKE_APP_SECRET,
      META_OAUTH_DIALOG_URL: baseUrl,
      META_GRAPH_API_BASE_URL: baseUrl,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeMeta;
}
