import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable, Tx } from "../../db/client";
import { invitations, pendingInvitations, subscriptions, users, workspaces } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** The profile fields PATCH /user may change. */
export type ProfileChanges = Partial<
  Pick<
    UserRow,
    | "firstName"
    | "lastName"
    | "phone"
    | "company"
    | "businessType"
    | "country"
    | "industry"
    | "defaultIndustry"
    | "defaultCountry"
    | "isFirstTime"
    | "timeZone"
  >
>;

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email.trim()})`;

/** Any account with this e-mail, compared case-insensitively (the unique index is on lower(email)). */
export async function findUserByEmail(db: Queryable, p: { email: string }): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(p.email));
  return row;
}

export async function findUserById(
  db: Queryable,
  p: { userId: string; workspaceId: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, p.userId), eq(users.workspaceId, p.workspaceId)));
  return row;
}

/** The user with their workspace and its subscription: everything GET /user/me shows. */
const invitingWorkspace = alias(workspaces, "inviting_workspace");
const inviter = alias(users, "inviter");

/**
 * The account with its workspace, plan, and the invitation it signed up with while that one is neither accepted nor
 * withdrawn (its expiry is the caller's to judge).
 */
export async function findUserProfile(db: Queryable, p: { userId: string; workspaceId: string }) {
  const [row] = await db
    .select({
      user: users,
      workspace: { id: workspaces.id, name: workspaces.name },
      subscription: {
        plan: subscriptions.plan,
        status: subscriptions.status,
        endDate: subscriptions.endDate,
      },
      invitation: {
        id: invitations.id,
        email: invitations.email,
        expiresAt: invitations.expiresAt,
        workspaceId: invitations.workspaceId,
        workspaceName: invitingWorkspace.name,
        inviterFirstName: inviter.firstName,
        inviterLastName: inviter.lastName,
      },
    })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .leftJoin(subscriptions, eq(subscriptions.workspaceId, users.workspaceId))
    .leftJoin(pendingInvitations, eq(pendingInvitations.userId, users.id))
    .leftJoin(
      invitations,
      and(
        eq(invitations.id, pendingInvitations.invitationId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .leftJoin(invitingWorkspace, eq(invitingWorkspace.id, invitations.workspaceId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(and(eq(users.id, p.userId), eq(users.workspaceId, p.workspaceId)));
  return row;
}

export type UserProfileRow = NonNullable<Awaited<ReturnType<typeof findUserProfile>>>;

export async function insertUser(db: Queryable, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error("user insert returned no row");
  return row;
}

export async function updateUserProfile(
  db: Queryable,
  p: { userId: string; workspaceId: string; changes: ProfileChanges; now: Date },
) {
  await db
    .update(users)
    .set({ ...p.changes, updatedAt: p.now })
    .where(and(eq(users.id, p.userId), eq(users.workspaceId, p.workspaceId)));
}

export async function updateUserPassword(
  db: Queryable,
  p: { userId: string; workspaceId: string; passwordHash: string; now: Date; confirm?: boolean },
) {
  await db
    .update(users)
    .set({
      passwordHash: p.passwordHash,
      updatedAt: p.now,
      // Only reached through a code e-mailed to the address: it proves the address too.
      ...(p.confirm
        ? { status: sql`case when ${users.status} = 'unconfirmed' then 'confirmed' else ${users.status} end` }
        : {}),
    })
    .where(and(eq(users.id, p.userId), eq(users.workspaceId, p.workspaceId)));
}

/** Moves the user from one status to another; false when the user was not in `from`. */
export async function updateUserStatus(
  db: Queryable,
  p: { userId: string; workspaceId: string; from: UserRow["status"]; to: UserRow["status"]; now: Date },
): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ status: p.to, updatedAt: p.now })
    .where(and(eq(users.id, p.userId), eq(users.workspaceId, p.workspaceId), eq(users.status, p.from)))
    .returning({ id: users.id });
  return changed.length === 1;
}

export async function updateProfilePicture(
  db: Queryable,
  p: { userId: string; workspaceId: string; key: string; now: Date },
) {
  await db
    .update(users)
    .set({ profilePicture: p.key, updatedAt: p.now })
    .where(and(eq(users.id, p.userId), eq(users.workspaceId, p.workspaceId)));
}

export async function deleteUser(db: Queryable, p: { userId: string; workspaceId: string }) {
  await db.delete(users).where(and(eq(users.id, p.userId), eq(users.workspaceId, p.workspaceId)));
}

/**
 * Removes an account that never proved its e-mail address, with the workspace it owns (an unconfirmed user can
 * neither sign in nor join another workspace, so that workspace holds nothing else). False when the account was
 * confirmed meanwhile or is not the owner of its workspace.
 */
export async function deleteUnconfirmedAccount(tx: Tx, p: { userId: string }): Promise<boolean> {
  const [owner] = await tx
    .select({ workspaceId: users.workspaceId })
    .from(users)
    .where(and(eq(users.id, p.userId), eq(users.status, "unconfirmed"), eq(users.role, "owner")))
    .for("update");
  if (!owner) return false;
  await tx.delete(workspaces).where(eq(workspaces.id, owner.workspaceId));
  return true;
}
