import { readFileSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeflateRaw } from "node:zlib";
import * as XLSX from "@e965/xlsx";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jwtKey } from "../src/config/keys";
import * as schema from "../src/db/schema";
import { createTestDatabase, type TestDatabase } from "./database";
import { blackPng, declaredPng } from "./png";
import { type AppProcess, killStartedApps, startApp } from "./process/app-process";
import { seedSignedInUser } from "./users";
import { deflated, zipOf } from "./zip";

/**
 * Issue 14's hostile uploads, sent over HTTP as a browser would (multipart bodies built by fetch's FormData) to
 * the real server in a process of its own, so that its memory is what is measured: before each upload the
 * kernel's peak-RSS counter of that process is reset (/proc/<pid>/clear_refs), and afterwards its peak is read
 * (VmHWM). That peak includes what sharp and libvips allocate outside the JavaScript heap.
 */

const MB = 1024 * 1024;
const JWT_SECRET = "hostile-uploads-test-secret-0123456789abcdef";
const GSC = "Top queries,Clicks,Impressions,CTR,Position";

let database: TestDatabase;
let folder: string;
let app: AppProcess;
let authorization: string;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await mkdtemp(join(tmpdir(), "brandscope-hostile-"));
  await chmod(folder, 0o755);
  app = await startApp({
    DATA_DIR: join(folder, "data"),
    DATABASE_URL: database.url,
    JWT_SECRET,
  });
  await app.ready;
  const pool = new pg.Pool({ connectionString: database.url });
  try {
    const db = drizzle({ client: pool, schema });
    const user = await seedSignedInUser(db, jwtKey(JWT_SECRET));
    authorization = user.authorization;
    const [brand] = await db
      .insert(schema.brands)
      .values({
        workspaceId: user.workspaceId,
        name: "Lumora Coffee",
        website: "https://lumora.example/",
        status: "active",
      })
      .returning();
    if (!brand) throw new Error("no brand");
    await db.insert(schema.workspaceBrands).values({ workspaceId: user.workspaceId, brandId: brand.id });
  } finally {
    await pool.end();
  }
  // sharp, libvips and the CSV parser are loaded on first use: load them before anything is measured.
  expect((await send(await normalPicture())).status).toBe(200);
  expect((await send(normalExport())).status).toBe(201);
}, 120_000);

afterAll(async () => {
  killStartedApps();
  await database?.drop();
  await rm(folder, { recursive: true, force: true });
});

interface Upload {
  route: "picture" | "import";
  name: string;
  type: string;
  data: Buffer;
}

const url = (path: string) => `http://127.0.0.1:${app.port}${path}`;

function send(upload: Upload): Promise<Response> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(upload.data)], { type: upload.type }), upload.name);
  return upload.route === "picture"
    ? fetch(url("/api/user/profile-picture"), { method: "PATCH", body: form, headers: { authorization } })
    : fetch(url("/api/brand/imports"), { method: "POST", body: form, headers: { authorization } });
}

const normalPicture = async (): Promise<Upload> => ({
  route: "picture",
  name: "me.jpg",
  type: "image/jpeg",
  data: await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3730a3" } })
    .jpeg()
    .toBuffer(),
});

const normalExport = (): Upload => ({
  route: "import",
  name: "Queries.csv",
  type: "text/csv",
  data: Buffer.from(`${GSC}\nlumora coffee,412,1033,39.88%,1.21\n`),
});

/** VmRSS and VmHWM (peak since the last reset) of the server process, in MB. */
async function memory(): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${app.child.pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1]);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

const resetPeak = () => writeFile(`/proc/${app.child.pid}/clear_refs`, "5");

interface Hostile {
  what: string;
  upload: () => Promise<Upload>;
  status: number;
  code: string;
  /** Most the server's resident memory may rise above where it was, at its peak. */
  maxPeakGrowthMb: number;
  /** What the refusal must say, where the code alone does not show why it refused. */
  message?: RegExp;
}

/** `bytes` of zeros deflated a megabyte at a time, never held whole: about 1 MB packed per GB. */
function deflatedZeros(bytes: number): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    const deflate = createDeflateRaw({ level: 9 });
    deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
    deflate.on("end", () => done(Buffer.concat(chunks)));
    deflate.on("error", fail);
    const zeros = Buffer.alloc(MB);
    let left = bytes / MB;
    const write = () => {
      while (left > 0) {
        left -= 1;
        if (!deflate.write(zeros)) return void deflate.once("drain", write);
      }
      deflate.end();
    };
    write();
  });
}

