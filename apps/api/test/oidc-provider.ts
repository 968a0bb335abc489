import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";
import { findFreePort } from "../src/lib/free-port";

export interface TestAccount {
  email: string;
  /** Undefined leaves the email_verified claim out, as Facebook's ID tokens do. */
  emailVerified?: boolean;
  /** False leaves the e-mail out (a Facebook user who declined the email permission). */
  withEmail?: boolean;
  givenName: string;
  familyName: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A second client, for ID-token-only sign-in as Facebook's (response_type=id_token, no secret needed). */
  idTokenClientId: string;
  /** People who can sign in, by login name (the provider's subject). */
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on a loopback port, with one confidential client and
 * its built-in login and consent pages, which `consentAs` fills in like a person would.
 */
export async function startOidcProvider(o: {
  redirectUris: string[];
  /** How the client authenticates at the token endpoint (Apple: client_secret_post). */
  tokenEndpointAuthMethod?: "client_secret_basic" | "client_secret_post";
}): Promise<TestOidcProvider> {
  const port = await findFreePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, TestAccount>();
  const clientId = "brandscope-test";
  const clientSecret = "brandscope-test-secret-0123456789";
  const idTokenClientId = "brandscope-test-id-token";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: o.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: o.tokenEndpointAuthMethod ?? "client_secret_basic",
      },
      {
        client_id: idTokenClientId,
        redirect_uris: o.redirectUris,
        grant_types: ["authorization_code", "implicit"],
        response_types: ["code", "id_token"],
        token_endpoint_auth_method: "none",
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "name"],
    },
    cookies: { keys: ["oidc-provider-test-cookie-key"] },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
    },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          ...(account.withEmail === false ? {} : { email: account.email }),
          ...(account.emailVerified === undefined ? {} : { email_verified: account.emailVerified }),
          given_name: account.givenName,
          family_name: account.familyName,
          name: `${account.givenName} ${account.familyName}`,
        }),
      };
    },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    idTokenClientId,
    accounts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Cookies of one browser, per name (the provider's cookies are all for one host and path "/"). */
class CookieJar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * Plays the user at the provider: opens the authorization URL, signs in as `login` on the login page, agrees
 * on the consent page, and returns the URL the provider sends the browser back to (redirect URI + code).
 * Pass the same jar again to be the same browser (an existing provider session skips the login page).
 */
export async function consentAs(
  authorizationUrl: string,
  login: string,
  redirectUri: string,
  jar = new CookieJar(),
): Promise<URL> {
  const back = await playUser(authorizationUrl, login, redirectUri, jar);
  if (!(back instanceof URL)) throw new Error("The provider answered with a form_post form, not a redirect");
  return back;
}

/**
 * As consentAs, for `response_mode=form_post`: returns the fields of the provider's auto-submitting form,
 * which a browser would POST to the redirect URI.
 */
export async function consentWithFormPost(
  authorizationUrl: string,
  login: string,
  redirectUri: string,
  jar = new CookieJar(),
): Promise<URLSearchParams> {
  const back = await playUser(authorizationUrl, login, redirectUri, jar);
  if (back instanceof URL) throw new Error(`The provider redirected instead of posting a form: ${back.href}`);
  return back;
}

const unescapeHtml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

async function playUser(
  authorizationUrl: string,
  login: string,
  redirectUri: string,
  jar: CookieJar,
): Promise<URL | URLSearchParams> {
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...init.headers, cookie: jar.header() },
    });
    jar.store(response);
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next.href;
      init = {};
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`The provider answered ${response.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (action && unescapeHtml(action) === redirectUri) {
      const fields = new URLSearchParams();
      for (const [, name = "", value = ""] of html.matchAll(
        /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
      ))
        fields.set(name, unescapeHtml(value));
      return fields;
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`No form on the provider's page: ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === "login") {
      form.set("login", login);
      form.set("password", "any");
    }
    url = new URL(action.replace(/&amp;/g, "&"), url).href;
    init = { method: "POST", body: form, headers: { "content-type": "application/x-www-form-urlencoded" } };
  }
  throw new Error("The provider did not send the browser back");
}

export { CookieJar };
