import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Generous bounds for a loaded two-core machine: tests wait on conditions, and these only
    // stop one that hangs.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // Two cores: test files in parallel, each with its own database.
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    reporters: ["default"]
  }
})
