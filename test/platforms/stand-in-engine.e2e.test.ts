/**
 * The built-in stand-in engine over the running service: two tenants onboarded from their own
 * sites (the Acme Bakery fixture in Lyon, a pizzeria in Chicago), then questions asked through
 * `POST /api/cron/analyze-visibility`. Each is named only for what it offers, where it operates,
 * and the bakery's score is no longer 100 from its own pages: questions naming no place name nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PLATFORM_KEYS } from "../../src/domain/platforms.ts"
import { testDatabases } from "../support/databases.ts"
import { followJob } from "../support/jobs.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"
import { type LoopbackServer, startServer } from "../pipeline/crawler/loopback-server.ts"
import { startAcmeBakery } from "../pipeline/crawler/fixture-site.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }

const PIZZERIA_JSON_LD = JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Restaurant",
  name: "Tony's Pizzeria",
  servesCuisine: "Pizza",
  address: { "@type": "PostalAddress", streetAddress: "200 W Madison St", addressLocality: "Chicago", addressRegion: "IL" }
})
const pizzeriaPage = (title: string, body: string, head = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head>` +
  `<body><nav><a href="/">Home</a> <a href="/menu">Menu</a></nav><main>${body}</main></body></html>`
const PIZZERIA_PAGES: Readonly<Record<string, string>> = {
  "/": pizzeriaPage(
    "Tony's Pizzeria | Deep dish pizza in Chicago",
    "<h1>Tony's Pizzeria</h1><p>Deep dish pizza baked in Chicago since 1971. Pizza delivery across the Loop until midnight.</p>",
    `<script type="application/ld+json">${PIZZERIA_JSON_LD}</script>`
  ),
  "/menu": pizzeriaPage("Menu | Tony's Pizzeria", "<h1>Menu</h1><h2>Deep dish pizza</h2><p>Sausage, spinach or cheese.</p><h2>Thin crust pizza</h2><p>Tavern-cut, crisp.</p>")
}

/** Every platform's flag for `prompt` on the business. */
const flagsOf = (body: Record<string, unknown>) => PLATFORM_KEYS.map((platform) => body[platform])
const ALL_TRUE = PLATFORM_KEYS.map(() => true)
const ALL_FALSE = PLATFORM_KEYS.map(() => false)
/** The phrasings of "near the person asking" the stand-in reads (`src/platforms/question.ts`). */
const NEAR_ME = /\b(?:near|around|close to|closest to|nearest to) (?:me|us)\b|\bnearby\b|\bnearest\b|\bclosest\b|\bin my area\b/i

for (const database of testDatabases) {
  describe(`the stand-in engine with two tenants (${database.name})`, () => {
    let service: RunningService
    let bakery: LoopbackServer
    let pizzeria: LoopbackServer
    let release = async () => {}

    const call = async (method: string, path: string, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))

    const onboard = async (url: string, slug: string) => {
      const started = await call("POST", "/api/generate-all", { url, org_slug: slug })
      expect(started.status).toBe(202)
      const job = await followJob(call, started.body.job_id, { timeoutMs: 300_000 })
      expect(job.state).toBe("succeeded")
    }

    const ask = async (businessId: string, prompt: string) => {
      const reply = await call("POST", "/api/cron/analyze-visibility", { business_id: businessId, prompt })
      expect(reply.status).toBe(200)
      return flagsOf(reply.body)
    }

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      bakery = await startAcmeBakery("http://127.0.0.1:9")
      pizzeria = await startServer((req, res) => {
        const page = PIZZERIA_PAGES[new URL(req.url ?? "/", "http://x").pathname]
        if (page === undefined) res.writeHead(404, { "content-type": "text/plain" }).end("not found")
        else res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page)
      })
      service = await startService(created.target, { CRAWLER_ALLOW_PRIVATE: "true", CRAWLER_TIMEOUT_MS: "120000" })
      // On another host name than the bakery's 127.0.0.1: the mention detector identifies a
      // business by its host, so two tenants on one host would each be seen in the other's citations.
      await onboard(`${pizzeria.origin.replace("127.0.0.1", "localhost")}/`, "tonys-pizzeria")
      await onboard(`${bakery.origin}/`, "acme-bakery")
    }, 600_000)
    afterAll(async () => {
      await service?.stop()
      await bakery?.close()
      await pizzeria?.close()
      await release()
    })

    it("scores the bakery from the prompts it fits: those about what it offers in Lyon, or naming it", async () => {
      // Its prompts are written from its own site, about what it offers. The stand-in names it
      // for those that name Lyon (it states Lyon) or name the bakery, on all 8 platforms, and for
      // no other: a question naming no place ("What should I look for in good sourdough?",
      // "Where can I find really good sourdough?") may come from anyone anywhere, and an
      // assistant would not answer it with a bakery in Lyon (docs/stand-in-engine.md). So the
      // score is the share of its prompts that name Lyon or the bakery, and not 100.
      const prompts: ReadonlyArray<{ prompt: string; platforms: Record<string, { visible: boolean }> }> =
        (await call("GET", "/api/prompts/acme-bakery")).body.prompts
      expect(prompts).toHaveLength(100)
      expect(prompts.filter((p) => NEAR_ME.test(p.prompt) && !/\bLyon\b/i.test(p.prompt)).map((p) => p.prompt)).toEqual([])
      const fits = (prompt: string) => /\bLyon\b/i.test(prompt) || /\bAcme Bakery\b/i.test(prompt)
      for (const p of prompts) {
        expect({ prompt: p.prompt, flags: PLATFORM_KEYS.map((platform) => p.platforms[platform]?.visible) }).toEqual({
          prompt: p.prompt,
          flags: fits(p.prompt) ? ALL_TRUE : ALL_FALSE
        })
      }
      const fitting = prompts.filter((p) => fits(p.prompt)).length
      const score = await call("GET", "/api/visibility-score/acme-bakery")
      // round(true flags / (100 prompts × 8) × 100), each fitting prompt true on all 8.
      expect(score.body.visibilityScore.value).toBe(fitting)
      expect(fitting).toBeLessThan(100)
      expect(await ask("acme-bakery", "closest bakery to me for sourdough")).toEqual(ALL_FALSE)
      expect(await ask("acme-bakery", "Where can I find really good sourdough?")).toEqual(ALL_FALSE)
      console.info(JSON.stringify({ database: database.name, acmeBakeryScore: score.body.visibilityScore.value }))
    })

    it("names the pizzeria, not the bakery, for a pizza question in Chicago", async () => {
      expect(await ask("tonys-pizzeria", "Best pizza delivery in Chicago?")).toEqual(ALL_TRUE)
      expect(await ask("acme-bakery", "Best pizza delivery in Chicago?")).toEqual(ALL_FALSE)
    })

    it("names the bakery, not the pizzeria, for croissants in Lyon", async () => {
      expect(await ask("acme-bakery", "Where can I buy a butter croissant in Lyon?")).toEqual(ALL_TRUE)
      expect(await ask("tonys-pizzeria", "Where can I buy a butter croissant in Lyon?")).toEqual(ALL_FALSE)
    })

    it("names nobody for a bakery in another city or an off-topic question", async () => {
      for (const prompt of ["Best sourdough bakery in Chicago?", "Which law firm in Boston handles divorce cases?"]) {
        expect(await ask("acme-bakery", prompt)).toEqual(ALL_FALSE)
        expect(await ask("tonys-pizzeria", prompt)).toEqual(ALL_FALSE)
      }
    })
  })
}
