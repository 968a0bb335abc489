import type { components } from "@brandscope/api-client/schema";
import type { RequestCtx } from "../../http/handler-types";
import { currentBrandOrNotFound, toBrand } from "../brand/brand.service";
import { brandFiguresFor } from "./brand-figures";
import { provenanceOf, withPeriod } from "./module-context";
import type { PeriodQuery } from "./periods";

type Schemas = components["schemas"];

export async function getContent(ctx: RequestCtx, query: PeriodQuery): Promise<Schemas["ContentAnalytics"]> {
  const brand = await currentBrandOrNotFound(ctx);
  const result = await withPeriod(() => brandFiguresFor(ctx.db, brand, query, ctx.clock.now()));
  return {
    window: result.period.window,
    provenance: await provenanceOf(ctx, brand, result),
    brand: toBrand(brand),
    ...result.figures.content,
  };
}
