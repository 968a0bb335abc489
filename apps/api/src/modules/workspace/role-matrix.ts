import { AppError } from "../../kernel/errors";
import type { UserRow } from "../accounts/user.repo";

type Person = Pick<UserRow, "id" | "role" | "firstName" | "lastName" | "email">;

const nameOf = (p: Person) => `${p.firstName} ${p.lastName}`.trim() || p.email;
const refused = (message: string) => new AppError("ROLE_NOT_ALLOWED", 403, message);

/** 409 for anything that would leave the workspace without its owner: they hand it over first. */
export const ownerMustTransfer = (message: string) => new AppError("OWNER_MUST_TRANSFER", 409, message);

/**
 * Who may remove whom (docs/decisions.md "Workspaces and team"): the owner removes any admin or member, an admin removes members;
 * the owner is never removed, and nobody removes themself this way. Which role the call needs at all is the
 * contract's (x-role: admin); this is the part that depends on the member.
 */
export function assertMayRemove(caller: Person, target: Person): void {
  if (target.role === "owner") {
    throw ownerMustTransfer(
      target.id === caller.id
        ? "You own this workspace, so you cannot leave it. Transfer the ownership to another member first."
        : `${nameOf(target)} owns this workspace and cannot be removed from it.`,
    );
  }
  if (target.id === caller.id) {
    throw refused("You cannot remove yourself. Ask the owner of the workspace to remove you.");
  }
  if (caller.role !== "owner" && target.role === "admin") {
    throw refused(`${nameOf(target)} is an admin: only the owner of the workspace can remove an admin.`);
  }
}

/**
 * Who may give whom which role: the owner makes a member an admin or an admin a member; an admin makes a member an
 * admin and nothing else. Nobody changes their own role, and the owner's changes only by a transfer.
 */
export function assertMayChangeRole(caller: Person, target: Person, role: "admin" | "member"): void {
  if (target.role === "owner") {
    throw refused(
      `${nameOf(target)} owns this workspace: the owner's role changes only when they transfer the ownership.`,
    );
  }
  if (target.id === caller.id) {
    throw refused("You cannot change your own role. Ask the owner of the workspace.");
  }
  if (caller.role !== "owner" && (target.role === "admin" || role !== "admin")) {
    throw refused(
      `Only the owner of the workspace can change an admin's role. As an admin you can make a member an admin.`,
    );
  }
}
