import { randomBytes } from "node:crypto";
import type { SamlIdp } from "./idp-metadata";
import { type SamlSp, samlClient } from "./saml-client";

/**
 * Starts an SP-initiated sign-in: the IdP URL carrying a deflated AuthnRequest (HTTP-Redirect binding) and the
 * request's id. Keep the id with the pending sign-in (bound to this browser) and pass it to `verifySamlResponse`
 * as `expectedRequestId`: an answer to any other request is refused.
 */
export async function samlSignInRedirect(
  idp: SamlIdp,
  sp: SamlSp,
  relayState: string,
): Promise<{ url: string; requestId: string }> {
  // An XML ID must not start with a digit; 160 random bits as SAML's profiles ask.
  const requestId = `_${randomBytes(20).toString("hex")}`;
  const url = await samlClient(idp, sp, requestId).getAuthorizeUrlAsync(relayState, undefined, {});
  return { url, requestId };
}
