import type { components } from "@brandscope/api-client/schema";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { findUserForUpdate, setRole } from "../accounts";
import { logAuthEvent } from "../auth";
import { assertMayChangeRole } from "./role-matrix";
import { lockCaller, notFound } from "./team-caller";
import { listMembers } from "./workspace.service";

type Schemas = components["schemas"];

/** Makes a member an admin or an admin a member, within the matrix of docs/decisions.md "Workspaces and team". */
export async function changeMemberRole(
  ctx: RequestCtx,
  id: string,
  body: Schemas["ChangeRoleRequest"],
): Promise<Schemas["Member"]> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { user, workspace } = await lockCaller(tx, ctx);
    const target = await findUserForUpdate(tx, { userId: id, workspaceId: workspace.id });
    if (!target) throw notFound("Member");
    assertMayChangeRole(user, target, body.role);
    await setRole(tx, { userId: target.id, workspaceId: workspace.id, role: body.role, now });
  });
  logAuthEvent(ctx, "workspace-role", { outcome: "success", userId: id, reason: body.role });
  const member = (await listMembers(ctx)).find((m) => m.id === id);
  if (!member) throw notFound("Member");
  return member;
}

/**
 * Hands the workspace to another member or admin: they become its owner (billing included) and the owner becomes an
 * admin, in one transaction (the index allows one owner: the old one steps down first).
 */
export async function transferOwnership(
  ctx: RequestCtx,
  body: Schemas["TransferOwnershipRequest"],
): Promise<Schemas["Member"][]> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { user, workspace } = await lockCaller(tx, ctx);
    // Two transfers at once: the second, locked behind the first, finds its caller an admin already.
    if (user.role !== "owner") {
      throw new AppError("OWNER_ONLY", 403, "You no longer own this workspace, so you cannot transfer it.");
    }
    if (body.memberId === user.id) {
      throw new AppError("ALREADY_OWNER", 409, "You already own this workspace. Choose another member.");
    }
    const target = await findUserForUpdate(tx, { userId: body.memberId, workspaceId: workspace.id });
    if (!target) throw notFound("Member");
    if (target.status !== "confirmed") {
      throw new AppError(
        "MEMBER_NOT_ACTIVE",
        409,
        `${target.email} cannot sign in (their account is ${target.status}), so they cannot own the workspace.`,
      );
    }
    await setRole(tx, { userId: user.id, workspaceId: workspace.id, role: "admin", now });
    await setRole(tx, { userId: target.id, workspaceId: workspace.id, role: "owner", now });
  });
  logAuthEvent(ctx, "workspace-transfer", { outcome: "success", userId: body.memberId });
  return listMembers(ctx);
}
