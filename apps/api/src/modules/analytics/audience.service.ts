import type { components } from "@brandscope/api-client/schema";
import { keptAnswer } from "../../db/read-model/kept-answers";
import { workspaceOf } from "../../kernel/caller";
import { AppError } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import { insufficientSegments, MIN_SEGMENTS } from "./audience";
import { countOwnSegments } from "./audience.repo";
import { containsPattern } from "./like-pattern";
import { provenanceFrom } from "./module-context";
import { planLimitsOf } from "./module-plan";
import {
  findAudienceSource,
  findPersonaPage,
  findTopPersonaIds,
  findVisiblePersona,
  type PersonaSummaryRow,
} from "./module-reads.repo";
import { PERSONA_ANSWERS } from "./read-model/answer-slots";

type Schemas = components["schemas"];

function toSummary(row: Omit<PersonaSummaryRow, "sortKey" | "total">): Schemas["PersonaSummary"] {
  return {
    id: row.id,
    name: row.name,
    ageMin: row.ageMin,
    ageMax: row.ageMax,
    gender: row.gender as Schemas["PersonaSummary"]["gender"],
    interests: row.interests,
    platforms: row.platforms as Schemas["SocialNetwork"][],
    size: row.size,
    share: row.share,
    engagementRate: row.engagementRate,
    country: row.country,
    industry: row.industry,
  };
}

const bySortKey = (a: { sortKey: string; id: string }, b: { sortKey: string; id: string }) =>
  a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * Personas of the workspace's brand and competitors, by name, a page at a time. Starter sees the 3 largest
 * (of the filtered industry) and is told the list is limited; `total` still counts every match, so the app can
 * say how many more a paid plan shows.
 */
type PersonaFilters = Pick<
  Parameters<typeof findPersonaPage>[1],
  "workspaceId" | "brandId" | "country" | "industry" | "search"
>;

/**
 * How many personas the Audience list holds: the own brand's and its competitors', whatever the plan shows of them
 * (Starter sees the largest 3, and the list's `total` still counts them all). The list's own pages carry the same
 * count from the same statement; the dashboard's "Personas" headline is this, unfiltered, so the two never differ.
 */
export async function countPersonas(ctx: RequestCtx, filters: PersonaFilters): Promise<number> {
  const { rows } = await findPersonaPage(ctx.db, { ...filters, order: "name", limit: 1, offset: 0 });
  return rows[0]?.total ?? 0;
}

export async function listPersonas(
  ctx: RequestCtx,
  query: { limit?: number; page?: number; country?: string; industry?: string; search?: string },
): Promise<Schemas["PersonaList"]> {
  const workspaceId = workspaceOf(ctx);
  const search = query.search?.trim();
  const filters = {
    workspaceId,
    brandId: ctx.brandId,
    country: query.country,
    industry: query.industry,
    search: search ? containsPattern(search.toLowerCase()) : undefined,
  };
  const limit = query.limit ?? 20;
  const page = query.page ?? 1;
  // The page a paid plan shows, with the workspace's plan in the same round trip; Starter then reads its own.
  const { rows, subscription } = await findPersonaPage(ctx.db, {
    ...filters,
    order: "name",
    limit,
    offset: (page - 1) * limit,
  });
  const top = planLimitsOf(subscription, ctx.clock.now()).topPersonas;
  if (top !== null) {
    const largest = (await findPersonaPage(ctx.db, { ...filters, order: "largest", limit: top, offset: 0 }))
      .rows;
    const total = largest[0]?.total ?? 0;
    const byName = largest.sort(bySortKey);
    // With no more matches than the plan shows, the list is complete: paged like any other.
    const results =
      total > top
        ? page === 1
          ? byName.slice(0, limit)
          : []
        : byName.slice((page - 1) * limit, page * limit);
    return {
      results: results.map(toSummary),
      total,
      limited: total > top,
      ...(await listExtras(ctx, workspaceId, total)),
    };
  }
  // Past the last page no row carries the count.
  const total = rows[0]?.total ?? (page > 1 ? await countPersonas(ctx, filters) : 0);
  return {
    results: rows.map(toSummary),
    total,
    limited: false,
    ...(await listExtras(ctx, workspaceId, total)),
  };
}

/**
 * What the list says besides its personas: where the own brand's personas come from (once computed), and why an
 * empty list is empty when the own brand has audience segments but fewer than personas need (looked up only for an
 * empty list, so a list with personas costs no extra query).
 */
async function listExtras(
  ctx: RequestCtx,
  workspaceId: string,
  total: number,
): Promise<Pick<Schemas["PersonaList"], "state" | "provenance">> {
  const source = await findAudienceSource(ctx.db, { workspaceId, brandId: ctx.brandId });
  const provenance = source?.computedAt
    ? {
        provenance: provenanceFrom(
          source,
          { dataAsOf: null, computedAt: source.computedAt },
          { now: ctx.clock.now(), cadence: null },
        ),
      }
    : {};
  if (total > 0) return provenance;
  const n = await countOwnSegments(ctx.db, { workspaceId });
  return n > 0 && n < MIN_SEGMENTS
    ? { ...provenance, state: { status: "insufficient_history", reason: insufficientSegments(n), n } }
    : provenance;
}

export async function getPersona(ctx: RequestCtx, id: string): Promise<Schemas["PersonaDetails"]> {
  const workspaceId = workspaceOf(ctx);
  // Made only when thrown: an error captures its stack when made, which cost a hot read more than its query.
  const notFound = () =>
    new AppError("NOT_FOUND", 404, "This persona does not exist or is not part of your audience.");
  const row = await findVisiblePersona(ctx.db, { workspaceId, brandId: ctx.brandId, personaId: id });
  if (!row) throw notFound();
  const limits = planLimitsOf(row.subscription, ctx.clock.now());
  if (limits.topPersonas !== null) {
    const top = await findTopPersonaIds(ctx.db, {
      workspaceId,
      brandId: ctx.brandId,
      industry: row.industry,
      limit: limits.topPersonas,
    });
    if (!top.includes(id)) throw notFound();
  }
  // The persona's row stays the same object while it is kept (db/read-model/read-model.ts): so does its answer.
  return keptAnswer(ctx.db, PERSONA_ANSWERS, row, "", () => {
    const { details } = row;
    return {
      ...toSummary(row),
      interestRadar: details.interestRadar,
      platformSplit: details.platformSplit,
      activity: details.activity,
      keywords: details.keywords,
      influencers: details.influencers as Schemas["PersonaDetails"]["influencers"],
      // §6 names no cadence for audience segments, and personas keep no data date: never stale.
      provenance: provenanceFrom(
        row,
        { dataAsOf: null, computedAt: row.computedAt },
        { now: ctx.clock.now(), cadence: null },
      ),
    };
  });
}
