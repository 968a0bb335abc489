import { existsSync } from "node:fs";
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MEDIA_PREFIX } from "../kernel/storage";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

export function assertWebAppBuilt(distDir: string): void {
  if (!existsSync(join(distDir, "index.html"))) {
    throw new Error(
      `The web app is not built (${join(distDir, "index.html")} is missing): run npm run build -w @brandscope/web`,
    );
  }
}

/**
 * Production: serves the built web app from the same origin, compressed at build time. Vite's hashed files under
 * /assets never change and are cached for a year; everything else (index.html first) is revalidated on every load.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  assertWebAppBuilt(distDir);
  const assets = join(distDir, "assets") + sep;
  await app.register(fastifyStatic, {
    root: distDir,
    // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts): sent by the request's
    // Accept-Encoding, with Vary: Accept-Encoding, the plain file otherwise.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) =>
      reply.header("cache-control", path.startsWith(assets) ? IMMUTABLE : REVALIDATE),
  });
}

/** Client routes (/sign-in, /content…) are not files: they get index.html and the app routes them. */
export function isAppRoute(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0] ?? "";
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    path !== "/api" &&
    !path.startsWith("/api/") &&
    !path.startsWith("/assets/") &&
    !path.startsWith(`${MEDIA_PREFIX}/`)
  );
}

export function sendAppShell(reply: FastifyReply) {
  return reply.header("cache-control", REVALIDATE).sendFile("index.html");
}
