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

  it("goes to one stream per business and UTC day", () => {
    expect(visitsStreamOf("acme-co", new Date("2026-10-01T23:59:59.999Z"))).toBe("visits-acme-co-2026-10-01")
    expect(visitsStreamOf("acme-co", new Date("2026-10-02T00:00:00Z"))).toBe("visits-acme-co-2026-10-02")
  })
})
