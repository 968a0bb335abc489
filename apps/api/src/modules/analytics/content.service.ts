import type { components } from "@brandscope/api-client/schema";
import { keptAnswer } from "../../db/read-model/kept-answers";
import type { ReadCtx } from "../../kernel/handler-types";
import { toBrand } from "../brand";
import { provenanceFrom, readBrandFigures } from "./module-context";
import type { PeriodQuery } from "./periods";
import { CONTENT_ANSWERS } from "./read-model/answer-slots";

type Schemas = components["schemas"];

export async function getContent(ctx: ReadCtx, query: PeriodQuery): Promise<Schemas["ContentAnalytics"]> {
  const { own, unchangedAs } = await readBrandFigures(ctx, query, { competitors: false, totals: false });
  const provenance = provenanceFrom(own.brand, own, { now: ctx.clock.now(), cadence: "social" });
  const variant = `${provenance.stale}|${provenance.recomputing}`;
  return keptAnswer(ctx.db, CONTENT_ANSWERS, unchangedAs, variant, () => ({
    window: own.period.window,
    provenance,
    brand: toBrand(own.brand),
    ...own.figures.content,
  }));
}
