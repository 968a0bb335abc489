/**
 * Meta's Graph API requests and answers that the Instagram connector sends and reads, typed from Meta's field
 * references. Meta's Node SDK (facebook-nodejs-business-sdk) types the Marketing API's objects, not the IG User's
 * business_discovery field nor Facebook Login's token endpoint, so these types stand in for it: instagram-api.ts
 * reads its answers as these types and test/fake-meta.ts answers in them, so a field named differently from Meta's
 * fails to type-check. Each type cites its reference page (developers.facebook.com/docs/…); a field is declared
 * optional where Meta leaves it out of an answer (not asked for in `fields`, or hidden by the account).
 */

/**
 * The token endpoint's answer, `POST /{version}/oauth/access_token` with a code (Facebook Login, "Manually Build a
 * Login Flow": /docs/facebook-login/guides/advanced/manual-flow#exchangecode) or with
 * `grant_type=fb_exchange_token` (/docs/facebook-login/guides/access-tokens/get-long-lived).
 */
export interface AccessTokenResponse {
  access_token: string;
  token_type?: string;
  /** Seconds until the token expires. */
  expires_in?: number;
}

/** Cursor-based paging of an edge (/docs/graph-api/results, "Cursor-based Pagination"). */
export interface CursorPaging {
  cursors?: { before?: string; after?: string };
  /** The next page's URL; absent on the last page. */
  next?: string;
  previous?: string;
}

/** An edge's page of nodes (/docs/graph-api/results). */
export interface Edge<Node> {
  data: Node[];
  paging?: CursorPaging;
}

/**
 * A Page as `GET /me/accounts?fields=name,instagram_business_account{id,username}` gives it
 * (/docs/graph-api/reference/user/accounts; Page's `instagram_business_account`: /docs/graph-api/reference/page).
 */
export interface Page {
  id: string;
  name?: string;
  /** The Instagram professional account linked to the Page (an IG User); absent when there is none. */
  instagram_business_account?: Pick<IgUser, "id" | "username">;
}

/** `GET /me/accounts` (/docs/graph-api/reference/user/accounts). */
export type AccountsResponse = Edge<Page>;

/**
 * IG User, the public fields business discovery can read of another professional account
 * (/docs/instagram-platform/instagram-graph-api/reference/ig-user, "Fields"; the ones field expansion may ask of
 * business_discovery: /docs/instagram-platform/instagram-graph-api/reference/ig-user/business_discovery).
 */
export interface IgUser {
  id: string;
  username?: string;
  name?: string;
  biography?: string;
  website?: string;
  profile_picture_url?: string;
  followers_count?: number;
  follows_count?: number;
  media_count?: number;
  /** The `media` edge, asked with field expansion (`media.limit(n){…}`, `media.after(cursor)`). */
  media?: Edge<IgMedia>;
}

/**
 * `GET /{ig-user-id}?fields=business_discovery.username(…){…}`: the app user's IG User with the other account
 * under `business_discovery` (/docs/instagram-platform/instagram-graph-api/reference/ig-user/business_discovery).
 */
export interface BusinessDiscoveryResponse {
  id: string;
  business_discovery: IgUser;
}

/**
 * IG Media, the fields the connector asks for (/docs/instagram-platform/reference/instagram-media, "Fields").
 * `like_count` is absent when the owner hides like counts.
 */
export interface IgMedia {
  id: string;
  caption?: string;
  comments_count?: number;
  like_count?: number;
  media_type?: "CAROUSEL_ALBUM" | "IMAGE" | "VIDEO";
  media_product_type?: "AD" | "FEED" | "STORY" | "REELS";
  media_url?: string;
  thumbnail_url?: string;
  permalink?: string;
  /** ISO 8601 with a +0000 offset ("2025-10-02T08:15:00+0000"). */
  timestamp?: string;
  username?: string;
}

/**
 * `GET /me/permissions`: each permission the user was asked for and its status
 * (/docs/graph-api/reference/user/permissions; /docs/facebook-login/guides/permissions/request-revoke).
 */
export type PermissionsResponse = Edge<{ permission: string; status: "granted" | "declined" | "expired" }>;

/** `DELETE /me/permissions` (/docs/graph-api/reference/user/permissions, "Deleting"). */
export interface SuccessResponse {
  success: boolean;
}

/** A refused call's body (/docs/graph-api/guides/error-handling, "Error Responses"). */
export interface GraphErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    error_user_title?: string;
    error_user_msg?: string;
    /** Meta's hint that a retry may succeed. */
    is_transient?: boolean;
    fbtrace_id?: string;
  };
}
