import type { FastifyRequest, onRequestHookHandler } from "fastify";
import { AppError } from "../kernel/errors";
import type { ContractOperation } from "./contract";

export function mediaTypeOf(request: FastifyRequest): string | undefined {
  return request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase() || undefined;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Fastify validates a body only when its content type is one the route has a schema for, and skips a
 * missing body: this refuses both before parsing (415 for an unlisted type, 400 for a missing body).
 */
export function contentTypeGuard(op: ContractOperation): onRequestHookHandler {
  const accepted = Object.keys(op.requestBody?.content ?? {});
  return async (request) => {
    if (!op.requestBody) return;
    if (!hasBody(request)) {
      if (op.requestBody.required) throw new AppError("VALIDATION_FAILED", 400, "body is required");
      return;
    }
    const type = mediaTypeOf(request) ?? "";
    const listed = accepted.some(
      (a) => a === type || a === "*/*" || (a.endsWith("/*") && type.startsWith(a.slice(0, -1))),
    );
    if (!listed) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", 415, `Send the request body as ${accepted.join(" or ")}`);
    }
  };
}
