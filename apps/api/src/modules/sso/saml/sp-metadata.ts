import { generateServiceProviderMetadata } from "@node-saml/node-saml";
import type { SamlSp } from "./saml-client";

/**
 * The metadata an owner gives their IdP's administrator (or uploads to the IdP): our entity id, the ACS URL
 * (HTTP-POST) and that we want signed assertions. Unsigned: we hold no SAML key of our own, and IdPs accept it.
 */
export function serviceProviderMetadata(sp: SamlSp): string {
  return generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: null,
    wantAssertionsSigned: true,
  });
}
