import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { inflateRawSync } from "node:zlib";
import * as samlify from "samlify";
import { findFreePort } from "../src/lib/free-port";
import { selfSignedCertificate } from "./self-signed-certificate";

// The IdP side is the test harness: samlify wants an XML schema validator before it reads an AuthnRequest, and
// accepting is right here (the service provider under test is what must check what it is sent).
samlify.setSchemaValidator({ validate: () => Promise.resolve("not validated: test identity provider") });

const { SamlLib, Constants } = samlify;
const EMAIL_NAME_ID = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const BASIC = "urn:oasis:names:tc:SAML:2.0:attrname-format:basic";
const PASSWORD = "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport";
const RESPONSE_XPATH = "/*[local-name(.)='Response']";
const ASSERTION_XPATH = `${RESPONSE_XPATH}/*[local-name(.)='Assertion']`;

export interface SamlTestUser {
  email: string;
  /** Defaults to the e-mail, in the emailAddress format. */
  nameId?: string;
  /** False leaves the e-mail attribute out (only the NameID then carries an address, if it is one). */
  emailAttribute?: boolean;
}

/** What to put in one SAML response; everything a test varies to make it wrong in one way. */
export interface SamlResponseOptions {
  user: SamlTestUser;
  /** The SP entity id the assertion is for. */
  audience: string;
  /** The ACS URL: the assertion's Recipient and, unless `destination` says otherwise, the response's Destination. */
  recipient: string;
  destination?: string;
  /** The AuthnRequest answered; undefined for an IdP-initiated (unsolicited) response. */
  inResponseTo?: string;
  /** Defaults to now. */
  issuedAt?: Date;
  /** Conditions NotBefore; defaults to `issuedAt`. */
  notBefore?: Date;
  /** From `issuedAt` to NotOnOrAfter (Conditions and SubjectConfirmationData); 5 minutes by default. */
  validForMs?: number;
  /** Which signatures to put on: the assertion's (the default), the whole response's, both, or none. */
  sign?: "assertion" | "response" | "both" | "none";
  /** The Issuer written in the response; defaults to this IdP's entity id. */
  issuer?: string;
}

export interface TestSamlIdp {
  entityId: string;
  /** GET: the IdP metadata XML. */
  metadataUrl: string;
  metadataXml: string;
  /** GET ?SAMLRequest=…&RelayState=…: signs in `user` and answers with a form that posts to the ACS URL. */
  ssoUrl: string;
  /** GET ?audience=<SP entity id>&acs=<ACS URL>[&RelayState=…]: the same, unsolicited (IdP-initiated). */
  initiateUrl: string;
  /** PEM, the certificate the IdP signs with. */
  certificate: string;
  /** Who signs in at `ssoUrl` and `initiateUrl`; undefined answers 403 there (nobody can sign in). */
  user: SamlTestUser | undefined;
  /** A base64 SAMLResponse, as it would be posted to the ACS URL. */
  issueResponse(o: SamlResponseOptions): string;
  close(): Promise<void>;
}

/**
 * A SAML 2.0 identity provider in the test process, built with samlify: its own key and self-signed certificate,
 * metadata with an HTTP-Redirect sign-in address, responses signed with samlify's XML signature for any user,
 * audience, recipient, request and validity, and an HTTP server a browser test can be sent to.
 */
export async function startSamlIdp(o: { entityId?: string } = {}): Promise<TestSamlIdp> {
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const entityId = o.entityId ?? `${base}/metadata`;
  const { privateKey, certificate } = selfSignedCertificate(`Test SAML IdP ${port}`);
  const ssoUrl = `${base}/sso`;
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    privateKey,
    signingCert: certificate,
    nameIDFormat: [EMAIL_NAME_ID],
    singleSignOnService: [{ Binding: Constants.namespace.binding.redirect, Location: ssoUrl }],
    wantAuthnRequestsSigned: false,
  });
  const metadataXml = idp.getMetadata();

  const issueResponse = (r: SamlResponseOptions): string => {
    const issuedAt = r.issuedAt ?? new Date();
    const notOnOrAfter = new Date(issuedAt.getTime() + (r.validForMs ?? 5 * 60_000)).toISOString();
    const template = SamlLib.defaultLoginResponseTemplate.context
      .replace("{AuthnStatement}", authnStatement)
      .replace("{AttributeStatement}", r.user.emailAttribute === false ? "" : emailStatement);
    const xml = SamlLib.replaceTagsByValue(template, {
      ID: newId(),
      AssertionID: newId(),
      Destination: r.destination ?? r.recipient,
      Audience: r.audience,
      SubjectRecipient: r.recipient,
      Issuer: r.issuer ?? entityId,
      IssueInstant: issuedAt.toISOString(),
      StatusCode: Constants.StatusCode.Success,
      ConditionsNotBefore: (r.notBefore ?? issuedAt).toISOString(),
      ConditionsNotOnOrAfter: notOnOrAfter,
      SubjectConfirmationDataNotOnOrAfter: notOnOrAfter,
      NameIDFormat: EMAIL_NAME_ID,
      NameID: r.user.nameId ?? r.user.email,
      InResponseTo: r.inResponseTo,
      SessionIndex: newId(),
      AuthnContextClassRef: PASSWORD,
      attrEmail: r.user.email,
    });
    return Buffer.from(
      signResponse(xml, r.sign ?? "assertion", { privateKey, certificate }),
      "utf8",
    ).toString("base64");
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", base);
    if (url.pathname === "/metadata") {
      response.writeHead(200, { "content-type": "application/samlmetadata+xml" }).end(metadataXml);
      return;
    }
    if (url.pathname !== "/sso" && url.pathname !== "/initiate") {
      response.writeHead(404).end();
      return;
    }
    // /sso answers an AuthnRequest; /initiate?audience=…&acs=… starts an unsolicited (IdP-initiated) sign-in.
    const answered = url.pathname === "/sso" ? await readAuthnRequest(idp, url) : undefined;
    const audience = answered?.issuer ?? url.searchParams.get("audience") ?? "";
    const acsUrl = answered?.acsUrl ?? url.searchParams.get("acs") ?? "";
    if (!server.user) {
      response.writeHead(403, { "content-type": "text/plain" }).end("Nobody may sign in at this test IdP");
      return;
    }
    const samlResponse = issueResponse({
      user: server.user,
      audience,
      recipient: acsUrl,
      ...(answered ? { inResponseTo: answered.id } : {}),
    });
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(autoPostForm(acsUrl, samlResponse, url.searchParams.get("RelayState")));
  };
  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(400, { "content-type": "text/plain" }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));

  const server: TestSamlIdp = {
    entityId,
    metadataUrl: `${base}/metadata`,
    metadataXml,
    ssoUrl,
    initiateUrl: `${base}/initiate`,
    certificate,
    user: undefined,
    issueResponse,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
  return server;
}

