import type { Queryable } from "../../db/client";
import type { SafeFetchOptions } from "../../lib/safe-fetch";
import { findWebsiteRead, saveWebsiteRead, storeArticles } from "./articles.repo";
import { readWebsiteArticles } from "./read-articles";

/**
 * Reads a company's articles from its website (read-articles.ts) and stores them with where the read ended. A
 * failed read keeps the articles already stored and says why; it never fails the website's collection. Answers
 * whether articles were added, so the caller recomputes the figures only then.
 */
export async function refreshArticles(
  db: Queryable,
  p: {
    brandId: string;
    site: { url: string; feedUrls: readonly string[] };
    fetch: SafeFetchOptions;
    now: Date;
  },
): Promise<{ added: number }> {
  const previous = await findWebsiteRead(db, { brandId: p.brandId });
  const read = await readWebsiteArticles(p.site, p.fetch);
  if (!read.ok) {
    await noteWebsiteProblem(db, { brandId: p.brandId, problem: read.problem, now: p.now });
    return { added: 0 };
  }
  const oldest = new Date(Math.min(p.now.getTime(), ...read.articles.map((a) => a.publishedAt.getTime())));
  // The days since this read's oldest article are complete; so are earlier ones a previous read covered, if this
  // read reaches back to when that one was made (a feed of the 10 newest items read every day).
  const continues = previous?.coveredFrom && previous.lastSuccessAt && oldest <= previous.lastSuccessAt;
  const coveredFrom =
    continues && previous.coveredFrom && previous.coveredFrom < oldest ? previous.coveredFrom : oldest;
  const added = await storeArticles(db, {
    brandId: p.brandId,
    articles: read.articles,
    datedBy: read.datedBy,
  });
  await saveWebsiteRead(db, {
    brandId: p.brandId,
    requestedAt: null,
    lastRunAt: p.now,
    lastSuccessAt: p.now,
    sourceUrl: read.sourceUrl,
    datedBy: read.datedBy,
    coveredFrom,
    articles: (previous?.articles ?? 0) + added,
    problem: null,
  });
  return { added };
}

/** A read that found nothing, or a website that could not be read at all: the articles stored are kept. */
export async function noteWebsiteProblem(db: Queryable, p: { brandId: string; problem: string; now: Date }) {
  const previous = await findWebsiteRead(db, { brandId: p.brandId });
  await saveWebsiteRead(db, {
    brandId: p.brandId,
    requestedAt: null,
    lastRunAt: p.now,
    lastSuccessAt: previous?.lastSuccessAt ?? null,
    sourceUrl: previous?.sourceUrl ?? null,
    datedBy: previous?.datedBy ?? null,
    coveredFrom: previous?.coveredFrom ?? null,
    articles: previous?.articles ?? 0,
    problem: p.problem,
  });
}
