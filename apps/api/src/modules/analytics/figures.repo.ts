import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { figures } from "../../db/schema";

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
