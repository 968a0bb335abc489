import { defineConfig } from "vitest/config";

// `npm run test:pack`: the library as another product gets it (test/pack.test.ts). Not part of `npm test` in this
// package: it builds, packs and installs from the registry, which the story tests have no need for.
export default defineConfig({
  test: {
    name: "pack",
    environment: "node",
    include: ["test/pack.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
