import type { FastifyInstance, onRequestHookHandler } from "fastify";
import type { Db } from "../db/client";
import { type TokenSubject, verifyIdToken } from "../modules/auth/id-token";
import { findLiveSession } from "../modules/auth/sessions.repo";
import type { AppDeps } from "./deps";
import { AppError } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller of a secured operation (the bearer's `sub`). */
    userId: string | undefined;
    /** The bearer's user, workspace and session. */
    auth: TokenSubject | undefined;
  }
}

export function decorateUserId(app: FastifyInstance): void {
  app.decorateRequest("userId", undefined);
  app.decorateRequest("auth", undefined);
}

/**
 * Runs on onRequest, before the body is parsed or validated, so an anonymous caller learns nothing
 * about the operation's input rules (401 before 400). Besides the signature and expiry, one indexed query
 * checks that the token's session is still live and its user confirmed: signing out, a password change,
 * deactivation or deletion ends a bearer at once rather than when it expires.
 */
export function authenticate(o: { db: Db; deps: Pick<AppDeps, "keys" | "clock"> }): onRequestHookHandler {
  return async (request) => {
    const token = /^Bearer +([\w.~+/-]+=*)$/i.exec(request.headers.authorization ?? "")?.[1];
    const now = o.deps.clock.now();
    const subject = token ? await verifyIdToken(token, o.deps.keys.jwt, now) : undefined;
    const live = subject && (await findLiveSession(o.db, { ...subject, now }));
    if (!subject || !live) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
    request.userId = subject.userId;
    request.auth = subject;
  };
}
