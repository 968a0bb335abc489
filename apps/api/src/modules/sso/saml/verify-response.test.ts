import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/database";
import {
  postedForm,
  type SamlResponseOptions,
  startSamlIdp,
  type TestSamlIdp,
  tamperResponse,
} from "../../../../test/saml-idp";
import { connectDatabase, type Database } from "../../../db/client";
import { SamlResponseError } from "./errors";
import { parseIdpMetadata, type SamlIdp } from "./idp-metadata";
import type { SamlReplayGuard } from "./replay-guard";
import { postgresReplayGuard } from "./saml-replay.repo";
import { samlSignInRedirect } from "./sign-in-redirect";
import { verifySamlResponse } from "./verify-response";

const sp = {
  entityId: "https://brandscope.test/api/sso/saml/ws-1/metadata",
  acsUrl: "https://brandscope.test/api/sso/saml/ws-1/acs",
};
const MINUTE = 60_000;
const ada = { email: "ada@example.com" };

let idp: TestSamlIdp;
/** The same entity id with another key: what an attacker who copied the IdP's metadata could sign. */
let impostor: TestSamlIdp;
let configured: SamlIdp;
let database: TestDatabase;
let connection: Database;
let replay: SamlReplayGuard;

beforeAll(async () => {
  idp = await startSamlIdp();
  impostor = await startSamlIdp({ entityId: idp.entityId });
  configured = parseIdpMetadata(idp.metadataXml);
  database = await createTestDatabase();
  connection = connectDatabase(database.url, pino({ level: "silent" }));
  replay = postgresReplayGuard(connection.db);
});

afterAll(async () => {
  await Promise.all([idp.close(), impostor.close()]);
  await connection.close();
  await database.drop();
});

const issue = (over: Partial<SamlResponseOptions> = {}, by = idp) =>
  by.issueResponse({ user: ada, audience: sp.entityId, recipient: sp.acsUrl, ...over });

const verify = (SAMLResponse: string, o: { expectedRequestId?: string | null; now?: Date } = {}) =>
  verifySamlResponse(
    configured,
    sp,
    { SAMLResponse },
    { expectedRequestId: o.expectedRequestId ?? null, now: o.now ?? new Date(), replay },
  );

async function refusal(verification: Promise<unknown>): Promise<SamlResponseError> {
  const error = await verification.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof SamlResponseError))
    throw new Error(`expected a SamlResponseError, got ${String(error)}`);
  // The sentence is for the person signing in: never the library's words, XML or the IdP's names.
  expect(error.reason).not.toMatch(/node-saml|<|Expected|Received|http/);
  return error;
}

