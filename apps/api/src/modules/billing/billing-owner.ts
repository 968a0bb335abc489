import { signedIn } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { findUserById } from "../accounts";

/** Only the workspace's owner manages billing (docs/decisions.md "Workspaces and team"). */
export async function requireBillingOwner(ctx: RequestCtx) {
  const caller = signedIn(ctx);
  const user = await findUserById(ctx.db, caller);
  if (!user) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
  if (user.role !== "owner") {
    throw new AppError(
      "OWNER_ONLY",
      403,
      "Only the owner of the workspace can manage its plan and payment methods. Ask them if you need a change.",
    );
  }
  return { ...caller, email: user.email };
}
