import { X509Certificate } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSamlIdp, type TestSamlIdp } from "../../../../test/saml-idp";
import { selfSignedCertificate } from "../../../../test/self-signed-certificate";
import { SamlMetadataError } from "./errors";
import { fetchIdpMetadata, MAX_METADATA_BYTES, parseIdpMetadata } from "./idp-metadata";
import { serviceProviderMetadata } from "./sp-metadata";

let idp: TestSamlIdp;
beforeAll(async () => {
  idp = await startSamlIdp();
});
afterAll(() => idp.close());

const fingerprint = (pem: string) => new X509Certificate(pem).fingerprint256;

function refusal(parse: () => unknown): SamlMetadataError {
  try {
    parse();
  } catch (error) {
    if (error instanceof SamlMetadataError) return error;
    throw error;
  }
  throw new Error("the metadata was accepted");
}

describe("parseIdpMetadata", () => {
  it("reads the entity id, the redirect sign-in address and the signing certificate of an IdP's metadata", () => {
    const parsed = parseIdpMetadata(idp.metadataXml);
    expect(parsed.entityId).toBe(idp.entityId);
    expect(parsed.ssoUrl).toBe(idp.ssoUrl);
    expect(parsed.signingCertificates.map(fingerprint)).toEqual([fingerprint(idp.certificate)]);
  });

  it("reads every signing certificate, for an IdP rolling its key over", () => {
    const next = selfSignedCertificate("Next key").certificate;
    const body = next.replace(/-----[A-Z ]+-----|\s/g, "");
    const key = /<(\w+:)?KeyDescriptor[\s\S]*?<\/(\w+:)?KeyDescriptor>/.exec(idp.metadataXml)?.[0] ?? "";
    const secondKey = key.replace(/(<(\w+:)?X509Certificate>)[^<]+/, `$1${body}`);
    const rolling = idp.metadataXml.replace(key, `${key}${secondKey}`);
    expect(parseIdpMetadata(rolling).signingCertificates.map(fingerprint)).toEqual([
      fingerprint(idp.certificate),
      fingerprint(next),
    ]);
  });

  it("reads the one IdP of an EntitiesDescriptor, with prefixes other than md:", () => {
    const wrapped = `<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">${idp.metadataXml.replace(/^<\?xml[^>]*>/, "")}</EntitiesDescriptor>`;
    expect(parseIdpMetadata(wrapped).entityId).toBe(idp.entityId);
  });

  it("refuses a DOCTYPE, the way into external entities (XXE) and entity expansion", () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE md [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${idp.metadataXml.replace(/^<\?xml[^>]*>/, "").replace(idp.entityId, "&xxe;")}`;
    expect(refusal(() => parseIdpMetadata(xxe))).toMatchObject({
      code: "METADATA_DTD_REFUSED",
      reason: "The metadata contains a DOCTYPE, which is not allowed",
    });
  });

  it("refuses what is not metadata: plain text, other XML, a service provider's metadata", () => {
    expect(refusal(() => parseIdpMetadata("just some text")).code).toBe("METADATA_NOT_XML");
    expect(refusal(() => parseIdpMetadata("<html><body>Sign in</body></html>")).code).toBe(
      "METADATA_NOT_XML",
    );
    const sp = serviceProviderMetadata({ entityId: "https://sp.test/saml", acsUrl: "https://sp.test/acs" });
    expect(refusal(() => parseIdpMetadata(sp))).toMatchObject({
      code: "METADATA_NO_IDP",
      reason: "The metadata describes no identity provider (no IDPSSODescriptor)",
    });
  });

  it("refuses metadata over the size limit", () => {
    const padded = idp.metadataXml.replace("</", `<!-- ${"x".repeat(MAX_METADATA_BYTES)} --></`);
    expect(refusal(() => parseIdpMetadata(padded)).code).toBe("METADATA_TOO_LARGE");
  });

  it("refuses metadata without a signing certificate, or with only an encryption one", () => {
    const noKey = idp.metadataXml.replace(/<(\w+:)?KeyDescriptor[\s\S]*<\/(\w+:)?KeyDescriptor>/, "");
    expect(refusal(() => parseIdpMetadata(noKey))).toMatchObject({
      code: "METADATA_NO_SIGNING_CERTIFICATE",
      reason: "The metadata has no signing certificate",
    });
    const encryptionOnly = idp.metadataXml.replace(/use="signing"/, 'use="encryption"');
    expect(refusal(() => parseIdpMetadata(encryptionOnly)).code).toBe("METADATA_NO_SIGNING_CERTIFICATE");
    const garbled = idp.metadataXml.replace(/(<(\w+:)?X509Certificate>)[^<]+/, "$1bm90IGEgY2VydGlmaWNhdGU=");
    expect(refusal(() => parseIdpMetadata(garbled)).code).toBe("METADATA_BAD_CERTIFICATE");
  });

  it("refuses metadata without an HTTP-Redirect sign-in address, or with one that is not https", () => {
    const postOnly = idp.metadataXml.replace(/bindings:HTTP-Redirect/g, "bindings:HTTP-POST");
    expect(refusal(() => parseIdpMetadata(postOnly)).code).toBe("METADATA_NO_REDIRECT_SSO");
    const script = idp.metadataXml.replace(idp.ssoUrl, "javascript:alert(1)");
    expect(refusal(() => parseIdpMetadata(script)).code).toBe("METADATA_NO_REDIRECT_SSO");
    const plain = idp.metadataXml.replace(idp.ssoUrl, "http://idp.example.com/sso");
    expect(refusal(() => parseIdpMetadata(plain))).toMatchObject({
      code: "METADATA_NO_REDIRECT_SSO",
      reason: "The metadata's sign-in address must be an https URL",
    });
  });

  it("refuses metadata without an entity id", () => {
    const anonymous = idp.metadataXml.replace(/entityID="[^"]*"/, "");
    expect(refusal(() => parseIdpMetadata(anonymous)).code).toBe("METADATA_NO_ENTITY_ID");
  });
});

describe("fetchIdpMetadata", () => {
  const port = () => Number(new URL(idp.metadataUrl).port);

  it("downloads and reads the metadata at a URL", async () => {
    const fetched = await fetchIdpMetadata(idp.metadataUrl, {
      allowPrivate: ["127.0.0.1"],
      allowPorts: [port()],
    });
    expect(fetched).toEqual(parseIdpMetadata(idp.metadataXml));
  });

  it("refuses a URL into our own network (SSRF) with a sentence the form can show", async () => {
    const error = await fetchIdpMetadata(idp.metadataUrl, { allowPorts: [port()] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SamlMetadataError);
    expect(error).toMatchObject({
      code: "METADATA_UNREACHABLE",
      reason: "The metadata URL points to a private network address",
    });
  });
});
