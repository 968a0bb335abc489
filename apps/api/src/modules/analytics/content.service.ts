import type { components } from "@brandscope/api-client/schema";
import type { RequestCtx } from "../../http/handler-types";
import { toBrand } from "../brand/brand.service";
import { provenanceFrom, readBrandFigures } from "./module-context";
import type { PeriodQuery } from "./periods";

type Schemas = components["schemas"];

export async function getContent(ctx: RequestCtx, query: PeriodQuery): Promise<Schemas["ContentAnalytics"]> {
  const { own } = await readBrandFigures(ctx, query, { competitors: false, totals: false });
  return {
    window: own.period.window,
    provenance: provenanceFrom(own.brand, own, { now: ctx.clock.now(), cadence: "social" }),
    brand: toBrand(own.brand),
    ...own.figures.content,
  };
}
