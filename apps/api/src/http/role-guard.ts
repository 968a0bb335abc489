import type { onRequestHookHandler } from "fastify";
import { AppError } from "../kernel/errors";
import { type ContractOperation, roles } from "./contract";

const rank = (role: ContractOperation["role"]) => roles.indexOf(role);

/**
 * The one place a role is enforced: each secured operation needs the role its contract entry declares (`x-role`,
 * http/contract.ts), checked on onRequest right after authentication, before the body is read. A caller below it
 * gets 403 `ADMIN_ONLY` or `OWNER_ONLY` naming what they tried and who can do it. Which member an admin may act on
 * (docs/decisions.md "Workspaces and team") depends on the member, so the workspace service checks that part.
 */
export function roleGuard(op: ContractOperation): onRequestHookHandler {
  const needed = op.role;
  return async (request) => {
    const role = request.role;
    if (!role) throw new AppError("UNAUTHORIZED", 401, "Unauthorized");
    if (rank(role) >= rank(needed)) return;
    throw needed === "owner"
      ? new AppError(
          "OWNER_ONLY",
          403,
          `Only the owner of the workspace can do this ("${op.summary}"). Ask them if you need a change.`,
        )
      : new AppError(
          "ADMIN_ONLY",
          403,
          `Only the owner or an admin of the workspace can do this ("${op.summary}"). Ask them if you need a change.`,
        );
  };
}
