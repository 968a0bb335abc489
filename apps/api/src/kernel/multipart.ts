import type { FastifyRequest } from "fastify";
import { AppError } from "./errors";

/** Room for the multipart boundaries, part headers and small text fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;
/** Past this much the upload is cut off rather than read to its end. */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

export type Form = Awaited<ReturnType<Response["formData"]>>;

export interface UploadedFile {
  data: Buffer;
  /** As the browser sent them: informational only, never trusted for the type. */
  filename: string;
  declaredType: string;
}

const tooLarge = (maxBytes: number) =>
  new AppError("PAYLOAD_TOO_LARGE", 413, `The file is too large (at most ${maxBytes / 1024 / 1024} MB)`);

/** Reads the unparsed body (the route's multipart parser leaves it as a stream), refusing it past the limit. */
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

/**
 * A multipart/form-data body whose files hold at most `maxFileBytes` each: 413 past it (and past that plus the
 * envelope for the whole body, before parsing), 400 when it is not multipart.
 */
export async function readForm(request: FastifyRequest, maxFileBytes: number): Promise<Form> {
  const declaredLength = Number(request.headers["content-length"] ?? 0);
  const limit = maxFileBytes + ENVELOPE_BYTES;
  const { data: body, size } = await readBody(request, limit);
  if (size > limit || declaredLength > limit) throw tooLarge(maxFileBytes);
  let form: Form;
  try {
    form = await new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), {
      headers: { "content-type": request.headers["content-type"] ?? "" },
    }).formData();
  } catch {
    throw new AppError("VALIDATION_FAILED", 400, "The upload is not a valid multipart/form-data body");
  }
  for (const [, value] of form) {
    if (typeof value !== "string" && value.size > maxFileBytes) throw tooLarge(maxFileBytes);
  }
  return form;
}

/** The one file of a multipart/form-data body, at most `maxBytes`: 413 past it, 400 without the field. */
export async function readUploadedFile(
  request: FastifyRequest,
  o: { field: string; maxBytes: number },
): Promise<UploadedFile> {
  const file = (await readForm(request, o.maxBytes)).get(o.field);
  if (!file || typeof file === "string") {
    throw new AppError("VALIDATION_FAILED", 400, `Attach the file as the form field "${o.field}"`, [
      { path: `/${o.field}`, message: "is required" },
    ]);
  }
  return { data: Buffer.from(await file.arrayBuffer()), filename: file.name, declaredType: file.type };
}
