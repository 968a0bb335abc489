import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** A caller's (or proxy's) request id is kept when it is a plausible id, so logs correlate across hops. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && /^[\w.:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
}
