import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { HOUR_MS } from "../../lib/clock";
import { limitRequests } from "../auth";
import { planOf, workspacePlan } from "../billing";
import { importedRowsOf, pendingImportsOf } from "./imports.repo";

/**
 * What a workspace may upload (docs/decisions.md "Import limits"; the numbers are in the README's "Security and
 * reliability"). A person uploading a dozen exports in a row stays far below each; a script uploading without end,
 * or a free sign-up filling PostgreSQL with 50 MB previews, does not. How many large files the server reads at once
 * is export-reads.ts's `largeExportReads` (503 with Retry-After past it).
 */
export const IMPORT_LIMITS = {
  /** Uploads per workspace per hour, previews and imports alike. */
  uploads: { max: 60, windowMs: HOUR_MS },
  /** Previews waiting to be imported or discarded (kept 24 hours), per workspace. */
  pendingImports: 20,
  /** The bytes those previews' files may hold together, per workspace. */
  pendingBytes: 200 * 1024 * 1024,
} as const;

const MB = 1024 * 1024;

/** Before the upload is read: counts it against the workspace's hourly uploads, 429 past them. */
export async function meterUpload(ctx: RequestCtx, workspaceId: string): Promise<void> {
  await limitRequests(
    ctx,
    { key: `imports:${workspaceId}`, ...IMPORT_LIMITS.uploads },
    (wait) =>
      `Your workspace uploaded ${IMPORT_LIMITS.uploads.max} files in the last hour. You can upload more in ${wait}.`,
  );
}

/** Before a preview is kept: 409 when the workspace's waiting previews are at their number or size. */
export async function checkPendingRoom(ctx: RequestCtx, p: { workspaceId: string; bytes: number }) {
  const pending = await pendingImportsOf(ctx.db, { workspaceId: p.workspaceId });
  if (pending.count < IMPORT_LIMITS.pendingImports && pending.bytes + p.bytes <= IMPORT_LIMITS.pendingBytes)
    return;
  throw new AppError(
    "TOO_MANY_PENDING",
    409,
    `${pending.count} uploaded ${pending.count === 1 ? "file is" : "files are"} waiting to be imported or discarded ` +
      `(${Math.ceil(pending.bytes / MB)} MB; at most ${IMPORT_LIMITS.pendingImports} files or ` +
      `${IMPORT_LIMITS.pendingBytes / MB} MB wait at a time): import or discard them on Data sources first.`,
  );
}

/** Before rows are stored: 402 PLAN_LIMIT when they would take the workspace past its plan's imported rows. */
export async function checkImportedRows(ctx: RequestCtx, p: { workspaceId: string; adding: number }) {
  const { plan, limits } = await workspacePlan(ctx.db, { workspaceId: p.workspaceId, now: ctx.clock.now() });
  const stored = await importedRowsOf(ctx.db, { workspaceId: p.workspaceId });
  if (stored + p.adding <= limits.importedRows) return;
  const number = (n: number) => n.toLocaleString("en-GB");
  throw new AppError(
    "PLAN_LIMIT",
    402,
    `Your ${planOf(plan).name} plan keeps up to ${number(limits.importedRows)} imported rows; your imports keep ` +
      `${number(stored)} and this file adds ${number(p.adding)}. Remove older imports on Data sources` +
      `${plan === "enterprise" ? "" : ", or upgrade to keep more"}.`,
  );
}
