import * as oidc from "openid-client";
import type { OidcProviderConfig } from "../../config/env";
import type { SocialProviderId } from "../../db/schema";

const names: Record<SocialProviderId, string> = { google: "Google", facebook: "Facebook", apple: "Apple" };

/** The OpenID Connect providers this server is configured for (OIDC_<PROVIDER>_*), discovered on first use. */
export interface SocialProviders {
  list(): { id: SocialProviderId; name: string }[];
  /** The provider's client configuration; undefined when the provider is not configured. */
  configuration(id: SocialProviderId): Promise<oidc.Configuration | undefined>;
}

/** Plain HTTP only for a provider on this machine (a development or test provider), never across a network. */
function isLoopback(issuer: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname);
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
        pending = oidc.discovery(
          issuer,
          config.clientId,
          config.clientSecret,
          oidc.ClientSecretBasic(config.clientSecret),
          {
            timeout: 10,
            ...(issuer.protocol === "http:" && isLoopback(issuer)
              ? { execute: [oidc.allowInsecureRequests] }
              : {}),
          },
        );
        // A failed discovery (provider down) is tried again on the next sign-in rather than remembered.
        pending.catch(() => discovered.delete(id));
        discovered.set(id, pending);
      }
      return pending;
    },
  };
}
