import type { Tx } from "../../db/client";
import { signedIn } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { findUserForUpdate, lockWorkspace } from "../accounts";

export const notFound = (what: "Invitation" | "Member") =>
  new AppError(`${what.toUpperCase()}_NOT_FOUND`, 404, `${what} not found`);

/**
 * The caller, locked, after their workspace. Which role each operation needs is the contract's `x-role`, checked
 * before the handler runs (http/role-guard.ts). A member's token whose workspace changed no longer authenticates,
 * so the row is always in the token's workspace.
 */
export async function lockCaller(tx: Tx, ctx: RequestCtx) {
  const caller = signedIn(ctx);
  const workspace = await lockWorkspace(tx, { workspaceId: caller.workspaceId });
  const user = await findUserForUpdate(tx, caller);
  if (!workspace || !user) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
  return { user, workspace };
}
