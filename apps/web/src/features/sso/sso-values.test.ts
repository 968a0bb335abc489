import { describe, expect, it } from "vitest";
import { formValuesOf, saveBodyOf } from "./sso-values";

const saved = {
  configured: true,
  protocol: "oidc" as const,
  oidc: { issuer: "https://login.lumora.coffee", clientId: "brandscope", credentialSaved: true },
  saml: null,
  requireSso: true,
  jitProvisioning: false,
  domains: [],
  serviceProvider: {
    oidcRedirectUri: "https://app.brandscope.io/auth/sso/callback",
    samlAcsUrl: "https://app.brandscope.io/api/auth/sso/saml/w/acs",
    samlEntityId: "https://app.brandscope.io/api/auth/sso/saml/w/metadata",
  },
};

describe("the single sign-on form's values", () => {
  it("start from the saved settings with the secret field empty", () => {
    expect(formValuesOf(saved)).toEqual({
      protocol: "oidc",
      oidcIssuer: "https://login.lumora.coffee",
      oidcClientId: "brandscope",
      oidcClientSecret: "",
      samlMetadataUrl: "",
      samlMetadataXml: "",
      requireSso: true,
      jitProvisioning: false,
    });
    expect(formValuesOf({ ...saved, configured: false, protocol: null, oidc: null }).protocol).toBe("oidc");
  });

  it("send no secret when the field stays empty, so the saved one is kept", () => {
    expect(saveBodyOf({ ...formValuesOf(saved), oidcIssuer: " https://login.lumora.coffee " })).toEqual({
      protocol: "oidc",
      oidc: { issuer: "https://login.lumora.coffee", clientId: "brandscope" },
      requireSso: true,
      jitProvisioning: false,
    });
    expect(saveBodyOf({ ...formValuesOf(saved), oidcClientSecret: "new" }).oidc?.clientSecret).toBe("new");
  });

  it("send only the chosen protocol's part", () => {
    const body = saveBodyOf({
      ...formValuesOf(saved),
      protocol: "saml",
      samlMetadataUrl: "https://idp.test/md",
    });
    expect(body).toEqual({
      protocol: "saml",
      saml: { metadataUrl: "https://idp.test/md" },
      requireSso: true,
      jitProvisioning: false,
    });
  });
});
