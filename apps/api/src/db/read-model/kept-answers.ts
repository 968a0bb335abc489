import { clientOf, type Db } from "../client";
import { type DerivedSlot, deepFreeze, readModelOf } from "./read-model";

/** An answer kept in a slot of the read model (`keptAnswer`), with what else it was made for. */
export interface KeptAnswer<A> {
  /** What else the answer depends on, besides the kept values it was made from (whether it is stale). */
  variant: string;
  answer: A;
}

/**
 * The answer made from `from` for `variant`: kept while `from` is (undefined: made from values this read computed,
 * so made anew), frozen, and made again when the variant differs. The slots, one per kind of answer, are the
 * module's (modules/analytics/read-model/answer-slots.ts).
 */
export function keptAnswer<A extends object>(
  db: Db,
  slot: DerivedSlot<KeptAnswer<A>>,
  from: object | undefined,
  variant: string,
  make: () => A,
): A {
  if (!from) return make();
  const answers = readModelOf(clientOf(db)).derived(slot);
  const kept = answers.get(from);
  if (kept && kept.variant === variant) return kept.answer;
  const answer = deepFreeze(make());
  answers.set(from, { variant, answer });
  return answer;
}
