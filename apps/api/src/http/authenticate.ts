import type { FastifyInstance, onRequestHookHandler } from "fastify";
import type { Db } from "../db/client";
import { keptRows } from "../db/read-model/read-model";
import type { ReplicaReads } from "../db/read-model/replica-reads";
import type { AppDeps } from "../kernel/deps";
import { AppError } from "../kernel/errors";
import type { TokenSubject } from "../kernel/token-subject";
import { verifyIdToken } from "../modules/auth/id-token";
import { LIVE_SESSION_COLUMNS, liveRole, liveSessionStatement } from "../modules/auth/sessions.repo";
import type { Role } from "./contract";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller of a secured operation (the bearer's `sub`). */
    userId: string | undefined;
    /** The bearer's user, workspace and session. */
    auth: TokenSubject | undefined;
    /** The bearer's role in that workspace, read with the session (http/role-guard.ts holds it to the operation's). */
    role: Role | undefined;
    /** Whether the operation's handler ran (the request was routed, authenticated and valid): only then can it write. */
    reachedHandler: boolean;
  }
}

export function decorateUserId(app: FastifyInstance): void {
  app.decorateRequest("userId", undefined);
  app.decorateRequest("auth", undefined);
  app.decorateRequest("role", undefined);
  app.decorateRequest("reachedHandler", false);
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Read your writes: a write request whose handler ran answers only once this process has heard the database's
 * notifications of what it changed (db/read-model/change-listener.ts), so the caller's next read
 * cannot be answered from rows kept before the write, even when the write ended in an error (a reused refresh token
 * revokes its session and answers 401). What the write did not change stays kept, and a request that never reached
 * its handler (an anonymous POST answered 401 or 404, an invalid body) waits for nothing.
 * With a read replica, the write's workspace then records the primary's WAL position, which its module reads wait
 * for the replica to replay (db/read-model/replica-reads.ts): whatever the answer, as above.
 */
export function settleAfterWrites(
  app: FastifyInstance,
  settle: () => Promise<void>,
  replica?: ReplicaReads,
): void {
  app.addHook("onSend", (request, _reply, payload, done) => {
    if (READ_METHODS.has(request.method) || !request.reachedHandler) return done(null, payload);
    const workspaceId = request.auth?.workspaceId;
    settle()
      .catch((error: unknown) =>
        request.log.warn({ err: error }, "Could not wait for the change notifications of a write"),
      )
      .then(() => (replica && workspaceId ? replica.wrote(workspaceId) : undefined))
      .then(
        () => done(null, payload),
        (error: unknown) => {
          request.log.warn({ err: error }, "Could not read the primary's WAL position after a write");
          done(null, payload);
        },
      );
  });
}

/**
 * Runs on onRequest, before the body is parsed or validated, so an anonymous caller learns nothing
 * about the operation's input rules (401 before 400). Besides the signature and expiry (checked once per token,
 * modules/auth/id-token.ts), the token's session must still be live and its user confirmed (the same row gives the caller's role): signing out, a password
 * change, deactivation or deletion ends a bearer at once rather than when it expires. That check's rows are kept
 * by the read model until `sessions` or `users` changes, on any instance (modules/auth/sessions.repo.ts), so a
 * page's burst of module reads costs no query at all.
 */
export function authenticate(o: { db: Db; deps: Pick<AppDeps, "keys" | "clock"> }): onRequestHookHandler {
  return async (request) => {
    const token = /^Bearer +([\w.~+/-]+=*)$/i.exec(request.headers.authorization ?? "")?.[1];
    const now = o.deps.clock.now();
    const subject = token ? await verifyIdToken(token, o.deps.keys.jwt, now) : undefined;
    const role =
      subject && liveRole(await keptRows(o.db, LIVE_SESSION_COLUMNS, liveSessionStatement(subject)), now);
    if (!subject || !role) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
    request.userId = subject.userId;
    request.auth = subject;
    request.role = role;
  };
}
