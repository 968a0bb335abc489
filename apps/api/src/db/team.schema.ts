import { pgTable, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.schema";
import { invitations } from "./billing.schema";
import { createdAt } from "./columns";

/**
 * The invitation an account signed up with, kept on the server so that joining survives the e-mail confirmation in
 * another tab or browser (docs/decisions.md "Workspaces and team"). Gone with the account or the invitation, and once it joins.
 */
export const pendingInvitations = pgTable("pending_invitations", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  invitationId: uuid("invitation_id")
    .notNull()
    .references(() => invitations.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});
