import { Schema } from "effect"
import { hash } from "node:crypto"
import { describe, expect, it } from "vitest"
import {
  BotVisited,
  countedVisitOf,
  pageIdentity,
  previousMinuteKey,
  visitFieldsToStored,
  visitFromStored,
  visitKeyOf,
  visitsStreamOf,
  visitToStored
} from "../../src/domain/visit-events.ts"
import type { BusinessId } from "../../src/domain/entity-ref.ts"

const base = {
  businessId: "acme",
  itemId: null,
  pageUrl: "https://acme-com.sites.example/blog/2026-10-01/shoes/",
  platform: "ai_platform_1",
  userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot"
}
const at = new Date("2026-10-01T12:00:30Z")

describe("visit key", () => {
  it("is the same for the server-side record and the script's post of one page", () => {
    const key = visitKeyOf(base, at)
    for (
      const url of [
        "http://acme-com.sites.example/blog/2026-10-01/shoes",
        "https://ACME-COM.sites.example:8443/blog/2026-10-01/shoes/?utm_source=x#top",
        "https://acme-com.sites.example./blog/2026-10-01/shoes//"
      ]
    ) {
      expect(visitKeyOf({ ...base, pageUrl: url }, at), url).toBe(key)
    }
    expect(visitKeyOf({ ...base, userAgent: ` ${base.userAgent} ` }, new Date("2026-10-01T12:00:59.999Z"))).toBe(key)
  })

  it("differs by minute, page, platform, user agent, item and business", () => {
    const key = visitKeyOf(base, at)
    expect(visitKeyOf(base, new Date("2026-10-01T12:01:00Z"))).not.toBe(key)
    expect(visitKeyOf({ ...base, pageUrl: "https://acme-com.sites.example/" }, at)).not.toBe(key)
    expect(visitKeyOf({ ...base, platform: "ai_platform_2" }, at)).not.toBe(key)
    expect(visitKeyOf({ ...base, userAgent: base.userAgent.replace("1.1", "1.2") }, at)).not.toBe(key)
    expect(visitKeyOf({ ...base, itemId: "shoes" }, at)).not.toBe(key)
    expect(visitKeyOf({ ...base, businessId: "other" }, at)).not.toBe(key)
  })

  it("looks back exactly one minute", () => {
    expect(previousMinuteKey(base, new Date("2026-10-01T12:01:00.100Z"))).toBe(visitKeyOf(base, at))
  })

  it("reduces page URLs to host and path", () => {
    expect(pageIdentity("HTTPS://Acme.Example:8080/A/b/?q=1#f")).toBe("acme.example/A/b")
    expect(pageIdentity("https://acme.example")).toBe("acme.example")
    expect(pageIdentity(" not a url ")).toBe("not a url")
  })
})

describe("BotVisited", () => {
  it("is stored as type, version and data, and read back", () => {
    const event = new BotVisited({
      businessId: "acme" as BusinessId,
      itemId: null,
      pageUrl: base.pageUrl,
      pageType: "blog_post",
      pageTitle: null,
      userAgent: base.userAgent,
      ipAddress: "132.196.86.1",
      referrer: null,
      platform: "ai_platform_1",
      platformName: "ChatGPT",
      kind: "training_crawler",
      token: "GPTBot",
      verified: true,
      source: "server",
      visitKey: visitKeyOf(base, at),
      visitedAt: at.toISOString()
    })
    const stored = visitToStored(event)
    expect(stored.type).toBe("BotVisited")
    expect(stored.schemaVersion).toBe(1)
    expect(stored.data).not.toHaveProperty("_tag")
    expect(visitFromStored(stored)).toEqual(event)
    // The recorder's path (plain fields) stores exactly the same; the roll-up reads its fields back.
    const { _tag, ...fields } = event
    expect(visitFieldsToStored(fields)).toEqual(stored)
    expect(countedVisitOf(stored)).toEqual({
      businessId: "acme",
      itemId: null,
      platform: "ai_platform_1",
      verified: true,
      visitedAt: at.toISOString()
    })
    expect(() => visitFieldsToStored({ ...fields, platform: "ai_platform_9" as never })).toThrow()
  })

  it("the plain encoder and the roll-up's reader accept exactly what the schema accepts", () => {
    const fields: Record<string, unknown> = {
      businessId: "acme",
      itemId: "shoe-1",
      pageUrl: base.pageUrl,
      pageType: "ai_site",
      pageTitle: "Shoes",
      userAgent: base.userAgent,
      ipAddress: null,
      referrer: "https://example.com/",
      platform: "ai_platform_4",
      platformName: "Perplexity",
      kind: "search_indexer",
      token: "PerplexityBot",
      verified: false,
      source: "script",
      visitKey: visitKeyOf(base, at),
      visitedAt: at.toISOString()
    }
    const { _tag: _, ...visitFields } = BotVisited.fields
    const schemaAccepts = Schema.is(Schema.Struct(visitFields))
    const countedAccepts = Schema.is(Schema.Struct({
      businessId: visitFields.businessId,
      itemId: visitFields.itemId,
      platform: visitFields.platform,
      verified: visitFields.verified,
      visitedAt: visitFields.visitedAt
    }))
    const accepted = (run: () => unknown) => {
      try {
        run()
        return true
      } catch {
        return false
      }
    }
    const wrongValues: ReadonlyArray<unknown> = [null, undefined, 1, true, "", "Acme Co", "-acme", "ai_platform_9", "website", "blog_post", "x".repeat(65)]
    let refusals = 0
    for (const name of Object.keys(fields)) {
      for (const value of wrongValues) {
        const variant = { ...fields, [name]: value }
        const verdict = schemaAccepts(variant)
        if (!verdict) refusals++
        expect([name, value, accepted(() => visitFieldsToStored(variant as never))]).toEqual([name, value, verdict])
        expect([name, value, accepted(() => countedVisitOf({ data: variant }))]).toEqual([name, value, countedAccepts(variant)])
      }
    }
    // Every field was refused at least once: the variants test each check.
    expect(refusals).toBeGreaterThan(Object.keys(fields).length)
    expect(visitFieldsToStored(fields as never).data).toEqual(fields)
    expect(accepted(() => countedVisitOf({ data: null }))).toBe(false)
    expect(accepted(() => countedVisitOf({ data: "acme" }))).toBe(false)
  })

  it("gives the same keys with node's SHA-256 as with the plain-JS one (the recorder passes node's)", () => {
    const nodeSha256 = (text: string) => hash("sha256", text, "hex")
    for (const input of [base, { ...base, itemId: "café-1", pageUrl: "https://acme.example/über/straße", userAgent: "GPTBot/1.2 ✓ ".repeat(40) }]) {
      expect(visitKeyOf(input, at, nodeSha256)).toBe(visitKeyOf(input, at))
      expect(previousMinuteKey(input, at, nodeSha256)).toBe(previousMinuteKey(input, at))
    }
    expect(visitKeyOf(base, at)).toMatch(/^[0-9a-f]{64}$/)
    expect(previousMinuteKey(base, at)).not.toBe(visitKeyOf(base, at))
  })

  it("goes to one stream per business and UTC day", () => {
    expect(visitsStreamOf("acme-co", new Date("2026-10-01T23:59:59.999Z"))).toBe("visits-acme-co-2026-10-01")
    expect(visitsStreamOf("acme-co", new Date("2026-10-02T00:00:00Z"))).toBe("visits-acme-co-2026-10-02")
  })
})
