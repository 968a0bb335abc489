import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { workspaceBranding, workspaces } from "../../db/schema";

export type BrandingRow = Pick<typeof workspaceBranding.$inferSelect, "logo" | "accentColor">;

const fields = { logo: workspaceBranding.logo, accentColor: workspaceBranding.accentColor };

/** The workspace's branding settings, or nothing set. */
export async function findBranding(db: Queryable, p: { workspaceId: string }): Promise<BrandingRow> {
  const [row] = await db
    .select(fields)
    .from(workspaceBranding)
    .where(eq(workspaceBranding.workspaceId, p.workspaceId));
  return row ?? { logo: null, accentColor: null };
}

/** Sets the given settings, keeping the others; answers what was stored before, so a replaced logo can go. */
export async function saveBranding(
  db: Queryable,
  p: { workspaceId: string; changes: Partial<BrandingRow> },
): Promise<{ before: BrandingRow; after: BrandingRow }> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select(fields)
      .from(workspaceBranding)
      .where(eq(workspaceBranding.workspaceId, p.workspaceId))
      .for("update");
    const before = previous ?? { logo: null, accentColor: null };
    const [after] = await tx
      .insert(workspaceBranding)
      .values({ workspaceId: p.workspaceId, ...before, ...p.changes })
      .onConflictDoUpdate({
        target: workspaceBranding.workspaceId,
        set: { ...p.changes, updatedAt: sql`now()` },
      })
      .returning(fields);
    if (!after) throw new Error("The branding row was not stored");
    return { before, after };
  });
}

/** The workspace's name, for file names and e-mails. */
export async function findWorkspaceName(db: Queryable, p: { workspaceId: string }): Promise<string> {
  const [row] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, p.workspaceId));
  return row?.name ?? "";
}
