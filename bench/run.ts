/**
 * `npm run bench [-- name ...]`: runs the benchmarks (all by default) against the PostgreSQL
 * server of BENCH_DATABASE_URL (default: the local test server). Figures are ratios against a
 * baseline run in the same process, never pass/fail.
 */
const benches: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  "api-under-onboarding": () => import("./api-under-onboarding.ts"),
  "daily-run": () => import("./daily-run.ts"),
  "event-store-append": () => import("./event-store-append.ts"),
  "mention-accuracy": () => import("./mention-accuracy.ts"),
  "onboarding": () => import("./onboarding.ts"),
  "post-similarity": () => import("./post-similarity.ts"),
  "prompt-quality": () => import("./prompt-quality.ts"),
  "startup": () => import("./startup.ts"),
  "visibility-fanout": () => import("./visibility-fanout.ts"),
  "visibility-pieces": () => import("./visibility-pieces.ts"),
  "visibility-reads": () => import("./visibility-reads.ts"),
  "visit-stats": () => import("./visit-stats.ts"),
  "visit-webhook": () => import("./visit-webhook.ts")
}

const selected = process.argv.slice(2).filter((arg) => !arg.startsWith("-"))
for (const name of selected.length === 0 ? Object.keys(benches) : selected) {
  const load = benches[name]
  if (load === undefined) {
    console.error(`unknown benchmark ${name}; known: ${Object.keys(benches).join(", ")}`)
    process.exit(1)
  }
  console.log(`\n== ${name}`)
  await (await load()).run()
}
process.exit(0)
