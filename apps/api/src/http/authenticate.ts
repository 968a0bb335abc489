import type { FastifyInstance, onRequestHookHandler } from "fastify";
import type { Db } from "../db/client";
import type { AppDeps } from "../kernel/deps";
import { AppError } from "../kernel/errors";
import {
  forgetSessionChecks,
  recentSessionCheck,
  rememberSessionCheck,
  sessionCheckStarted,
  sessionChecksGeneration,
} from "../kernel/session-checks";
import type { TokenSubject } from "../kernel/token-subject";
import { verifyIdToken } from "../modules/auth/id-token";
import { findLiveSession } from "../modules/auth/sessions.repo";

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

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Read your writes: a write request that succeeded answers only once this process has heard the database's
 * notifications of what it changed (modules/analytics/read-model/change-listener.ts), so the caller's next read cannot be answered
 * from rows kept before the write. What the write did not change stays kept, and a request that failed or wrote
 * nothing (an anonymous POST answered 404) waits for nothing and forgets nothing.
 */
export function settleAfterWrites(app: FastifyInstance, settle: () => Promise<void>): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (READ_METHODS.has(request.method) || reply.statusCode >= 400) return done(null, payload);
    settle().then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.warn({ err: error }, "Could not wait for the change notifications of a write");
        done(null, payload);
      },
    );
  });
}

/**
 * The writes that end sessions forget the bearer checks when they run (kernel/session-checks.ts), before their
 * transaction commits; a check made in between may have found the session still live and kept it. A write request
 * during which checks were forgotten forgets them again once it has committed, before its answer leaves.
 */
export function forgetEndedSessionsAfterWrites(app: FastifyInstance): void {
  const startedAt = new WeakMap<object, number>();
  app.addHook("onRequest", (request, _reply, done) => {
    if (!READ_METHODS.has(request.method)) startedAt.set(request, sessionChecksGeneration());
    done();
  });
  app.addHook("onSend", (request, _reply, payload, done) => {
    const started = startedAt.get(request);
    if (started !== undefined && started !== sessionChecksGeneration()) forgetSessionChecks();
    done(null, payload);
  });
}

/**
 * Runs on onRequest, before the body is parsed or validated, so an anonymous caller learns nothing
 * about the operation's input rules (401 before 400). Besides the signature and expiry, one indexed query
 * checks that the token's session is still live and its user confirmed: signing out, a password change,
 * deactivation or deletion ends a bearer at once rather than when it expires. A check is reused for a second
 * (kernel/session-checks.ts), so a page's burst of module reads costs one query, not one each.
 */
export function authenticate(o: { db: Db; deps: Pick<AppDeps, "keys" | "clock"> }): onRequestHookHandler {
  return async (request) => {
    const token = /^Bearer +([\w.~+/-]+=*)$/i.exec(request.headers.authorization ?? "")?.[1];
    const now = o.deps.clock.now();
    const recent = token ? recentSessionCheck(token, now) : undefined;
    if (recent) {
      request.userId = recent.userId;
      request.auth = recent;
      return;
    }
    const started = sessionCheckStarted(now);
    const subject = token ? await verifyIdToken(token, o.deps.keys.jwt, now) : undefined;
    const live = subject && (await findLiveSession(o.db, { ...subject, now }));
    if (!token || !subject || !live) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
    rememberSessionCheck(token, subject, started);
    request.userId = subject.userId;
    request.auth = subject;
  };
}
