import type { components } from "@brandscope/api-client/schema";
import type { AppConfig } from "../../config/env";
import type { SamlSp } from "./saml/saml-client";

/**
 * What a workspace's owner gives its identity provider. OIDC's redirect URI is the app's callback page (which
 * finishes with POST /auth/sso); SAML's ACS URL and entity id carry the workspace, so that an IdP-initiated
 * response names the workspace it is for before anything in it is trusted.
 */
export function serviceProviderOf(
  config: Pick<AppConfig, "appUrl">,
  workspaceId: string,
): components["schemas"]["SsoServiceProvider"] {
  return {
    oidcRedirectUri: `${config.appUrl}/auth/sso/callback`,
    samlAcsUrl: `${config.appUrl}/api/auth/sso/saml/${workspaceId}/acs`,
    samlEntityId: `${config.appUrl}/api/auth/sso/saml/${workspaceId}/metadata`,
  };
}

/** The workspace as a SAML service provider, as the SAML library (saml/) takes it. */
export function samlSpOf(config: Pick<AppConfig, "appUrl">, workspaceId: string): SamlSp {
  const { samlEntityId, samlAcsUrl } = serviceProviderOf(config, workspaceId);
  return { entityId: samlEntityId, acsUrl: samlAcsUrl };
}
