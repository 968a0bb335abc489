import { addMs, MINUTE_MS } from "../../../lib/clock";
import { refuseResponse } from "./errors";
import type { SamlIdp } from "./idp-metadata";
import type { SamlSp } from "./saml-client";
import { attr, children, text, type XmlNode } from "./signed-assertion";

/** How far our clock and the IdP's may disagree: enough for unsynchronised servers, too little to stretch a window. */
export const SAML_CLOCK_SKEW_MS = 2 * MINUTE_MS;
/**
 * How long after it was issued an assertion may be used, whatever its NotOnOrAfter says (some IdPs allow an hour
 * or more): a sign-in posts it within seconds. It also bounds how long the replay guard remembers it.
 */
export const SAML_MAX_ASSERTION_AGE_MS = 10 * MINUTE_MS;

const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";

export function checkIssuer(assertion: XmlNode, idp: SamlIdp) {
  const issuer = text(children(assertion, "Issuer")[0]);
  if (issuer !== idp.entityId) {
    refuseResponse("SAML_WRONG_ISSUER", `issuer ${String(issuer)}, expected ${idp.entityId}`);
  }
}

/**
 * The bearer SubjectConfirmation (SAML profiles, section 4.1.4.2): its Recipient is our ACS URL, its
 * InResponseTo the request we sent (none when IdP-initiated: an answer to someone else's request must not pass
 * as unsolicited), and its window holds `now`.
 */
export function checkSubjectConfirmation(
  assertion: XmlNode,
  p: { sp: SamlSp; expectedRequestId: string | null; now: Date },
) {
  const [subject] = children(assertion, "Subject");
  const confirmations = children(subject, "SubjectConfirmation")
    .filter((confirmation) => attr(confirmation, "Method") === BEARER)
    .map((confirmation) => children(confirmation, "SubjectConfirmationData")[0]);
  const [data] = confirmations;
  if (!data || confirmations.length !== 1) {
    refuseResponse("SAML_MALFORMED", `${confirmations.length} bearer SubjectConfirmationData`);
  }
  const recipient = attr(data, "Recipient");
  if (recipient !== p.sp.acsUrl) {
    refuseResponse("SAML_WRONG_RECIPIENT", `Recipient ${String(recipient)}, expected ${p.sp.acsUrl}`);
  }
  const inResponseTo = attr(data, "InResponseTo");
  if (inResponseTo !== (p.expectedRequestId ?? undefined)) {
    const detail = `InResponseTo ${String(inResponseTo)}, expected ${String(p.expectedRequestId)}`;
    refuseResponse("SAML_WRONG_IN_RESPONSE_TO", detail);
  }
  const notOnOrAfter = attr(data, "NotOnOrAfter");
  if (!notOnOrAfter) refuseResponse("SAML_MALFORMED", "bearer SubjectConfirmationData without NotOnOrAfter");
  checkWindow({ notBefore: attr(data, "NotBefore"), notOnOrAfter }, p.now, "SubjectConfirmationData");
}

/**
 * The Conditions window and the assertion's age, around `now` give or take the skew. Returns until when the
 * assertion could still be accepted: how long the replay guard must remember it.
 */
export function checkValidity(assertion: XmlNode, now: Date): Date {
  const issueInstant = attr(assertion, "IssueInstant");
  const issued = instant(issueInstant, "IssueInstant");
  if (issued === undefined) refuseResponse("SAML_MALFORMED", "assertion without IssueInstant");
  const conditions = children(assertion, "Conditions");
  if (conditions.length > 1) refuseResponse("SAML_MALFORMED", "several Conditions");
  const [condition] = conditions;
  const window = { notBefore: attr(condition, "NotBefore"), notOnOrAfter: attr(condition, "NotOnOrAfter") };
  checkWindow(window, now, "Conditions");
  const tooOld = addMs(issued, SAML_MAX_ASSERTION_AGE_MS);
  checkWindow({ notBefore: issueInstant, notOnOrAfter: tooOld.toISOString() }, now, "IssueInstant");
  const notOnOrAfter = instant(window.notOnOrAfter, "Conditions NotOnOrAfter");
  const lastUse = notOnOrAfter && notOnOrAfter < tooOld ? notOnOrAfter : tooOld;
  return addMs(lastUse, SAML_CLOCK_SKEW_MS);
}

function checkWindow(window: { notBefore?: string; notOnOrAfter?: string }, now: Date, what: string) {
  const start = instant(window.notBefore, `${what} NotBefore`);
  if (start && now.getTime() + SAML_CLOCK_SKEW_MS < start.getTime()) {
    refuseResponse("SAML_NOT_YET_VALID", `${what} from ${window.notBefore}, now ${now.toISOString()}`);
  }
  const end = instant(window.notOnOrAfter, `${what} NotOnOrAfter`);
  if (end && now.getTime() - SAML_CLOCK_SKEW_MS >= end.getTime()) {
    refuseResponse("SAML_EXPIRED", `${what} until ${window.notOnOrAfter}, now ${now.toISOString()}`);
  }
}

/** An xs:dateTime as SAML writes it (UTC); anything else is malformed rather than silently no limit. */
function instant(value: string | undefined, what: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d\d-\d\dT/.test(value) || Number.isNaN(date.getTime())) {
    refuseResponse("SAML_MALFORMED", `${what} is not a time: ${value}`);
  }
  return date;
}
