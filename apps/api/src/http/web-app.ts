import { existsSync, readFileSync } from "node:fs";
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
 * Pages the web build prerenders (apps/web/build/prerender.ts), by path: their HTML already holds the page, so a
 * slow laptop paints it before the app's JavaScript has arrived (docs/design-system.md "The first paint").
 */
const PRERENDERED: Readonly<Record<string, string>> = { "/sign-in": "sign-in.html" };

/** Sends the app's HTML for a client route: the prerendered page where the build made one, else index.html. */
export type SendAppShell = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * A page the server writes from a template of the build (its HTML, read once at start) for one request; undefined
 * sends index.html instead. The shared report (`/report`: report.html, modules/shared-reports/report-page.ts).
 */
export type FilledPage = (request: FastifyRequest, template: string) => Promise<string | undefined>;

/** The templates the web build writes for the filled pages (apps/web/build/prerender.ts), by path. */
const TEMPLATES: Readonly<Record<string, string>> = { "/report": "report.html" };

/**
 * Production: serves the built web app from the same origin, compressed at build time. Vite's hashed files under
 * /assets never change and are cached for a year; everything else (index.html first) is revalidated on every load.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  filled: Readonly<Record<string, FilledPage>> = {},
): Promise<SendAppShell> {
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
  const built = new Map(Object.entries(PRERENDERED).filter(([, file]) => existsSync(join(distDir, file))));
  const templates = new Map(
    Object.entries(TEMPLATES).flatMap(([path, file]) => {
      const fill = filled[path];
      return fill && existsSync(join(distDir, file))
        ? [[path, { fill, template: readFileSync(join(distDir, file), "utf8") }] as const]
        : [];
    }),
  );
  return async (request, reply) => {
    const path = pathOf(request);
    const page = templates.get(path);
    const html = page && request.method === "GET" ? await page.fill(request, page.template) : undefined;
    // A filled page holds what its request alone may read (a shared report's figures): kept by no cache.
    if (html !== undefined) {
      return reply.header("cache-control", "private, no-store").type("text/html; charset=utf-8").send(html);
    }
    return reply.header("cache-control", REVALIDATE).sendFile(built.get(path) ?? "index.html");
  };
}

const pathOf = (request: FastifyRequest) => request.url.split("?")[0] ?? "";

/** Client routes (/sign-in, /content…) are not files: they get index.html and the app routes them. */
export function isAppRoute(request: FastifyRequest): boolean {
  const path = pathOf(request);
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    path !== "/api" &&
    !path.startsWith("/api/") &&
    !path.startsWith("/assets/") &&
    !path.startsWith(`${MEDIA_PREFIX}/`)
  );
}