const newId = () => `_${randomBytes(20).toString("hex")}`;

const authnStatement =
  '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{SessionIndex}"><saml:AuthnContext>' +
  "<saml:AuthnContextClassRef>{AuthnContextClassRef}</saml:AuthnContextClassRef></saml:AuthnContext>" +
  "</saml:AuthnStatement>";
const emailStatement = SamlLib.attributeStatementBuilder([
  { name: "email", valueTag: "email", nameFormat: BASIC, valueXsiType: "xs:string" },
]);

function signResponse(
  xml: string,
  sign: NonNullable<SamlResponseOptions["sign"]>,
  keys: { privateKey: string; certificate: string },
): string {
  // An enveloped signature of the element, placed after its Issuer as the schema orders it.
  const signElement = (message: string, element: string) =>
    SamlLib.constructSAMLSignature({
      rawSamlMessage: message,
      referenceTagXPath: element,
      privateKey: keys.privateKey,
      // samlify wants the certificate's base64 body here, as its metadata holds it.
      signingCert: keys.certificate.replace(/-----[A-Z ]+-----|\s/g, ""),
      signatureAlgorithm: Constants.algorithms.signature.RSA_SHA256,
      isBase64Output: false,
      signatureConfig: {
        prefix: "ds",
        location: { reference: `${element}/*[local-name(.)='Issuer']`, action: "after" },
      },
    });
  let signed = xml;
  if (sign === "assertion" || sign === "both") signed = signElement(signed, ASSERTION_XPATH);
  if (sign === "response" || sign === "both") signed = signElement(signed, RESPONSE_XPATH);
  return signed;
}

/** The AuthnRequest of a sign-in, read by samlify as the SP that sent it (any SP: this IdP trusts all). */
async function readAuthnRequest(idp: samlify.IdentityProviderInstance, url: URL) {
  const query = Object.fromEntries(url.searchParams);
  const encoded = url.searchParams.get("SAMLRequest") ?? "";
  const spEntityId = /<(?:\w+:)?Issuer[^>]*>([^<]+)</.exec(inflateRedirectMessage(encoded))?.[1] ?? "";
  const sp = samlify.ServiceProvider({ entityID: spEntityId, wantAssertionsSigned: true });
  const { extract } = await idp.parseLoginRequest(sp, "redirect", { query });
  const request = extract.request;
  const id = typeof request === "object" && !Array.isArray(request) ? request.id : undefined;
  const acsUrl =
    typeof request === "object" && !Array.isArray(request) ? request.assertionConsumerServiceUrl : undefined;
  if (typeof id !== "string" || typeof acsUrl !== "string")
    throw new Error("AuthnRequest without ID or ACS URL");
  return { id, acsUrl, issuer: spEntityId };
}

/** An HTTP-Redirect message: base64 of raw DEFLATE. */
export function inflateRedirectMessage(encoded: string): string {
  return inflateRawSync(Buffer.from(encoded, "base64")).toString("utf8");
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The HTTP-POST binding's page: a form that submits itself to the ACS URL, as real IdPs send. */
function autoPostForm(acsUrl: string, samlResponse: string, relayState: string | null): string {
  const relay =
    relayState === null ? "" : `<input type="hidden" name="RelayState" value="${escapeHtml(relayState)}">`;
  return `<!doctype html><html lang="en"><head><title>Signing in</title></head>
<body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${samlResponse}">${relay}
<noscript><button type="submit">Continue</button></noscript></form></body></html>`;
}

/** Reads the auto-posting form out of the IdP's page: what a browser would post, and where. */
export function postedForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`No form in the IdP's page: ${html.slice(0, 200)}`);
  const unescapeHtml = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const fields: Record<string, string> = {};
  for (const [, name = "", value = ""] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
  )) {
    fields[name] = unescapeHtml(value);
  }
  return { action: unescapeHtml(action), fields };
}

/** Rewrites a response's XML after it was signed: the signature no longer covers what it says. */
export function tamperResponse(samlResponse: string, edit: (xml: string) => string): string {
  return Buffer.from(edit(Buffer.from(samlResponse, "base64").toString("utf8")), "utf8").toString("base64");
}
