/** Largest JSON body accepted; uploads get their own limit on their route. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
export const BODY_TOO_LARGE_MESSAGE = `The request body is too large (at most ${BODY_LIMIT_BYTES / 1024 / 1024} MB)`;

/**
 * How much of a refused body is still read, and for how long, so that a client still sending it receives the 413
 * (refused-body.ts); past either the connection is cut.
 */
export const REFUSED_BODY_DRAIN = { bytes: 16 * 1024 * 1024, ms: 30_000 };
