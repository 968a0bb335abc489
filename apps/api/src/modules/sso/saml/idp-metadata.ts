import { X509Certificate } from "node:crypto";
import { SafeFetchError, type SafeFetchOptions, safeFetch } from "../../../lib/safe-fetch";
import { SamlMetadataError } from "./errors";
import {
  childElements,
  descendantElements,
  hasDoctype,
  localName,
  textOf,
  type XmlElement,
  xmlRoot,
} from "./xml-elements";

/** What the service provider needs to know about a workspace's identity provider, read from its metadata. */
export interface SamlIdp {
  /** The IdP's entity id: the Issuer its assertions must carry. */
  entityId: string;
  /** Where the browser is sent with an AuthnRequest (the HTTP-Redirect SingleSignOnService). */
  ssoUrl: string;
  /** PEM certificates an assertion's signature may verify with (several while the IdP rolls its key over). */
  signingCertificates: string[];
}

/** Real IdP metadata is a few kilobytes; federation aggregates run to megabytes and are not what we accept. */
export const MAX_METADATA_BYTES = 512 * 1024;
const FETCH_TIMEOUT_MS = 10_000;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";

function refuse(code: SamlMetadataError["code"], reason: string, detail = reason): never {
  throw new SamlMetadataError(code, reason, detail);
}

/**
 * Reads an identity provider's metadata XML as pasted into the settings form. Refuses, with a sentence the form
 * can show, anything we could not sign in with: no IdP, no redirect sign-in address, no usable signing certificate.
 * A DOCTYPE is refused outright, entity declarations being the way into XXE and "billion laughs".
 */
export function parseIdpMetadata(xml: string): SamlIdp {
  if (Buffer.byteLength(xml, "utf8") > MAX_METADATA_BYTES) {
    refuse("METADATA_TOO_LARGE", `The metadata is larger than ${MAX_METADATA_BYTES / 1024} KB`);
  }
  if (hasDoctype(xml)) {
    refuse("METADATA_DTD_REFUSED", "The metadata contains a DOCTYPE, which is not allowed");
  }
  const root = xmlRoot(xml.trim());
  if (!root || !xml.trim().startsWith("<")) refuse("METADATA_NOT_XML", "The metadata is not XML");
  const name = localName(root);
  if (name !== "EntityDescriptor" && name !== "EntitiesDescriptor") {
    refuse("METADATA_NOT_XML", "The XML is not SAML metadata (no EntityDescriptor)");
  }
  const idps = (name === "EntityDescriptor" ? [root] : descendantElements(root, "EntityDescriptor")).flatMap(
    (entity) => childElements(entity, "IDPSSODescriptor").map((descriptor) => ({ entity, descriptor })),
  );
  const [idp] = idps;
  if (!idp) refuse("METADATA_NO_IDP", "The metadata describes no identity provider (no IDPSSODescriptor)");
  if (idps.length > 1) {
    refuse(
      "METADATA_SEVERAL_IDPS",
      "The metadata describes several identity providers; use the one for this app",
    );
  }
  const { entity, descriptor } = idp;
  const entityId = entity.attribs.entityID?.trim();
  if (!entityId) refuse("METADATA_NO_ENTITY_ID", "The metadata has no entity ID");
  return {
    entityId,
    ssoUrl: redirectSsoUrl(descriptor),
    signingCertificates: signingCertificates(descriptor),
  };
}

function redirectSsoUrl(descriptor: XmlElement): string {
  const location = childElements(descriptor, "SingleSignOnService")
    .find((service) => service.attribs.Binding === REDIRECT_BINDING)
    ?.attribs.Location?.trim();
  if (!location) {
    refuse("METADATA_NO_REDIRECT_SSO", "The metadata has no sign-in address for the HTTP-Redirect binding");
  }
  // The browser is sent there: a javascript: or data: address would run in our page, and over plain http the
  // person's IdP password could be read on the way. Plain http is left to an IdP on this machine (tests).
  let url: URL | undefined;
  try {
    url = new URL(location);
  } catch {
    url = undefined;
  }
  const loopback = url?.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
  if (!url || (url.protocol !== "https:" && !loopback)) {
    refuse("METADATA_NO_REDIRECT_SSO", "The metadata's sign-in address must be an https URL", location);
  }
  return url.href;
}

/** Certificates for signing: KeyDescriptors marked use="signing" or unmarked (both uses), never "encryption". */
function signingCertificates(descriptor: XmlElement): string[] {
  const pems = new Set<string>();
  for (const key of childElements(descriptor, "KeyDescriptor")) {
    if (key.attribs.use !== undefined && key.attribs.use !== "signing") continue;
    for (const certificate of descendantElements(key, "X509Certificate")) {
      pems.add(toPem(textOf(certificate)));
    }
  }
  if (pems.size === 0) refuse("METADATA_NO_SIGNING_CERTIFICATE", "The metadata has no signing certificate");
  return [...pems];
}

function toPem(text: string): string {
  const base64 = text.replace(/\s+/g, "");
  const lines = base64.match(/.{1,64}/g) ?? [];
  const pem = `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
  } catch (cause) {
    throw new SamlMetadataError(
      "METADATA_BAD_CERTIFICATE",
      "The metadata's signing certificate cannot be read",
      "X509Certificate refused the metadata's certificate",
      { cause },
    );
  }
  return pem;
}

const fetchReasons: Partial<Record<SafeFetchError["code"], string>> = {
  INVALID_URL: "The metadata URL is not a valid http(s) address",
  PORT_NOT_ALLOWED: "The metadata URL uses a port that is not allowed",
  PRIVATE_ADDRESS: "The metadata URL points to a private network address",
  TOO_LARGE: `The metadata is larger than ${MAX_METADATA_BYTES / 1024} KB`,
  UNSUPPORTED_CONTENT: "The metadata URL does not return XML",
  TIMEOUT: "The metadata URL took too long to answer",
};

/**
 * Downloads metadata from the URL an owner gave, through safe-fetch: no private addresses (SSRF), a size and time
 * limit, then `parseIdpMetadata`. `network` is for tests and local identity providers (loopback, odd ports).
 */
export async function fetchIdpMetadata(
  url: string,
  network: Pick<SafeFetchOptions, "allowPrivate" | "allowPorts" | "resolve"> = {},
): Promise<SamlIdp> {
  let body: Buffer;
  try {
    ({ body } = await safeFetch(url, {
      ...network,
      accept: ["application/samlmetadata+xml", "application/xml", "text/xml", "text/plain"],
      maxBytes: MAX_METADATA_BYTES,
      timeoutMs: FETCH_TIMEOUT_MS,
    }));
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    const reason = fetchReasons[error.code] ?? "The metadata URL could not be reached";
    throw new SamlMetadataError("METADATA_UNREACHABLE", reason, error.message, { cause: error });
  }
  return parseIdpMetadata(body.toString("utf8"));
}
