import { AppError } from "./errors";
import type { RequestCtx } from "./handler-types";
import type { TokenSubject } from "./token-subject";

/**
 * The signed-in caller of a secured operation: the bearer's user, workspace and session, which the route layer
 * checked before the handler ran (http/authenticate.ts). One guard for every service: a caller missing here is the
 * bearer's fault, answered 401 with the Error body, never a 500.
 */
export function signedIn(ctx: RequestCtx): TokenSubject {
  const { userId, workspaceId, sessionId } = ctx;
  if (!userId || !workspaceId || !sessionId) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
  return { userId, workspaceId, sessionId };
}

/**
 * The caller's workspace: every brand, figure and import a service reads or writes is scoped to it. Set with the
 * bearer's user and session on a request (http/authenticate.ts), or by a job reading for a member.
 */
export function workspaceOf(ctx: Pick<RequestCtx, "workspaceId">): string {
  if (!ctx.workspaceId) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
  return ctx.workspaceId;
}
