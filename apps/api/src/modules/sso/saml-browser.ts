import type { AppConfig } from "../../config/env";
import { cookieValue } from "../../lib/cookie-value";

/**
 * The cookie that ties an SP-initiated SAML sign-in to the browser that started it (login CSRF, docs/single-sign-on.md).
 * The IdP's form posts to the ACS cross-site, where a SameSite=Lax cookie is not sent; so the ACS only records the
 * outcome, and the app's callback page redeems it with a same-origin POST /auth/sso, which carries this cookie.
 */
const SAML_BROWSER_COOKIE = "brandscope_saml";
/** Sent only to POST /auth/sso (and nothing else of the API). */
const COOKIE_PATH = "/api/auth/sso";

type CookieReply = { header(name: "set-cookie", value: string): unknown };

function cookieLine(config: Pick<AppConfig, "appUrl">, value: string, maxAgeSeconds: number) {
  const secure = config.appUrl.startsWith("https:") ? "; Secure" : "";
  return `${SAML_BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export function setSamlBrowserCookie(
  reply: CookieReply,
  config: Pick<AppConfig, "appUrl">,
  p: { value: string; maxAgeMs: number },
) {
  reply.header("set-cookie", cookieLine(config, p.value, Math.round(p.maxAgeMs / 1000)));
}

export function clearSamlBrowserCookie(reply: CookieReply, config: Pick<AppConfig, "appUrl">) {
  reply.header("set-cookie", cookieLine(config, "", 0));
}

export const samlBrowserCookieOf = (cookieHeader: string | undefined) =>
  cookieValue(cookieHeader, SAML_BROWSER_COOKIE);
