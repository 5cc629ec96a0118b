/**
 * Site addresses are unique across tenants: a business cannot take another's product host or a
 * domain's label someone registered first; the later one gets a suffixed label, listed in
 * `/api/cron/entities`, and every advertised address serves its own entity's site.
 */
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CreateBusiness, DeploySite, RegisterProduct } from "../../src/domain/entity-decider.ts"
import { type BusinessId, type ItemId, refOf } from "../../src/domain/entity-ref.ts"
import { SiteFacts } from "../../src/domain/site-events.ts"
import { sha256Hex } from "../../src/domain/sha256.ts"
import { projections } from "../../src/projections/catalog.ts"
import { verify } from "../../src/projections/rebuild.ts"
import { bakery } from "../site-generator/sample-site.ts"
import { createBusiness, sendAndRead } from "../support/commands.ts"
import { testDatabases } from "../support/databases.ts"
import { recordCrawl } from "../support/recorded-crawl.ts"
import { getWithHost, json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }
const DOMAIN = "sites.localhost"
const hostOf = (url: string) => new URL(url).host
const suffixOf = (uuid: string, length = 4) => sha256Hex(uuid).slice(0, length)
const servedBusinessId = (body: string) => /data-business-id="([^"]*)"/.exec(body)?.[1]

for (const database of testDatabases) {
  describe(`site addresses (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}

    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = auth) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))
    // A site is written from a crawl: each entity gets one crawled page first.
    const updateSite = async (businessId: string, itemId?: string) => {
      await recordCrawl(service.runtime, refOf(businessId as BusinessId, itemId as ItemId | undefined), "https://example.com/")
      return call("POST", "/api/cron/update-site", { business_id: businessId, url: "https://example.com/", ...(itemId === undefined ? {} : { item_id: itemId }) })
    }
    const listed = async (businessId: string) =>
      (await call("GET", `/api/cron/entities?business_id=${businessId}`)).body.entities as Array<{ item_id: string | null; deployment_url: string }>

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      service = await startService(created.target, { SITES_DOMAIN: DOMAIN })
    })
    afterAll(async () => {
      await service?.stop()
      await release()
    })

    it("keeps a product's address when another tenant's slug equals it (the hijack of the review)", async () => {
      expect((await call("POST", "/api/business", { business_name: "Evil Gadgets", business_url: "http://127.0.0.1/", org_slug: "evil" })).status).toBe(201)
      await sendAndRead(service.runtime, { businessId: "evil" as BusinessId, itemId: "gadget" as ItemId }, new RegisterProduct({
        businessId: "evil" as BusinessId,
        itemId: "gadget" as ItemId,
        name: "Gadget",
        url: "http://127.0.0.1/gadget",
        at: "2026-11-20T08:00:00.000Z"
      }))
      expect((await updateSite("evil")).body.deployment_url).toBe(`http://127-0-0-1.${DOMAIN}`)
      expect((await updateSite("evil", "gadget")).body.deployment_url).toBe(`http://127-0-0-1-gadget.${DOMAIN}`)
      expect(await listed("evil")).toMatchObject([
        { item_id: null, deployment_url: `http://127-0-0-1.${DOMAIN}` },
        { item_id: "gadget", deployment_url: `http://127-0-0-1-gadget.${DOMAIN}` }
      ])

      // The attacker: an admin of an organization whose slug is the victim's product host.
      const attacker = await service.sign({ sub: "user_att", org_id: "org_att", org_slug: "127-0-0-1-gadget", org_role: "org:admin" })
      const created = await call("POST", "/api/business", { business_name: "Totally Not Gadget" }, { authorization: `Bearer ${attacker}` })
      expect(created.status).toBe(201)
      const attackerUrl = `http://127-0-0-1-gadget-${suffixOf(created.body.business_uuid)}.${DOMAIN}`
      expect(await listed("127-0-0-1-gadget")).toEqual([
        { business_id: "127-0-0-1-gadget", item_id: null, source_url: "", deployment_url: attackerUrl }
      ])
      expect((await updateSite("127-0-0-1-gadget")).body).toEqual({ status: "success", deployment_url: attackerUrl })

      const victim = await getWithHost(service.baseUrl, `127-0-0-1-gadget.${DOMAIN}`, "/")
      expect(victim.status).toBe(200)
      expect(servedBusinessId(victim.body)).toBe("evil")
      expect(victim.body).toContain("Gadget")
      expect(victim.body).not.toContain("Totally Not Gadget")
      const nested = await getWithHost(service.baseUrl, `gadget.127-0-0-1.${DOMAIN}`, "/")
      expect(nested.body).toBe(victim.body)
      const own = await getWithHost(service.baseUrl, hostOf(attackerUrl), "/")
      expect(own.status).toBe(200)
      expect(servedBusinessId(own.body)).toBe("127-0-0-1-gadget")
      expect(own.body).toContain("Totally Not Gadget")
    })

    it("gives the second business of a domain its own label; each update-site URL serves its own site", async () => {
      const squatter = await call("POST", "/api/business", { business_name: "Squatter Inc", business_url: "https://gamma.example", org_slug: "squatter" })
      const gamma = await call("POST", "/api/business", { business_name: "Gamma", business_url: "https://www.gamma.example/", org_slug: "gamma" })
      expect([squatter.status, gamma.status]).toEqual([201, 201])
      const squatterSite = await updateSite("squatter")
      const gammaSite = await updateSite("gamma")
      expect(squatterSite.body.deployment_url).toBe(`http://gamma-example.${DOMAIN}`)
      expect(gammaSite.body.deployment_url).toBe(`http://gamma-example-${suffixOf(gamma.body.business_uuid)}.${DOMAIN}`)
      for (const [businessId, url, name] of [["squatter", squatterSite.body.deployment_url, "Squatter Inc"], ["gamma", gammaSite.body.deployment_url, "Gamma"]] as const) {
        const page = await getWithHost(service.baseUrl, hostOf(url), "/")
        expect([businessId, page.status, servedBusinessId(page.body)]).toEqual([businessId, 200, businessId])
        expect(page.body).toContain(name)
        expect((await listed(businessId))[0]!.deployment_url).toBe(url)
      }
      // A label once assigned never moves: asked again, the same addresses.
      expect((await updateSite("gamma")).body.deployment_url).toBe(gammaSite.body.deployment_url)
      expect((await updateSite("squatter")).body.deployment_url).toBe(squatterSite.body.deployment_url)
    })

    it("gives two shops on one marketplace host different deployment URLs, each serving its own site and its products", async () => {
      const cedar = await call("POST", "/api/business", { business_name: "Cedar Hill Candles", business_url: "https://market.example/shop/cedar-hill/", org_slug: "cedar-hill" })
      const fern = await call("POST", "/api/business", { business_name: "Blue Fern Soap", business_url: "https://market.example/shop/blue-fern/", org_slug: "blue-fern" })
      expect([cedar.status, fern.status]).toEqual([201, 201])
      // The first to claim the host's label keeps it; the second gets the label and a suffix of its own.
      const cedarUrl = `http://market-example.${DOMAIN}`
      const fernUrl = `http://market-example-${suffixOf(fern.body.business_uuid)}.${DOMAIN}`
      expect((await updateSite("cedar-hill")).body).toEqual({ status: "success", deployment_url: cedarUrl })
      expect((await updateSite("blue-fern")).body).toEqual({ status: "success", deployment_url: fernUrl })
      await sendAndRead(service.runtime, { businessId: "blue-fern" as BusinessId, itemId: "lavender-bar" as ItemId }, new RegisterProduct({
        businessId: "blue-fern" as BusinessId,
        itemId: "lavender-bar" as ItemId,
        name: "Lavender Bar",
        url: "https://market.example/shop/blue-fern/lavender-bar",
        at: "2026-11-20T08:00:00.000Z"
      }))
      const productUrl = `http://market-example-${suffixOf(fern.body.business_uuid)}-lavender-bar.${DOMAIN}`
      expect((await updateSite("blue-fern", "lavender-bar")).body).toEqual({ status: "success", deployment_url: productUrl })
      expect(await listed("cedar-hill")).toEqual([
        { business_id: "cedar-hill", item_id: null, source_url: "https://market.example/shop/cedar-hill/", deployment_url: cedarUrl }
      ])
      expect(await listed("blue-fern")).toMatchObject([
        { item_id: null, deployment_url: fernUrl },
        { item_id: "lavender-bar", deployment_url: productUrl }
      ])
      for (const [url, businessId, name] of [[cedarUrl, "cedar-hill", "Cedar Hill Candles"], [fernUrl, "blue-fern", "Blue Fern Soap"]] as const) {
        const page = await getWithHost(service.baseUrl, hostOf(url), "/")
        expect([url, page.status, servedBusinessId(page.body)]).toEqual([url, 200, businessId])
        expect(page.body).toContain(name)
      }
      // The product answers at its dashed host and, nested, under its own business's label only.
      const product = await getWithHost(service.baseUrl, hostOf(productUrl), "/")
      expect([product.status, servedBusinessId(product.body)]).toEqual([200, "blue-fern"])
      expect(product.body).toContain("Lavender Bar")
      const nested = await getWithHost(service.baseUrl, `lavender-bar.${hostOf(fernUrl)}`, "/")
      expect(nested.body).toBe(product.body)
      expect((await getWithHost(service.baseUrl, `lavender-bar.${hostOf(cedarUrl)}`, "/")).status).toBe(404)
    })

    it("gives concurrent creations wanting one label distinct labels, exactly one of them the bare one", async () => {
      const slugs = Array.from({ length: 6 }, (_, i) => `race-${i}`)
      const created = await Promise.all(slugs.map((slug) =>
        call("POST", "/api/business", { business_name: `Race ${slug}`, business_url: "https://race.example/", org_slug: slug })))
      expect(created.map((c) => c.status)).toEqual(slugs.map(() => 201))
      const urls = await Promise.all(slugs.map(async (slug) => (await listed(slug))[0]!.deployment_url))
      expect(new Set(urls).size).toBe(slugs.length)
      expect(urls.filter((url) => url === `http://race-example.${DOMAIN}`)).toHaveLength(1)
      slugs.forEach((slug, i) => {
        if (urls[i] !== `http://race-example.${DOMAIN}`) {
          expect(urls[i]).toBe(`http://race-example-${suffixOf(created[i]!.body.business_uuid)}.${DOMAIN}`)
        }
      })
      // Each address serves its own business once deployed.
      for (const slug of slugs) {
        const { body } = await updateSite(slug)
        expect(body.deployment_url).toBe(urls[slugs.indexOf(slug)])
        const page = await getWithHost(service.baseUrl, hostOf(body.deployment_url), "/")
        expect([slug, servedBusinessId(page.body)]).toEqual([slug, slug])
      }
    })

    it("serves a business recorded before site hosts were registered at its old address, claimed on its first visit", async () => {
      // Recorded straight through its actor, as before the registry: no host claimed.
      const ref = refOf("legacy-co" as BusinessId)
      await sendAndRead(service.runtime, ref, createBusiness("legacy-co"))
      const facts = Schema.decodeUnknownSync(SiteFacts)({ ...bakery, name: "Legacy Co", businessName: "Legacy Co" })
      await sendAndRead(service.runtime, ref, new DeploySite({
        businessId: ref.businessId,
        itemId: null,
        day: "2026-11-20",
        facts,
        faq: [],
        about: "About Legacy Co",
        force: false,
        at: "2026-11-20T10:00:00.000Z"
      }))
      const page = await getWithHost(service.baseUrl, `legacy-co-example.${DOMAIN}`, "/")
      expect(page.status).toBe(200)
      expect(servedBusinessId(page.body)).toBe("legacy-co")
      expect((await listed("legacy-co"))[0]!.deployment_url).toBe(`http://legacy-co-example.${DOMAIN}`)
    })

    it("keeps a product recorded before site hosts were registered at its address: a new tenant wanting it gets a suffix", async () => {
      const business = { businessId: "oldco" as BusinessId, itemId: null }
      const product = { businessId: "oldco" as BusinessId, itemId: "widget" as ItemId }
      await sendAndRead(service.runtime, business, new CreateBusiness({ ...createBusiness("oldco"), businessUrl: "http://10.0.0.1/" }))
      await sendAndRead(service.runtime, product, new RegisterProduct({ ...product, name: "Widget", url: "http://10.0.0.1/widget", at: "2026-11-20T10:00:00.000Z" }))
      const facts = Schema.decodeUnknownSync(SiteFacts)({ ...bakery, name: "Widget", businessName: "Old Co", kind: "product" })
      await sendAndRead(service.runtime, product, new DeploySite({ ...product, day: "2026-11-20", facts, faq: [], about: "About Widget", force: false, at: "2026-11-20T10:00:00.000Z" }))

      const attacker = await service.sign({ sub: "user_att2", org_id: "org_att2", org_slug: "10-0-0-1-widget", org_role: "org:admin" })
      const created = await call("POST", "/api/business", { business_name: "Not Widget" }, { authorization: `Bearer ${attacker}` })
      expect(created.status).toBe(201)
      expect((await listed("10-0-0-1-widget"))[0]!.deployment_url).toBe(`http://10-0-0-1-widget-${suffixOf(created.body.business_uuid)}.${DOMAIN}`)
      const page = await getWithHost(service.baseUrl, `10-0-0-1-widget.${DOMAIN}`, "/")
      expect(page.status).toBe(200)
      expect(servedBusinessId(page.body)).toBe("oldco")
      expect(await listed("oldco")).toMatchObject([
        { item_id: null, deployment_url: `http://10-0-0-1.${DOMAIN}` },
        { item_id: "widget", deployment_url: `http://10-0-0-1-widget.${DOMAIN}` }
      ])
    })

    it("rebuilds the site host registry's read model from the log exactly", async () => {
      const report = await service.runtime.runPromise(verify(projections.filter((p) => p.name === "site_hosts" || p.name === "entities")))
      expect(report.differences).toBe(0)
    })
  })
}
