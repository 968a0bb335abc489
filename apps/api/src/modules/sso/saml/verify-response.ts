import { type Profile, SamlStatusError } from "@node-saml/node-saml";
import { addMs, MINUTE_MS } from "../../../lib/clock";
import { SamlResponseError } from "./errors";
import type { SamlIdp } from "./idp-metadata";
import type { SamlReplayGuard } from "./replay-guard";
import { type SamlSp, samlClient } from "./saml-client";

/** Who signed in, as the IdP vouched for it in a signed assertion. */
export interface SamlIdentity {
  email: string;
  nameId: string;
  /** The IdP's session, for a later single logout. */
  sessionIndex?: string;
  issuer: string;
}

/** How far our clock and the IdP's may disagree: enough for unsynchronised servers, too little to stretch a window. */
export const SAML_CLOCK_SKEW_MS = 2 * MINUTE_MS;
/**
 * How long after it was issued an assertion may be used, whatever its NotOnOrAfter says (some IdPs allow an hour
 * or more): a sign-in posts it within seconds. It also bounds how long the replay guard remembers it.
 */
export const SAML_MAX_ASSERTION_AGE_MS = 10 * MINUTE_MS;
/** Far above any real response (a few kilobytes, more with many group attributes); bounds the XML parsing. */
export const MAX_SAML_RESPONSE_BYTES = 256 * 1024;

const SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success";
const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";
const EMAIL_NAME_ID = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
/** Attribute names IdPs use for the e-mail address: generic, LDAP's mail (name and OID), Microsoft's claim. */
const EMAIL_ATTRIBUTES = [
  "email",
  "mail",
  "urn:oid:0.9.2342.19200300.100.1.3",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
];

const reasons = {
  malformed: "The identity provider's answer could not be read",
  idpError: "The identity provider did not sign you in",
  encrypted: "The identity provider encrypts its assertions; turn assertion encryption off for this app",
  signature: "The identity provider's answer is not signed with its certificate",
  issuer: "The answer comes from a different identity provider than the one configured",
  audience: "The identity provider's answer is meant for another application",
  recipient: "The identity provider's answer was sent to another address",
  inResponseTo: "The identity provider's answer does not match this sign-in; start again",
  notYetValid: "The identity provider's answer is not valid yet; check the clocks",
  expired: "The identity provider's answer has expired; start again",
  replayed: "This answer from the identity provider was already used; start again",
  noEmail: "The identity provider did not send an e-mail address",
} as const;

function refuse(code: SamlResponseError["code"], reason: string, detail: string, cause?: unknown): never {
  throw new SamlResponseError(code, reason, detail, cause === undefined ? undefined : { cause });
}

/**
 * Checks a SAML response posted to the ACS URL and returns who signed in, or throws a `SamlResponseError` whose
 * `reason` can be shown and whose message (and cause) should be logged. Required: an assertion signed by one of
 * the IdP's certificates and issued by its entity id; our entity id as its audience; our ACS URL as its
 * recipient (and the response's destination); the request we sent as what it answers (`expectedRequestId`), or
 * nothing when the sign-in started at the IdP (null); its validity windows around `now` within
 * `SAML_CLOCK_SKEW_MS`; and an assertion never seen before.
 */
export async function verifySamlResponse(
  idp: SamlIdp,
  sp: SamlSp,
  form: { SAMLResponse: string },
  opts: { expectedRequestId: string | null; now: Date; replay: SamlReplayGuard },
): Promise<SamlIdentity> {
  const xml = decodeResponse(form.SAMLResponse);
  const profile = await validateSignedAssertion(idp, sp, form.SAMLResponse);
  const assertion = signedAssertion(profile);
  checkIssuer(idp, assertion);
  checkEnvelope(xml, sp, opts.expectedRequestId);
  checkSubjectConfirmation(assertion, sp, opts.expectedRequestId, opts.now);
  const expiresAt = checkValidity(assertion, opts.now);
  const identity = toIdentity(profile, idp);
  const assertionId = attr(assertion, "ID");
  if (!assertionId) refuse("SAML_MALFORMED", reasons.malformed, "assertion without an ID");
  if (!(await opts.replay.claim({ issuer: idp.entityId, assertionId, expiresAt, now: opts.now }))) {
    refuse("SAML_REPLAYED", reasons.replayed, `assertion ${assertionId} from ${idp.entityId} used before`);
  }
  return identity;
}

function decodeResponse(encoded: string): string {
  if (encoded.length > Math.ceil((MAX_SAML_RESPONSE_BYTES * 4) / 3) + 4) {
    refuse("SAML_MALFORMED", reasons.malformed, `SAMLResponse over ${MAX_SAML_RESPONSE_BYTES} bytes`);
  }
  if (!/^[A-Za-z0-9+/\s]+={0,2}\s*$/.test(encoded)) refuse("SAML_MALFORMED", reasons.malformed, "not base64");
  const xml = Buffer.from(encoded, "base64").toString("utf8");
  // SAML forbids a DTD in its messages (SAML core, section 1.3); one here is an XXE or entity-expansion attempt.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) refuse("SAML_MALFORMED", reasons.malformed, "DOCTYPE in SAMLResponse");
  return xml;
}