/**
 * A real export's .xlsx (the TikTok fixture) with its sheet swapped for `bytes` of zeros whose zip directory says
 * 2 KB: every other part is as a workbook reader expects, so nothing refuses it before the sheet is inflated.
 */
async function xlsxBomb(bytes: number): Promise<Buffer> {
  const real = readFileSync(join(import.meta.dirname, "fixtures/real-exports/tiktok-overview/bosszy27.xlsx"));
  // SheetJS's bundled container reader (its types say any): entries of type 2 are files.
  const book = XLSX.CFB.read(real, { type: "buffer" }) as {
    FileIndex: { type: number; content?: ArrayLike<number> }[];
    FullPaths: string[];
  };
  const entries = book.FileIndex.flatMap((entry, i) => {
    const name = (book.FullPaths[i] ?? "").replace(/^Root Entry\//, "");
    return entry.type === 2 && entry.content && !name.startsWith("\u0001")
      ? [deflated(name, new Uint8Array(entry.content))]
      : [];
  });
  const sheet = "xl/worksheets/sheet1.xml";
  const bomb = { name: sheet, packed: await deflatedZeros(bytes), unpackedBytes: 2048 };
  return Buffer.from(zipOf(entries.map((entry) => (entry.name === sheet ? bomb : entry))));
}

const csvWithCell = (cellChars: number) =>
  Buffer.concat([Buffer.from(`${GSC}\n"`), Buffer.alloc(cellChars, "a"), Buffer.from('",1,10,10%,2.5\n')]);

const HOSTILE: Hostile[] = [
  {
    what: "picture: an HTML page named avatar.png",
    upload: async () => ({
      route: "picture",
      name: "avatar.png",
      type: "image/png",
      data: Buffer.from("<html><script>alert(1)</script></html>"),
    }),
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    maxPeakGrowthMb: 30,
  },
  {
    what: "picture: 6 MB, over the 5 MB limit",
    upload: async () => {
      const head = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#000" } })
        .png()
        .toBuffer();
      return {
        route: "picture",
        name: "big.png",
        type: "image/png",
        data: Buffer.concat([head, Buffer.alloc(6 * MB - head.length)]),
      };
    },
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
    maxPeakGrowthMb: 60,
  },
  {
    what: "picture: 69-byte PNG declaring 60000×60000",
    upload: async () => ({
      route: "picture",
      name: "bomb.png",
      type: "image/png",
      data: declaredPng({ width: 60_000, height: 60_000, alpha: true }),
    }),
    status: 400,
    code: "IMAGE_TOO_LARGE",
    maxPeakGrowthMb: 30,
  },
  {
    what: "picture: pixel bomb, 7000×7000 16-bit RGBA interlaced (392 MB decoded)",
    upload: async () => ({
      route: "picture",
      name: "bomb.png",
      type: "image/png",
      data: await blackPng({ width: 7000, height: 7000, bitDepth: 16, alpha: true, interlaced: true }),
    }),
    status: 400,
    code: "IMAGE_TOO_LARGE",
    maxPeakGrowthMb: 30,
  },
  {
    what: "export: a PNG named Queries.csv",
    upload: async () => ({ ...(await normalPicture()), route: "import", name: "Queries.csv" }),
    status: 422,
    code: "IMPORT_REJECTED",
    maxPeakGrowthMb: 30,
  },
  {
    what: "export: 51 MB, over the 50 MB limit",
    upload: async () => ({ ...normalExport(), data: csvWithCell(51 * MB) }),
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
    maxPeakGrowthMb: 80,
  },
  {
    what: "export: a header and a million empty rows",
    upload: async () => ({ ...normalExport(), data: Buffer.from(`${GSC}\n${"\n".repeat(1_000_000)}`) }),
    status: 422,
    code: "IMPORT_REJECTED",
    maxPeakGrowthMb: 80,
  },
  {
    what: "export: an .xlsx bomb, a sheet of 1 GB packed into 1 MB whose zip says 2 KB",
    upload: async () => ({ ...normalExport(), name: "Content.xlsx", data: await xlsxBomb(1024 * MB) }),
    status: 422,
    code: "IMPORT_REJECTED",
    maxPeakGrowthMb: 80,
    // Refused from the zip's directory, before the sheet is inflated (7.9 s and "nothing in it" without the check).
    message: /more than it says it holds/,
  },
  {
    what: "export: one 10 MB cell",
    upload: async () => ({ ...normalExport(), data: csvWithCell(10 * MB - 200) }),
    status: 422,
    code: "IMPORT_REJECTED",
    maxPeakGrowthMb: 150,
  },
];

describe("hostile uploads against the real server", () => {
  it.each(HOSTILE)(
    "$what → $status $code",
    async (hostile) => {
      const upload = await hostile.upload();
      const before = await memory();
      await resetPeak();
      const started = performance.now();
      const response = await send(upload);
      const body = (await response.json()) as { code: string; message: string; requestId: string };
      const ms = performance.now() - started;
      const after = await memory();

      const normalStarted = performance.now();
      const normal = await fetch(url("/api/user/me"), { headers: { authorization } });
      const normalMs = performance.now() - normalStarted;

      const growth = after.peak - before.rss;
      console.log(
        `${hostile.what}: sent ${(upload.data.length / MB).toFixed(2)} MB → ${response.status} ${body.code} ` +
          `in ${ms.toFixed(0)} ms; server RSS ${before.rss.toFixed(0)} MB before, peak ${after.peak.toFixed(0)} MB ` +
          `(+${growth.toFixed(0)}), ${after.rss.toFixed(0)} MB after; then GET /api/user/me → ${normal.status} ` +
          `in ${normalMs.toFixed(0)} ms. "${body.message.slice(0, 160)}"`,
      );
      expect(response.status).toBe(hostile.status);
      expect(body).toMatchObject({
        code: hostile.code,
        message: expect.any(String),
        requestId: expect.any(String),
      });
      expect(body.message.length).toBeLessThan(1000);
      if (hostile.message) expect(body.message).toMatch(hostile.message);
      expect(growth).toBeLessThan(hostile.maxPeakGrowthMb);
      // Idle, the slowest (the 10 MB cell) takes about 1 s; the bound leaves room for a loaded machine.
      expect(ms).toBeLessThan(10_000);
      expect(normal.status).toBe(200);
    },
    60_000,
  );

  it("a flood: 12 uploads at once of a 12-megapixel interlaced picture, decoded one at a time", async () => {
    // Interlaced with transparency: each is held whole while decoded, 48 MB.
    const data = await blackPng({ width: 4000, height: 3000, alpha: true, interlaced: true });
    const flood: Upload = { route: "picture", name: "p.png", type: "image/png", data };
    const before = await memory();
    await resetPeak();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const response = await send(flood);
        const body = (await response.json()) as { code?: string };
        return { status: response.status, code: body.code, ms: performance.now() - started };
      }),
    );
    const after = await memory();
    const normal = await fetch(url("/api/user/me"), { headers: { authorization } });
    const growth = after.peak - before.rss;
    const summary = (status: number) => {
      const these = answers.filter((a) => a.status === status);
      return `${these.length} × ${status} (${these.map((a) => a.ms.toFixed(0)).join(", ")} ms)`;
    };
    console.log(
      `flood of 12 × ${(data.length / MB).toFixed(2)} MB pictures: ${summary(200)}, ${summary(503)}; server RSS ` +
        `${before.rss.toFixed(0)} MB before, peak ${after.peak.toFixed(0)} MB (+${growth.toFixed(0)}), ` +
        `${after.rss.toFixed(0)} MB after; then GET /api/user/me → ${normal.status}`,
    );
    expect(answers.every((a) => a.status === 200 || (a.status === 503 && a.code === "SERVER_BUSY"))).toBe(
      true,
    );
    // One decoding, 8 waiting: the other 3 are refused at once.
    expect(answers.filter((a) => a.status === 503 && a.ms < 2000).length).toBeGreaterThanOrEqual(3);
    // Measured: about +115 MB one at a time; +253 MB with all twelve decoding at once (4 libuv threads).
    expect(growth).toBeLessThan(180);
    expect(normal.status).toBe(200);
  }, 120_000);
});
