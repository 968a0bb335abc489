import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app";
import { COMPRESS_ABOVE_BYTES } from "./compression";
import { handlers } from "./handlers";

// What travels compressed: the API's JSON above 1 KB (never an answer with secrets in it), and the built web app's
// files, compressed once at build time and picked by the browser's Accept-Encoding.
let t: TestApp;
let production: TestApp;
const dist = mkdtempSync(join(tmpdir(), "brandscope-dist-"));
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
// A sign-in's answer grown past the threshold: the secret is what must not travel compressed, whatever its size.
const secretAnswer = {
  accessToken: "a".repeat(COMPRESS_ABOVE_BYTES),
  idToken: "t".repeat(4 * COMPRESS_ABOVE_BYTES),
  refreshToken: "r".repeat(64),
  isFirstTime: false,
  status: "confirmed" as const,
  email: "someone@example.com",
};

beforeAll(async () => {
  // A dist as apps/web/build/precompress.ts leaves it: each text file with its .br and .gz beside it.
  mkdirSync(join(dist, "assets"));
  const files = {
    "index.html": `<!doctype html><html><head><title>Brandscope</title></head><body>${"<div></div>".repeat(200)}</body></html>`,
    "assets/app.js": script,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  }
  t = await buildTestApp({ handlers: { ...handlers, logIn: async () => secretAnswer } });
  authorization = await t.authorization();
  production = await buildTestApp({
    env: { NODE_ENV: "production", PASSWORD_HASHING: "owasp", WEB_DIST_DIR: dist },
  });
});
afterAll(async () => {
  await t?.close();
  await production?.close();
  rmSync(dist, { recursive: true, force: true });
});

let authorization = "";
const get = (app: TestApp, url: string, encoding?: string) =>
  app.app.inject({
    method: "GET",
    url,
    headers: { authorization, ...(encoding ? { "accept-encoding": encoding } : {}) },
  });

describe("compressed answers", () => {
  it("sends JSON above 1 KB as brotli, else gzip, and plain to a client that asks for neither", async () => {
    const plain = await get(t, "/api/countries");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_ABOVE_BYTES);

    const br = await get(t, "/api/countries", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get(t, "/api/countries", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it("leaves small answers as they are", async () => {
    const health = await get(t, "/api/health", "br");
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_ABOVE_BYTES);
    expect(health.headers["content-encoding"]).toBeUndefined();
  });

  it("never compresses an answer that carries tokens, however large (x-secret-answer)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "accept-encoding": "br, gzip" },
      payload: { email: "someone@example.com", password: "whatever" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json()).toEqual(secretAnswer);
  });

  it("does not inflate a compressed request body: it is refused as the bytes it is", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: gzipSync(JSON.stringify({ email: "someone@example.com" })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe("the built web app's files", () => {
  it("sends the build's brotli or gzip copy by Accept-Encoding, saying it varies on it", async () => {
    const br = await get(production, "/assets/app.js", "gzip, br");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get(production, "/assets/app.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get(production, "/assets/app.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it("sends the app shell of a client route compressed too, revalidated on every load", async () => {
    const shell = await get(production, "/content", "br");
    expect(shell.statusCode).toBe(200);
    expect(shell.headers["content-encoding"]).toBe("br");
    expect(shell.headers["content-type"]).toMatch(/text\/html/);
    expect(shell.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(shell.rawPayload).toString()).toContain("<title>Brandscope</title>");
  });
});
