/**
 * Declared aliases and names that never count, over real HTTP: given on `POST /api/business`, on
 * products in `generate-all`, replaced with `PUT /api/entities/{business_id}/names`, refused with
 * a 400 when malformed, and used by the next check (`POST /api/cron/analyze-visibility`, platform
 * 1 pointed at a loopback OpenAI-compatible server answering a fixed text), for a business and a
 * product. Who may call the PUT is in the authorization matrix (`authorization.e2e.test.ts`).
 */
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BusinessId, ItemId } from "../../src/domain/entity-ref.ts"
import { streamIdOf } from "../../src/domain/entity-ref.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { Entities } from "../../src/projections/entities.ts"
import { testDatabases } from "../support/databases.ts"
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer } from "../support/openai-compatible-server.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}`, "content-type": "application/json" }
/** A closed loopback port: an onboarding started here fails its crawl fast. */
const UNREACHABLE = "http://127.0.0.1:9/"

const eventually = async <A>(read: () => Promise<A>, done: (value: A) => boolean, timeoutMs = 60_000): Promise<A> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`condition not reached in time; last value ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

for (const database of testDatabases) {
  describe(`declared aliases and not_aliases (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    let engine: OpenAiCompatibleServer

    const call = async (method: string, path: string, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))
    const createBusiness = (body: Record<string, unknown>) => call("POST", "/api/business", body)
    const putNames = (slug: string, body: unknown) => call("PUT", `/api/entities/${slug}/names`, body)
    /** Platform 1's flag for a prompt whose answer is `text`. */
    const platformOneSees = async (slug: string, text: string, prompt: string) => {
      engine.setBehavior({ otherwise: { kind: "answer", content: text } })
      const { status, body } = await call("POST", "/api/cron/analyze-visibility", { business_id: slug, prompt })
      expect(status, JSON.stringify(body)).toBe(200)
      return body.ai_platform_1 as boolean
    }
    const rowOf = (slug: string, itemId: string | null = null) =>
      service.runtime.runPromise(Effect.flatMap(Entities, (entities) => entities.find(slug, itemId)))
    const namesEventsOf = (slug: string, itemId: string | null = null) =>
      service.runtime.runPromise(Effect.flatMap(EventStore, (store) =>
        store.readStream(streamIdOf({ businessId: slug as BusinessId, itemId: itemId as ItemId | null })))).then((events) =>
        events.filter((event) => event.type === "NamesDeclared").map((event) => event.data as { aliases: Array<string>; notAliases: Array<string> }))

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      engine = await startOpenAiCompatibleServer({ otherwise: { kind: "answer", content: "No idea." } })
      service = await startService(created.target, {
        AI_PLATFORM_1_BASE_URL: engine.baseUrl,
        AI_PLATFORM_1_MODEL: "fixed",
        AI_PLATFORM_MAX_RETRIES: "0"
      })
    })
    afterAll(async () => {
      await service?.stop()
      await engine?.close()
      await release()
    })

    it("records the names given at creation, cleaned: trimmed, one space, repeats in another case dropped", async () => {
      const { status } = await createBusiness({
        business_name: "Calloway Street Bakery",
        business_url: "https://calloway-street.example",
        org_slug: "calloway-street",
        aliases: ["  Crumbhouse ", "crumbhouse", "Old   Mill Loaves"],
        not_aliases: ["Calloway Street Bakery Supply"]
      })
      expect(status).toBe(201)
      const row = await rowOf("calloway-street")
      expect([row?.aliases, row?.not_aliases]).toEqual([["Crumbhouse", "Old Mill Loaves"], ["Calloway Street Bakery Supply"]])
      expect(await namesEventsOf("calloway-street")).toEqual([
        expect.objectContaining({ aliases: ["Crumbhouse", "Old Mill Loaves"], notAliases: ["Calloway Street Bakery Supply"] })
      ])
      // A declared alias counts at once.
      expect(await platformOneSees("calloway-street", "Locals queue at Crumbhouse for its sourdough; it is the best in town.", "best sourdough nearby")).toBe(true)
    })

    it("makes an answer naming only a declared alias visible once the alias is declared", async () => {
      expect((await createBusiness({ business_name: "Marlow Physiotherapy", business_url: "https://marlow-physio.example", org_slug: "marlow-physio" })).status).toBe(201)
      // An earlier name of the clinic, which no rule could derive from its name.
      const answer = "For a sports injury, Quay Road Rehab is the clinic runners recommend."
      expect(await platformOneSees("marlow-physio", answer, "physio for runners")).toBe(false)

      const put = await putNames("marlow-physio", { aliases: ["Quay Road Rehab"], not_aliases: [] })
      expect(put).toEqual({
        status: 200,
        body: { business_id: "marlow-physio", item_id: null, aliases: ["Quay Road Rehab"], not_aliases: [] }
      })
      expect(await platformOneSees("marlow-physio", answer, "physio for runners, again")).toBe(true)
    })

    it("stops counting a namesake declared in not_aliases", async () => {
      expect((await createBusiness({ business_name: "Hollis Coffee", business_url: "https://hollis-coffee.example", org_slug: "hollis-coffee" })).status).toBe(201)
      const answer = "Hollis Coffee Roasters in Portland sells excellent single-origin beans."
      expect(await platformOneSees("hollis-coffee", answer, "coffee beans portland")).toBe(true)

      expect((await putNames("hollis-coffee", { aliases: [], not_aliases: ["Hollis Coffee Roasters"] })).status).toBe(200)
      expect(await platformOneSees("hollis-coffee", answer, "coffee beans portland, again")).toBe(false)
      // The business itself still counts where it is named outside the namesake.
      expect(await platformOneSees("hollis-coffee", "Hollis Coffee on Main Street pulls a great espresso.", "espresso downtown")).toBe(true)
    })

    it("replaces both lists, and records nothing when they are the ones it has", async () => {
      expect((await createBusiness({ business_name: "Tern & Gable", org_slug: "tern-gable", aliases: ["T&G"] })).status).toBe(201)
      expect((await putNames("tern-gable", { aliases: ["Tern and Gable Studio"], not_aliases: ["Tern Gable Records"] })).body).toEqual({
        business_id: "tern-gable",
        item_id: null,
        aliases: ["Tern and Gable Studio"],
        not_aliases: ["Tern Gable Records"]
      })
      expect((await putNames("tern-gable", { aliases: ["Tern and Gable Studio"], not_aliases: ["Tern Gable Records"] })).status).toBe(200)
      expect((await namesEventsOf("tern-gable")).map((event) => [event.aliases, event.notAliases])).toEqual([
        [["T&G"], []],
        [["Tern and Gable Studio"], ["Tern Gable Records"]]
      ])
      expect((await putNames("tern-gable", { aliases: [], not_aliases: [] })).body).toEqual({ business_id: "tern-gable", item_id: null, aliases: [], not_aliases: [] })
    })

    it("answers 404 for an unknown business or product", async () => {
      const business = await putNames("no-such-business", { aliases: ["X"], not_aliases: [] })
      expect([business.status, business.body.code]).toEqual([404, "business_not_found"])
      const product = await putNames("tern-gable", { item_id: "no-such-item", aliases: ["X"], not_aliases: [] })
      expect([product.status, product.body.code]).toEqual([404, "product_not_found"])
    })

    it("refuses malformed names with a 400 naming the field, and records nothing", async () => {
      const cases: ReadonlyArray<[unknown, string]> = [
        [{ aliases: ["  "], not_aliases: [] }, "aliases[0]: must not be empty"],
        [{ aliases: ["Tern"], not_aliases: ["ok", ""] }, "not_aliases[1]: must not be empty"],
        [{ aliases: ["Tern", "tern"], not_aliases: ["TERN"] }, "\"TERN\" is in both aliases and not_aliases"],
        [{ aliases: ["a\u0007b"], not_aliases: [] }, "aliases[0]: must not contain control characters"],
        [{ aliases: ["x".repeat(101)], not_aliases: [] }, "aliases: a name has at most 100 characters"],
        [{ aliases: Array.from({ length: 21 }, (_, i) => `Name ${i}`), not_aliases: [] }, "aliases: at most 20 names"],
        [{ aliases: "Tern", not_aliases: [] }, "aliases"],
        [{ aliases: ["Tern"] }, "not_aliases"]
      ]
      for (const [body, message] of cases) {
        const { status, body: answer } = await putNames("tern-gable", body)
        expect([status, answer.code], JSON.stringify(body)).toEqual([400, "invalid_request"])
        expect(answer.message, JSON.stringify(body)).toContain(message)
      }
      const nul = await fetch(`${service.baseUrl}/api/entities/tern-gable/names`, {
        method: "PUT",
        headers: auth,
        body: "{\"aliases\":[\"Tern\\u0000Gable\"],\"not_aliases\":[]}"
      })
      expect(nul.status).toBe(400)
      const created = await createBusiness({ business_name: "Refused Names", org_slug: "refused-names", aliases: ["ok", " "] })
      expect([created.status, created.body.message]).toEqual([400, "aliases[1]: must not be empty"])
      expect(await rowOf("refused-names")).toBeUndefined()
      expect((await namesEventsOf("tern-gable")).length).toBe(3)
    })

    it("records a product's names given in generate-all, and refuses malformed ones before any job", async () => {
      expect((await createBusiness({ business_name: "Pellier Outdoor", org_slug: "pellier" })).status).toBe(201)
      const refused = await call("POST", "/api/generate-all", {
        url: UNREACHABLE,
        org_slug: "pellier",
        products: [{ item_id: "trail-jacket", url: `${UNREACHABLE}jacket`, aliases: ["Trail Jacket"], not_aliases: ["trail jacket"] }]
      })
      expect([refused.status, refused.body.message]).toEqual([400, "\"trail jacket\" is in both products.trail-jacket.aliases and products.trail-jacket.not_aliases"])

      const started = await call("POST", "/api/generate-all", {
        url: UNREACHABLE,
        org_slug: "pellier",
        products: [{ item_id: "trail-jacket", url: `${UNREACHABLE}jacket`, name: "Pellier Trail Jacket", aliases: [" the Pellier shell "] }]
      })
      expect(started.status).toBe(202)
      // The job's crawl fails (nothing to build from), but the product is registered with its names.
      const row = await eventually(() => rowOf("pellier", "trail-jacket"), (found) => found !== undefined)
      expect([row?.aliases, row?.not_aliases]).toEqual([["the Pellier shell"], []])

      // Named again later, a tracked product gets them at once; a list left out stays as it is.
      await eventually(() => call("GET", `/api/jobs/${started.body.job_id}`), (job) => job.body.state !== "queued" && job.body.state !== "running")
      const again = await call("POST", "/api/generate-all", {
        url: UNREACHABLE,
        org_slug: "pellier",
        products: [{ item_id: "trail-jacket", url: `${UNREACHABLE}jacket`, name: "Pellier Trail Jacket", not_aliases: ["Pellier Trail Jacket Mk I"] }]
      })
      expect(again.status).toBe(202)
      const named = await rowOf("pellier", "trail-jacket")
      expect([named?.aliases, named?.not_aliases]).toEqual([["the Pellier shell"], ["Pellier Trail Jacket Mk I"]])

      // One product's bad names refuse the request before any product's names are recorded.
      const mixed = await call("POST", "/api/generate-all", {
        url: UNREACHABLE,
        org_slug: "pellier",
        products: [
          { item_id: "trail-jacket", url: `${UNREACHABLE}jacket`, aliases: ["Never recorded"] },
          { item_id: "trail-pants", url: `${UNREACHABLE}pants`, aliases: [""] }
        ]
      })
      expect([mixed.status, mixed.body.message]).toEqual([400, "products.trail-pants.aliases[0]: must not be empty"])
      const unchanged = await rowOf("pellier", "trail-jacket")
      expect([unchanged?.aliases, unchanged?.not_aliases]).toEqual([["the Pellier shell"], ["Pellier Trail Jacket Mk I"]])

      const put = await putNames("pellier", { item_id: "trail-jacket", aliases: ["Pellier shell"], not_aliases: [] })
      expect(put).toEqual({ status: 200, body: { business_id: "pellier", item_id: "trail-jacket", aliases: ["Pellier shell"], not_aliases: [] } })
      // The generate-all job above, still running or not, never records its request's names again
      // over the ones declared after it.
      await eventually(() => call("GET", `/api/jobs/${again.body.job_id}`), (job) => job.body.state !== "queued" && job.body.state !== "running")
      const afterJob = await rowOf("pellier", "trail-jacket")
      expect([afterJob?.aliases, afterJob?.not_aliases]).toEqual([["Pellier shell"], []])

      // A product's declared alias counts in its checks too.
      const productSees = async (prompt: string) => {
        engine.setBehavior({ otherwise: { kind: "answer", content: "For wet hikes, the Stormline is the jacket guides pack." } })
        const { status, body } = await call("POST", "/api/cron/analyze-visibility", { business_id: "pellier", item_id: "trail-jacket", prompt })
        expect(status, JSON.stringify(body)).toBe(200)
        return body.ai_platform_1 as boolean
      }
      expect(await productSees("rain jacket for hiking")).toBe(false)
      expect((await putNames("pellier", { item_id: "trail-jacket", aliases: ["Stormline"], not_aliases: [] })).status).toBe(200)
      expect(await productSees("rain jacket for hiking, again")).toBe(true)
    })
  })
}
