import sharp from "sharp";
import type { RequestCtx } from "../../kernel/handler-types";
import type { EmailLogo } from "../auth";
import { brandingOf } from "./branding.service";

/** How long reading the logo from an S3-compatible bucket may take before the e-mail goes without it. */
const FETCH_TIMEOUT_MS = 5_000;

async function logoBytes(ctx: Pick<RequestCtx, "storage">, key: string): Promise<Buffer | undefined> {
  if (ctx.storage.read) return (await ctx.storage.read(key))?.body;
  const response = await fetch(ctx.storage.urlOf(key), { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  return response.ok ? Buffer.from(await response.arrayBuffer()) : undefined;
}

/**
 * The workspace's logo for an e-mail sent on its behalf (an invitation), when its plan applies custom branding.
 * Stored as WebP, which several mail clients (Outlook) do not show, so it goes as PNG. Best effort: without it the
 * e-mail carries the Brandscope name, as on Starter.
 */
export async function emailLogo(
  ctx: Pick<RequestCtx, "db" | "storage" | "log" | "clock">,
  p: { workspaceId: string; workspaceName: string },
): Promise<EmailLogo | undefined> {
  const { row, available } = await brandingOf(ctx, p.workspaceId);
  if (!available || !row.logo) return undefined;
  try {
    const stored = await logoBytes(ctx, row.logo);
    if (!stored) return undefined;
    // Our own re-encoded logo, at most 512×256: small enough to convert without the upload semaphore.
    const png = await sharp(stored).png().toBuffer();
    return {
      cid: "workspace-logo",
      filename: "logo.png",
      contentType: "image/png",
      base64: png.toString("base64"),
      alt: `${p.workspaceName} logo`,
    };
  } catch (error) {
    ctx.log.warn({ err: error, key: row.logo }, "Could not attach the workspace's logo to an e-mail");
    return undefined;
  }
}
