import type { RequestCtx } from "../../kernel/handler-types";
import { BRANDSCOPE_LOOK, type EmailLook } from "../mail";
import { findWorkspaceName } from "./branding.repo";
import { brandingOf } from "./branding.service";
import { emailLogo } from "./email-logo";

/**
 * How the workspace's e-mails look (apps/api/src/modules/mail/email-shell.ts): its accent and logo when its plan
 * applies custom branding (Professional and Enterprise), Brandscope's otherwise. The logo is read from storage and
 * converted here: call it before a transaction, never while one holds a lock.
 */
export async function emailLook(
  ctx: Pick<RequestCtx, "db" | "storage" | "log" | "clock">,
  workspaceId: string,
): Promise<EmailLook> {
  const { row, available } = await brandingOf(ctx, workspaceId);
  if (!available) return BRANDSCOPE_LOOK;
  const workspaceName = await findWorkspaceName(ctx.db, { workspaceId });
  const logo = await emailLogo(ctx, { workspaceId, workspaceName });
  return { accent: row.accentColor ?? BRANDSCOPE_LOOK.accent, logo };
}
