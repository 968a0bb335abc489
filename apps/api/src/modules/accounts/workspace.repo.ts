import { and, eq, ne, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { invitations, users, workspaces } from "../../db/schema";

export async function insertWorkspace(db: Queryable, p: { name: string; now: Date }) {
  const [row] = await db
    .insert(workspaces)
    .values({ name: p.name, createdAt: p.now })
    .returning({ id: workspaces.id });
  if (!row) throw new Error("workspace insert returned no row");
  return row;
}

export async function renameWorkspace(db: Queryable, p: { workspaceId: string; name: string }) {
  await db.update(workspaces).set({ name: p.name }).where(eq(workspaces.id, p.workspaceId));
}

/** The workspace's accounts other than `exceptUserId`. */
export const findOtherMembers = (db: Queryable, p: { workspaceId: string; exceptUserId: string }) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      status: users.status,
      profilePicture: users.profilePicture,
    })
    .from(users)
    .where(and(eq(users.workspaceId, p.workspaceId), ne(users.id, p.exceptUserId)));

/** Removes the workspace and, through the foreign keys, everything in it: accounts, subscription, data. */
export async function deleteWorkspace(db: Queryable, p: { workspaceId: string }) {
  await db.delete(workspaces).where(eq(workspaces.id, p.workspaceId));
}

/**
 * Locks the workspace's row until the transaction ends: invitations, joins and removals of one workspace
 * run one at a time, so two of them cannot both pass the plan's member limit.
 */
export async function lockWorkspace(tx: Tx, p: { workspaceId: string }) {
  const [row] = await tx
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, p.workspaceId))
    .for("update");
  return row;
}

/**
 * When each account joined: the owner with the workspace; a member when their latest invitation to it was
 * accepted (or, without one, when the account was created).
 */
const joinedAt = sql<Date>`case when ${users.role} = 'owner' then ${workspaces.createdAt} else coalesce(
  (select max(${invitations.acceptedAt}) from ${invitations}
    where ${invitations.workspaceId} = ${users.workspaceId}
      and lower(${invitations.email}) = lower(${users.email})
      and ${invitations.acceptedAt} is not null),
  ${users.createdAt}) end`.mapWith(users.createdAt);

/** The workspace's accounts, owner first, then by the time they joined. */
export const findMembers = (db: Queryable, p: { workspaceId: string }) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      joinedAt,
    })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .where(eq(users.workspaceId, p.workspaceId))
    .orderBy(sql`${users.role} = 'owner' desc`, joinedAt, users.email);

export async function countMembers(db: Queryable, p: { workspaceId: string }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.workspaceId, p.workspaceId));
  return row?.count ?? 0;
}

/** The account with this e-mail (compared case-insensitively) if it belongs to the workspace. */
export async function findMemberByEmail(db: Queryable, p: { workspaceId: string; email: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.workspaceId, p.workspaceId), sql`lower(${users.email}) = lower(${p.email})`));
  return row;
}

/** The account in the workspace, locked for the change that follows. */
export async function findUserForUpdate(tx: Tx, p: { userId: string; workspaceId: string }) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, p.userId), eq(users.workspaceId, p.workspaceId)))
    .for("update");
  return row;
}

/**
 * Moves an account into another workspace with a role there. A member joins a workspace someone else set up,
 * so the welcome (onboarding, which sets up the workspace's brand) is over for them.
 */
export async function moveUser(
  db: Queryable,
  p: { userId: string; fromWorkspaceId: string; toWorkspaceId: string; role: "owner" | "member"; now: Date },
): Promise<boolean> {
  const moved = await db
    .update(users)
    .set({
      workspaceId: p.toWorkspaceId,
      role: p.role,
      updatedAt: p.now,
      ...(p.role === "member" ? { isFirstTime: false } : {}),
    })
    .where(and(eq(users.id, p.userId), eq(users.workspaceId, p.fromWorkspaceId)))
    .returning({ id: users.id });
  return moved.length === 1;
}

/** Gives an account of the workspace another role; false when it is not in the workspace. */
export async function setRole(
  db: Queryable,
  p: { userId: string; workspaceId: string; role: (typeof users.$inferSelect)["role"]; now: Date },
): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ role: p.role, updatedAt: p.now })
    .where(and(eq(users.id, p.userId), eq(users.workspaceId, p.workspaceId)))
    .returning({ id: users.id });
  return changed.length === 1;
}
