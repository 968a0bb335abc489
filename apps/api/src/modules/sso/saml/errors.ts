/**
 * Why a SAML setting or sign-in was refused. `reason` is a sentence fit for the person in front of the screen
 * (the owner filling in the settings form, or someone signing in); `message` and `cause` carry the detail,
 * including the library's own words, for the log only: they can name certificates, entity ids and XML.
 */

export type SamlMetadataErrorCode =
  | "METADATA_TOO_LARGE"
  | "METADATA_NOT_XML"
  | "METADATA_DTD_REFUSED"
  | "METADATA_NO_IDP"
  | "METADATA_SEVERAL_IDPS"
  | "METADATA_NO_ENTITY_ID"
  | "METADATA_NO_REDIRECT_SSO"
  | "METADATA_NO_SIGNING_CERTIFICATE"
  | "METADATA_BAD_CERTIFICATE"
  | "METADATA_UNREACHABLE";

/** A metadata document or URL the settings form must refuse; the reason says what is wrong with it. */
export class SamlMetadataError extends Error {
  override name = "SamlMetadataError";
  constructor(
    readonly code: SamlMetadataErrorCode,
    readonly reason: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The sentence for each refusal of a response: what the person signing in (or their admin) can act on. */
const responseReasons = {
  SAML_MALFORMED: "The identity provider's answer could not be read",
  SAML_IDP_ERROR: "The identity provider did not sign you in",
  SAML_ENCRYPTED_UNSUPPORTED:
    "The identity provider encrypts its assertions; turn assertion encryption off for this app",
  SAML_SIGNATURE_INVALID: "The identity provider's answer is not signed with its certificate",
  SAML_WRONG_ISSUER: "The answer comes from a different identity provider than the one configured",
  SAML_WRONG_AUDIENCE: "The identity provider's answer is meant for another application",
  SAML_WRONG_RECIPIENT: "The identity provider's answer was sent to another address",
  SAML_WRONG_IN_RESPONSE_TO: "The identity provider's answer does not match this sign-in; start again",
  SAML_NOT_YET_VALID: "The identity provider's answer is not valid yet; check the clocks",
  SAML_EXPIRED: "The identity provider's answer has expired; start again",
  SAML_REPLAYED: "This answer from the identity provider was already used; start again",
  SAML_NO_EMAIL: "The identity provider did not send an e-mail address",
} as const;

export type SamlResponseErrorCode = keyof typeof responseReasons;

/** A SAML response the ACS must refuse: nobody is signed in. */
export class SamlResponseError extends Error {
  override name = "SamlResponseError";
  readonly reason: string;
  constructor(
    readonly code: SamlResponseErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.reason = responseReasons[code];
  }
}

/** Throws the refusal; a function so that TypeScript narrows after `if (…) refuseResponse(…)`. */
export function refuseResponse(code: SamlResponseErrorCode, detail: string, cause?: unknown): never {
  throw new SamlResponseError(code, detail, cause === undefined ? undefined : { cause });
}
