import type { components } from "@brandscope/api-client";
import type { SsoSettingsValues } from "@brandscope/ui/sso-settings";

type Schemas = components["schemas"];

/** The form's starting values from the saved settings (the client secret is never sent back: it starts empty). */
export function formValuesOf(settings: Schemas["SsoSettings"]): SsoSettingsValues {
  return {
    protocol: settings.protocol ?? "oidc",
    oidcIssuer: settings.oidc?.issuer ?? "",
    oidcClientId: settings.oidc?.clientId ?? "",
    oidcClientSecret: "",
    samlMetadataUrl: settings.saml?.metadataUrl ?? "",
    samlMetadataXml: settings.saml?.metadataXml ?? "",
    requireSso: settings.requireSso,
    jitProvisioning: settings.jitProvisioning,
  };
}

/** PUT /workspace/sso's body: only the chosen protocol's part; an empty secret keeps the saved one. */
export function saveBodyOf(values: SsoSettingsValues): Schemas["SaveSsoSettingsRequest"] {
  const common = { requireSso: values.requireSso, jitProvisioning: values.jitProvisioning };
  if (values.protocol === "oidc") {
    const secret = values.oidcClientSecret.trim();
    return {
      protocol: "oidc",
      oidc: {
        issuer: values.oidcIssuer.trim(),
        clientId: values.oidcClientId.trim(),
        ...(secret ? { clientSecret: secret } : {}),
      },
      ...common,
    };
  }
  const url = values.samlMetadataUrl.trim();
  const xml = values.samlMetadataXml.trim();
  return {
    protocol: "saml",
    saml: { ...(url ? { metadataUrl: url } : {}), ...(xml ? { metadataXml: xml } : {}) },
    ...common,
  };
}
