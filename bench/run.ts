/**
 * `npm run bench [-- name ...]`: runs the benchmarks (all by default) against the PostgreSQL
 * server of BENCH_DATABASE_URL (default: the local test server). Figures are ratios against a
 * baseline run in the same process, never pass/fail; a violated correctness check (a count or a
 * state, never a timing) or any other error fails that benchmark. The others still run, and the
 * process exits 1 when any failed.
 */
const benches: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  "api-under-onboarding": () => import("./api-under-onboarding.ts"),
  "daily-run": () => import("./daily-run.ts"),
  "event-store-append": () => import("./event-store-append.ts"),
  "mention-accuracy": () => import("./mention-accuracy.ts"),
  "mention-doubt": () => import("./mention-doubt.ts"),
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
const failed: Array<string> = []
for (const name of selected.length === 0 ? Object.keys(benches) : selected) {
  const load = benches[name]
  if (load === undefined) {
    console.error(`unknown benchmark ${name}; known: ${Object.keys(benches).join(", ")}`)
    process.exit(1)
  }
  console.log(`\n== ${name}`)
  try {
    await (await load()).run()
  } catch (error) {
    failed.push(name)
    console.error(`\n== ${name} FAILED: ${error instanceof Error ? error.stack ?? error.message : String(error)}`)
  }
}
if (failed.length > 0) console.error(`\nfailed: ${failed.join(", ")}`)
process.exit(failed.length === 0 ? 0 : 1)
