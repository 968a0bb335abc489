import { createHmac } from "node:crypto";
import type { InstagramAccount } from "../../db/schema";
import type {
  AccessTokenResponse,
  AccountsResponse,
  BusinessDiscoveryResponse,
  CursorPaging,
  Edge,
  GraphErrorBody,
  IgMedia,
  IgUser,
  Page,
  PermissionsResponse,
} from "./graph-api-types";

/**
 * Meta's Graph API over REST, as the Instagram connector calls it (Meta's Node SDK does not type these calls: their
 * answers are read as the types of Meta's field references, graph-api-types.ts): the Facebook Login code exchange and the swap for
 * a long-lived user token, the Pages with their Instagram professional account (`/me/accounts`), and
 * `business_discovery` (another account's public profile and recent media, read through the workspace's own). Every
 * call has a timeout and an appsecret_proof; tokens travel in bodies and the Authorization header only, never in a
 * URL or a log. Each answer's usage headers (X-App-Usage, X-Business-Use-Case-Usage) are kept, so a run stops before
 * Meta throttles it.
 */

const TIMEOUT_MS = 15_000;

/** Why a call failed, as the connector acts on it. */
export type MetaFailure =
  /** The user token is refused: expired, revoked, or the password changed (OAuthException code 190, or 102). */
  | "token"
  /** A rate limit: app (4), user (17), page (32), custom (613), Instagram's business use case (80002). */
  | "rate_limit"
  /** business_discovery found no business or creator account of that username (code 110, subcode 2207013). */
  | "no_profile"
  /** A permission the token lacks (code 10, 200–299): the user must connect again and grant it. */
  | "permission"
  /** The request itself was refused (another 4xx): a bug or a misconfigured app. */
  | "refused"
  /** A timeout, a 5xx, a transient error or an answer we cannot read: worth another try later. */
  | "unavailable";

export class MetaError extends Error {
  override name = "MetaError";
  constructor(
    readonly failure: MetaFailure,
    message: string,
    /** rate_limit: minutes until Meta lets calls through again, when it said. */
    readonly retryAfterMinutes: number | null = null,
  ) {
    super(message);
  }
}

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80001, 80002]);

/** The highest share (0–100) of any of Meta's rate limits used, as its usage headers say, and when it frees up. */
export interface Usage {
  percent: number;
  /** Minutes until access is regained (X-Business-Use-Case-Usage `estimated_time_to_regain_access`); 0: now. */
  regainMinutes: number;
}

export interface InstagramMedia {
  id: string;
  permalink: string;
  postedAt: Date;
  caption: string;
  /** Absent when the account hides its like counts: missing, never 0. */
  likes: number | null;
  comments: number | null;
  /** IMAGE, VIDEO, CAROUSEL_ALBUM; REELS for a reel (media_product_type). */
  format: string;
}

export interface InstagramProfile {
  username: string;
  followers: number | null;
  mediaCount: number | null;
  media: InstagramMedia[];
  /** Media that were not of the documented shape, left out. */
  malformed: number;
}

/**
 * The Graph API version called (and Facebook Login's dialog's), with Meta's dates, so that the start-up check
 * (vendor-versions.ts) and docs/data-sources.md can say when it must be moved. v27.0 is the latest: released
 * 4 November 2026 ("Introducing Graph API v27.0 and Marketing API v27.0",
 * developers.facebook.com/blog/post/2026/11/04/introducing-graph-api-v27-and-marketing-api-v27); the changelog's
 * "Available Until" is TBD (developers.facebook.com/docs/graph-api/changelog/versions), and Platform Versioning
 * guarantees each version at least two years from its release (developers.facebook.com/docs/graph-api/guides/versioning):
 * that earliest day is kept. Past it, Meta answers a call to an expired version with the oldest one available, so a
 * version's end shows as changed answers, not as errors: the warning is what says it.
 */
export const META_GRAPH_API_VERSION = {
  vendor: "Meta Graph API",
  version: "v27.0",
  sunset: "2028-11-04",
  source: "https://developers.facebook.com/docs/graph-api/changelog/versions",
} as const;

/** What `/me/permissions` says of the user's grant (a permission in neither list was never asked or has expired). */
export interface GrantedPermissions {
  granted: string[];
  declined: string[];
}

