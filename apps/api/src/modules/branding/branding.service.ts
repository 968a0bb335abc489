import type { components } from "@brandscope/api-client/schema";
import type { FastifyRequest } from "fastify";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { readUploadedFile } from "../../kernel/multipart";
import { contentKey, type FileStorage } from "../../kernel/storage";
import { planOf, workspacePlan } from "../billing";
import { PICTURE_MAX_BYTES, reencodePicture } from "../user";
import { accentProblem, textOn } from "./accent-contrast";
import { type BrandingRow, findBranding, saveBranding } from "./branding.repo";

type WorkspaceBranding = components["schemas"]["WorkspaceBranding"];

/** The settings as the contract shows them: kept on every plan, `applied` only where the plan includes them. */
export function toBrandingDto(
  row: BrandingRow,
  available: boolean,
  storage: Pick<FileStorage, "urlOf">,
): WorkspaceBranding {
  return {
    available,
    applied: available && (row.logo !== null || row.accentColor !== null),
    logo: row.logo ? storage.urlOf(row.logo) : null,
    accentColor: row.accentColor,
    accentForeground: row.accentColor ? textOn(row.accentColor) : null,
  };
}

/** The workspace's branding and whether its plan includes it, for any reader (the shell, e-mails, exports). */
export async function brandingOf(ctx: Pick<RequestCtx, "db" | "clock">, workspaceId: string) {
  const [row, { limits }] = await Promise.all([
    findBranding(ctx.db, { workspaceId }),
    workspacePlan(ctx.db, { workspaceId, now: ctx.clock.now() }),
  ]);
  return { row, available: limits.customBranding };
}

export async function getBranding(ctx: RequestCtx): Promise<WorkspaceBranding> {
  const { row, available } = await brandingOf(ctx, workspaceOf(ctx));
  return toBrandingDto(row, available, ctx.storage);
}

/** 402 on a plan without custom branding: the settings are a Professional and Enterprise feature. */
async function assertAvailable(ctx: RequestCtx, workspaceId: string) {
  const { plan, limits } = await workspacePlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  if (limits.customBranding) return;
  throw new AppError(
    "PLAN_LIMIT",
    402,
    `Custom branding is not part of the ${planOf(plan).name} plan. Upgrade to Professional to set a logo and a colour.`,
  );
}

export async function updateBranding(
  ctx: RequestCtx,
  body: components["schemas"]["UpdateBrandingRequest"],
): Promise<WorkspaceBranding> {
  const workspaceId = workspaceOf(ctx);
  await assertAvailable(ctx, workspaceId);
  const accentColor = body.accentColor?.toLowerCase() ?? null;
  const problem = accentColor ? accentProblem(accentColor) : undefined;
  if (problem) {
    throw new AppError("ACCENT_CONTRAST", 422, problem, [{ path: "/accentColor", message: problem }]);
  }
  const { after } = await saveBranding(ctx.db, { workspaceId, changes: { accentColor } });
  return toBrandingDto(after, true, ctx.storage);
}

export async function uploadBrandingLogo(
  ctx: RequestCtx,
  request: FastifyRequest,
): Promise<WorkspaceBranding> {
  const workspaceId = workspaceOf(ctx);
  await assertAvailable(ctx, workspaceId);
  const file = await readUploadedFile(request, { field: "file", maxBytes: PICTURE_MAX_BYTES });
  const logo = await reencodePicture(file.data, "logo");
  const key = contentKey("workspace-logos", workspaceId, logo, "webp");
  await ctx.storage.put(key, logo, "image/webp");
  const { before, after } = await saveBranding(ctx.db, { workspaceId, changes: { logo: key } });
  if (before.logo && before.logo !== key) await removeStored(ctx, before.logo);
  return toBrandingDto(after, true, ctx.storage);
}

export async function removeBrandingLogo(ctx: RequestCtx): Promise<WorkspaceBranding> {
  const workspaceId = workspaceOf(ctx);
  const { before, after } = await saveBranding(ctx.db, { workspaceId, changes: { logo: null } });
  if (before.logo) await removeStored(ctx, before.logo);
  const { limits } = await workspacePlan(ctx.db, { workspaceId, now: ctx.clock.now() });
  return toBrandingDto(after, limits.customBranding, ctx.storage);
}

/** Best effort: a logo left behind is only clutter, never a reason to fail the request. */
async function removeStored(ctx: RequestCtx, key: string): Promise<void> {
  await ctx.storage
    .delete(key)
    .catch((error: unknown) => ctx.log.warn({ err: error, key }, "Could not remove a stored file"));
}
