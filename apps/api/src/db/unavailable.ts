/**
 * A server shutting down, starting up or gone (SQLSTATE classes 57P and 08), and Node's errors of a connection
 * that could not be made or broke: what a database restart looks like from the pool.
 */
const UNAVAILABLE_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
]);

/** node-postgres's own words for a connection that ended or never came. */
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = "code" in error ? error.code : undefined;
  return (
    (typeof code === "string" && UNAVAILABLE_CODES.has(code)) || UNAVAILABLE_MESSAGES.test(error.message)
  );
}
