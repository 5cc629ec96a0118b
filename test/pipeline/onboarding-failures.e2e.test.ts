/**
 * Onboarding jobs that go wrong say so, through `GET /api/jobs/{id}`: a crawl that reaches
 * nothing fails its step and the job with a stable code and a generic reason (no address the
 * crawler's DNS knows), a step that fails unexpectedly leaves no step `pending`, and every step
 * names the documented pipeline step it belongs to. And a generate-all of many products onboards
 * a few entities at a time, every one of them to the end.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { createServer } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ENTITIES_IN_FLIGHT } from "../../src/pipeline/onboarding-workflow.ts"
import { testDatabases } from "../support/databases.ts"
import { type FixtureSite, startFixtureSite } from "../support/fixture-site.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"
import { followJob } from "../support/jobs.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }

interface JobStep {
  readonly name: string
  readonly pipeline_step: string
  readonly state: string
  readonly detail: string | null
}
interface JobBody {
  readonly state: string
  readonly steps: ReadonlyArray<JobStep>
  readonly errors: ReadonlyArray<string>
}

/** IPv4 dotted quads, and IPv6 addresses (groups of hex digits around a `::`). */
const IP_ADDRESS = /\b\d{1,3}(\.\d{1,3}){3}\b|[0-9a-f]*::[0-9a-f]/i

/** The job as JSON, its timestamps aside (their `05:15:13` is no address). */
const shown = (job: JobBody) => JSON.stringify({ ...job, created_at: undefined, updated_at: undefined })

const GENERATE_PROMPTS_STEPS = [
  ["business.crawl", "generate_prompts"],
  ["business.prompts", "generate_prompts"],
  ["business.visibility", "analyze_visibility"],
  ["business.score", "analyze_visibility"]
]

/** A loopback port nothing listens on. */
const refusedPort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

