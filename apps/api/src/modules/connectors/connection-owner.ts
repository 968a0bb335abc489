import type { Queryable } from "../../db/client";
import type { ConnectorProvider } from "../../db/schema";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import type { ConnectionJob } from "../../kernel/job-queue";
import { findCurrentBrand } from "../brand";
import { type ConnectionOwner, type ConnectionRow, findConnection } from "./connections.repo";

/**
 * Whose connections a connector operation reads or changes: the brand the call chose (X-Brand-Id, checked by
 * http/chosen-brand.ts), else the workspace's newest, as for every brand-scoped operation; none while the workspace
 * has no brand. Each brand has its own connections (docs/decisions.md "Several brands").
 */
export async function findConnectionOwner(
  db: Queryable,
  p: { workspaceId: string; brandId: string | undefined },
): Promise<ConnectionOwner | undefined> {
  const brand = await findCurrentBrand(db, p);
  return brand && { workspaceId: p.workspaceId, brandId: brand.id };
}

/** The caller's connection owner (findConnectionOwner); 404 NO_BRAND while the workspace has no brand. */
export async function connectionOwner(ctx: Pick<RequestCtx, "db" | "brandId" | "workspaceId">) {
  const owner = await findConnectionOwner(ctx.db, { workspaceId: workspaceOf(ctx), brandId: ctx.brandId });
  if (!owner) throw new AppError("NO_BRAND", 404, "Connect a brand first: no brand is connected yet.");
  return owner;
}

/**
 * A sync job's brand (the one it was queued for; the newest for a job queued before brands had their own
 * connections) and that brand's connection to the provider; none when either is gone (nothing to read).
 */
export async function findJobConnection(
  db: Queryable,
  data: ConnectionJob,
  provider: ConnectorProvider,
): Promise<{ owner: ConnectionOwner; connection: ConnectionRow } | undefined> {
  const owner = await findConnectionOwner(db, { workspaceId: data.workspaceId, brandId: data.brandId });
  const connection = owner && (await findConnection(db, { ...owner, provider }));
  return owner && connection && { owner, connection };
}
