import * as samlify from "samlify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inflateRedirectMessage, startSamlIdp, type TestSamlIdp } from "../../../../test/saml-idp";
import { parseIdpMetadata } from "./idp-metadata";
import { samlSignInRedirect } from "./sign-in-redirect";
import { serviceProviderMetadata } from "./sp-metadata";

const sp = {
  entityId: "https://brandscope.test/api/sso/saml/ws-1/metadata",
  acsUrl: "https://brandscope.test/acs?a=1&b=2",
};

let idp: TestSamlIdp;
beforeAll(async () => {
  idp = await startSamlIdp();
});
afterAll(() => idp.close());

describe("serviceProviderMetadata", () => {
  it("tells an IdP our entity id, our ACS URL (HTTP-POST) and that assertions must be signed", () => {
    const read = samlify.ServiceProvider({ metadata: serviceProviderMetadata(sp) });
    expect(read.entityMeta.getEntityID()).toBe(sp.entityId);
    // One service is read as an object, which getAssertionConsumerService (made for a list) does not find.
    expect(read.entityMeta.meta.assertionConsumerService).toMatchObject({
      binding: samlify.Constants.namespace.binding.post,
      location: sp.acsUrl,
    });
    expect(read.entityMeta.isWantAssertionsSigned()).toBe(true);
  });
});

describe("samlSignInRedirect", () => {
  it("sends the browser to the IdP with an AuthnRequest from us, answered at our ACS URL", async () => {
    const { url, requestId } = await samlSignInRedirect(parseIdpMetadata(idp.metadataXml), sp, "state-1");
    const target = new URL(url);
    expect(`${target.origin}${target.pathname}`).toBe(idp.ssoUrl);
    expect(target.searchParams.get("RelayState")).toBe("state-1");
    const request = inflateRedirectMessage(target.searchParams.get("SAMLRequest") ?? "");
    expect(request).toContain(`ID="${requestId}"`);
    expect(request).toContain(`Destination="${idp.ssoUrl}"`);
    expect(request).toContain(`AssertionConsumerServiceURL="${sp.acsUrl.replace("&", "&amp;")}"`);
    expect(request).toMatch(new RegExp(`<saml:Issuer[^>]*>${sp.entityId}</saml:Issuer>`));
    const second = await samlSignInRedirect(parseIdpMetadata(idp.metadataXml), sp, "state-1");
    expect(second.requestId).not.toBe(requestId);
  });

  it("keeps the query an IdP's sign-in address already has (Google's idpid)", async () => {
    const withQuery = idp.metadataXml.replace(idp.ssoUrl, `${idp.ssoUrl}?idpid=C01abc`);
    const { url } = await samlSignInRedirect(parseIdpMetadata(withQuery), sp, "state-2");
    const target = new URL(url);
    expect(target.searchParams.get("idpid")).toBe("C01abc");
    expect(target.searchParams.get("SAMLRequest")).toBeTruthy();
  });
});
