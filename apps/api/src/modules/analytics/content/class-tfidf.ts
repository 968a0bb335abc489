/** Term → score for each class, BERTopic's c-TF-IDF (§1.7 step 5). */
export function classTfIdf(classCounts: readonly Map<string, number>[]): Map<string, number>[] {
  const totals = new Map<string, number>();
  let words = 0;
  for (const counts of classCounts) {
    for (const [term, count] of counts) {
      totals.set(term, (totals.get(term) ?? 0) + count);
      words += count;
    }
  }
  const averageWords = classCounts.length > 0 ? words / classCounts.length : 0;
  return classCounts.map((counts) => {
    const classWords = [...counts.values()].reduce((a, b) => a + b, 0);
    const scores = new Map<string, number>();
    for (const [term, count] of counts) {
      const frequency = classWords > 0 ? count / classWords : 0;
      scores.set(term, frequency * Math.log(1 + averageWords / (totals.get(term) as number)));
    }
    return scores;
  });
}

/** Highest score first, then alphabetical, so equal scores never reorder between runs. */
export const rankTerms = (scores: Map<string, number>) =>
  [...scores].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).map(([term]) => term);

const MAX_LABEL_TERMS = 3;
/** A third term joins the label only when it is nearly as characteristic as the second. */
const THIRD_TERM_SHARE = 0.6;

const titleCase = (term: string) =>
  term
    .split(" ")
    .map((word) => word.charAt(0).toLocaleUpperCase("en") + word.slice(1))
    .join(" ");

/**
 * A readable label from the top terms (§1.7 step 5): skips a term whose words repeat or contain a chosen term's
 * (a cheap stand-in for MMR diversity) and any word in `exclude` (a sub-pillar need not repeat its parent).
 */
export function labelFromScores(
  scores: Map<string, number>,
  exclude: ReadonlySet<string> = new Set(),
): { label: string; terms: string[] } {
  const chosen: string[] = [];
  const used = new Set<string>();
  for (const term of rankTerms(scores)) {
    const words = term.split(" ");
    if (words.some((w) => used.has(w) || exclude.has(w))) continue;
    if (chosen.length === 2) {
      const second = scores.get(chosen[1] as string) as number;
      if ((scores.get(term) as number) < THIRD_TERM_SHARE * second) break;
    }
    chosen.push(term);
    for (const w of words) used.add(w);
    if (chosen.length === MAX_LABEL_TERMS) break;
  }
  if (chosen.length === 0) return { label: "Mixed", terms: [] };
  const titled = chosen.map(titleCase);
  const label =
    titled.length <= 2 ? titled.join(" & ") : `${titled.slice(0, -1).join(", ")} & ${titled.at(-1)}`;
  return { label, terms: chosen };
}
