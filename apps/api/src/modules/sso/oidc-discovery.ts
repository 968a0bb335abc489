import * as oidc from "openid-client";
import type { AppConfig } from "../../config/env";
import { brandscopeUserAgent, safeFetch } from "../../lib/safe-fetch";

/** The media types an OpenID provider answers with: discovery and tokens (JSON), its keys, a signed userinfo. */
const IDP_MEDIA_TYPES = ["application/json", "application/jwk-set+json", "application/jwt"];
const IDP_TIMEOUT_MS = 10_000;

function bodyText(body: oidc.FetchBody): string | undefined {
  if (body === null || body === undefined) return undefined;
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body).toString("utf8");
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body)).toString("utf8");
  throw new Error("A streamed request body is not sent to an identity provider");
}

/**
 * Every request to a workspace's identity provider goes through safeFetch: the issuer is typed by an owner, so it
 * must not reach our own network (SSRF). Tests and private deployments allow their addresses and ports with the
 * same WEBSITE_FETCH_ALLOW_* settings as a brand's website.
 */
function idpFetch(config: AppConfig): oidc.CustomFetch {
  return async (url, options) => {
    const method = options.method === "POST" ? "POST" : "GET";
    const body = bodyText(options.body);
    const response = await safeFetch(url, {
      method,
      headers: options.headers,
      ...(body === undefined ? {} : { body }),
      accept: IDP_MEDIA_TYPES,
      maxRedirects: 0,
      timeoutMs: IDP_TIMEOUT_MS,
      userAgent: brandscopeUserAgent(config.appUrl),
      allowPrivate: config.websiteFetch.allowPrivate,
      allowPorts: config.websiteFetch.allowPorts,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      // The body is already decompressed; its length and encoding are those of the wire.
      if (value === undefined || name === "content-encoding" || name === "content-length") continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    return new Response(new Uint8Array(response.body), { status: response.status, headers });
  };
}

/**
 * Plain HTTP only for an issuer on an address the configuration allows as private (a provider on this machine in
 * tests and development), never across a network.
 */
function insecureAllowed(issuer: URL, config: AppConfig): boolean {
  const host = issuer.hostname.replace(/^\[|\]$/g, "");
  return issuer.protocol === "http:" && config.websiteFetch.allowPrivate.includes(host);
}

/** The workspace's identity provider, discovered from its issuer (`/.well-known/openid-configuration`). */
export async function discoverIdp(
  config: AppConfig,
  p: { issuer: string; clientId: string; clientSecret: string | undefined },
): Promise<oidc.Configuration> {
  const issuer = new URL(p.issuer);
  const configuration = await oidc.discovery(
    issuer,
    p.clientId,
    undefined,
    p.clientSecret === undefined ? oidc.None() : oidc.ClientSecretBasic(p.clientSecret),
    {
      [oidc.customFetch]: idpFetch(config),
      timeout: IDP_TIMEOUT_MS / 1000,
      ...(insecureAllowed(issuer, config) ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
  return configuration;
}
