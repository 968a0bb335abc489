import { type Profile, SamlStatusError } from "@node-saml/node-saml";
import { checkIssuer, checkSubjectConfirmation, checkValidity } from "./assertion-checks";
import { refuseResponse, type SamlResponseErrorCode } from "./errors";
import type { SamlIdp } from "./idp-metadata";
import type { SamlReplayGuard } from "./replay-guard";
import { type SamlSp, samlClient } from "./saml-client";
import { attr, signedAssertion } from "./signed-assertion";
import { childElements, hasDoctype, localName, xmlRoot } from "./xml-elements";

/** Who signed in, as the IdP vouched for it in a signed assertion. */
export interface SamlIdentity {
  email: string;
  nameId: string;
  /** The IdP's session, for a later single logout. */
  sessionIndex?: string;
  issuer: string;
}

/** Far above any real response (a few kilobytes, more with many group attributes); bounds the XML parsing. */
export const MAX_SAML_RESPONSE_BYTES = 256 * 1024;

const SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success";
const EMAIL_NAME_ID = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
/** Attribute names IdPs use for the e-mail address: generic, LDAP's mail (name and OID), Microsoft's claim. */
const EMAIL_ATTRIBUTES = [
  "email",
  "mail",
  "urn:oid:0.9.2342.19200300.100.1.3",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
];

/**
 * Checks a SAML response posted to the ACS URL and returns who signed in, or throws a `SamlResponseError` whose
 * `reason` can be shown and whose message (and cause) should be logged. Required: an assertion signed by one of
 * the IdP's certificates and issued by its entity id; our entity id as its audience; our ACS URL as its
 * recipient (and the response's destination); the request we sent as what it answers (`expectedRequestId`), or
 * nothing when the sign-in started at the IdP (null); its validity windows around `now` within
 * `SAML_CLOCK_SKEW_MS`; and an assertion never seen before. docs/single-sign-on.md "What a response must pass" says why.
 */
export async function verifySamlResponse(
  idp: SamlIdp,
  sp: SamlSp,
  form: { SAMLResponse: string },
  opts: { expectedRequestId: string | null; now: Date; replay: SamlReplayGuard },
): Promise<SamlIdentity> {
  const xml = decodeResponse(form.SAMLResponse);
  const profile = await validateSignatures(idp, sp, form.SAMLResponse);
  const assertion = signedAssertion(profile);
  if (!assertion) refuseResponse("SAML_MALFORMED", "node-saml kept no signed assertion");
  checkIssuer(assertion, idp);
  checkEnvelope(xml, sp, opts.expectedRequestId);
  checkSubjectConfirmation(assertion, { sp, expectedRequestId: opts.expectedRequestId, now: opts.now });
  const expiresAt = checkValidity(assertion, opts.now);
  const identity = toIdentity(profile, idp);
  const assertionId = attr(assertion, "ID");
  if (!assertionId) refuseResponse("SAML_MALFORMED", "assertion without an ID");
  // Last, so that a refused response uses nothing up.
  if (!(await opts.replay.claim({ issuer: idp.entityId, assertionId, expiresAt, now: opts.now }))) {
    refuseResponse("SAML_REPLAYED", `assertion ${assertionId} from ${idp.entityId} used before`);
  }
  return identity;
}

function decodeResponse(encoded: string): string {
  if (encoded.length > Math.ceil((MAX_SAML_RESPONSE_BYTES * 4) / 3) + 4) {
    refuseResponse("SAML_MALFORMED", `SAMLResponse over ${MAX_SAML_RESPONSE_BYTES} bytes`);
  }
  if (!/^[A-Za-z0-9+/\s]+={0,2}\s*$/.test(encoded))
    refuseResponse("SAML_MALFORMED", "SAMLResponse not base64");
  const xml = Buffer.from(encoded, "base64").toString("utf8");
  if (hasDoctype(xml)) refuseResponse("SAML_MALFORMED", "DOCTYPE in SAMLResponse");
  return xml;
}

/** Library refusals, by the start of node-saml 5's messages, to our codes (anything else reads as malformed). */
const libraryRefusals: [RegExp, SamlResponseErrorCode][] = [
  [/^Invalid (document )?signature|^Cannot obtain assertion from signed data/, "SAML_SIGNATURE_INVALID"],
  [/^No decryption key/, "SAML_ENCRYPTED_UNSUPPORTED"],
  [
    /^SAML assertion (audience mismatch|has no AudienceRestriction|AudienceRestriction)/,
    "SAML_WRONG_AUDIENCE",
  ],
];

/** node-saml's part: the signatures against the configured certificates, and the audience. */
async function validateSignatures(idp: SamlIdp, sp: SamlSp, encoded: string): Promise<Profile> {
  let profile: Profile | null;
  try {
    ({ profile } = await samlClient(idp, sp).validatePostResponseAsync({ SAMLResponse: encoded }));
  } catch (error) {
    if (error instanceof SamlStatusError) refuseResponse("SAML_IDP_ERROR", error.message, error);
    const message = error instanceof Error ? error.message : String(error);
    const code = libraryRefusals.find(([pattern]) => pattern.test(message))?.[1] ?? "SAML_MALFORMED";
    refuseResponse(code, `node-saml: ${message}`, error);
  }
  if (!profile) refuseResponse("SAML_IDP_ERROR", "no profile (a passive request declined)");
  return profile;
}

/**
 * The response envelope's status, Destination and InResponseTo. The envelope may be unsigned, so these only add
 * to the signed assertion's own Recipient and InResponseTo, which decide; but a mismatch here is refused all the
 * same (node-saml reads the status only when no assertion came).
 */
function checkEnvelope(xml: string, sp: SamlSp, expectedRequestId: string | null) {
  const response = xmlRoot(xml);
  if (!response || localName(response) !== "Response")
    refuseResponse("SAML_MALFORMED", "root is not a Response");
  const [status] = childElements(response, "Status").flatMap((s) => childElements(s, "StatusCode"));
  if (status?.attribs.Value !== SUCCESS) refuseResponse("SAML_IDP_ERROR", `status ${status?.attribs.Value}`);
  const { Destination: destination, InResponseTo: inResponseTo } = response.attribs;
  if (destination !== undefined && destination !== sp.acsUrl) {
    refuseResponse("SAML_WRONG_RECIPIENT", `Destination ${destination}, expected ${sp.acsUrl}`);
  }
  if (inResponseTo !== undefined && inResponseTo !== (expectedRequestId ?? undefined)) {
    refuseResponse("SAML_WRONG_IN_RESPONSE_TO", `response InResponseTo ${inResponseTo}`);
  }
}

const looksLikeEmail = (value: unknown): value is string =>
  typeof value === "string" && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value.trim());

/** node-saml's profile is read from the signed assertion too. */
function toIdentity(profile: Profile, idp: SamlIdp): SamlIdentity {
  const fromAttributes = EMAIL_ATTRIBUTES.map((name) => profile[name]).find(looksLikeEmail);
  const fromNameId =
    profile.nameIDFormat === EMAIL_NAME_ID || looksLikeEmail(profile.nameID) ? profile.nameID : undefined;
  const email = fromAttributes ?? fromNameId;
  if (!looksLikeEmail(email)) refuseResponse("SAML_NO_EMAIL", "no e-mail attribute nor e-mail NameID");
  return {
    email: email.trim(),
    nameId: profile.nameID,
    ...(profile.sessionIndex === undefined ? {} : { sessionIndex: profile.sessionIndex }),
    issuer: idp.entityId,
  };
}
