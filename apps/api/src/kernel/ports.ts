/**
 * What the services need from the outside world, as interfaces: the modules implement them (auth's argon2 hasher
 * and OpenID providers), the app assembles them (http/deps.ts), and the request context (handler-types.ts) carries
 * them, so the kernel knows no module.
 */
import type * as oidc from "openid-client";
import type { SocialProviderId } from "../db/schema";

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password; also spends a full verification when there is no hash to check against. */
  verify(hashed: string | null | undefined, password: string): Promise<boolean>;
}

/** The OpenID Connect providers this server is configured for (OIDC_<PROVIDER>_*), discovered on first use. */
export interface SocialProviders {
  list(): { id: SocialProviderId; name: string }[];
  /** The provider's client configuration; undefined when the provider is not configured. */
  configuration(id: SocialProviderId): Promise<oidc.Configuration | undefined>;
}
