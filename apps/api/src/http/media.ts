import { mkdir } from "node:fs/promises";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { MEDIA_PREFIX } from "../lib/storage";

/**
 * Uploaded files kept in DATA_DIR/uploads, at /media/<key>. Every key is new for new content (a random part in
 * an avatar's name, the content's hash in a logo's: lib/storage.ts contentKey), so a file never changes and may
 * be cached for a year.
 */
export async function registerMedia(app: FastifyInstance, root: string): Promise<void> {
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `${MEDIA_PREFIX}/`,
    decorateReply: false,
    index: false,
    dotfiles: "deny",
    cacheControl: false,
    allowedPath: (path) => !path.endsWith(".tmp"),
    setHeaders: (reply) => {
      reply.header("cache-control", "public, max-age=31536000, immutable");
    },
  });
}
