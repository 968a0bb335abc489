import type { components } from "@brandscope/api-client/schema";
import type { FastifyRequest } from "fastify";
import type { Tx } from "../../db/client";
import { signedIn, workspaceOf } from "../../kernel/caller";
import { AppError, type ErrorDetail } from "../../kernel/errors";
import type { RequestCtx } from "../../kernel/handler-types";
import type { RowError } from "../imports";
import { findBrandById, findCompetitors, findCurrentBrand, isBrandVisible, isOwnBrand } from "./brand.repo";
import { readExportOffLoop } from "./export-reads";
import { checkImportedRows, checkPendingRoom, meterUpload } from "./import-limits";
import { readImportUpload } from "./import-upload";
import {
  appendImportNotes,
  completePendingImport,
  deleteExpiredPendingImports,
  deleteImportRecord,
  findImports,
  findImportWithFile,
  insertImport,
  insertImportFile,
  type ListedImport,
  type ReplacedSegments,
  storeImportRows,
} from "./imports.repo";
import type { ExportReading } from "./read-export";

type Schemas = components["schemas"];

/** Errors sent back in the 422's details. */
const ANSWERED_ERRORS = 50;
/** The import list is a history for the user, not an archive: the newest ones. */
const LISTED_IMPORTS = 200;
/** The `row` of an error about the whole file rather than one of its records. */
const WHOLE_FILE = 0;

