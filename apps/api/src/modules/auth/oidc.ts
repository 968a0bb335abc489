import { importPKCS8, SignJWT } from "jose";
import * as oidc from "openid-client";
import type { AppleSigningKey, OidcProviderConfig } from "../../config/env";
import type { SocialProviderId } from "../../db/schema";
import type { SocialProviders } from "../../kernel/ports";

const names: Record<SocialProviderId, string> = { google: "Google", facebook: "Facebook", apple: "Apple" };

/**
 * Providers that answer with `response_mode=form_post` (Apple, once the `name` or `email` scope is asked): the
 * browser POSTs the code to the server's callback (POST /auth/social/callback/{provider}), not to a page.
 */
export const formPostProviders: ReadonlySet<SocialProviderId> = new Set(["apple"]);

/**
 * Providers whose OpenID Connect sign-in has no code flow, only `response_type=id_token` (Facebook's discovery
 * document lists `id_token` and `token id_token`, no token endpoint and no form_post): the provider sends the
 * ID token to the app's callback page in the URL fragment, the page posts it to POST /auth/social, and the
 * server checks it against the provider's published keys and the nonce and state it keeps.
 */
export const idTokenProviders: ReadonlySet<SocialProviderId> = new Set(["facebook"]);

/** The scopes asked of each provider: Apple names its profile scope `name`; Facebook's ID token has the name. */
export const scopeOf = (id: SocialProviderId) =>
  id === "apple" ? "openid email name" : id === "facebook" ? "openid email" : "openid email profile";

/** Plain HTTP only for a provider on this machine (a development or test provider), never across a network. */
function isLoopback(issuer: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname);
}

/** Apple's client secrets live 6 months at most; a fresh one per token request needs only minutes. */
const APPLE_CLIENT_SECRET_SECONDS = 5 * 60;

/**
 * Sign in with Apple's client secret: an ES256 JWT from the developer's key (iss team id, sub client id,
 * aud https://appleid.apple.com, kid the key id).
 */
export async function appleClientSecret(
  key: AppleSigningKey,
  clientId: string,
  now: Date = new Date(),
): Promise<string> {
  const privateKey = await importPKCS8(key.privateKey, "ES256");
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: key.keyId })
    .setIssuer(key.teamId)
    .setSubject(clientId)
    .setAudience("https://appleid.apple.com")
    .setIssuedAt(iat)
    .setExpirationTime(iat + APPLE_CLIENT_SECRET_SECONDS)
    .sign(privateKey);
}

/** How the client authenticates at the token endpoint: Apple takes client_secret_post only. */
function clientAuthOf(id: SocialProviderId, config: OidcProviderConfig): oidc.ClientAuth {
  const { appleKey, clientSecret } = config;
  if (appleKey) {
    return async (_as, client, body) => {
      body.set("client_id", client.client_id);
      body.set("client_secret", await appleClientSecret(appleKey, config.clientId));
    };
  }
  // An ID-token-only provider is never called with the client's credentials.
  if (idTokenProviders.has(id) && clientSecret === undefined) return oidc.None();
  if (clientSecret === undefined) throw new Error(`OpenID provider ${id} has no client secret`);
  return id === "apple" ? oidc.ClientSecretPost(clientSecret) : oidc.ClientSecretBasic(clientSecret);
}

export function createSocialProviders(
  configs: Partial<Record<SocialProviderId, OidcProviderConfig>>,
): SocialProviders {
  const discovered = new Map<SocialProviderId, Promise<oidc.Configuration>>();
  const configured = (Object.keys(names) as SocialProviderId[]).filter((id) => configs[id]);
  return {
    list: () => configured.map((id) => ({ id, name: names[id] })),
    configuration(id) {
      const config = configs[id];
      if (!config) return Promise.resolve(undefined);
      let pending = discovered.get(id);
      if (!pending) {
        const issuer = new URL(config.issuer);
        pending = oidc
          .discovery(issuer, config.clientId, config.clientSecret, clientAuthOf(id, config), {
            timeout: 10,
            ...(issuer.protocol === "http:" && isLoopback(issuer)
              ? { execute: [oidc.allowInsecureRequests] }
              : {}),
          })
          .then((configuration) => {
            if (idTokenProviders.has(id)) oidc.useIdTokenResponseType(configuration);
            return configuration;
          });
        // A failed discovery (provider down) is tried again on the next sign-in rather than remembered.
        pending.catch(() => discovered.delete(id));
        discovered.set(id, pending);
      }
      return pending;
    },
  };
}

/**
 * The code flow's end, for any OpenID provider: rebuilds the callback URL the provider sent the browser to and
 * exchanges the code with its PKCE verifier; openid-client checks the state, the ID token and its nonce. RFC 9207:
 * the state is bound to this provider server-side, so its issuer stands in when the callback named none.
 */
export async function redeemCode(
  configuration: oidc.Configuration,
  p: { redirectUri: string; code: string; state: string; iss?: string; codeVerifier: string; nonce: string },
) {
  const callback = new URL(p.redirectUri);
  callback.searchParams.set("code", p.code);
  callback.searchParams.set("state", p.state);
  const metadata = configuration.serverMetadata();
  const iss =
    p.iss ?? (metadata.authorization_response_iss_parameter_supported ? metadata.issuer : undefined);
  if (iss) callback.searchParams.set("iss", iss);
  return oidc.authorizationCodeGrant(configuration, callback, {
    pkceCodeVerifier: p.codeVerifier,
    expectedState: p.state,
    expectedNonce: p.nonce,
    idTokenExpected: true,
  });
}
