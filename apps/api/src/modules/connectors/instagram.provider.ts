import type { AppConfig } from "../../config/env";
import { MINUTE_MS } from "../../lib/clock";
import { type ProviderDescriptor, utcDayOf } from "./connector-kit";
import { instagramClient, META_GRAPH_API_VERSION } from "./instagram-api";
import { ASKED_PERMISSIONS } from "./instagram-permissions";

/** The Instagram connector (business_discovery through Facebook Login) as the kit knows it (connector-kit.ts). */
export const INSTAGRAM = {
  provider: "instagram",
  slug: "instagram",
  name: "Instagram",
  vendor: "Meta",
  job: "sync-instagram",
  auth: { kind: "oauth", scopes: ASKED_PERMISSIONS, holder: "facebook_user" },
  version: META_GRAPH_API_VERSION,
  quota: {
    summary:
      "Rate limits over a rolling hour: the app's (200 calls an hour per user) and Instagram's business use case's, both reported in each answer's usage headers; a read stops at 90 % of any.",
    source: "https://developers.facebook.com/docs/graph-api/overview/rate-limiting/",
  },
  quotaDayOf: utcDayOf,
  refreshLimit: { windowMs: 15 * MINUTE_MS, max: 3 },
  unavailable: "Instagram is not available on this server.",
  notConnected: "Connect Instagram with Facebook first.",
} as const satisfies ProviderDescriptor;

/** Meta's Graph API client as the server configures it; none without a Meta app. */
export function instagramClientOf(config: AppConfig) {
  const app = config.instagram.app;
  return app
    ? instagramClient({ appId: app.id, appSecret: app.secret, graphUrl: config.instagram.graphUrl })
    : undefined;
}