for (const database of testDatabases) {
  describe(`onboarding failures (${database.name})`, () => {
    let service: RunningService
    let site: FixtureSite
    let release = async () => {}

    const call = async (method: string, path: string, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))

    const waitForJob = (jobId: string, onPoll: (job: JobBody) => void = () => {}, timeoutMs = 240_000): Promise<JobBody> =>
      followJob(call, jobId, { onPoll, timeoutMs, pollMs: 100 })

    const generatePrompts = async (orgSlug: string, url: string) => {
      const started = await call("POST", "/api/generate-prompts", { url, org_slug: orgSlug, max_pages: 3 })
      expect(started.status).toBe(202)
      return waitForJob(started.body.job_id)
    }

    const stepsOf = (job: JobBody) => job.steps.map((step) => [step.name, step.state, step.detail])

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      site = await startFixtureSite()
      service = await startService(created.target, { CRAWLER_ALLOW_PRIVATE: "true" })
    })
    afterAll(async () => {
      await service?.stop()
      await site?.close()
      await release()
    })

    it("a host that does not resolve: crawl failed, job failed, a generic reason", async () => {
      const job = await generatePrompts("no-dns", "http://no-such-host.invalid/")
      expect(job.state).toBe("failed")
      expect(job.errors).toEqual(["business.crawl: crawl_site_unreachable: http://no-such-host.invalid/ could not be reached"])
      expect(stepsOf(job)[0]).toEqual(["business.crawl", "failed", "http://no-such-host.invalid/ could not be reached"])
      expect(shown(job)).not.toMatch(IP_ADDRESS)
    }, 240_000)

    it("a refused port: the same reason, and no address anywhere in the job", async () => {
      const port = await refusedPort()
      const job = await generatePrompts("refused", `http://localhost:${port}/`)
      expect(job.state).toBe("failed")
      expect(job.errors).toEqual([`business.crawl: crawl_site_unreachable: http://localhost:${port}/ could not be reached`])
      expect(stepsOf(job)[0]).toEqual(["business.crawl", "failed", `http://localhost:${port}/ could not be reached`])
      expect(shown(job)).not.toMatch(IP_ADDRESS)
      expect(shown(job)).not.toMatch(/ECONNREFUSED|loopback/)
    }, 240_000)

    it("a start page that is not HTML: crawl failed with that reason", async () => {
      const job = await generatePrompts("not-html", `${site.baseUrl}/robots.txt`)
      expect(job.state).toBe("failed")
      expect(job.errors).toEqual([`business.crawl: crawl_not_html: ${site.baseUrl}/robots.txt is not HTML`])
    }, 240_000)

    it("a generate-prompts job's steps each name their documented pipeline step", async () => {
      const job = await generatePrompts("crumb-bakery", `${site.baseUrl}/`)
      expect(job.state).toBe("succeeded")
      expect(job.steps.map((step) => [step.name, step.pipeline_step])).toEqual(GENERATE_PROMPTS_STEPS)
      expect(job.steps.map((step) => step.state)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded"])
    }, 240_000)

    it("a step that fails unexpectedly: that step failed, the later ones skipped, none pending, no raw error", async () => {
      // The database refuses this business's crawl record: a failure no retry can mend.
      await service.runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
        Effect.all([
          sql.unsafe(`CREATE OR REPLACE FUNCTION refuse_test_crawl() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
          sql.unsafe(`CREATE TRIGGER refuse_test_crawl BEFORE INSERT ON events FOR EACH ROW
            WHEN (NEW.stream_id = 'crawl-business:breaks-midway') EXECUTE FUNCTION refuse_test_crawl()`)
        ], { discard: true })))
      const job = await generatePrompts("breaks-midway", `${site.baseUrl}/`)
      expect(job.state).toBe("failed")
      const failure = "internal_error: the step failed unexpectedly; the service log has the cause"
      expect(job.errors).toEqual([`business.crawl: ${failure}`])
      expect(stepsOf(job)).toEqual([
        ["business.crawl", "failed", failure],
        ["business.prompts", "skipped", "not run: an earlier step failed"],
        ["business.visibility", "skipped", "not run: an earlier step failed"],
        ["business.score", "skipped", "not run: an earlier step failed"]
      ])
      expect(shown(job)).not.toMatch(/SqlError|refused by the test/)
    }, 240_000)

    it(`a generate-all of 6 entities checks at most ${ENTITIES_IN_FLIGHT} at once, and every one to the end`, async () => {
      const paths = ["/breads", "/cakes", "/about", "/seasonal", "/products/wedding-cake"]
      const started = await call("POST", "/api/generate-all", {
        url: `${site.baseUrl}/`,
        org_slug: "many-products",
        max_pages: 3,
        products: paths.map((path, i) => ({ item_id: `item-${i}`, url: `${site.baseUrl}${path}` }))
      })
      expect(started.status).toBe(202)
      const entities = ["business", ...paths.map((_, i) => `product:item-${i}`)]
      const stateOf = (job: JobBody, name: string) => job.steps.find((step) => step.name === name)?.state
      let mostAtOnce = 0
      // An entity is checking from its first checks (visibility running) until its score is in.
      const job = await waitForJob(started.body.job_id, (polled) => {
        const checking = entities.filter((entity) => {
          const visibility = stateOf(polled, `${entity}.visibility`)
          return visibility === "running" || (visibility === "succeeded" && stateOf(polled, `${entity}.score`) === "pending")
        })
        mostAtOnce = Math.max(mostAtOnce, checking.length)
      })
      expect({ state: job.state, errors: job.errors }).toEqual({ state: "succeeded", errors: [] })
      expect(job.steps.every((step) => step.state === "succeeded")).toBe(true)
      expect(job.steps.length).toBe(entities.length * 5)
      expect(job.steps.filter((step) => step.name.endsWith(".site")).every((step) => step.pipeline_step === "live_identity")).toBe(true)
      expect(mostAtOnce).toBeGreaterThan(0)
      expect(mostAtOnce).toBeLessThanOrEqual(ENTITIES_IN_FLIGHT)
    }, 300_000)
  })
}
