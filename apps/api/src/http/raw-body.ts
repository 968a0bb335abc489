import { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { AppError } from "./errors";
import { BODY_LIMIT_BYTES } from "./limits";

const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * preParsing hook of an operation with `x-raw-body`: reads the body once, keeps its exact text for the handler
 * (a webhook's signature is computed over it) and hands the same bytes on to the JSON parser. Reading stops at
 * the body limit, as this runs before Fastify's own count.
 */
export async function keepRawBody(request: FastifyRequest, _reply: unknown, payload: Readable) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += bytes.length;
    if (size > BODY_LIMIT_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", 413, "The body is too large");
    chunks.push(bytes);
  }
  const raw = Buffer.concat(chunks);
  rawBodies.set(request, raw.toString("utf8"));
  const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  replay.receivedEncodedLength = raw.length;
  return replay;
}

/** The body as received; empty when the operation does not keep it. */
export function rawBodyOf(request: FastifyRequest): string {
  return rawBodies.get(request) ?? "";
}