export function toImport(row: ListedImport): Schemas["Import"] {
  return {
    id: row.id,
    brandId: row.brandId,
    uploadedBy: row.uploadedBy,
    holds: row.holds,
    format: row.format,
    fileName: row.fileName,
    status: row.status,
    rows: row.rows,
    imported: row.imported,
    errors: row.errors,
    firstDay: row.firstDay,
    lastDay: row.lastDay,
    expiresAt:
      row.status === "pending"
        ? new Date(row.createdAt.getTime() + PENDING_IMPORT_HOURS * HOUR_MS).toISOString()
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The imports of the chosen brand (else the newest) and of its competitors: each brand's data sources are its own. */
export async function listImports(ctx: RequestCtx): Promise<Schemas["Import"][]> {
  const workspaceId = workspaceOf(ctx);
  const brand = await findCurrentBrand(ctx.db, { workspaceId, brandId: ctx.brandId });
  if (!brand) return [];
  const competitors = await findCompetitors(ctx.db, { workspaceId, brandId: brand.id });
  const brandIds = [brand.id, ...competitors.map((c) => c.id)];
  const rows = await findImports(ctx.db, { workspaceId, brandIds, limit: LISTED_IMPORTS });
  return rows.map(toImport);
}

/** The brand an import is for: a brand the workspace owns or follows, never a shared sample brand. */
async function importTarget(ctx: RequestCtx, workspaceId: string, brandId: string | undefined) {
  const brand = brandId
    ? (await isBrandVisible(ctx.db, { workspaceId, brandId }))
      ? await findBrandById(ctx.db, { brandId })
      : undefined
    : await findCurrentBrand(ctx.db, { workspaceId, brandId: ctx.brandId });
  if (!brand) {
    throw brandId
      ? new AppError("NOT_FOUND", 404, "This brand is not your brand or one of its competitors.")
      : new AppError("NO_BRAND", 404, "Connect a brand first: no brand is connected yet.");
  }
  if (brand.sample) {
    throw new AppError(
      "SAMPLE_BRAND",
      400,
      "Sample brands cannot receive imports: connect your own brand or add a competitor, then import its data.",
    );
  }
  return brand;
}

const describeError = (e: RowError) =>
  `${e.row === WHOLE_FILE ? "File" : `Row ${e.row}`}${e.column ? `, column "${e.column}"` : ""}: ${e.message}`;

/** JSON Pointer of a row error in the 422's details: /rows/<line>[/<column>]. */
const pointer = (e: RowError) =>
  `/rows/${e.row}${e.column ? `/${e.column.replaceAll("~", "~0").replaceAll("/", "~1")}` : ""}`;

type Readable = Extract<ExportReading, { readable: true }>;

const storedCount = (reading: Readable) =>
  reading.stores.posts +
  reading.stores.followerDays +
  reading.stores.keywords +
  reading.stores.searchQueries +
  reading.stores.audienceSegments +
  reading.stores.trafficMonths +
  reading.stores.creators;

/** How long a pending import waits for the user to import it. */
export const PENDING_IMPORT_HOURS = 24;
const HOUR_MS = 3_600_000;

interface ImportBase {
  workspaceId: string;
  userId: string;
  brandId: string;
  fileName: string;
  now: Date;
}

/**
 * A reading that can be stored, or a 422: a file unusable as a whole, or with any bad row, is refused and recorded as
 * a failed import (format "unknown" when unrecognised), so the list shows why. Row errors are answered in `details`
 * (the first 50) and kept with the import (first 200); an error about the whole file has row 0.
 */
async function refuseUnusable(ctx: RequestCtx, base: ImportBase, reading: ExportReading): Promise<Readable> {
  if (!reading.readable) {
    await insertImport(ctx.db, {
      ...base,
      format: "unknown",
      status: "failed",
      rows: 0,
      imported: 0,
      errors: [{ row: WHOLE_FILE, message: reading.message }],
    });
    ctx.log.info({ brandId: base.brandId, code: reading.code }, "Import refused: the file is unusable");
    throw new AppError("IMPORT_REJECTED", 422, reading.message, [
      { path: "/file", message: reading.message },
    ]);
  }
  const { rows, errors } = reading;
  const firstError = errors[0];
  if (!firstError) return reading;
  await insertImport(ctx.db, {
    ...base,
    format: reading.format,
    status: "failed",
    rows,
    imported: 0,
    errors,
  });
  const details: ErrorDetail[] = errors
    .slice(0, ANSWERED_ERRORS)
    .map((e) => ({ path: pointer(e), message: describeError(e) }));
  ctx.log.info(
    { brandId: base.brandId, format: reading.format, errors: reading.errorCount },
    "Import refused: bad rows",
  );
  throw new AppError(
    "IMPORT_REJECTED",
    422,
    `Nothing was imported: ${reading.badRows} of ${rows} ${rows === 1 ? "row has" : "rows have"} errors ` +
      `(${reading.errorCount} in all). Fix them and upload the file again. First: ${describeError(firstError)}`,
    details,
  );
}

/** Why an export of this kind is for the workspace's own brand alone; kinds any company's data can be are absent. */
const OWN_BRAND_ONLY: Partial<Record<Readable["kind"], (label: string) => string>> = {
  // The visitors of the brand's own website: stored for a competitor it would give the competitor that audience.
  "audience-segment": (label) => `${label} exports describe the visitors of your own website, so they`,
  // The searches the brand's own site was shown for: stored for a competitor they would give it the brand's.
  "search-query": (label) => `${label} exports describe your own website's searches, so they`,
  // The brand's own website visits (GA4 measures only the property it is installed on).
  traffic: (label) => `${label} exports describe the visits of your own website, so they`,
  // The creators a brand may work with: its pool, ranked for it (docs/analytics-methods.md §4.8).
  creator: () => "A creator list fills your own brand's creator pool, so it",
};

/**
 * Audience exports, Search Console exports and creator lists are of the workspace's own brand: refused for a
 * competitor (and recorded, so the list shows why) before anything is stored.
 */
async function refuseCompetitorOwnData(ctx: RequestCtx, base: ImportBase, reading: Readable) {
  const why = OWN_BRAND_ONLY[reading.kind];
  if (!why) return;
  if (await isOwnBrand(ctx.db, { workspaceId: base.workspaceId, brandId: base.brandId })) return;
  const message =
    `${why(reading.label)} can only be imported for ` +
    'your brand: choose your brand under "Whose data is it?" and upload the file again.';
  await insertImport(ctx.db, {
    ...base,
    format: reading.format,
    status: "failed",
    rows: reading.rows,
    imported: 0,
    errors: [{ row: WHOLE_FILE, message }],
  });
  ctx.log.info(
    { brandId: base.brandId, format: reading.format },
    "Import refused: own data for a competitor",
  );
  throw new AppError("IMPORT_REJECTED", 422, message, [{ path: "/brandId", message }]);
}

/** The new import's note when its segments took the place of earlier audience imports'. */
const replacedNotes = (replaced: ReplacedSegments[]) =>
  replaced.map((r) => ({
    row: WHOLE_FILE,
    message:
      `Replaces the ${r.segments} audience ${r.segments === 1 ? "segment" : "segments"} of the earlier audience ` +
      `import "${r.fileName}": a brand's audience is its latest audience export.`,
  }));

/** The rows go in with their import's record, and the brand's figures are recomputed (unless nothing was stored). */
async function storeRows(
  tx: Tx,
  ctx: RequestCtx,
  o: { workspaceId: string; brandId: string; importId: string; reading: Readable },
) {
  const replaced = await storeImportRows(tx, {
    workspaceId: o.workspaceId,
    brandId: o.brandId,
    importId: o.importId,
    copy: o.reading.copy,
    searchPeriod: o.reading.searchPeriod,
  });
  await appendImportNotes(tx, { importId: o.importId, notes: replacedNotes(replaced) });
  if (storedCount(o.reading) > 0) {
    await ctx.jobs.enqueue("compute-brand", { brandId: o.brandId }, { tx });
  }
}

async function listedImport(ctx: RequestCtx, workspaceId: string, importId: string) {
  const [listed] = await findImports(ctx.db, { workspaceId, limit: 1, importId });
  if (!listed) throw new Error("The import just stored is gone");
  return toImport(listed);
}

/**
 * Imports one platform export for the workspace's brand (or a competitor's, by `brandId`): every row or none.
 *
 * - A file that cannot be read, or has any bad row, is refused with 422 (refuseUnusable).
 * - With preview=true nothing is stored but the import, pending, and its file (import_files): the answer says what
 *   was recognised (format, rows, days, what it will store) and commitImport stores it, within 24 hours.
 * - Otherwise posts, follower totals and keywords are upserted in one transaction with the import's record,
 *   and the brand's figures are recomputed. Re-importing the same file stores the same state.
 * - An audience export (GA4) is for the workspace's own brand only (422 for a competitor); its segments replace
 *   the brand's earlier imported ones, which the new import's notes say.
 * - A Search Console export stores the brand's own searches (search_queries) for the days its header and the
 *   export day tell, replacing an earlier export of the same days; like an audience export, only for the brand.
 * - A completed import's `errors` are notes on what was read but not stored (daily new follows without a total,
 *   likes not in the file and stored as unknown, rows skipped on purpose) or how it was read (the days of a Search
 *   Console export): the import still succeeds, with `imported` saying how much.
 * - The upload is read as it streams in (kernel/multipart.ts) and a large file is parsed in a worker thread
 *   (export-reads.ts), so the server keeps answering other requests during a 100,000-row import.
 */
export async function createImport(ctx: RequestCtx, request: FastifyRequest): Promise<Schemas["Import"]> {
  const { workspaceId, userId } = signedIn(ctx);
  await meterUpload(ctx, workspaceId);
  const started = performance.now();
  const upload = await readImportUpload(request);
  const uploadedMs = performance.now() - started;
  const brand = await importTarget(ctx, workspaceId, upload.brandId);
  const now = ctx.clock.now();
  const base = { workspaceId, userId, brandId: brand.id, fileName: upload.fileName, now };
  const referenceDate = upload.referenceDate ?? isoDay(now);

  const reading = await refuseUnusable(
    ctx,
    base,
    await readExportOffLoop({
      // The worker takes the bytes it reads: a preview keeps its own copy to store.
      bytes: upload.preview ? new Uint8Array(upload.data) : upload.data,
      fileName: upload.fileName,
      options: { referenceDate },
      brand,
    }),
  );
  await refuseCompetitorOwnData(ctx, base, reading);
  const readMs = performance.now() - started - uploadedMs;
  const record = {
    ...base,
    format: reading.format,
    rows: reading.rows,
    imported: storedCount(reading),
    errors: reading.notes,
    days: reading.days,
  };

  await checkImportedRows(ctx, { workspaceId, adding: record.imported });
  if (upload.preview) {
    await deleteExpiredPendingImports(ctx.db, { workspaceId, before: pendingSince(now) });
    await checkPendingRoom(ctx, { workspaceId, bytes: upload.data.byteLength });
    const pending = await ctx.db.transaction(async (tx) => {
      const created = await insertImport(tx, { ...record, status: "pending" });
      await insertImportFile(tx, { importId: created.id, referenceDate, data: upload.data });
      return created;
    });
    ctx.log.info({ brandId: brand.id, format: reading.format, rows: reading.rows }, "Import read, waiting");
    return listedImport(ctx, workspaceId, pending.id);
  }

  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertImport(tx, { ...record, status: "completed" });
    await storeRows(tx, ctx, { workspaceId, brandId: brand.id, importId: row.id, reading });
    return row;
  });
  // Where a large import's time goes: receiving the upload, reading it (parse and plan), storing the rows.
  const ms = {
    uploadMs: Math.round(uploadedMs),
    readMs: Math.round(readMs),
    storeMs: Math.round(performance.now() - started - uploadedMs - readMs),
  };
  ctx.log.info(
    { brandId: brand.id, format: reading.format, rows: reading.rows, imported: record.imported, ...ms },
    "Import completed",
  );
  return listedImport(ctx, workspaceId, created.id);
}

