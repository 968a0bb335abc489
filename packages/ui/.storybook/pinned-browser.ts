/*
 * The browser the visual tests render in, pinned by package-lock.json: a Chromium headless shell shipped inside the
 * `@sparticuz/chromium` package (brotli-compressed, unpacked here once per version), with the fonts of the
 * `dejavu-fonts-ttf` package as its only system fonts. A machine's own Chromium and fonts change whenever Debian
 * updates them (Chromium 150 → 156 moved 5 of 336 stories' pictures), so the baselines in visual-baselines/ are
 * valid for this browser only: upgrading either package is a deliberate change that rewrites them in the same
 * commit (`npm run test:visual -- --update`, docs/design-system.md "Visual tests").
 *
 * The product's own browser tests (apps/web/e2e/browser.ts) keep the system Chromium: they assert behaviour, not
 * pixels.
 */
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";

export interface PinnedBrowser {
  /** "153.0.0": the package's version, which names its Chromium major. */
  version: string;
  executablePath: string;
  /** The environment the browser runs with: its font configuration instead of the machine's /etc/fonts. */
  env: Record<string, string>;
}

const require = createRequire(import.meta.url);
const cacheRoot = resolve(import.meta.dirname, "../.cache/pinned-browser");

/** Unpacks the pinned Chromium and writes its font configuration, both once per package version. */
export async function pinnedBrowser(): Promise<PinnedBrowser> {
  // The package exports only its entry, in build/; its compressed binaries sit in bin/ beside build/.
  const packageDir = resolve(dirname(require.resolve("@sparticuz/chromium")), "..");
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
    version: string;
  };
  const dir = join(cacheRoot, `chromium-${version}`);
  const executablePath = join(dir, "chromium");
  if (!existsSync(executablePath)) await unpack(join(packageDir, "bin/chromium.br"), executablePath);

  const fontsDir = join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
  const fontconfigFile = join(dir, "fonts.conf");
  writeFileSync(fontconfigFile, fontConfiguration(fontsDir, join(dir, "fontconfig-cache")));
  return { version, executablePath, env: { ...stringEnv(process.env), FONTCONFIG_FILE: fontconfigFile } };
}

/** Written beside its final name and renamed, so that an interrupted run never leaves half a binary to reuse. */
async function unpack(compressed: string, target: string): Promise<void> {
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  try {
    await pipeline(
      createReadStream(compressed),
      createBrotliDecompress(),
      createWriteStream(partial, { mode: 0o755 }),
    );
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Only the pinned fonts, and fixed rendering settings: the machine's /etc/fonts (its hinting and subpixel choices,
 * its installed families) is not read at all. Inter, the design system's face, is a web font the stories load
 * (src/styles/theme.css); these families are the fallbacks a generic name or a missing glyph reaches.
 */
function fontConfiguration(fontsDir: string, cacheDir: string): string {
  const generic = (name: string, family: string) =>
    `  <alias><family>${name}</family><prefer><family>${family}</family></prefer></alias>`;
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    "<fontconfig>",
    `  <dir>${fontsDir}</dir>`,
    `  <cachedir>${cacheDir}</cachedir>`,
    generic("sans-serif", "DejaVu Sans"),
    generic("serif", "DejaVu Serif"),
    generic("monospace", "DejaVu Sans Mono"),
    '  <match target="font">',
    '    <edit name="antialias" mode="assign"><bool>true</bool></edit>',
    '    <edit name="hinting" mode="assign"><bool>true</bool></edit>',
    '    <edit name="hintstyle" mode="assign"><const>hintslight</const></edit>',
    '    <edit name="rgba" mode="assign"><const>none</const></edit>',
    "  </match>",
    "</fontconfig>",
    "",
  ].join("\n");
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
