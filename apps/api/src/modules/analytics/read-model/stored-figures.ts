import { clientOf, type Db } from "../../../db/client";
import { deepFreeze, memoSlot, readModelOf } from "../../../db/read-model/read-model";
import { type ComputedPeriod, isCurrentFigures } from "../brand-figures";
import { type FiguredBrand, type FigureVersion, findStoredFigures } from "../module-reads.repo";

/**
 * Parsed content/competitor figures, kept per brand and period for the version of the stored row they were read
 * from: a hot read fetches only the row's version, never its large payload. A recompute, a refresh or a data change
 * rewrites or deletes the row, so its version changes and the next read fetches the new figures. Shared by every
 * workspace that shows the brand (sample brands are one set of rows), and only ever handed the brands the
 * workspace's own query returned.
 */
const PERIOD_FIGURES = memoSlot<ComputedPeriod>("period-figures", 120);

export interface StoredPeriodFigures extends FigureVersion {
  figures: ComputedPeriod;
}

const keyOf = (brandId: string, periodKey: string) => `${brandId}|${periodKey}`;

/**
 * The current stored figures of each brand that has them for the period (by brand id), one query for all misses.
 * A brand left out has none (or figures of an older version of the methods): its figures are to be computed. A
 * brand's `figures` is the version of its stored row, null when it has none, undefined when it is not known (then
 * the row is read).
 */
export async function storedPeriodFigures(
  db: Db,
  brands: readonly (Pick<FiguredBrand, "id"> & { figures: FigureVersion | null | undefined })[],
  periodKey: string,
): Promise<Map<string, StoredPeriodFigures>> {
  const memo = readModelOf(clientOf(db)).memo(PERIOD_FIGURES);
  const found = new Map<string, StoredPeriodFigures>();
  const misses: string[] = [];
  for (const brand of brands) {
    if (brand.figures === null) continue;
    if (brand.figures === undefined) {
      misses.push(brand.id);
      continue;
    }
    const figures = memo.get(keyOf(brand.id, periodKey), brand.figures.version);
    if (figures) found.set(brand.id, { ...brand.figures, figures });
    else misses.push(brand.id);
  }
  if (misses.length === 0) return found;
  const rows = await findStoredFigures(db, { brandIds: misses, periodKey });
  for (const row of rows.filter((r) => isCurrentFigures(r.payload))) {
    memo.set(keyOf(row.brandId, periodKey), row.figures.version, deepFreeze(row.payload));
    found.set(row.brandId, { ...row.figures, figures: row.payload });
  }
  return found;
}
