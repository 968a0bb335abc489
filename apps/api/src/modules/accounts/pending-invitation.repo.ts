import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { invitations, pendingInvitations } from "../../db/schema";

/**
 * Links a new account to the invitation its sign-up came from, when that is an open invitation to the account's
 * address (any other token is ignored: the sign-up learns nothing of it). See db/team.schema.ts.
 */
export async function linkPendingInvitation(
  db: Queryable,
  p: { userId: string; email: string; tokenHash: string; now: Date },
): Promise<void> {
  await db.execute(sql`insert into ${pendingInvitations} (user_id, invitation_id)
    select ${p.userId}, ${invitations.id} from ${invitations}
    where ${invitations.tokenHash} = ${p.tokenHash} and lower(${invitations.email}) = ${p.email.toLowerCase()}
      and ${invitations.acceptedAt} is null and ${invitations.revokedAt} is null and ${invitations.expiresAt} > ${p.now}`);
}

/** The account joined (or left) through its pending invitation: it no longer leads to the join screen. */
export async function forgetPendingInvitation(db: Queryable, p: { userId: string }): Promise<void> {
  await db.delete(pendingInvitations).where(eq(pendingInvitations.userId, p.userId));
}

/** The id of the invitation the account signed up with, if it still has one. */
export async function findPendingInvitationId(db: Queryable, p: { userId: string }) {
  const [row] = await db
    .select({ invitationId: pendingInvitations.invitationId })
    .from(pendingInvitations)
    .where(eq(pendingInvitations.userId, p.userId));
  return row?.invitationId;
}
