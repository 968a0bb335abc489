import { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { AppError } from "./errors";
import { BODY_LIMIT_BYTES, BODY_TOO_LARGE_MESSAGE } from "./limits";

const rawBodies = new WeakMap<FastifyRequest, string>();

/** Reads the whole body, refusing it past the body limit without ending the stream (refused-body.ts reads on). */
function readLimited(payload: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      payload.off("data", onData).off("end", onEnd).off("error", onError);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += bytes.length;
      if (size <= BODY_LIMIT_BYTES) return void chunks.push(bytes);
      stop();
      reject(new AppError("PAYLOAD_TOO_LARGE", 413, BODY_TOO_LARGE_MESSAGE));
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    payload.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/**
 * preParsing hook of an operation with `x-raw-body`: reads the body once, keeps its exact text for the handler
 * (a webhook's signature is computed over it) and hands the same bytes on to the JSON parser. Reading stops at
 * the body limit, as this runs before Fastify's own count.
 */
export async function keepRawBody(request: FastifyRequest, _reply: unknown, payload: Readable) {
  const raw = await readLimited(payload);
  rawBodies.set(request, raw.toString("utf8"));
  const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  replay.receivedEncodedLength = raw.length;
  return replay;
}

/** The body as received; empty when the operation does not keep it. */
export function rawBodyOf(request: FastifyRequest): string {
  return rawBodies.get(request) ?? "";
}
