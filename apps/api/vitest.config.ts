import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["./test/global-setup.ts"],
    // Files wait on PostgreSQL and child processes more than on the CPU: run more than the 2 cores.
    maxWorkers: 4,
    // Files share their worker's modules instead of importing the app's graph again each (262 s of CPU per file
    // set became 169 s on src/modules/{auth,billing,brand}): each file builds its own app and database, and no
    // module keeps state between apps (docs/operations.md "Test time").
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
