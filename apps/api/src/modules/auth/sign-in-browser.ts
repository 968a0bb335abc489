import type { AppConfig } from "../../config/env";
import { cookieValue } from "../../lib/cookie-value";
import { randomToken, sha256 } from "../../lib/crypto";

/**
 * The cookie that ties every sign-in through another party (social sign-in, OpenID Connect and SP-initiated SAML
 * single sign-on) to the browser that started it (login CSRF, docs/single-sign-on.md). The start keeps its hash with
 * the pending sign-in; the finish, a same-origin POST from the app's callback page, must bring the cookie. A SAML
 * IdP's form posts to the ACS cross-site, where a SameSite=Lax cookie is not sent: the ACS only records the outcome,
 * and POST /auth/sso redeems it with the cookie.
 */
const SIGN_IN_BROWSER_COOKIE = "brandscope_sign_in";
/** Sent to the sign-in operations under /api/auth only, never to the rest of the API. */
const COOKIE_PATH = "/api/auth";
/** The value randomToken() makes: anything else the browser sends is replaced, not trusted. */
const TOKEN = /^[\w-]{43}$/;

type CookieReply = { header(name: "set-cookie", value: string): unknown };

/** What a sign-in's start needs to bind it: the browser's cookies and the answer that can set one. */
export interface SignInBrowser {
  cookieHeader: string | undefined;
  reply: CookieReply;
}

/**
 * Sets (or renews) the browser's sign-in cookie and returns the hash to keep with the pending sign-in. A browser
 * that already has one keeps its value, so sign-ins started in two tabs of one browser both finish.
 */
export function bindSignInToBrowser(
  browser: SignInBrowser,
  config: Pick<AppConfig, "appUrl">,
  maxAgeMs: number,
): string {
  const sent = cookieValue(browser.cookieHeader, SIGN_IN_BROWSER_COOKIE);
  const value = sent && TOKEN.test(sent) ? sent : randomToken();
  const secure = config.appUrl.startsWith("https:") ? "; Secure" : "";
  browser.reply.header(
    "set-cookie",
    `${SIGN_IN_BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${Math.round(maxAgeMs / 1000)}; HttpOnly; SameSite=Lax${secure}`,
  );
  return sha256(value);
}

/** Whether this request comes from the browser whose cookie's hash the pending sign-in kept. */
export function isSignInBrowser(cookieHeader: string | undefined, browserHash: string | null): boolean {
  const sent = cookieValue(cookieHeader, SIGN_IN_BROWSER_COOKIE);
  return browserHash !== null && sent !== undefined && sha256(sent) === browserHash;
}

/** The refusal of a finish from another browser than the start's, the same words for every kind of sign-in. */
export const OTHER_BROWSER = "This sign-in was started in another browser. Please start again from this one.";
