import { pipeline } from "node:stream/promises";
import { Busboy, type BusboyHeaders, type BusboyInstance } from "@fastify/busboy";
import type { FastifyRequest } from "fastify";
import { AppError } from "./errors";

/** Room for the multipart boundaries, part headers and small text fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;
/** Past this much the upload is cut off rather than read to its end. */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;
/** The forms we read hold one file and a few short text fields. */
const FORM_LIMITS = { fields: 16, fieldSize: 1024, parts: 24, headerPairs: 64 };

export interface UploadedFile {
  data: Buffer;
  /** As the browser sent them: informational only, never trusted for the type. */
  filename: string;
  declaredType: string;
}

export interface UploadForm {
  /** The first file part of `fileField`, if any (more files are read and dropped). */
  file: UploadedFile | undefined;
  /** Text fields by name; a repeated name keeps its first value. */
  fields: Map<string, string>;
}

const tooLarge = (maxBytes: number) =>
  new AppError("PAYLOAD_TOO_LARGE", 413, `The file is too large (at most ${maxBytes / 1024 / 1024} MB)`);

const notMultipart = () =>
  new AppError("VALIDATION_FAILED", 400, "The upload is not a valid multipart/form-data body");

/**
 * Reads a multipart/form-data body as it streams in (the route's content-type parser leaves it unread): only the
 * file's bytes are kept, once, and never past `maxFileBytes`. A body declared larger than that plus the envelope is
 * refused before reading (the error handler drains it); a file that turns out larger is read to its end and
 * dropped, so the client gets the 413 instead of a reset connection, up to DISCARD_LIMIT_BYTES. 400 when the body
 * is not multipart.
 */
export async function readUpload(
  request: FastifyRequest,
  o: { fileField: string; maxFileBytes: number },
): Promise<UploadForm> {
  const declaredLength = Number(request.headers["content-length"] ?? 0);
  if (declaredLength > o.maxFileBytes + ENVELOPE_BYTES) throw tooLarge(o.maxFileBytes);
  let parser: BusboyInstance;
  try {
    // Busboy checks the content type itself and throws when it is not multipart with a boundary.
    const headers = request.headers as BusboyHeaders;
    parser = new Busboy({ headers, limits: { ...FORM_LIMITS, fileSize: o.maxFileBytes } });
  } catch {
    throw notMultipart();
  }

  const fields = new Map<string, string>();
  let file: UploadedFile | undefined;
  let truncated = false;
  let received = 0;
  parser.on("field", (name: string, value: string) => {
    if (!fields.has(name)) fields.set(name, value);
  });
  parser.on("file", (name: string, stream, filename: string, _encoding: string, mimeType: string) => {
    const keep = name === o.fileField && file === undefined;
    const chunks: Buffer[] = [];
    stream.on("limit", () => {
      truncated = true;
    });
    stream.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > DISCARD_LIMIT_BYTES) request.raw.destroy();
      else if (keep && !truncated) chunks.push(chunk);
    });
    stream.on("end", () => {
      if (keep) file = { data: Buffer.concat(chunks), filename, declaredType: mimeType };
    });
  });

  try {
    await pipeline(request.raw, parser);
  } catch {
    if (truncated) throw tooLarge(o.maxFileBytes);
    throw notMultipart();
  }
  if (truncated) throw tooLarge(o.maxFileBytes);
  return { file, fields };
}

/** The one file of a multipart/form-data body, at most `maxBytes`: 413 past it, 400 without the field. */
export async function readUploadedFile(
  request: FastifyRequest,
  o: { field: string; maxBytes: number },
): Promise<UploadedFile> {
  const { file } = await readUpload(request, { fileField: o.field, maxFileBytes: o.maxBytes });
  if (!file) {
    throw new AppError("VALIDATION_FAILED", 400, `Attach the file as the form field "${o.field}"`, [
      { path: `/${o.field}`, message: "is required" },
    ]);
  }
  return file;
}
