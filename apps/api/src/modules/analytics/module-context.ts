import type { components } from "@brandscope/api-client/schema";
import { AppError } from "../../http/errors";
import type { RequestCtx } from "../../http/handler-types";
import type { BrandRow } from "../brand/brand.repo";
import { findLatestImport } from "./brand-data.repo";
import { PeriodError } from "./periods";

type Provenance = components["schemas"]["Provenance"];

/** Where a brand's figures come from: the sample, its latest import, or its website (which has no figures). */
export async function provenanceOf(
  ctx: RequestCtx,
  brand: Pick<BrandRow, "id" | "sample">,
  times: { dataAsOf: Date | null; computedAt: Date },
): Promise<Provenance> {
  const base = {
    dataAsOf: times.dataAsOf?.toISOString() ?? null,
    computedAt: times.computedAt.toISOString(),
  };
  if (brand.sample) return { source: "sample", sourceName: null, ...base };
  const latest = await findLatestImport(ctx.db, { brandId: brand.id });
  return latest
    ? { source: "csv_import", sourceName: latest.format, ...base }
    : { source: "website", sourceName: null, ...base };
}

/** A bad period query is the caller's mistake: 400 with the reason. */
export async function withPeriod<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PeriodError) {
      throw new AppError("VALIDATION_FAILED", 400, error.message, [
        { path: "/period", message: error.message },
      ]);
    }
    throw error;
  }
}
