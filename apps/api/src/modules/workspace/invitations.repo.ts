import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { invitations, users, workspaces } from "../../db/schema";

export type InvitationRow = typeof invitations.$inferSelect;

/** Neither accepted nor revoked (it may have expired). */
const open = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

const listed = {
  id: invitations.id,
  email: invitations.email,
  expiresAt: invitations.expiresAt,
  createdAt: invitations.createdAt,
};

/** The workspace's open invitations, newest first. */
export const findOpenInvitations = (db: Queryable, p: { workspaceId: string }) =>
  db
    .select(listed)
    .from(invitations)
    .where(and(eq(invitations.workspaceId, p.workspaceId), open))
    .orderBy(desc(invitations.createdAt), invitations.email);

/** One open invitation of the workspace, locked for the change that follows. */
export async function findOpenInvitationForUpdate(tx: Tx, p: { id: string; workspaceId: string }) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, p.id), eq(invitations.workspaceId, p.workspaceId), open))
    .for("update");
  return row;
}

/** The workspace's open invitation to this address (there is at most one: see the partial unique index). */
export async function findOpenInvitationByEmail(db: Queryable, p: { workspaceId: string; email: string }) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, p.workspaceId),
        sql`lower(${invitations.email}) = lower(${p.email})`,
        open,
      ),
    );
  return row;
}

/** Open invitations still within their 7 days, except `exceptId`: each holds a seat of the plan's limit. */
export async function countPendingInvitations(
  db: Queryable,
  p: { workspaceId: string; now: Date; exceptId?: string },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, p.workspaceId),
        open,
        gt(invitations.expiresAt, p.now),
        p.exceptId ? ne(invitations.id, p.exceptId) : undefined,
      ),
    );
  return row?.count ?? 0;
}

export async function insertInvitation(
  db: Queryable,
  p: { workspaceId: string; email: string; tokenHash: string; invitedBy: string; expiresAt: Date; now: Date },
) {
  const [row] = await db
    .insert(invitations)
    .values({
      workspaceId: p.workspaceId,
      email: p.email,
      tokenHash: p.tokenHash,
      invitedBy: p.invitedBy,
      expiresAt: p.expiresAt,
      createdAt: p.now,
    })
    .returning(listed);
  if (!row) throw new Error("invitation insert returned no row");
  return row;
}

/** A new link for an open invitation: the old token's hash is replaced, so the old link stops working. */
export async function renewInvitation(
  db: Queryable,
  p: { id: string; workspaceId: string; tokenHash: string; invitedBy: string; expiresAt: Date },
) {
  const [row] = await db
    .update(invitations)
    .set({ tokenHash: p.tokenHash, invitedBy: p.invitedBy, expiresAt: p.expiresAt })
    .where(and(eq(invitations.id, p.id), eq(invitations.workspaceId, p.workspaceId), open))
    .returning(listed);
  return row;
}

/** Revokes an open invitation of the workspace; false when there is none with this id. */
export async function revokeInvitation(
  db: Queryable,
  p: { id: string; workspaceId: string; now: Date },
): Promise<boolean> {
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: p.now })
    .where(and(eq(invitations.id, p.id), eq(invitations.workspaceId, p.workspaceId), open))
    .returning({ id: invitations.id });
  return revoked.length === 1;
}

/**
 * Which workspace a link's token (or, for the account that signed up with it, the invitation's id) invites to, in
 * any state, without a lock: the caller locks in order.
 */
export async function findInvitationWorkspace(db: Queryable, p: { tokenHash: string } | { id: string }) {
  const [row] = await db
    .select({ id: invitations.id, workspaceId: invitations.workspaceId })
    .from(invitations)
    .where("id" in p ? eq(invitations.id, p.id) : eq(invitations.tokenHash, p.tokenHash));
  return row;
}

/** An invitation with its workspace's name and its inviter's name. */
const invitationWithNames = (db: Queryable) =>
  db
    .select({
      invitation: invitations,
      workspaceName: workspaces.name,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
    })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .leftJoin(users, eq(users.id, invitations.invitedBy));

/** The invitation with its names, locked for the join that follows; with a token, only while the token is its. */
export async function findInvitationForUpdate(tx: Tx, p: { id: string; tokenHash?: string }) {
  const [row] = await invitationWithNames(tx)
    .where(and(eq(invitations.id, p.id), p.tokenHash ? eq(invitations.tokenHash, p.tokenHash) : undefined))
    .for("update", { of: invitations });
  return row;
}

/** The invitation a link's token names, with its names (no lock: only read). */
export async function findInvitationByToken(db: Queryable, p: { tokenHash: string }) {
  const [row] = await invitationWithNames(db).where(eq(invitations.tokenHash, p.tokenHash));
  return row;
}

export async function markInvitationAccepted(db: Queryable, p: { id: string; now: Date }) {
  await db.update(invitations).set({ acceptedAt: p.now }).where(eq(invitations.id, p.id));
}
