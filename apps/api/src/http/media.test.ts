import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app";
import { importLocalUploads } from "../kernel/import-uploads";
import { databaseStorage, type FileStorage } from "../kernel/storage";

let t: TestApp;
let storage: FileStorage;
beforeAll(async () => {
  t = await buildTestApp();
  storage = databaseStorage(t.database.db);
  return () => t.close();
});

const logo = (r: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r, g: 0, b: 0 } } })
    .webp()
    .toBuffer();
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

describe("pictures stored in PostgreSQL, served at /media", () => {
  it("serves a stored file with its type, a year of caching and an ETag that answers 304", async () => {
    const body = await logo(10);
    await storage.put("avatars/u-1-abc.webp", body, "image/webp");
    expect(storage.urlOf("avatars/u-1-abc.webp")).toBe("/media/avatars/u-1-abc.webp");

    const served = await get("/media/avatars/u-1-abc.webp");
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(body)).toBe(true);
    const etag = String(served.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const revalidated = await get("/media/avatars/u-1-abc.webp", { "if-none-match": etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    const head = await t.app.inject({ method: "HEAD", url: "/media/avatars/u-1-abc.webp" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(body.length));
  });

  it("replaces a file stored again under its key, and forgets a deleted one", async () => {
    await storage.put("logos/b-1.webp", await logo(20), "image/webp");
    const newer = await logo(200);
    await storage.put("logos/b-1.webp", newer, "image/webp");
    expect((await get("/media/logos/b-1.webp")).rawPayload.equals(newer)).toBe(true);
    await storage.delete("logos/b-1.webp");
    await storage.delete("logos/b-1.webp");
    expect((await get("/media/logos/b-1.webp")).statusCode).toBe(404);
  });

  it("answers 404 with the Error body for a missing file or a key that could never be stored", async () => {
    for (const url of ["/media/avatars/none.webp", "/media/avatars/..%2F..%2Fetc%2Fpasswd", "/media/x"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
    await expect(storage.put("../secrets", Buffer.from("x"), "text/plain")).rejects.toThrow(
      /Invalid storage key/,
    );
  });
});

describe("an install upgraded in place", () => {
  it("imports DATA_DIR/uploads once, under the same keys, and sets the folder aside", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "brandscope-uploads-"));
    try {
      const avatar = await logo(30);
      await mkdir(join(dataDir, "uploads", "avatars"), { recursive: true });
      await mkdir(join(dataDir, "uploads", "logos"), { recursive: true });
      await writeFile(join(dataDir, "uploads", "avatars", "u-2-old.webp"), avatar);
      await writeFile(join(dataDir, "uploads", "logos", "b-2.png"), Buffer.from("png bytes"));
      await writeFile(join(dataDir, "uploads", "avatars", "u-3.webp.a1b2.tmp"), Buffer.from("half"));

      await importLocalUploads(dataDir, storage, pino({ level: "silent" }));
      const served = await get("/media/avatars/u-2-old.webp");
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(avatar)).toBe(true);
      expect((await get("/media/logos/b-2.png")).headers["content-type"]).toBe("image/png");
      expect((await get("/media/avatars/u-3.webp.a1b2.tmp")).statusCode).toBe(404);
      expect(existsSync(join(dataDir, "uploads"))).toBe(false);
      expect(await readdir(join(dataDir, "uploads.imported", "avatars"))).toContain("u-2-old.webp");

      // The next start finds nothing to import; an empty folder (the old storage made one at every start) goes.
      await importLocalUploads(dataDir, storage, pino({ level: "silent" }));
      await mkdir(join(dataDir, "uploads", "avatars"), { recursive: true });
      await importLocalUploads(dataDir, storage, pino({ level: "silent" }));
      expect(await readdir(dataDir)).toEqual(["uploads.imported"]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