describe("verifySamlResponse accepts", () => {
  it("an SP-initiated sign-in: the IdP answers our AuthnRequest and posts back to the ACS URL", async () => {
    const { url, requestId } = await samlSignInRedirect(configured, sp, "relay-42");
    expect(url.startsWith(`${idp.ssoUrl}?SAMLRequest=`)).toBe(true);
    idp.user = ada;
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const { action, fields } = postedForm(await page.text());
    expect(action).toBe(sp.acsUrl);
    expect(fields.RelayState).toBe("relay-42");

    const identity = await verify(fields.SAMLResponse ?? "", { expectedRequestId: requestId });
    expect(identity).toEqual({
      email: "ada@example.com",
      nameId: "ada@example.com",
      sessionIndex: expect.stringMatching(/^_/),
      issuer: idp.entityId,
    });
  });

  it("an IdP-initiated sign-in (no request of ours to answer) with the same checks", async () => {
    idp.user = { email: "grace@example.com" };
    const start = new URL(idp.initiateUrl);
    start.search = new URLSearchParams({ audience: sp.entityId, acs: sp.acsUrl }).toString();
    const { action, fields } = postedForm(await (await fetch(start)).text());
    expect(action).toBe(sp.acsUrl);
    const identity = await verify(fields.SAMLResponse ?? "");
    expect(identity).toMatchObject({ email: "grace@example.com", issuer: idp.entityId });
  });

  it("an assertion signed inside a signed response", async () => {
    expect((await verify(issue({ sign: "both" }))).email).toBe("ada@example.com");
  });

  it("the e-mail from the NameID when no e-mail attribute is sent", async () => {
    const identity = await verify(issue({ user: { email: "grace@example.com", emailAttribute: false } }));
    expect(identity).toMatchObject({ email: "grace@example.com", nameId: "grace@example.com" });
  });

  it("an assertion that ended or starts within the 2-minute clock skew", async () => {
    const now = new Date();
    const endedMinuteAgo = issue({ issuedAt: new Date(now.getTime() - 6 * MINUTE), validForMs: 5 * MINUTE });
    await expect(verify(endedMinuteAgo, { now })).resolves.toMatchObject({ email: ada.email });
    const startsInAMinute = issue({ issuedAt: new Date(now.getTime() + MINUTE) });
    await expect(verify(startsInAMinute, { now })).resolves.toMatchObject({ email: ada.email });
  });
  it("an assertion signed with either certificate while the IdP rolls its key over", async () => {
    const rolling = { ...configured, signingCertificates: [idp.certificate, impostor.certificate] };
    const withNewKey = issue({}, impostor);
    const identity = await verifySamlResponse(
      rolling,
      sp,
      { SAMLResponse: withNewKey },
      { expectedRequestId: null, now: new Date(), replay },
    );
    expect(identity.email).toBe(ada.email);
  });

  it("by the caller's clock, not the server process's", async () => {
    const then = new Date("2030-01-01T10:00:00Z");
    const future = issue({ issuedAt: then });
    expect((await refusal(verify(future))).code).toBe("SAML_NOT_YET_VALID");
    await expect(verify(future, { now: new Date(then.getTime() + MINUTE) })).resolves.toMatchObject(ada);
  });

  it("the whole e-mail when a comment, which the signature does not cover, splits it", async () => {
    // Canonicalisation drops comments, so the signature still holds; a parser reading the first text node only
    // would see ada@example.com, someone else than the person the IdP vouched for.
    const longer = { email: "ada@example.com.attacker.test" };
    const split = tamperResponse(issue({ user: longer }), (xml) =>
      xml.replaceAll(longer.email, "ada@example.com<!---->.attacker.test"),
    );
    expect((await verify(split)).email).toBe(longer.email);
  });
});

