/*
 * The design system as another product gets it (issue 3, item 6): `npm pack` ui and charts (their prepack builds
 * dist/ and swaps in the dist `exports`), install the two tarballs in a scratch Vite + React app outside the repo
 * with the peer dependencies from the registry, type-check and build that app, serve it with `vite preview` and
 * look at it in Chromium. Run with `npm run test:pack -w @brandscope/ui`; it prints each step and its time.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { type Browser, chromium } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repoRoot = resolve(import.meta.dirname, "../../..");
const libraries = {
  ui: { name: "@brandscope/ui", dir: join(repoRoot, "packages/ui") },
  charts: { name: "@brandscope/charts", dir: join(repoRoot, "packages/charts") },
};

// The scratch app uses the versions the monorepo runs, read from its node_modules.
const pinned = [
  "react",
  "react-dom",
  "vite",
  "@vitejs/plugin-react",
  "tailwindcss",
  "@tailwindcss/vite",
  "typescript",
  "@types/react",
  "@types/react-dom",
];
const monorepoVersion = (name: string): string =>
  JSON.parse(readFileSync(join(repoRoot, "node_modules", name, "package.json"), "utf8")).version;

// The system Chromium with the flags of docs/operations.md "Browser tests" (nothing may download a browser here).
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let work = "";
let appDir = "";
const tarballs: Record<"ui" | "charts", string> = { ui: "", charts: "" };
const manifestsBefore = new Map<string, string>();
let preview: ChildProcess | undefined;
let baseUrl = "";
let browser: Browser | undefined;

const packBackup = (dir: string) => join(dir, ".cache/pack/package.json");

beforeAll(async () => {
  for (const { dir } of Object.values(libraries)) {
    if (existsSync(packBackup(dir))) {
      throw new Error(
        `${packBackup(dir)} exists: an earlier pack did not finish. Compare it with package.json, then restore it ` +
          "with `node ../../scripts/library/pack-manifest.mjs postpack` in that package.",
      );
    }
    manifestsBefore.set(dir, await readFile(join(dir, "package.json"), "utf8"));
  }
  work = await mkdtemp(join(tmpdir(), "brandscope-pack-"));
  log(`scratch folder ${work}`);

  const packDir = join(work, "tarballs");
  await mkdir(packDir);
  const pack = ["pack", "-w", libraries.ui.name, "-w", libraries.charts.name, "--pack-destination", packDir];
  await step("npm pack ui + charts (prepack builds dist/)", () => run("npm", pack, { cwd: repoRoot }));
  for (const file of await readdir(packDir)) {
    if (file.startsWith("brandscope-ui-")) tarballs.ui = join(packDir, file);
    if (file.startsWith("brandscope-charts-")) tarballs.charts = join(packDir, file);
  }
  if (!tarballs.ui || !tarballs.charts) throw new Error(`npm pack left ${await readdir(packDir)}`);

  appDir = join(work, "app");
  await writeScratchApp(appDir);
  await step("npm install the tarballs + pinned peers in the scratch app", () =>
    run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: appDir }),
  );
  await step("tsc (moduleResolution bundler, then nodenext)", async () => {
    await run("npx", ["--no-install", "tsc", "-p", "tsconfig.json"], { cwd: appDir });
    await run("npx", ["--no-install", "tsc", "-p", "tsconfig.nodenext.json"], { cwd: appDir });
  });
  await step("vite build both pages of the scratch app", async () => {
    await run("npx", ["--no-install", "vite", "build"], { cwd: appDir });
    await run("npx", ["--no-install", "vite", "build", "-c", "vite.tailwind.config.js"], { cwd: appDir });
  });
  await step(
    "vite build an app with React alone, one with one component, one with every component",
    async () => {
      for (const page of sizePages) {
        await run("npx", ["--no-install", "vite", "build", "-c", `vite.${page}.config.js`], { cwd: appDir });
      }
    },
  );

  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  await step(`vite preview on ${baseUrl}`, async () => {
    preview = spawn(
      join(appDir, "node_modules/.bin/vite"),
      ["preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"],
      { cwd: appDir, env: childEnv(), detached: true, stdio: "ignore" }, // own process group
    );
    await waitForHttp(baseUrl, preview);
  });
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: chromiumArgs });
});

afterAll(async () => {
  await browser?.close();
  if (preview) await stopGroup(preview);
  // A pack that failed between prepack and postpack leaves the packed manifest in place: put ours back.
  for (const dir of manifestsBefore.keys()) {
    if (existsSync(packBackup(dir))) {
      await run("node", [join(repoRoot, "scripts/library/pack-manifest.mjs"), "postpack"], { cwd: dir });
    }
  }
  if (work && process.env.PACK_TEST_KEEP === "1") log(`kept ${work} (PACK_TEST_KEEP=1)`);
  else if (work) await rm(work, { recursive: true, force: true });
  log("cleaned up (browser, preview server, scratch folder)");
});

describe("packed libraries", () => {
  it("leave the monorepo's package.json files exactly as they were", async () => {
    for (const [dir, before] of manifestsBefore) {
      expect(await readFile(join(dir, "package.json"), "utf8"), dir).toBe(before);
    }
  });

  it("contain only package.json, README.md, CHANGELOG.md and dist/, with exports into dist", async () => {
    const documents = ["package/package.json", "package/README.md", "package/CHANGELOG.md"];
    for (const key of ["ui", "charts"] as const) {
      const files = (await run("tar", ["-tzf", tarballs[key]])).stdout.trim().split("\n");
      const outside = files.filter((file) => !file.startsWith("package/dist/") && !documents.includes(file));
      expect(outside, key).toEqual([]);
      expect(files, key).toEqual(expect.arrayContaining(documents));
      expect(files, key).toContain("package/dist/styles.css");
      expect(files.filter((file) => file.endsWith(".d.ts")).length, key).toBeGreaterThan(5);

      const manifest = JSON.parse(
        (await run("tar", ["-xzOf", tarballs[key], "package/package.json"])).stdout,
      );
      const targets = JSON.stringify(manifest.exports);
      expect(targets, key).not.toContain("./src/");
      expect(targets, key).toContain("./dist/");
      expect(manifest.scripts, key).toBeUndefined();
      expect(manifest.devDependencies, key).toBeUndefined();
      expect(JSON.stringify(manifest.dependencies ?? {}), key).not.toContain('"*"');
      // Publishable: a released version, React from the product, and only CSS kept by tree-shaking.
      expect(manifest.private, key).toBeUndefined();
      expect(manifest.version, key).toMatch(/^(?!0\.0\.0$)\d+\.\d+\.\d+$/);
      expect(manifest.peerDependencies, key).toMatchObject({ react: "^19.0.0", "react-dom": "^19.0.0" });
      expect(manifest.sideEffects, key).toEqual(["**/*.css"]);
    }
    const uiFiles = (await run("tar", ["-tzf", tarballs.ui])).stdout;
    expect(uiFiles).toContain("package/dist/theme.css");
    expect(uiFiles).toMatch(/package\/dist\/fonts\/inter-latin-wght-normal-[\w-]+\.woff2/);
    expect(uiFiles).toContain("package/dist/components/button.js");
    expect(uiFiles).toContain("package/dist/components/button.d.ts");
  });

  it("ship production JSX with dependencies left external", async () => {
    const installed = join(appDir, "node_modules/@brandscope");
    const button = await readFile(join(installed, "ui/dist/components/button.js"), "utf8");
    const modal = await readFile(join(installed, "ui/dist/components/modal.js"), "utf8");
    const doughnut = await readFile(join(installed, "charts/dist/doughnut/doughnut-chart.js"), "utf8");
    const bar = await readFile(join(installed, "charts/dist/bar/platform-bar-chart.js"), "utf8");
    for (const code of [button, doughnut]) {
      expect(code).toContain('from "react/jsx-runtime"');
      expect(code).not.toContain("jsx-dev-runtime");
    }
    expect(button).toContain('from "class-variance-authority"');
    expect(modal).toContain('from "radix-ui"');
    expect(bar).toContain('from "@nivo/bar"');
    const frame = await readFile(join(installed, "charts/dist/shared/chart-frame.js"), "utf8");
    expect(frame).toContain('from "@brandscope/ui/cn"');
  });

  it("charts' stylesheet uses only variables that ui's stylesheet or its own defines", async () => {
    const uiCss = await readFile(join(appDir, "node_modules/@brandscope/ui/dist/styles.css"), "utf8");
    const chartsCss = await readFile(join(appDir, "node_modules/@brandscope/charts/dist/styles.css"), "utf8");
    const defined = new Set(
      [...`${uiCss}\n${chartsCss}`.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1]),
    );
    const used = new Set([...chartsCss.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]));
    const undefinedVars = [...used].filter((name) => name && !name.startsWith("--tw-") && !defined.has(name));
    expect(undefinedVars).toEqual([]);
  });

  it("tree-shake: the app's bundles hold the doughnut, not the world map or unused components", async () => {
    const code = (await filesUnder(join(appDir, "dist"), ".js")).join("\n");
    // Booleans, so a failure does not print the whole bundle.
    expect(code.includes("Content by network"), "the page's doughnut").toBe(true);
    expect(code.includes("Afghanistan"), "world-atlas, imported only by the choropleth").toBe(false);
    expect(/["'`]side-nav["'`]/.test(code), "ui's SideNav, never imported").toBe(false);
  });

  it("tree-shake: an app importing one component ships less than one importing the whole library", async () => {
    const bytes = async (dir: string) =>
      (await filesUnder(join(appDir, dir), ".js")).reduce((sum, code) => sum + Buffer.byteLength(code), 0);
    const [react, one, all] = await Promise.all(sizePages.map((page) => bytes(`dist-size/${page}`)));
    if (react === undefined || one === undefined || all === undefined)
      throw new Error("a page was not built");
    const kb = (size: number) => `${(size / 1024).toFixed(1)} KB`;
    log(`minified JavaScript: React alone ${kb(react)}, + Button ${kb(one)}, + every component ${kb(all)}`);
    expect(one).toBeLessThan(all);
    // What the library adds to React: Button (with cva and tailwind-merge) is well under the whole library's share.
    expect(one - react).toBeLessThan((all - react) * 0.75);
    const code = (await filesUnder(join(appDir, "dist-size/one"), ".js")).join("\n");
    expect(/["'`]modal-trigger["'`]/.test(code), "the Modal's code, never imported").toBe(false);
  });

  // The two ways README.md documents: the prebuilt stylesheets, or Tailwind v4 with theme.css scanning dist/.
  it.each([
    ["prebuilt styles.css, no Tailwind", "/"],
    ["the consumer's own Tailwind v4 + theme.css", "/tailwind/"],
  ])("render a ui Button and a charts Doughnut, styled, with accessible names (%s)", async (_, path) => {
    if (!browser) throw new Error("no browser");
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("response", (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(baseUrl + path);

    const button = page.getByRole("button", { name: "Export CSV" });
    await expect.poll(() => button.isVisible()).toBe(true);
    const buttonStyle = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, radius: style.borderRadius, font: style.fontFamily };
    });
    log(
      `${path} button: background ${buttonStyle.background}, radius ${buttonStyle.radius}, font ${buttonStyle.font}`,
    );
    expect(buttonStyle.background).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
    expect(buttonStyle.radius).toBe("5px"); // rounded-md = the theme's --radius
    expect(buttonStyle.font).toContain("Inter Variable");
    // The packaged font files load (re-emitted by the app's build), rather than a fallback font.
    const interLoaded = await page.evaluate(async () => {
      await document.fonts.load('500 14px "Inter Variable"');
      return document.fonts.check('500 14px "Inter Variable"');
    });
    expect(interLoaded).toBe(true);

    const doughnut = page.getByRole("img", { name: "Content by network" });
    await expect.poll(() => doughnut.isVisible()).toBe(true);
    // nivo drew the ring: one path per non-zero segment.
    await expect.poll(() => doughnut.locator("svg path").count()).toBeGreaterThanOrEqual(3);
    // The text alternative is in the page for screen readers, and visually hidden by the packaged CSS (sr-only).
    const table = page.getByRole("table");
    await expect.poll(() => table.count()).toBe(1);
    const tableBox = await table.evaluate((element) => {
      const hidden = element.closest(".sr-only") ?? element;
      const style = getComputedStyle(hidden);
      return { position: style.position, clipPath: style.clipPath };
    });
    expect(tableBox).toEqual({ position: "absolute", clipPath: "inset(50%)" });

    // A class only charts' own CSS has (size-2.5 on the legend swatch): its stylesheet reached the page too.
    const swatch = page.getByRole("listitem").filter({ hasText: "Instagram" }).locator("span[aria-hidden]");
    expect(await swatch.evaluate((element) => element.getBoundingClientRect().toJSON())).toMatchObject({
      width: 10,
      height: 10,
    });

    // The packaged theme's dark tokens switch at run time.
    const darkBackground = await button.evaluate((element) => {
      document.documentElement.classList.add("dark");
      return getComputedStyle(element).backgroundColor;
    });
    expect(darkBackground).not.toBe(buttonStyle.background);
    expect(errors).toEqual([]);
    await page.close();
  });
});

async function writeScratchApp(dir: string) {
  const versions = Object.fromEntries(pinned.map((name) => [name, monorepoVersion(name)]));
  log(`scratch app pins ${pinned.map((name) => `${name}@${versions[name]}`).join(", ")}`);
  const manifest = {
    name: "brandscope-pack-consumer",
    private: true,
    type: "module",
    dependencies: {
      "@brandscope/charts": `file:${tarballs.charts}`,
      "@brandscope/ui": `file:${tarballs.ui}`,
      react: versions.react,
      "react-dom": versions["react-dom"],
    },
    devDependencies: Object.fromEntries(
      pinned.filter((name) => name !== "react" && name !== "react-dom").map((name) => [name, versions[name]]),
    ),
  };
  const compilerOptions = {
    target: "ES2022",
    lib: ["ES2023", "DOM", "DOM.Iterable"],
    jsx: "react-jsx",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    types: [],
  };
  const html = (title: string) =>
    [
      "<!doctype html>",
      '<html lang="en">',
      `  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>${title}</title></head>`,
      '  <body><div id="root"></div><script type="module" src="./main.tsx"></script></body>',
      "</html>",
    ].join("\n");
  const render = (cssImport: string) =>
    [
      cssImport,
      'import { createRoot } from "react-dom/client";',
      'import { App } from "../shared/app.tsx";',
      "",
      'const root = document.getElementById("root");',
      'if (!root) throw new Error("no #root");',
      "createRoot(root).render(<App />);",
    ].join("\n");

  const files: Record<string, string> = {
    "package.json": JSON.stringify(manifest, null, 2),
    "tsconfig.json": JSON.stringify({
      compilerOptions: { ...compilerOptions, module: "ESNext", moduleResolution: "bundler" },
      include: ["shared", "plain", "tailwind", "react", "one", "all"],
    }),
    // Consumers on Node's resolution get working types too (relative imports in the .d.ts files carry .js).
    "tsconfig.nodenext.json": JSON.stringify({
      compilerOptions: { ...compilerOptions, module: "NodeNext", moduleResolution: "NodeNext" },
      include: ["shared", "plain", "tailwind", "react", "one", "all"],
    }),
    "shared/css.d.ts": 'declare module "*.css";',
    "shared/app.tsx": [
      'import { ChartCard } from "@brandscope/charts/chart-card";',
      'import { DoughnutChart, type DoughnutDatum, doughnutLegend } from "@brandscope/charts/doughnut";',
      'import { networkColor } from "@brandscope/charts/networks";',
      'import { Button } from "@brandscope/ui/button";',
      'import { formatCurrency } from "@brandscope/ui/format";',
      "",
      "const data: DoughnutDatum[] = [",
      '  { id: "facebook", label: "Facebook", value: 412, color: networkColor("facebook") },',
      '  { id: "instagram", label: "Instagram", value: 287, color: networkColor("instagram") },',
      '  { id: "tiktok", label: "TikTok", value: 168, color: networkColor("tiktok") },',
      "];",
      "",
      "export function App() {",
      "  return (",
      "    <main style={{ width: 480, padding: 24 }}>",
      "      <p>{formatCurrency(1234.5)}</p>",
      '      <Button emphasis="primary">Export CSV</Button>',
      '      <ChartCard title="Content" legend={doughnutLegend(data)}>',
      '        <DoughnutChart data={data} ariaLabel="Content by network" height={240} />',
      "      </ChartCard>",
      "    </main>",
      "  );",
      "}",
    ].join("\n"),
    // Page 1 (/): no Tailwind anywhere, the prebuilt stylesheets.
    "plain/index.html": html("Brandscope packages: prebuilt CSS"),
    "plain/main.tsx": render('import "@brandscope/ui/styles.css";\nimport "@brandscope/charts/styles.css";'),
    "vite.config.js": [
      'import react from "@vitejs/plugin-react";',
      'import { defineConfig } from "vite";',
      'export default defineConfig({ root: "plain", plugins: [react()], build: { outDir: "../dist", emptyOutDir: true } });',
    ].join("\n"),
    // Page 2 (/tailwind/): the consumer runs Tailwind v4 over our dist and imports the theme.
    "tailwind/index.html": html("Brandscope packages: the consumer's Tailwind"),
    "tailwind/main.tsx": render('import "./styles.css";'),
    "tailwind/styles.css": [
      '@import "tailwindcss";',
      '@import "@brandscope/ui/theme.css";',
      '@source "../node_modules/@brandscope/ui/dist";',
      '@source "../node_modules/@brandscope/charts/dist";',
    ].join("\n"),
    // Tree-shaking: one component, against every component of the library kept alive.
    "one/index.html": html("Brandscope packages: one component"),
    "one/main.tsx": [
      'import "@brandscope/ui/styles.css";',
      'import { createRoot } from "react-dom/client";',
      'import { Button } from "@brandscope/ui/button";',
      "",
      'const root = document.getElementById("root");',
      'if (!root) throw new Error("no #root");',
      "createRoot(root).render(<Button>Export CSV</Button>);",
    ].join("\n"),
    "all/index.html": html("Brandscope packages: every component"),
    "all/main.tsx": [
      ...uiComponents.map((name, index) => `import * as component${index} from "@brandscope/ui/${name}";`),
      "",
      "// Referenced from the page, so no export can be dropped.",
      `Object.assign(window, { everything: [${uiComponents.map((_, index) => `component${index}`).join(", ")}] });`,
    ].join("\n"),
    "react/index.html": html("React alone"),
    "react/main.tsx": [
      'import { createRoot } from "react-dom/client";',
      "",
      'const root = document.getElementById("root");',
      'if (!root) throw new Error("no #root");',
      'createRoot(root).render(<button type="button">Export CSV</button>);',
    ].join("\n"),
    ...Object.fromEntries(sizePages.map((page) => [`vite.${page}.config.js`, sizeBuildConfig(page)])),
    "vite.tailwind.config.js": [
      'import tailwindcss from "@tailwindcss/vite";',
      'import react from "@vitejs/plugin-react";',
      'import { defineConfig } from "vite";',
      "export default defineConfig({",
      '  root: "tailwind", base: "/tailwind/", plugins: [react(), tailwindcss()],',
      '  build: { outDir: "../dist/tailwind", emptyOutDir: false },',
      "});",
    ].join("\n"),
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), `${text}\n`);
  }
}

