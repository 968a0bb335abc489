import type { FastifyRequest } from "fastify";
import { AppError } from "../http/errors";

/** Room for the multipart boundaries and part headers around the file. */
const ENVELOPE_BYTES = 64 * 1024;
/** Past this much the upload is cut off rather than read to its end. */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

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

/** The one file of a multipart/form-data body, at most `maxBytes`: 413 past it, 400 without the field. */
export async function readUploadedFile(
  request: FastifyRequest,
  o: { field: string; maxBytes: number },
): Promise<UploadedFile> {
  const declaredLength = Number(request.headers["content-length"] ?? 0);
  const limit = o.maxBytes + ENVELOPE_BYTES;
  const { data: body, size } = await readBody(request, limit);
  if (size > limit || declaredLength > limit) throw tooLarge(o.maxBytes);
  let form: Awaited<ReturnType<Response["formData"]>>;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { "content-type": request.headers["content-type"] ?? "" },
    }).formData();
  } catch {
    throw new AppError("VALIDATION_FAILED", 400, "The upload is not a valid multipart/form-data body");
  }
  const file = form.get(o.field);
  if (!file || typeof file === "string") {
    throw new AppError("VALIDATION_FAILED", 400, `Attach the file as the form field "${o.field}"`, [
      { path: `/${o.field}`, message: "is required" },
    ]);
  }
  if (file.size > o.maxBytes) throw tooLarge(o.maxBytes);
  return { data: Buffer.from(await file.arrayBuffer()), filename: file.name, declaredType: file.type };
}
