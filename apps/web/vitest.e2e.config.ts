import { defineConfig } from "vitest/config";

// Browser journeys against the real production server (built web app served by the API); see e2e/global-setup.ts.
export default defineConfig({
  test: {
    environment: "node",
    include: ["e2e/**/*.e2e.test.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