export interface MetaEndpoints {
  appId: string;
  appSecret: string;
  /** The Graph API's address, without the version (META_GRAPH_API_VERSION adds it). */
  graphUrl: string;
  fetch?: typeof fetch;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * A JSON object seen as the reference's type (graph-api-types.ts): each field named as Meta names it, each still
 * checked before use, since an answer may hold anything.
 */
const as = <T>(value: unknown): Partial<T> => record(value) as Partial<T>;

const count = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 2_147_483_647 ? value : null;

/** Reads X-App-Usage (`{call_count, total_cputime, total_time}`, percents) and X-Business-Use-Case-Usage. */
export function usageOf(headers: Headers): Usage {
  let percent = 0;
  let regainMinutes = 0;
  const parse = (name: string): unknown => {
    try {
      return JSON.parse(headers.get(name) ?? "null");
    } catch {
      return null;
    }
  };
  const take = (entry: unknown) => {
    const e = record(entry);
    for (const key of ["call_count", "total_cputime", "total_time"]) {
      const value = e[key];
      if (typeof value === "number" && Number.isFinite(value)) percent = Math.max(percent, value);
    }
    const regain = e.estimated_time_to_regain_access;
    if (typeof regain === "number" && Number.isFinite(regain))
      regainMinutes = Math.max(regainMinutes, regain);
  };
  take(parse("x-app-usage"));
  for (const entries of Object.values(record(parse("x-business-use-case-usage")))) {
    for (const entry of Array.isArray(entries) ? entries : []) take(entry);
  }
  return { percent: Math.min(percent, 100), regainMinutes: Math.min(regainMinutes, 24 * 60) };
}

/** Meta's error body `{ error: { message, type, code, error_subcode, is_transient, fbtrace_id } }` classified. */
export function metaFailure(status: number, body: unknown, usage: Usage, what: string): MetaError {
  const error = as<GraphErrorBody["error"]>(as<GraphErrorBody>(body).error);
  const code = typeof error.code === "number" ? error.code : null;
  const subcode = typeof error.error_subcode === "number" ? error.error_subcode : null;
  if (code !== null && RATE_LIMIT_CODES.has(code)) {
    return new MetaError(
      "rate_limit",
      `Meta's rate limit is reached (${what}, code ${code})`,
      usage.regainMinutes,
    );
  }
  if (code === 190 || code === 102)
    return new MetaError("token", `Meta refused the token (${what}, code ${code})`);
  if (code === 110 || subcode === 2207013) {
    return new MetaError("no_profile", `No business or creator account of that username (${what})`);
  }
  if (code === 10 || (code !== null && code >= 200 && code <= 299)) {
    return new MetaError("permission", `The token lacks a permission (${what}, code ${code})`);
  }
  if (status >= 500 || error.is_transient === true || code === 1 || code === 2) {
    return new MetaError("unavailable", `Meta answered ${status} (${what})`);
  }
  if (status === 401) return new MetaError("token", `Meta refused the token (${what})`);
  return new MetaError("refused", `Meta refused the request (${what}, ${status}, code ${code})`);
}

const FORMATS: Record<string, string> = {
  IMAGE: "image",
  VIDEO: "video",
  CAROUSEL_ALBUM: "carousel",
};

/** A media of the documented shape, or null: an id, an instagram.com permalink and an ISO timestamp. */
export function readMedia(value: unknown): InstagramMedia | null {
  const m = as<IgMedia>(value);
  if (typeof m.id !== "string" || !/^\d{1,40}$/.test(m.id)) return null;
  if (typeof m.permalink !== "string" || m.permalink.length > 500) return null;
  let permalink: URL;
  try {
    permalink = new URL(m.permalink);
  } catch {
    return null;
  }
  if (permalink.protocol !== "https:" || !/(^|\.)instagram\.com$/.test(permalink.hostname)) return null;
  if (typeof m.timestamp !== "string") return null;
  // Meta writes "2025-03-02T18:04:11+0000"; Date reads it.
  const postedAt = new Date(m.timestamp.replace(/([+-]\d\d)(\d\d)$/, "$1:$2"));
  if (Number.isNaN(postedAt.getTime())) return null;
  const likes = m.like_count === undefined ? null : count(m.like_count);
  const comments = m.comments_count === undefined ? null : count(m.comments_count);
  if (
    (m.like_count !== undefined && likes === null) ||
    (m.comments_count !== undefined && comments === null)
  ) {
    return null;
  }
  const format =
    m.media_product_type === "REELS"
      ? "reel"
      : (FORMATS[typeof m.media_type === "string" ? m.media_type : ""] ?? "image");
  return {
    id: m.id,
    permalink: `https://www.instagram.com${permalink.pathname}`,
    postedAt,
    caption: typeof m.caption === "string" ? m.caption.slice(0, 5_000) : "",
    likes,
    comments,
    format,
  };
}

const MEDIA_FIELDS = "id,caption,comments_count,like_count,media_type,media_product_type,permalink,timestamp";

export function instagramClient(o: MetaEndpoints) {
  const send = o.fetch ?? fetch;
  /** The highest usage any answer of this client reported. */
  let usage: Usage = { percent: 0, regainMinutes: 0 };
  const proof = (token: string) => createHmac("sha256", o.appSecret).update(token).digest("hex");

  async function call(
    path: string,
    init: RequestInit,
    what: string,
  ): Promise<{ status: number; body: unknown; usage: Usage }> {
    let response: Response;
    try {
      response = await send(`${o.graphUrl}/${META_GRAPH_API_VERSION.version}${path}`, {
        ...init,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new MetaError("unavailable", `Meta did not answer (${what})`);
    }
    const now = usageOf(response.headers);
    usage = {
      percent: Math.max(usage.percent, now.percent),
      regainMinutes: Math.max(usage.regainMinutes, now.regainMinutes),
    };
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      if (response.status >= 500 || response.ok) {
        throw new MetaError("unavailable", `Meta's answer was not JSON (${what}, ${response.status})`);
      }
      body = {};
    }
    if (response.status !== 200) throw metaFailure(response.status, body, now, what);
    return { status: response.status, body, usage: now };
  }

  const get = (path: string, params: Record<string, string>, token: string, what: string) =>
    call(
      `${path}?${new URLSearchParams({ ...params, appsecret_proof: proof(token) })}`,
      { headers: { authorization: `Bearer ${token}`, accept: "application/json" } },
      what,
    );

  async function token(params: Record<string, string>, what: string) {
    const { body } = await call(
      "/oauth/access_token",
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ client_id: o.appId, client_secret: o.appSecret, ...params }),
      },
      what,
    );
    const answer = as<AccessTokenResponse>(body);
    if (typeof answer.access_token !== "string" || answer.access_token === "") {
      throw new MetaError("unavailable", `Meta's token answer had no access token (${what})`);
    }
    const expiresIn = count(answer.expires_in);
    return {
      accessToken: answer.access_token,
      expiresInSeconds: expiresIn && expiresIn > 0 ? expiresIn : null,
    };
  }

  return {
    get usage(): Usage {
      return usage;
    },

    /** The code of Facebook Login's redirect for a short-lived user token (about an hour). */
    exchangeCode: (p: { code: string; codeVerifier: string; redirectUri: string }) =>
      token(
        { code: p.code, code_verifier: p.codeVerifier, redirect_uri: p.redirectUri },
        "the code exchange",
      ),

    /** A short-lived user token for a long-lived one (about 60 days); Meta does not refresh it after that. */
    longLived: (shortLived: string) =>
      token({ grant_type: "fb_exchange_token", fb_exchange_token: shortLived }, "the long-lived token"),

    /** The Instagram professional accounts of the user's Pages, every page of `/me/accounts` followed. */
    async accounts(accessToken: string): Promise<InstagramAccount[]> {
      const found: InstagramAccount[] = [];
      let after: string | null = null;
      for (let page = 0; page < 20; page += 1) {
        const params: Record<string, string> = {
          fields: "name,instagram_business_account{id,username}",
          limit: "100",
        };
        if (after) params.after = after;
        const { body } = await get("/me/accounts", params, accessToken, "/me/accounts");
        const answer = as<AccountsResponse>(body);
        const data: unknown = answer.data;
        if (!Array.isArray(data)) throw new MetaError("unavailable", "Meta's /me/accounts had no data list");
        for (const entry of data) {
          const pageEntry = as<Page>(entry);
          const ig = as<IgUser>(pageEntry.instagram_business_account);
          if (typeof ig.id !== "string" || !/^\d{1,40}$/.test(ig.id)) continue;
          if (found.some((a) => a.id === ig.id)) continue;
          found.push({
            id: ig.id,
            username: typeof ig.username === "string" ? ig.username : ig.id,
            pageName: typeof pageEntry.name === "string" ? pageEntry.name : null,
          });
        }
        const paging = as<CursorPaging>(answer.paging);
        const next: unknown = as<NonNullable<CursorPaging["cursors"]>>(paging.cursors).after;
        if (typeof paging.next !== "string" || typeof next !== "string" || next === "") break;
        after = next;
      }
      return found;
    },

    /**
     * business_discovery of `username` through the account `igUserId`: followers, media count and the newest media,
     * `media.after(cursor)` followed until `maxMedia` are read or there are no more.
     */
    async profile(
      accessToken: string,
      p: { igUserId: string; username: string; maxMedia: number; pageSize: number },
    ): Promise<InstagramProfile> {
      const media: InstagramMedia[] = [];
      let malformed = 0;
      let after: string | null = null;
      let profile: Omit<InstagramProfile, "media" | "malformed"> | null = null;
      while (media.length + malformed < p.maxMedia) {
        const limit = Math.min(p.pageSize, p.maxMedia - media.length - malformed);
        const edge = `media${after ? `.after(${after})` : ""}.limit(${limit}){${MEDIA_FIELDS}}`;
        const { body } = await get(
          `/${p.igUserId}`,
          {
            fields: `business_discovery.username(${p.username}){username,followers_count,media_count,${edge}}`,
          },
          accessToken,
          "business_discovery",
        );
        const found = as<IgUser>(as<BusinessDiscoveryResponse>(body).business_discovery);
        if (Object.keys(found).length === 0) {
          throw new MetaError("unavailable", "Meta's answer had no business_discovery");
        }
        profile ??= {
          username: typeof found.username === "string" ? found.username : p.username,
          followers: count(found.followers_count),
          mediaCount: count(found.media_count),
        };
        const edgeBody = as<Edge<IgMedia>>(found.media);
        const data: unknown = edgeBody.data ?? [];
        if (!Array.isArray(data)) throw new MetaError("unavailable", "Meta's media were not a list");
        for (const item of data) {
          const read = readMedia(item);
          if (read) media.push(read);
          else malformed += 1;
        }
        const paging = as<CursorPaging>(edgeBody.paging);
        const next: unknown = as<NonNullable<CursorPaging["cursors"]>>(paging.cursors).after;
        if (data.length === 0 || typeof next !== "string" || next === "" || !/^[\w=-]+$/.test(next)) break;
        after = next;
      }
      if (!profile) throw new MetaError("unavailable", "Meta's answer had no profile");
      return { ...profile, media, malformed };
    },

    /**
     * The permissions the user granted and declined (`GET /me/permissions`: `{data: [{permission, status}]}`,
     * status `granted`, `declined` or `expired`; developers.facebook.com/docs/facebook-login/guides/permissions and
     * /docs/facebook-login/web/permissions): Facebook Login lets the user decline any permission asked, so the
     * callback checks what was granted before it reads anything.
     */
    async permissions(accessToken: string): Promise<GrantedPermissions> {
      const { body } = await get("/me/permissions", { limit: "100" }, accessToken, "/me/permissions");
      const data: unknown = as<PermissionsResponse>(body).data;
      if (!Array.isArray(data)) throw new MetaError("unavailable", "Meta's /me/permissions had no data list");
      const granted: string[] = [];
      const declined: string[] = [];
      for (const entry of data) {
        const e = as<PermissionsResponse["data"][number]>(entry);
        if (typeof e.permission !== "string" || !/^[a-z_]{1,100}$/.test(e.permission)) continue;
        if (e.status === "granted") granted.push(e.permission);
        else if (e.status === "declined") declined.push(e.permission);
      }
      return { granted, declined };
    },

    /** Removes the app's permissions for the user (best effort: the token is forgotten here whatever Meta says). */
    async revoke(accessToken: string): Promise<void> {
      try {
        await send(
          `${o.graphUrl}/${META_GRAPH_API_VERSION.version}/me/permissions?${new URLSearchParams({ appsecret_proof: proof(accessToken) })}`,
          {
            method: "DELETE",
            headers: { authorization: `Bearer ${accessToken}` },
            signal: AbortSignal.timeout(TIMEOUT_MS),
          },
        );
      } catch {
        // Meta unreachable: the user can remove the app in their Facebook settings.
      }
    },
  };
}

export type InstagramClient = ReturnType<typeof instagramClient>;