/** Library refusals, by the start of node-saml 5's messages, to our codes (anything else reads as malformed). */
const libraryRefusals: [RegExp, SamlResponseError["code"], string][] = [
  [
    /^Invalid (document )?signature|^Cannot obtain assertion from signed data/,
    "SAML_SIGNATURE_INVALID",
    reasons.signature,
  ],
  [/^No decryption key/, "SAML_ENCRYPTED_UNSUPPORTED", reasons.encrypted],
  [
    /^SAML assertion (audience mismatch|has no AudienceRestriction|AudienceRestriction)/,
    "SAML_WRONG_AUDIENCE",
    reasons.audience,
  ],
];

async function validateSignedAssertion(idp: SamlIdp, sp: SamlSp, encoded: string): Promise<Profile> {
  let profile: Profile | null;
  try {
    ({ profile } = await samlClient(idp, sp).validatePostResponseAsync({ SAMLResponse: encoded }));
  } catch (error) {
    if (error instanceof SamlStatusError) refuse("SAML_IDP_ERROR", reasons.idpError, error.message, error);
    const message = error instanceof Error ? error.message : String(error);
    const [, code, reason] = libraryRefusals.find(([pattern]) => pattern.test(message)) ?? [
      undefined,
      "SAML_MALFORMED",
      reasons.malformed,
    ];
    refuse(code, reason, `node-saml: ${message}`, error);
  }
  if (!profile) refuse("SAML_IDP_ERROR", reasons.idpError, "no profile (a passive request declined)");
  return profile;
}

// --- The signed assertion, as node-saml's xml2js parse of it ---------------------------------------------

/** An element as xml2js gives it: attributes under `$`, text under `_`, children by local name in arrays. */
type XmlNode = { [key: string]: unknown };

function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  return Array.isArray(value)
    ? value.filter((item): item is XmlNode => typeof item === "object" && item !== null)
    : [];
}

function attr(node: XmlNode | undefined, name: string): string | undefined {
  const attributes = node?.$;
  if (typeof attributes !== "object" || attributes === null) return undefined;
  const value = (attributes as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

/** The assertion node.js-saml verified the signature of: only what it holds can be trusted. */
function signedAssertion(profile: Profile): XmlNode {
  // The root element, unlike its descendants, is an object rather than an array of them.
  const assertion = profile.getAssertion?.().Assertion;
  if (typeof assertion !== "object" || assertion === null || Array.isArray(assertion)) {
    refuse("SAML_MALFORMED", reasons.malformed, "no signed assertion in the profile");
  }
  return assertion as XmlNode;
}

function checkIssuer(idp: SamlIdp, assertion: XmlNode) {
  const issuer = children(assertion, "Issuer")[0]?._;
  if (issuer !== idp.entityId) {
    refuse("SAML_WRONG_ISSUER", reasons.issuer, `issuer ${String(issuer)}, expected ${idp.entityId}`);
  }
}

/**
 * The response envelope's status, Destination and InResponseTo. The envelope may be unsigned, so these only add
 * to the signed assertion's own Recipient and InResponseTo, which decide; but a mismatch here is refused all the
 * same (node-saml reads the status only when no assertion came).
 */
function checkEnvelope(xml: string, sp: SamlSp, expectedRequestId: string | null) {
  const status = /<(?:[\w.-]+:)?StatusCode\b[^>]*\sValue\s*=\s*"([^"]*)"/.exec(xml)?.[1];
  if (status !== SUCCESS) refuse("SAML_IDP_ERROR", reasons.idpError, `status ${String(status)}`);
  const start = /<(?:[\w.-]+:)?Response\b([^>]*)>/.exec(xml)?.[1] ?? "";
  const value = (name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(start)?.[1];
  const destination = value("Destination");
  if (destination !== undefined && decodeXmlText(destination) !== sp.acsUrl) {
    refuse("SAML_WRONG_RECIPIENT", reasons.recipient, `Destination ${destination}, expected ${sp.acsUrl}`);
  }
  const inResponseTo = value("InResponseTo");
  if (inResponseTo !== undefined && inResponseTo !== (expectedRequestId ?? undefined)) {
    refuse("SAML_WRONG_IN_RESPONSE_TO", reasons.inResponseTo, `response InResponseTo ${inResponseTo}`);
  }
}

function decodeXmlText(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => {
    const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    return entities[name] ?? "";
  });
}

/**
 * The bearer SubjectConfirmation (SAML profiles, section 4.1.4.2): its Recipient is our ACS URL, its InResponseTo the
 * request we sent (none when IdP-initiated: an answer to someone else's request must not pass as unsolicited),
 * and its NotOnOrAfter not passed.
 */
