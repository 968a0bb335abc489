import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";

// The system Chromium: no tool may download its own browser on these machines.
const chromium = {
  executablePath: "/usr/bin/chromium",
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
          // Chart animations and debounce timing can lose a race on a loaded 2-core CI machine; a story that
          // passes only on its retry is reported as flaky, not hidden.
          retry: 1,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromium }),
            instances: [{ browser: "chromium" }],
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
