import type { components, User } from "@brandscope/api-client";

type Member = components["schemas"]["Member"];
export type Role = User["workspace"]["role"];

/**
 * What the signed-in role may do to one member, as the server's matrix says (docs/decisions.md "Workspaces and team"): the owner
 * acts on anyone else, an admin removes members and makes them admins; nobody acts on the owner or on themself. The
 * screen only hides what would be refused: the server stays the authority.
 */
export function actionsOn(caller: { id: string; role: Role }, target: Member) {
  const other = target.id !== caller.id && target.role !== "owner";
  const owner = caller.role === "owner";
  const admin = caller.role === "admin";
  return {
    remove: other && (owner || (admin && target.role === "member")),
    makeAdmin: other && (owner || admin) && target.role === "member",
    makeMember: other && owner && target.role === "admin",
    transfer: other && owner,
  };
}

/** The owner and admins invite, follow invitations and remove members. */
export const managesTeam = (role: Role | undefined) => role === "owner" || role === "admin";

export const roleLabel: Record<Role, string> = { owner: "Owner", admin: "Admin", member: "Member" };

/** Why some actions are missing, for the signed-in role. */
export const limitsOf: Record<Role, string | undefined> = {
  owner: undefined,
  admin:
    "As an admin you invite and remove members and make members admins. Only the owner changes an admin's role, removes an admin, manages billing or transfers the ownership.",
  member:
    "Only the owner and admins invite, remove and change the roles of members. Ask them if you need a change.",
};

/**
 * The owner and admins also manage the brand, its competitors, data sources, imports and the branding
 * (docs/decisions.md "Workspaces and team"); members read and export.
 */
export const managesWorkspace = (role: Role | undefined) => role === "owner" || role === "admin";

/** Why a member sees an action disabled, e.g. `onlyAdmins("change the branding")`. */
export const onlyAdmins = (action: string) => `Only owners and admins can ${action}.`;