function checkSubjectConfirmation(
  assertion: XmlNode,
  sp: SamlSp,
  expectedRequestId: string | null,
  now: Date,
) {
  const [subject] = children(assertion, "Subject");
  const confirmations = children(subject, "SubjectConfirmation")
    .filter((confirmation) => attr(confirmation, "Method") === BEARER)
    .map((confirmation) => children(confirmation, "SubjectConfirmationData")[0]);
  const [data] = confirmations;
  if (!data || confirmations.length !== 1) {
    refuse("SAML_MALFORMED", reasons.malformed, `${confirmations.length} bearer SubjectConfirmationData`);
  }
  const recipient = attr(data, "Recipient");
  if (recipient !== sp.acsUrl) {
    refuse(
      "SAML_WRONG_RECIPIENT",
      reasons.recipient,
      `Recipient ${String(recipient)}, expected ${sp.acsUrl}`,
    );
  }
  const inResponseTo = attr(data, "InResponseTo");
  if (inResponseTo !== (expectedRequestId ?? undefined)) {
    const detail = `InResponseTo ${String(inResponseTo)}, expected ${String(expectedRequestId)}`;
    refuse("SAML_WRONG_IN_RESPONSE_TO", reasons.inResponseTo, detail);
  }
  const notOnOrAfter = attr(data, "NotOnOrAfter");
  if (!notOnOrAfter) refuse("SAML_MALFORMED", reasons.malformed, "bearer without NotOnOrAfter");
  checkWindow(attr(data, "NotBefore"), notOnOrAfter, now, "SubjectConfirmationData");
}

/**
 * The Conditions window and the assertion's age, around `now` give or take the skew. Returns until when the
 * assertion could still be accepted: how long the replay guard must remember it.
 */
function checkValidity(assertion: XmlNode, now: Date): Date {
  const issued = instant(attr(assertion, "IssueInstant"), "IssueInstant");
  if (issued === undefined) refuse("SAML_MALFORMED", reasons.malformed, "assertion without IssueInstant");
  const conditions = children(assertion, "Conditions");
  if (conditions.length > 1) refuse("SAML_MALFORMED", reasons.malformed, "several Conditions");
  const [condition] = conditions;
  const notOnOrAfter = instant(attr(condition, "NotOnOrAfter"), "Conditions NotOnOrAfter");
  checkWindow(attr(condition, "NotBefore"), attr(condition, "NotOnOrAfter"), now, "Conditions");
  checkWindow(attr(assertion, "IssueInstant"), undefined, now, "IssueInstant");
  const tooOld = addMs(issued, SAML_MAX_ASSERTION_AGE_MS);
  checkWindow(undefined, tooOld.toISOString(), now, "assertion age");
  const lastUse = notOnOrAfter && notOnOrAfter < tooOld ? notOnOrAfter : tooOld;
  return addMs(lastUse, SAML_CLOCK_SKEW_MS);
}

function checkWindow(
  notBefore: string | undefined,
  notOnOrAfter: string | undefined,
  now: Date,
  what: string,
) {
  const start = instant(notBefore, `${what} NotBefore`);
  if (start && now.getTime() + SAML_CLOCK_SKEW_MS < start.getTime()) {
    refuse(
      "SAML_NOT_YET_VALID",
      reasons.notYetValid,
      `${what} not before ${notBefore}, now ${now.toISOString()}`,
    );
  }
  const end = instant(notOnOrAfter, `${what} NotOnOrAfter`);
  if (end && now.getTime() - SAML_CLOCK_SKEW_MS >= end.getTime()) {
    refuse("SAML_EXPIRED", reasons.expired, `${what} ended ${notOnOrAfter}, now ${now.toISOString()}`);
  }
}

function instant(value: string | undefined, what: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d\d-\d\dT/.test(value) || Number.isNaN(date.getTime())) {
    refuse("SAML_MALFORMED", reasons.malformed, `${what} is not a time: ${value}`);
  }
  return date;
}

// --- Who signed in ---------------------------------------------------------------------------------------

const looksLikeEmail = (value: unknown): value is string =>
  typeof value === "string" && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value.trim());

function toIdentity(profile: Profile, idp: SamlIdp): SamlIdentity {
  const fromAttributes = EMAIL_ATTRIBUTES.map((name) => profile[name]).find(looksLikeEmail);
  const fromNameId =
    profile.nameIDFormat === EMAIL_NAME_ID || looksLikeEmail(profile.nameID) ? profile.nameID : undefined;
  const email = fromAttributes ?? fromNameId;
  if (!looksLikeEmail(email))
    refuse("SAML_NO_EMAIL", reasons.noEmail, "no e-mail attribute nor e-mail NameID");
  return {
    email: email.trim(),
    nameId: profile.nameID,
    ...(profile.sessionIndex === undefined ? {} : { sessionIndex: profile.sessionIndex }),
    issuer: idp.entityId,
  };
}
