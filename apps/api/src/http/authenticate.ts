import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { verifyIdToken } from "../modules/auth/id-token";
import { AppError } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller of a secured operation (the bearer's `sub`). */
    userId: string | undefined;
  }
}

export function decorateUserId(app: FastifyInstance): void {
  app.decorateRequest("userId", undefined);
}

/**
 * Runs on onRequest, before the body is parsed or validated, so an anonymous caller learns nothing
 * about the operation's input rules (401 before 400).
 */
export function authenticate(key: Uint8Array): onRequestHookHandler {
  return async (request) => {
    const token = /^Bearer +([\w.~+/-]+=*)$/i.exec(request.headers.authorization ?? "")?.[1];
    const userId = token ? await verifyIdToken(token, key) : undefined;
    if (!userId) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
    request.userId = userId;
  };
}
