import { join, resolve } from "node:path";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { pinnedBrowser } from "./.storybook/pinned-browser.ts";

// The Chromium that package-lock.json pins, not the machine's: the baselines are pictures of this browser
// (.storybook/pinned-browser.ts). No tool may download a browser of its own on these machines.
const browser = await pinnedBrowser();
const chromium = {
  executablePath: browser.executablePath,
  env: browser.env,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/*
 * Visual baselines (.storybook/vitest.setup.ts): one PNG per story and colour mode, committed in the package that
 * owns the story (packages/ui/visual-baselines/, packages/charts/visual-baselines/). A failure writes the actual
 * picture and the diff beside each other in packages/ui/.cache/visual-diffs/ and prints their paths.
 */
const baselinesOf = (storiesDir: string) => join(storiesDir.replace(/\/src(\/.*)?$/, ""), "visual-baselines");
const visualDiffs = resolve(import.meta.dirname, ".cache/visual-diffs");

export default defineConfig({
  test: {
    // One file at a time: on two cores, parallel story files starve the timing stories (debounce, abort)
    // and were no faster (measured 71 s serial against 76–86 s parallel for the whole suite).
    fileParallelism: false,
    projects: [
      {
        // Every story is a test: it renders in real Chromium, runs its play function, then axe (a11y "error").
        plugins: [storybookTest({ configDir: ".storybook" })],
        test: {
          name: "storybook",
          setupFiles: [".storybook/vitest.setup.ts"],
          globalSetup: [".storybook/visual-diffs-reset.ts"],
          // Where a failing screenshot's pictures are also attached to the report (gitignored, as .cache/ is).
          attachmentsDir: ".cache/vitest-attachments",
          // Chart animations and debounce timing can lose a race on a loaded 2-core CI machine; a story that
          // passes only on its retry is reported as flaky, not hidden.
          retry: 1,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromium }),
            instances: [{ browser: "chromium" }],
            expect: {
              toMatchScreenshot: {
                comparatorName: "pixelmatch",
                // The tolerance: none. Any colour change counts (threshold 0; pixelmatch's default 0.1 let a token
                // moved by 1 % of lightness through), only pixels pixelmatch recognises as anti-aliasing are ignored,
                // and at most 4 changed pixels are allowed: a popover's edge beside a focused field once differed by 2
                // pixels between two runs of the same story (AsyncSelect "Minimum query length"), while the smallest
                // real change measured (a token moved by 1 %) changed hundreds. Same Chromium, same bundled Inter, no
                // animations.
                comparatorOptions: { threshold: 0, allowedMismatchedPixels: 4 },
                resolveScreenshotPath: ({ arg, ext, root, testFileDirectory }) =>
                  join(baselinesOf(resolve(root, testFileDirectory)), `${arg}${ext}`),
                resolveDiffPath: ({ arg, ext }) => join(visualDiffs, `${arg}${ext}`),
              },
            },
          },
        },
      },
      {
        // Pure helpers (formatters and the like), co-located as *.test.ts.
        test: { name: "unit", include: ["src/**/*.test.ts"], environment: "node" },
      },
    ],
  },
});
