import type { ClassedFailure, FailureCause } from "./connector-kit";
import { GoogleError, type GoogleFailure } from "./google-oauth";

const CAUSE_OF = {
  token: "token_expired",
  quota: "quota",
  no_access: "no_access",
  project: "project_not_approved",
  version: "version_sunset",
  refused: "refused",
  unavailable: "unavailable",
} as const satisfies Record<GoogleFailure, FailureCause>;

/** A Google API's failure (google-oauth.ts GoogleError) in the kit's causes; undefined for any other error. */
export const classifyGoogle = (error: unknown): ClassedFailure | undefined =>
  error instanceof GoogleError ? { cause: CAUSE_OF[error.failure], code: error.code, error } : undefined;
