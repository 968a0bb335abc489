import { and, eq, inArray, lt } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { brands, figures } from "../../db/schema";

export type FigureModule = "content" | "competitor-entry" | "pillars" | "dashboard";

export interface StoredFigure<T> {
  payload: T;
  dataAsOf: Date | null;
  computedAt: Date;
}

export async function findFigure<T>(
  db: Queryable,
  p: { brandId: string; module: FigureModule; periodKey: string },
): Promise<StoredFigure<T> | undefined> {
  const [row] = await db
    .select({ payload: figures.payload, dataAsOf: figures.dataAsOf, computedAt: figures.computedAt })
    .from(figures)
    .where(
      and(eq(figures.brandId, p.brandId), eq(figures.module, p.module), eq(figures.periodKey, p.periodKey)),
    );
  return row ? { payload: row.payload as T, dataAsOf: row.dataAsOf, computedAt: row.computedAt } : undefined;
}

export async function saveFigure(
  db: Queryable,
  p: {
    brandId: string;
    module: FigureModule;
    periodKey: string;
    payload: unknown;
    dataAsOf: Date | null;
    computedAt: Date;
  },
) {
  await db
    .insert(figures)
    .values(p)
    .onConflictDoUpdate({
      target: [figures.brandId, figures.module, figures.periodKey],
      set: { payload: p.payload, dataAsOf: p.dataAsOf, computedAt: p.computedAt },
    });
}

/** Drops what was computed from data that has changed since; named periods are recomputed by the job. */
export async function deleteFigures(db: Queryable, p: { brandId: string }) {
  await db.delete(figures).where(eq(figures.brandId, p.brandId));
}

/** Which of these brands have a figure stored for the module and period. */
export async function findBrandsWithFigures(
  db: Queryable,
  p: { brandIds: string[]; module: FigureModule; periodKey: string },
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ brandId: figures.brandId })
    .from(figures)
    .where(
      and(
        inArray(figures.brandId, p.brandIds),
        eq(figures.module, p.module),
        eq(figures.periodKey, p.periodKey),
      ),
    );
  return rows.map((row) => row.brandId);
}

/**
 * The brands of one's own (not the sample data set's) whose named periods were stored before `since`, the start
 * of today: their "30 days" ends on an earlier day and is recomputed (brand-figures.ts endsOnToday). Any brand
 * with stored figures, whatever workspace it belongs to: the daily refresh's recompute is not the caller's read.
 */
export async function findBrandsWithNamedPeriodsBefore(db: Queryable, p: { since: Date }): Promise<string[]> {
  const rows = await db
    .select({ brandId: figures.brandId })
    .from(figures)
    .innerJoin(brands, eq(brands.id, figures.brandId))
    .where(
      and(
        eq(figures.module, "content"),
        eq(figures.periodKey, "30d"),
        eq(brands.sample, false),
        lt(figures.computedAt, p.since),
      ),
    );
  return rows.map((row) => row.brandId);
}
