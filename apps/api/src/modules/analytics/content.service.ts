import type { components } from "@brandscope/api-client/schema";
import type { RequestCtx } from "../../kernel/handler-types";
import { type JsonText, jsonMerge, jsonOnce } from "../../kernel/json-text";
import { toBrand } from "../brand/brand.service";
import { provenanceFrom, readBrandFigures } from "./module-context";
import type { PeriodQuery } from "./periods";

type Schemas = components["schemas"];

export async function getContent(
  ctx: RequestCtx,
  query: PeriodQuery,
): Promise<JsonText<Schemas["ContentAnalytics"]>> {
  const { own } = await readBrandFigures(ctx, query, { competitors: false, totals: false });
  const head = {
    window: own.period.window,
    provenance: provenanceFrom(own.brand, own, { now: ctx.clock.now(), cadence: "social" }),
    brand: toBrand(own.brand),
  };
  // The stored figures are the bulk of the answer: serialized once per stored row (json-text.ts).
  return jsonMerge(head, jsonOnce(own.figures.content));
}