describe("verifySamlResponse refuses", () => {
  it("a response whose e-mail was changed after signing", async () => {
    const tampered = tamperResponse(issue(), (xml) => xml.replaceAll(ada.email, "mallory@example.com"));
    expect((await refusal(verify(tampered))).code).toBe("SAML_SIGNATURE_INVALID");
  });

  it("an unsigned response, and a signed response around an unsigned assertion", async () => {
    expect((await refusal(verify(issue({ sign: "none" })))).code).toBe("SAML_SIGNATURE_INVALID");
    expect((await refusal(verify(issue({ sign: "response" })))).code).toBe("SAML_SIGNATURE_INVALID");
  });

  it("an assertion signed with another key than the configured certificate's", async () => {
    expect((await refusal(verify(issue({}, impostor)))).code).toBe("SAML_SIGNATURE_INVALID");
  });

  it("an assertion from another issuer, even signed with the right key", async () => {
    const error = await refusal(verify(issue({ issuer: "https://other-idp.example/saml" })));
    expect(error).toMatchObject({ code: "SAML_WRONG_ISSUER" });
    expect(error.message).toContain("https://other-idp.example/saml"); // the detail, for the log
  });

  it("an expired assertion, and one issued too long ago whatever its validity", async () => {
    const now = new Date();
    const expired = issue({ issuedAt: new Date(now.getTime() - 10 * MINUTE), validForMs: 5 * MINUTE });
    expect((await refusal(verify(expired, { now }))).code).toBe("SAML_EXPIRED");
    const stale = issue({ issuedAt: new Date(now.getTime() - 15 * MINUTE), validForMs: 60 * MINUTE });
    expect((await refusal(verify(stale, { now }))).code).toBe("SAML_EXPIRED");
  });

  it("an assertion not valid yet beyond the clock skew", async () => {
    const now = new Date();
    const early = issue({ issuedAt: new Date(now.getTime() + 3 * MINUTE) });
    expect((await refusal(verify(early, { now }))).code).toBe("SAML_NOT_YET_VALID");
    const notBefore = issue({ notBefore: new Date(now.getTime() + 3 * MINUTE), validForMs: 10 * MINUTE });
    expect((await refusal(verify(notBefore, { now }))).code).toBe("SAML_NOT_YET_VALID");
  });

  it("a replayed assertion, also when both posts arrive at once", async () => {
    const response = issue();
    await verify(response);
    expect((await refusal(verify(response))).code).toBe("SAML_REPLAYED");

    const raced = issue();
    const outcomes = await Promise.allSettled([verify(raced), verify(raced), verify(raced)]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
  });

  it("an assertion for another service provider (audience)", async () => {
    const error = await refusal(verify(issue({ audience: "https://elsewhere.example/saml" })));
    expect(error.code).toBe("SAML_WRONG_AUDIENCE");
  });

  it("an assertion for another ACS URL (recipient), or a response sent to another (destination)", async () => {
    const recipient = issue({ recipient: "https://elsewhere.example/acs", destination: sp.acsUrl });
    expect((await refusal(verify(recipient))).code).toBe("SAML_WRONG_RECIPIENT");
    const destination = issue({ destination: "https://elsewhere.example/acs" });
    expect((await refusal(verify(destination))).code).toBe("SAML_WRONG_RECIPIENT");
  });

  it("an answer to another request, an unsolicited answer when we asked, a solicited one when we did not", async () => {
    const other = issue({ inResponseTo: "_someone-elses-request" });
    const mine = { expectedRequestId: "_my-request" };
    expect((await refusal(verify(other, mine))).code).toBe("SAML_WRONG_IN_RESPONSE_TO");
    expect((await refusal(verify(issue(), mine))).code).toBe("SAML_WRONG_IN_RESPONSE_TO");
    const solicited = issue({ inResponseTo: "_someone-elses-request" });
    expect((await refusal(verify(solicited, { expectedRequestId: null }))).code).toBe(
      "SAML_WRONG_IN_RESPONSE_TO",
    );
  });

  it("a response saying the IdP did not sign the person in, with or without an assertion", async () => {
    const failed = (xml: string) =>
      xml.replace(
        /urn:oasis:names:tc:SAML:2.0:status:Success/,
        "urn:oasis:names:tc:SAML:2.0:status:Responder",
      );
    expect((await refusal(verify(tamperResponse(issue(), failed)))).code).toBe("SAML_IDP_ERROR");
    const withoutAssertion = tamperResponse(issue(), (xml) =>
      failed(xml).replace(/<saml:Assertion[\s\S]*<\/saml:Assertion>/, ""),
    );
    expect((await refusal(verify(withoutAssertion))).code).toBe("SAML_IDP_ERROR");
  });

  it("an encrypted assertion, with a reason that tells the owner what to change", async () => {
    const encrypted = tamperResponse(issue(), (xml) =>
      xml.replace(
        /<saml:Assertion[\s\S]*<\/saml:Assertion>/,
        '<saml:EncryptedAssertion><xenc:EncryptedData xmlns:xenc="http://www.w3.org/2001/04/xmlenc#"/></saml:EncryptedAssertion>',
      ),
    );
    expect(await refusal(verify(encrypted))).toMatchObject({
      code: "SAML_ENCRYPTED_UNSUPPORTED",
      reason: "The identity provider encrypts its assertions; turn assertion encryption off for this app",
    });
  });

  it("an assertion without any e-mail address", async () => {
    const anonymous = issue({ user: { email: "x", nameId: "opaque-4711", emailAttribute: false } });
    expect((await refusal(verify(anonymous))).code).toBe("SAML_NO_EMAIL");
  });

  it("what is not a SAML response: not base64, not XML, a DOCTYPE, too large", async () => {
    expect((await refusal(verify("%%% not base64 %%%"))).code).toBe("SAML_MALFORMED");
    expect((await refusal(verify(Buffer.from("hello").toString("base64")))).code).toBe("SAML_MALFORMED");
    const doctype = tamperResponse(
      issue(),
      (xml) => `<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${xml}`,
    );
    expect((await refusal(verify(doctype))).code).toBe("SAML_MALFORMED");
    expect((await refusal(verify("A".repeat(400_000)))).code).toBe("SAML_MALFORMED");
  });
});
