import type { Tx } from "../../db/client";
import { addMs, DAY_MS } from "../../lib/clock";
import { insertSubscription } from "./subscriptions.repo";
import { insertUser, type UserRow } from "./user.repo";
import { insertWorkspace } from "./workspace.repo";

/** docs/decisions.md "Plans and trials": a new account starts on Starter, a free trial of 14 days. */
export const TRIAL_MS = 14 * DAY_MS;

/** A new workspace named after its owner, on a Starter trial (decisions: a new account starts on Starter). */
export async function createTrialWorkspace(tx: Tx, p: { ownerFirstName: string; now: Date }) {
  const workspace = await insertWorkspace(tx, { name: `${p.ownerFirstName}'s workspace`, now: p.now });
  await insertSubscription(tx, {
    workspaceId: workspace.id,
    plan: "starter",
    status: "active",
    endDate: addMs(p.now, TRIAL_MS),
    now: p.now,
  });
  return workspace;
}

/** A new account: its workspace (owned by it) and the workspace's Starter trial. */
export async function createAccount(
  tx: Tx,
  p: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string | null;
    status: "unconfirmed" | "confirmed";
    now: Date;
    /** The browser's, when it sent one (checked by the caller); UTC otherwise. */
    timeZone?: string | undefined;
  },
): Promise<UserRow> {
  const workspace = await createTrialWorkspace(tx, { ownerFirstName: p.firstName, now: p.now });
  const user = await insertUser(tx, {
    workspaceId: workspace.id,
    role: "owner",
    email: p.email,
    passwordHash: p.passwordHash,
    status: p.status,
    firstName: p.firstName,
    lastName: p.lastName,
    ...(p.timeZone ? { timeZone: p.timeZone } : {}),
    createdAt: p.now,
    updatedAt: p.now,
  });
  return user;
}

/** True for PostgreSQL's unique violation on the e-mail index (two sign-ups racing). */
export function isDuplicateEmail(error: unknown): boolean {
  const cause = error instanceof Error && "cause" in error ? error.cause : error;
  return (
    typeof cause === "object" &&
    cause !== null &&
    "code" in cause &&
    cause.code === "23505" &&
    "constraint" in cause &&
    cause.constraint === "users_email_lower_key"
  );
}
