import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/errors";

/** Largest export accepted (the contract's 413). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Room for the boundaries, part headers and the two small text fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;
/** Past this much the upload is cut off rather than read to its end. */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

export interface ImportUpload {
  data: Uint8Array;
  /** As the browser sent it: shown in the import list, never trusted for the format (the content decides). */
  fileName: string;
  brandId: string | undefined;
  referenceDate: string | undefined;
}

const tooLarge = () =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    413,
    `The file is too large (at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB)`,
  );

const invalid = (field: string, message: string) =>
  new AppError("VALIDATION_FAILED", 400, `${field} ${message}`, [{ path: `/${field}`, message }]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/**
 * Reads the raw body (the multipart parser of the routes leaves it as a stream), refusing it past the limit.
 * Same approach as lib/multipart.ts, which reads one field only; this form also has `brandId` and `referenceDate`.
 */
async function readBody(request: FastifyRequest, limit: number): Promise<{ data: Buffer; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    // Over the limit the rest is read and dropped, so the client gets the 413 instead of a reset connection.
    if (size <= limit) chunks.push(buffer);
    else if (size > DISCARD_LIMIT_BYTES) {
      request.raw.destroy();
      break;
    }
  }
  return { data: Buffer.concat(chunks), size };
}

/** The createImport form: the file (required, at most 10 MB) and the optional brandId and referenceDate. */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  const declaredLength = Number(request.headers["content-length"] ?? 0);
  const limit = IMPORT_MAX_BYTES + ENVELOPE_BYTES;
  const { data: body, size } = await readBody(request, limit);
  if (size > limit || declaredLength > limit) throw tooLarge();
  let form: Awaited<ReturnType<Response["formData"]>>;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { "content-type": request.headers["content-type"] ?? "" },
    }).formData();
  } catch {
    throw new AppError("VALIDATION_FAILED", 400, "The upload is not a valid multipart/form-data body");
  }
  const file = form.get("file");
  if (!file || typeof file === "string")
    throw invalid("file", "is required: attach the export as the field file");
  if (file.size > IMPORT_MAX_BYTES) throw tooLarge();

  const text = (name: string): string | undefined => {
    const value = form.get(name);
    if (value !== null && typeof value !== "string") throw invalid(name, "must be a text field");
    const trimmed = value?.trim();
    return trimmed ? trimmed : undefined;
  };
  const brandId = text("brandId");
  if (brandId !== undefined && !UUID.test(brandId)) throw invalid("brandId", "must be a brand id (uuid)");
  const referenceDate = text("referenceDate");
  if (referenceDate !== undefined && !isCalendarDay(referenceDate)) {
    throw invalid("referenceDate", "must be a date (YYYY-MM-DD)");
  }
  return {
    data: new Uint8Array(await file.arrayBuffer()),
    fileName: file.name || "upload.csv",
    brandId: brandId?.toLowerCase(),
    referenceDate,
  };
}
