import { SAML, ValidateInResponseTo } from "@node-saml/node-saml";
import type { SamlIdp } from "./idp-metadata";

/** This app as a service provider for one workspace's identity provider. */
export interface SamlSp {
  /** Our entity id for the workspace: the Audience its IdP must address assertions to. */
  entityId: string;
  /** The Assertion Consumer Service URL the IdP posts to: assertions must name it as their Recipient. */
  acsUrl: string;
}

/**
 * node-saml configured for one IdP and one workspace. It checks the XML signatures (an assertion signed by a
 * configured certificate is required) and the audience. The clock and the request id are ours to check instead
 * (verify-response.ts): node-saml reads the process clock and keeps request ids in its own cache, where we have an
 * injected clock and the caller's record of the request it sent.
 */
export function samlClient(idp: SamlIdp, sp: SamlSp, requestId?: string): SAML {
  return new SAML({
    idpCert: idp.signingCertificates,
    idpIssuer: idp.entityId,
    entryPoint: idp.ssoUrl,
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    wantAssertionsSigned: true,
    // Many IdPs sign only the assertion; its own signature is what we rely on, so the envelope's is optional.
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: -1,
    validateInResponseTo: ValidateInResponseTo.never,
    // Let the IdP choose the NameID format and authentication method: asking for specific ones makes some IdPs
    // (Azure with MFA, Okta with a persistent NameID) answer with an error instead of signing the person in.
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    ...(requestId === undefined ? {} : { generateUniqueId: () => requestId }),
  });
}
