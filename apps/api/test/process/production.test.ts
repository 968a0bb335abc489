import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../database";
import { type AppProcess, killStartedApps, startApp } from "./app-process";

let folder: string;
let dist: string;
let database: TestDatabase | undefined;
let app: AppProcess;
afterAll(async () => {
  await killStartedApps();
  await database?.drop();
  await rm(folder, { recursive: true, force: true });
});
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "brandscope-production-"));
  dist = join(folder, "dist");
  await mkdir(join(dist, "assets"), { recursive: true });
  await writeFile(
    join(dist, "index.html"),
    '<!doctype html><title>Brandscope</title><script type="module" src="/assets/index-3f2a1b.js"></script>',
  );
  await writeFile(join(dist, "assets", "index-3f2a1b.js"), "console.log('app')");
  await writeFile(join(dist, "robots.txt"), "User-agent: *");
  database = await createTestDatabase();
  app = await startApp({
    NODE_ENV: "production",
    WEB_DIST_DIR: dist,
    DATA_DIR: join(folder, "data"),
    DATABASE_URL: database.url,
  });
  await app.ready;
});

const get = (path: string, init?: RequestInit) => fetch(`http://localhost:${app.port}${path}`, init);

describe("production mode on DATABASE_URL", () => {
  it("uses the given PostgreSQL and starts none", async () => {
    expect((await get("/api/health")).status).toBe(200);
    expect(existsSync(join(folder, "data", "postgres"))).toBe(false);
  });

  it("serves hashed assets for a year and index.html revalidated", async () => {
    const asset = await get("/assets/index-3f2a1b.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const index = await get("/");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toMatch(/^text\/html/);
    expect(index.headers.get("cache-control")).toBe("no-cache");
    expect(await index.text()).toContain("<title>Brandscope</title>");
    expect(index.headers.get("content-security-policy")).toContain("script-src 'self';");

    const robots = await get("/robots.txt");
    expect(robots.headers.get("cache-control")).toBe("no-cache");
  });

  it("answers app routes with index.html so the web app routes them", async () => {
    for (const path of ["/sign-in", "/content", "/audience/42/details", "/no-such-page?x=1"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toContain("<title>Brandscope</title>");
    }
  });

  it("keeps /api and missing assets as JSON 404s", async () => {
    for (const [path, method] of [
      ["/api/nope", "GET"],
      ["/api", "GET"],
      ["/assets/index-000000.js", "GET"],
      ["/sign-in", "POST"],
    ] as const) {
      const response = await get(path, { method });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ message: "Not Found", code: "NOT_FOUND" });
    }
  });

  it("refuses to start without a built web app, saying how to build it", async () => {
    const unbuilt = await startApp({
      NODE_ENV: "production",
      WEB_DIST_DIR: join(folder, "missing"),
      DATA_DIR: join(folder, "data"),
      DATABASE_URL: "postgres://unused:x@127.0.0.1:9/none",
    });
    expect(await unbuilt.exited).toBe(1);
    expect(unbuilt.output()).toContain("run npm run build -w @brandscope/web");
  });

  /** A declared production deployment left on the try-out defaults: no mail, no billing, any proxy, http. */
  const tryOutDefaults = () => ({
    NODE_ENV: "production",
    DEPLOYMENT: "production",
    APP_URL: "http://app.example.com",
    TRUST_PROXY: "true",
    WEB_DIST_DIR: dist,
    DATA_DIR: join(folder, "data"),
  });

  it("refuses to start as a declared production deployment on try-out defaults, naming each setting", async () => {
    const refused = await startApp({
      ...tryOutDefaults(),
      DATABASE_URL: "postgres://unused:x@127.0.0.1:9/none",
    });
    expect(await refused.exited).toBe(1);
    const output = refused.output();
    for (const said of [
      "SMTP_URL is required with DEPLOYMENT=production",
      "ALLOW_MAIL_TO_LOG=true",
      "STRIPE_SECRET_KEY and the other STRIPE_ variables are required with DEPLOYMENT=production",
      "ALLOW_BILLING_SANDBOX=true",
      "TRUST_PROXY must not be true with DEPLOYMENT=production",
      "ALLOW_TRUST_ANY_PROXY=true",
      "APP_URL must be the app's https:// address with DEPLOYMENT=production",
      "ALLOW_HTTP_APP_URL=true",
      "BRANDSCOPE_ENCRYPTION_KEY (or BRANDSCOPE_ENCRYPTION_KEY_FILE) is required with DEPLOYMENT=production",
      "ALLOW_ENCRYPTION_KEY_IN_DATABASE=true",
      "JWT_SECRET (or JWT_SECRET_FILE) is required with DEPLOYMENT=production",
      "ALLOW_SIGNING_SECRET_IN_DATABASE=true",
    ]) {
      expect(output).toContain(said);
    }
  });

  it("starts as a declared production deployment when each refusal is lifted by its own variable", async () => {
    const allowed = await startApp({
      ...tryOutDefaults(),
      ALLOW_MAIL_TO_LOG: "true",
      ALLOW_BILLING_SANDBOX: "true",
      ALLOW_TRUST_ANY_PROXY: "true",
      ALLOW_HTTP_APP_URL: "true",
      ALLOW_ENCRYPTION_KEY_IN_DATABASE: "true",
      ALLOW_SIGNING_SECRET_IN_DATABASE: "true",
      DATABASE_URL: database?.url ?? "",
    });
    await allowed.ready;
    expect((await fetch(`http://localhost:${allowed.port}/api/health`)).status).toBe(200);
  });

  // Two starts: the process tests' 90 s, as lifecycle.test.ts gives its steps that start two apps.
  it("takes the credential key and the app secret from mounted files, and refuses in one line a file it cannot read", {
    timeout: 90_000,
  }, async () => {
    const lifted = {
      ...tryOutDefaults(),
      ALLOW_MAIL_TO_LOG: "true",
      ALLOW_BILLING_SANDBOX: "true",
      ALLOW_TRUST_ANY_PROXY: "true",
      ALLOW_HTTP_APP_URL: "true",
    };
    const secretFile = join(folder, "jwt-secret");
    await writeFile(secretFile, "an-app-secret-from-a-mounted-secret-0123456\n", { mode: 0o600 });
    const missing = await startApp({
      ...lifted,
      JWT_SECRET_FILE: secretFile,
      BRANDSCOPE_ENCRYPTION_KEY_FILE: join(folder, "no-such-key"),
      DATABASE_URL: "postgres://unused:x@127.0.0.1:9/none",
    });
    expect(await missing.exited).toBe(1);
    expect(missing.output().trim()).toBe(
      "Invalid configuration: BRANDSCOPE_ENCRYPTION_KEY_FILE cannot be read (ENOENT)",
    );
    const keyFile = join(folder, "encryption-key");
    await writeFile(keyFile, "a-credential-key-from-a-mounted-secret-0123\n", { mode: 0o600 });
    const started = await startApp({
      ...lifted,
      BRANDSCOPE_ENCRYPTION_KEY_FILE: keyFile,
      JWT_SECRET_FILE: secretFile,
      DATABASE_URL: database?.url ?? "",
    });
    await started.ready;
    expect((await fetch(`http://localhost:${started.port}/api/health`)).status).toBe(200);
  });
});
