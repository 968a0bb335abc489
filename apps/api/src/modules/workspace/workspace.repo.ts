import { and, eq, ne } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { users, workspaces } from "../../db/schema";

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