/** Every component module ui exports ("./*" → components/*), as a consumer would import it. */
const uiComponents = readdirSync(join(libraries.ui.dir, "src/components"))
  .filter((file) => file.endsWith(".tsx") && !file.endsWith(".stories.tsx"))
  .map((file) => file.replace(/\.tsx$/, ""));

/** The tree-shaking pages: React alone (the floor), one component, every component. */
const sizePages = ["react", "one", "all"] as const;

function sizeBuildConfig(page: (typeof sizePages)[number]) {
  return [
    'import react from "@vitejs/plugin-react";',
    'import { defineConfig } from "vite";',
    `export default defineConfig({ root: "${page}", plugins: [react()], build: { outDir: "../dist-size/${page}", emptyOutDir: true } });`,
  ].join("\n");
}

async function filesUnder(dir: string, extension: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true });
  const matching = names.filter((name) => name.endsWith(extension));
  return Promise.all(matching.map((name) => readFile(join(dir, name), "utf8")));
}

function log(message: string) {
  console.log(`[pack] ${message}`);
}

async function step<T>(title: string, action: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await action();
  log(`${title}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** The inherited environment minus what would tie a child npm/vite to this run (workspace, test mode). */
function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(npm_package_|npm_lifecycle_|npm_config_(local_prefix|workspaces?)$|VITEST|TEST$)/i.test(key))
      delete env[key];
  }
  delete env.NODE_ENV; // vitest sets "test"; a consumer's build runs in production
  return env;
}

function run(command: string, args: string[], options: { cwd?: string } = {}) {
  return new Promise<{ stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(command, args, { cwd: options.cwd ?? repoRoot, env: childEnv() });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", fail);
    child.on("close", (code) => {
      if (code === 0) done({ stdout, stderr });
      else
        fail(
          new Error(
            `${command} ${args.join(" ")} (in ${options.cwd ?? repoRoot}) exited ${code}\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`,
          ),
        );
    });
  });
}

function freePort() {
  return new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.on("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? done(address.port) : fail(new Error("no port")),
      );
    });
  });
}

async function waitForHttp(url: string, server: ChildProcess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`vite preview exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`${url} did not answer within 30 s`);
}

/** Stops the process group the server leads: SIGTERM, then SIGKILL after 5 s. */
async function stopGroup(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null || !server.pid) return;
  const exited = new Promise((done) => server.once("exit", done));
  process.kill(-server.pid, "SIGTERM");
  const timer = setTimeout(() => {
    try {
      if (server.pid) process.kill(-server.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }, 5_000);
  await exited;
  clearTimeout(timer);
}
