/** What the daily-run suites share: seeded businesses, loopback platforms, following a run. */
import { Effect } from "effect"
import { expect } from "vitest"
import { EntityCommands } from "../../src/actors/entity-commands.ts"
import type { DatabaseTarget } from "../../src/db/database.ts"
import { RecordPrompts } from "../../src/domain/entity-decider.ts"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import { ProjectionRunner } from "../../src/projections/runner.ts"
import type { OpenAiCompatibleServer } from "./openai-compatible-server.ts"
import { startService } from "./service.ts"
import { recordCrawl, withDetails } from "./recorded-crawl.ts"

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Businesses with `prompts` prompts each, made through the service's own commands; then it stops. */
export const seedBusinesses = async (target: DatabaseTarget, serviceKey: string, slugs: ReadonlyArray<string>, prompts: number) => {
  const seeding = await startService(target, { SERVICE_API_KEYS: serviceKey, SCHEDULER_CRON: "off" })
  try {
    for (const slug of slugs) {
      const response = await fetch(`${seeding.baseUrl}/api/business`, {
        method: "POST",
        headers: { authorization: `Bearer ${serviceKey}` },
        body: JSON.stringify({ business_name: `Bakery ${slug}`, business_url: `https://${slug}.example/`, org_slug: slug })
      })
      expect(response.status).toBe(201)
      // A site is never published from nothing, nor 15 posts a day from one sentence: each
      // business has a crawled home page with a bakery's details.
      await recordCrawl(seeding.runtime, { businessId: slug as BusinessId, itemId: null }, `https://${slug}.example/`, withDetails(`Bakery ${slug} bakes bread.`))
      // Recorded and read: the runs read the entities' prompts from the read model.
      await seeding.runtime.runPromise(Effect.gen(function*() {
        const recorded = yield* (yield* EntityCommands).send({ businessId: slug as BusinessId, itemId: null }, new RecordPrompts({
          businessId: slug as BusinessId,
          itemId: null,
          prompts: Array.from({ length: prompts }, (_, i) => `Which bakery near ${slug} bakes the best loaf number ${i + 1}?`),
          generator: "test",
          at: new Date().toISOString()
        }))
        yield* (yield* ProjectionRunner).waitFor(recorded.lastPosition)
      }))
    }
  } finally {
    await seeding.stop()
  }
}

/** The environment pointing the 8 platforms at loopback servers. */
export const platformEnv = (platforms: ReadonlyArray<OpenAiCompatibleServer>): Record<string, string> =>
  Object.fromEntries(platforms.flatMap((server, i) => [
    [`AI_PLATFORM_${i + 1}_BASE_URL`, server.baseUrl],
    [`AI_PLATFORM_${i + 1}_MODEL`, `loopback-model-${i + 1}`],
    [`AI_PLATFORM_${i + 1}_API_KEY`, `loopback-key-${i + 1}`]
  ]))

/** Entities (business slugs) whose day a service's log says it started, or finished. */
export const entitiesIn = (output: string, what: "started on this runner" | "succeeded") =>
  new Set([...output.matchAll(new RegExp(`daily \\d{4}-\\d{2}-\\d{2} ([a-z0-9-]+): ${what}`, "g"))].map((m) => m[1]!))

/** Polls the run until it has finished, at most `timeoutMs`. */
export const waitForRun = async (baseUrl: string, serviceKey: string, runId: string, timeoutMs: number, explain: () => string = () => "") => {
  const deadline = Date.now() + timeoutMs
  let run: Record<string, any> = {}
  for (;;) {
    const response = await fetch(`${baseUrl}/api/scheduler/runs/${runId}`, { headers: { authorization: `Bearer ${serviceKey}` } }).catch(() => undefined)
    if (response?.status === 200) {
      run = await response.json() as Record<string, any>
      if (run.state === "succeeded" || run.state === "failed") return run
    }
    if (Date.now() > deadline) throw new Error(`run ${runId} not finished: ${JSON.stringify(run)}\n${explain()}`)
    await sleep(200)
  }
}

/** Counts, per type, of the facts a day records per entity, and the streams holding them. */
export const DAY_FACTS_QUERY = `
  SELECT event_type, count(*)::int AS n, count(DISTINCT stream_id)::int AS streams FROM events
  WHERE event_type IN ('SiteDeployed', 'BlogPostPublished', 'PlatformChecked', 'ScoreStored', 'DailyEntityFinished')
  GROUP BY event_type ORDER BY event_type`

/** What DAY_FACTS_QUERY answers when each of `entities` had its day once with `prompts` prompts. */
export const dayFactsOnce = (entities: number, prompts: number) => [
  { event_type: "BlogPostPublished", n: 15 * entities, streams: entities },
  { event_type: "DailyEntityFinished", n: entities, streams: entities },
  { event_type: "PlatformChecked", n: 8 * prompts * entities, streams: entities },
  { event_type: "ScoreStored", n: entities, streams: entities },
  { event_type: "SiteDeployed", n: entities, streams: entities }
]

/** A run's view once each of `entities` had its whole day with `prompts` prompts. */
export const runSucceeded = (entities: number, prompts: number) => {
  const all = (total: number) => ({ total, done: total, failed: 0, remaining: 0 })
  return {
    state: "succeeded",
    entities: all(entities),
    steps: { site: all(entities), blog: all(15 * entities), analyze: all(prompts * entities), score: all(entities) }
  }
}
