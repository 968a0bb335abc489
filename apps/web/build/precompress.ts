import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser fetches from dist; images, fonts in woff2 and the like are compressed already. */
const COMPRESSIBLE = new Set([
  ".js",
  ".css",
  ".html",
  ".svg",
  ".json",
  ".txt",
  ".webmanifest",
  ".xml",
  ".map",
]);
/** Below this a compressed copy saves less than its frame and a header costs. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every compressible file of the build,
 * when the copy is smaller: the server picks one by the request's Accept-Encoding (apps/api/src/http/web-app.ts,
 * `preCompressed`), so no byte of the app is compressed per request and the slowest, smallest brotli level is
 * affordable. Runs after the files are written, on everything in dist (public/ included).
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "brandscope-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/")
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await filesUnder(outDir);
      await Promise.all(files.filter((file) => COMPRESSIBLE.has(extname(file))).map(compressFile));
    },
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function compressFile(file: string): Promise<void> {
  if ((await stat(file)).size < MIN_BYTES) return;
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < source.length ? writeFile(`${file}.br`, br) : undefined,
    gz.length < source.length ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}
