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

abstract class SamlError<Code extends string> extends Error {
  constructor(
    readonly code: Code,
    readonly reason: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A metadata document or URL the settings form must refuse. */
export class SamlMetadataError extends SamlError<SamlMetadataErrorCode> {
  override name = "SamlMetadataError";
}

export type SamlResponseErrorCode =
  | "SAML_MALFORMED"
  | "SAML_IDP_ERROR"
  | "SAML_ENCRYPTED_UNSUPPORTED"
  | "SAML_SIGNATURE_INVALID"
  | "SAML_WRONG_ISSUER"
  | "SAML_WRONG_AUDIENCE"
  | "SAML_WRONG_RECIPIENT"
  | "SAML_WRONG_IN_RESPONSE_TO"
  | "SAML_NOT_YET_VALID"
  | "SAML_EXPIRED"
  | "SAML_REPLAYED"
  | "SAML_NO_EMAIL";

/** A SAML response the ACS must refuse: nobody is signed in. */
export class SamlResponseError extends SamlError<SamlResponseErrorCode> {
  override name = "SamlResponseError";
}
