/**
 * Text from elsewhere never breaks a write: a site whose JSON-LD spells a NUL (`\u0000`, legal
 * JSON) and whose title is long enough to be cut inside an emoji is onboarded, and a prompt of
 * emoji is analyzed, with nothing stored that PostgreSQL would refuse.
 */
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { crawlStreamOf } from "../../src/domain/crawl-events.ts"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import { unstorableJson } from "../../src/domain/text.ts"
import { EventStore, StartOfLog } from "../../src/eventstore/event-store.ts"
import { testDatabases } from "../support/databases.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"
import { type LoopbackServer, startServer } from "./crawler/loopback-server.ts"
import { followJob } from "../support/jobs.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }

const TITLE = "x" + "🍰".repeat(200)
// Written by hand: JSON.stringify would not leave the escape in the page's text as a site can.
const JSON_LD = '{"@context":"https://schema.org","@type":"Bakery","name":"Crumb\\u0000 Bakery","descr\\u0000iption":"Sourdough \\ud800 in Lyon",' +
  '"address":{"@type":"PostalAddress","streetAddress":"12 rue Merci\\u0000ère","addressLocality":"Lyon"}}'
const HOME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${TITLE}</title>` +
  `<meta name="description" content="Sourdough bread and cakes baked daily in Lyon.">` +
  `<script type="application/ld+json">${JSON_LD}</script></head><body><main><h1>Crumb Bakery</h1>` +
  `<p>Crumb Bakery bakes naturally leavened sourdough bread, croissants and celebration cakes every morning in Lyon.</p>` +
  `</main></body></html>`

for (const database of testDatabases) {
  describe(`text from elsewhere never breaks a write (${database.name})`, () => {
    let service: RunningService
    let site: LoopbackServer
    let release = async () => {}

    const call = async (method: string, path: string, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))

    const waitForJob = (jobId: string) => followJob(call, jobId)

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      site = await startServer((req, res) => {
        if (new URL(req.url ?? "/", "http://x").pathname !== "/") {
          res.writeHead(404, { "content-type": "text/plain" }).end("not found")
          return
        }
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(HOME)
      })
      service = await startService(created.target, { CRAWLER_ALLOW_PRIVATE: "true" })
    })
    afterAll(async () => {
      await service?.stop()
      await site?.close()
      await release()
    })

    it("onboards a site with a NUL escape in its JSON-LD and a title of 200 emoji; nothing unstorable is stored", async () => {
      const started = await call("POST", "/api/generate-all", { url: `${site.origin}/`, org_slug: "crumb-hostile" })
      expect(started.status).toBe(202)
      const job = await waitForJob(started.body.job_id)
      expect(job.errors).toEqual([])
      expect(job.state).toBe("succeeded")

      const [crawled] = await service.runtime.runPromise(Effect.flatMap(EventStore, (store) =>
        store.readStream(crawlStreamOf({ businessId: "crumb-hostile" as BusinessId, itemId: null }))))
      const page = (crawled!.data as { pages: ReadonlyArray<{ title: string; jsonLd: ReadonlyArray<unknown> }> }).pages[0]!
      // The title is cut at 300 units, between two emoji.
      expect(page.title).toBe("x" + "🍰".repeat(149))
      expect(page.jsonLd).toEqual([{
        "@context": "https://schema.org",
        "@type": "Bakery",
        name: "Crumb Bakery",
        description: "Sourdough \ufffd in Lyon",
        address: { "@type": "PostalAddress", streetAddress: "12 rue Mercière", addressLocality: "Lyon" }
      }])
      const events = await service.runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readAll({ after: StartOfLog, limit: 100_000 })))
      expect(events.filter((event) => unstorableJson(event.data) !== undefined)).toEqual([])
    }, 240_000)

    it("analyze-visibility with a prompt of 300 emoji answers 200", async () => {
      const created = await call("POST", "/api/business", { business_name: "Emoji Co", business_url: "https://emoji.example", org_slug: "emoji-co" })
      expect(created.status).toBe(201)
      const prompt = "😀".repeat(300)
      const { status, body } = await call("POST", "/api/cron/analyze-visibility", { business_id: "emoji-co", prompt })
      expect({ status, status_field: body.status, prompt: body.prompt }).toEqual({ status: 200, status_field: "success", prompt })
    }, 60_000)
  })
}
