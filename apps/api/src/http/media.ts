import type { FastifyInstance } from "fastify";
import type { StoredFile } from "../db/stored-files.repo";
import { MEDIA_PREFIX } from "../kernel/storage";
import { sendNotFound } from "./error-handler";

/**
 * Uploaded files kept in PostgreSQL, at /media/<key>. Every key is new for new content (a random part in an
 * avatar's name, the content's hash in a logo's: kernel/storage.ts contentKey), so a file never changes and may be
 * cached for a year; the ETag lets a revalidating cache skip the body.
 */
export function registerMedia(
  app: FastifyInstance,
  read: (key: string) => Promise<StoredFile | undefined>,
): void {
  app.get<{ Params: { "*": string } }>(`${MEDIA_PREFIX}/*`, async (request, reply) => {
    const file = await read(request.params["*"]);
    if (!file) return sendNotFound(request, reply);
    const etag = `"${file.sha256}"`;
    reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("etag", etag)
      .header("last-modified", file.storedAt.toUTCString());
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type(file.contentType).send(file.body);
  });
}
