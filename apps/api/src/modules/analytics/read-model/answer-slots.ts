import type { components } from "@brandscope/api-client/schema";
import { clientOf, type Db } from "../../../db/client";
import type { KeptAnswer } from "../../../db/read-model/kept-answers";
import { deepFreeze, derivedSlot, memoSlot, readModelOf } from "../../../db/read-model/read-model";

type Schemas = components["schemas"];

/**
 * The answers of the hot module reads, kept for as long as the kept values they were made from (module-context.ts
 * `unchangedAs`, a persona's kept row) by db/read-model/kept-answers.ts `keptAnswer`. An answer is tens of
 * kilobytes: assembling it anew for every request made most of a read's garbage, and the HTTP layer serializes a
 * kept (frozen) answer once (http/json-answer.ts).
 */
export const CONTENT_ANSWERS = derivedSlot<KeptAnswer<Schemas["ContentAnalytics"]>>("content-answers");
export const COMPETITOR_ANSWERS =
  derivedSlot<KeptAnswer<Schemas["CompetitorAnalytics"]>>("competitor-answers");
export const PERSONA_ANSWERS = derivedSlot<KeptAnswer<Schemas["PersonaDetails"]>>("persona-answers");

export type LandscapeFigures = Pick<Schemas["CompetitorAnalytics"], "shareOfVoice" | "breakoutPosts">;

/**
 * The landscape is whichever competitors the workspace follows, so its figures are combined from each company's
 * stored figures when read. Combining sorts thousands of engagement rates for the medians: the answer is kept
 * for the set of stored rows it came from (`versions`), as the rows' figures themselves are (stored-figures.ts).
 */
const LANDSCAPES = memoSlot<LandscapeFigures>("landscapes", 200);

/** The landscape of companies whose stored rows are `versions` (undefined: one was computed by this read). */
export function keptLandscape(
  db: Db,
  versions: string | undefined,
  make: () => LandscapeFigures,
): LandscapeFigures {
  if (versions === undefined) return make();
  const landscapes = readModelOf(clientOf(db)).memo(LANDSCAPES);
  const kept = landscapes.get(versions, "");
  if (kept) return kept;
  const landscape = deepFreeze(make());
  landscapes.set(versions, "", landscape);
  return landscape;
}