/** Pending imports uploaded before this have expired. */
export const pendingSince = (now: Date) => new Date(now.getTime() - PENDING_IMPORT_HOURS * HOUR_MS);

/**
 * Stores a pending import (uploaded with preview=true): its kept file is read again with the same export day, so
 * the rows are the ones the preview described, then stored as createImport stores them.
 */
export async function commitImport(ctx: RequestCtx, importId: string): Promise<Schemas["Import"]> {
  const { workspaceId, userId } = signedIn(ctx);
  const now = ctx.clock.now();
  await deleteExpiredPendingImports(ctx.db, { workspaceId, before: pendingSince(now) });
  const found = await findImportWithFile(ctx.db, { workspaceId, importId });
  if (!found) {
    throw new AppError(
      "NOT_FOUND",
      404,
      `This import does not exist, was discarded or waited more than ${PENDING_IMPORT_HOURS} hours: upload the file again.`,
    );
  }
  const { record, file } = found;
  if (record.status !== "pending" || !file) {
    throw new AppError(
      "NOT_PENDING",
      409,
      "This import is not waiting to be imported: it was imported or refused.",
    );
  }
  const brand = await importTarget(ctx, workspaceId, record.brandId);
  const base = { workspaceId, userId, brandId: brand.id, fileName: record.fileName, now };
  const reading = await refuseUnusable(
    ctx,
    base,
    await readExportOffLoop({
      bytes: file.data,
      fileName: record.fileName,
      options: { referenceDate: file.referenceDate },
      brand,
    }),
  );
  await refuseCompetitorOwnData(ctx, base, reading);
  await checkImportedRows(ctx, { workspaceId, adding: storedCount(reading) });
  const completed = await ctx.db.transaction(async (tx) => {
    const row = await completePendingImport(tx, {
      importId,
      imported: storedCount(reading),
      notes: reading.notes,
      now,
    });
    if (row) await storeRows(tx, ctx, { workspaceId, brandId: brand.id, importId, reading });
    return row;
  });
  if (!completed) {
    throw new AppError(
      "NOT_PENDING",
      409,
      "This import is not waiting to be imported: it was imported already.",
    );
  }
  ctx.log.info({ brandId: brand.id, format: reading.format, rows: reading.rows }, "Import completed");
  return listedImport(ctx, workspaceId, importId);
}

/**
 * Removes one of the workspace's imports with the rows it stored last, then recomputes the brand's figures (a
 * refused import stored none: only its record goes).
 */
export async function deleteImport(ctx: RequestCtx, importId: string): Promise<undefined> {
  const workspaceId = workspaceOf(ctx);
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await deleteImportRecord(tx, { workspaceId, importId });
    if (row?.status === "completed") {
      await ctx.jobs.enqueue("compute-brand", { brandId: row.brandId }, { tx });
    }
    return row;
  });
  if (!removed) throw new AppError("NOT_FOUND", 404, "This import does not exist or was removed already.");
  ctx.log.info({ brandId: removed.brandId, importId }, "Import removed");
  return undefined;
}

/** Today in UTC, the default export day for exports whose dates have no year. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
