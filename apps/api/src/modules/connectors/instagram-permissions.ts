import type { GrantedPermissions } from "./instagram-api";

/**
 * The permissions the Instagram connector asks Facebook Login for, and what it does when one is missing.
 *
 * business_discovery (developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/business_discovery,
 * "Permissions", updated 12 August 2026) needs a Facebook User access token with instagram_basic,
 * instagram_manage_insights and pages_read_engagement; "if the token is from a User whose Page role was granted via
 * the Business Manager", also ads_management or ads_read. `/me/accounts` (the Pages and their Instagram accounts)
 * needs pages_show_list, and business_management lists the Pages a Business portfolio owns.
 *
 * Whether a user's Page role comes through Business Manager cannot be known before reading, and brands commonly run
 * their Pages from a Business portfolio (which is why business_management is asked): ads_read, the read-only one of
 * the two, is asked of everyone, so that such a user need not connect twice. It is not required at the callback (a
 * user with a direct Page role reads without it); when business_discovery then refuses a permission and ads_read is
 * not granted, it is the one named (instagram-sync.job.ts).
 */
export const REQUIRED_PERMISSIONS = [
  "instagram_basic",
  "instagram_manage_insights",
  "pages_read_engagement",
  "pages_show_list",
] as const;
/** Asked, not required at the callback: see above. */
export const OPTIONAL_PERMISSIONS = ["business_management", "ads_read"] as const;
/** Every permission Facebook Login asks for. */
export const ASKED_PERMISSIONS = [...REQUIRED_PERMISSIONS, ...OPTIONAL_PERMISSIONS];
const KNOWN = ASKED_PERMISSIONS;

/** Classic Facebook Login's `scope` (without META_LOGIN_CONFIG_ID). */
export const INSTAGRAM_SCOPES = KNOWN.join(",");

/** The required permissions the grant lacks (declined, expired or never asked), in the order above. */
export const missingPermissions = (grant: GrantedPermissions): string[] =>
  REQUIRED_PERMISSIONS.filter((p) => !grant.granted.includes(p));

const list = (names: readonly string[]) =>
  names.length === 1
    ? `the permission ${names[0]}`
    : `the permissions ${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * The sentence the Data sources screen shows for a grant that lacks `missing`. With classic Facebook Login the user
 * declined them and the reconnect asks again (auth_type=rerequest); with Facebook Login for Business the user grants
 * all of a configuration or nothing, so a permission missing after a login is one the configuration does not hold:
 * the operator must add it.
 */
export function missingPermissionReason(missing: readonly string[], loginConfigured: boolean): string {
  return loginConfigured
    ? `Instagram needs ${list(missing)}, which this server's Facebook Login for Business configuration does not ask for: its operator must add ${missing.length === 1 ? "it" : "them"} (META_LOGIN_CONFIG_ID), then reconnect.`
    : `Instagram needs ${list(missing)}: reconnect and allow ${missing.length === 1 ? "it" : "them"}.`;
}

/** The permissions a stored missingPermissionReason names, for the API's `missingPermissions`. */
export const permissionsNamedIn = (reason: string | null): string[] =>
  reason ? KNOWN.filter((p) => new RegExp(`\\b${p}\\b`).test(reason)) : [];
