import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema";

/** Whether the user still belongs to the workspace (a consent outlives no change of membership). */
export async function isMember(db: Queryable, p: { userId: string; workspaceId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, p.userId), eq(users.workspaceId, p.workspaceId)));
  return row !== undefined;
}
