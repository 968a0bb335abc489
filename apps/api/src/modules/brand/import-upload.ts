import type { FastifyRequest } from "fastify";
import { AppError } from "../../kernel/errors";
import { readUpload } from "../../kernel/multipart";

/** Largest export accepted (the contract's 413). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export interface ImportUpload {
  data: Buffer;
  /** As the browser sent it: shown in the import list, never trusted for the format (the content decides). */
  fileName: string;
  brandId: string | undefined;
  referenceDate: string | undefined;
  /** preview=true: read and check the file, store it as a pending import. */
  preview: boolean;
}

const invalid = (field: string, message: string) =>
  new AppError("VALIDATION_FAILED", 400, `${field} ${message}`, [{ path: `/${field}`, message }]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** The createImport form: the file (required, at most 50 MB) and the optional brandId and referenceDate. */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  const { file, fields } = await readUpload(request, { fileField: "file", maxFileBytes: IMPORT_MAX_BYTES });
  if (!file) throw invalid("file", "is required: attach the export as the field file");

  const text = (name: string): string | undefined => fields.get(name)?.trim() || undefined;
  const brandId = text("brandId");
  if (brandId !== undefined && !UUID.test(brandId)) throw invalid("brandId", "must be a brand id (uuid)");
  const referenceDate = text("referenceDate");
  if (referenceDate !== undefined && !isCalendarDay(referenceDate)) {
    throw invalid("referenceDate", "must be a date (YYYY-MM-DD)");
  }
  const preview = text("preview");
  if (preview !== undefined && preview !== "true" && preview !== "false") {
    throw invalid("preview", 'must be "true" or "false"');
  }
  return {
    preview: preview === "true",
    data: file.data,
    fileName: file.filename || "upload.csv",
    brandId: brandId?.toLowerCase(),
    referenceDate,
  };
}
