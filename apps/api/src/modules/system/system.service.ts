import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { pingDatabase } from "./industries.repo";

/** Ready means the database answers a query, not merely that the process is up. */
export async function checkHealth(ctx: RequestCtx): Promise<{ status: "ok" }> {
  try {
    await pingDatabase(ctx.db);
  } catch (error) {
    ctx.log.error({ err: error }, "Health check: the database does not answer");
    throw new AppError("DATABASE_UNAVAILABLE", 503, "The database is not available");
  }
  return { status: "ok" };
}
