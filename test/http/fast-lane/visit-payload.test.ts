import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { plainVisitPayload } from "../../../src/http/fast-lane/visit-payload.ts"
import { RecordVisitRequest } from "../../../src/http/visits-api.ts"

const decode = Schema.decodeUnknownEither(RecordVisitRequest)

const base = {
  business_id: "acme-shoes",
  item_id: "road-racer",
  page_url: "https://acme-shoes.sites.example/blog/2026-10-01/fit/",
  page_type: "blog_post",
  page_title: "How to fit running shoes",
  user_agent: "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)",
  ip_address: "20.171.207.1",
  referrer: "https://chatgpt.com/"
}

const values: Record<keyof typeof base, ReadonlyArray<unknown>> = {
  business_id: ["a", "acme", "a".repeat(64), "a".repeat(65), "Acme", "acme_shoes", "-acme", "acme-", "", " acme", 7, null, ["acme"]],
  item_id: ["x", "road-racer", "Road", "a".repeat(65), "", 3, true, {}],
  page_url: [
    "http://acme.example", "HTTPS://ACME.EXAMPLE/A", "  https://acme.example/  ", "https://acme.example/" + "p".repeat(2027),
    "https://acme.example/" + "p".repeat(2028), "acme.example/page", "ftp://acme.example/", "https://", "https://user:pw@acme.example/",
    "https://localhost/", "https://acme/", "https://acme..example/", "javascript:alert(1)", "", 42, null
  ],
  page_type: ["website", "blog_post", "ai_site", "WEBSITE", "post", "", 1],
  page_title: ["", "t".repeat(1000), "t".repeat(1001), "<script>alert(1)</script>", 5, false],
  user_agent: ["x", "u".repeat(1024), "u".repeat(1025), "", "   ", 1, null],
  ip_address: ["127.0.0.1", "2001:db8::1", "::ffff:192.0.2.1", "256.1.1.1", "1.2.3", "fe80::1%eth0", "not an ip", "", "1".repeat(65), 1],
  referrer: ["", "r".repeat(2048), "r".repeat(2049), "not a url", 0]
}

/** The base body, each field absent, each field null, and each field set to each listed value. */
const bodies = (): Array<unknown> => {
  const all: Array<unknown> = [base, null, [], "text", 12, true, {}, { ...base, extra: "ignored" }]
  for (const key of Object.keys(base) as Array<keyof typeof base>) {
    const { [key]: _, ...without } = base
    all.push(without, { ...base, [key]: null })
    for (const value of values[key]) all.push({ ...base, [key]: value })
  }
  return all
}

describe("plainVisitPayload", () => {
  it("accepts exactly the bodies the webhook's schema accepts, and decodes them to the same payload", () => {
    let accepted = 0
    for (const body of bodies()) {
      const schema = decode(body)
      const plain = plainVisitPayload(body)
      expect({ body, accepted: plain !== undefined }).toEqual({ body, accepted: Either.isRight(schema) })
      if (Either.isRight(schema)) {
        accepted++
        expect(plain).toEqual({ ...schema.right })
      }
    }
    // The corpus holds both kinds in numbers (a guard against a corpus that tests nothing).
    expect(accepted).toBe(38)
  })
})
