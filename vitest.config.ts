import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The child processes of the suites run dist/ (the service as `npm start` runs it), built first.
    globalSetup: ["test/support/build-dist.ts"],
    // Generous bounds for a loaded two-core machine: tests wait on conditions, and these only
    // stop one that hangs.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // Two cores: test files in parallel, each with its own database.
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    // A worker keeps the modules it has loaded for its next file: loading the service's modules
    // again for each of 130 files was over a third of the suite's time. Tests share no module
    // state they rely on (each starts its own service over its own database).
    isolate: false,
    reporters: ["default"]
  }
})
