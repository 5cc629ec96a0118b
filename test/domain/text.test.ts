import { describe, expect, it } from "vitest"
import { cleanJson, cleanText, isStorableText, truncateCodePoints, unstorableJson } from "../../src/domain/text.ts"

/** No NUL and no unpaired surrogate anywhere in the value (keys included). */
const wellFormed = (value: unknown): boolean => unstorableJson(value) === undefined

describe("truncateCodePoints", () => {
  it("never leaves half of an emoji, whatever the cut", () => {
    const text = "x" + "🍰".repeat(200)
    for (let max = 0; max <= text.length + 1; max++) {
      const cut = truncateCodePoints(text, max)
      expect(cut.length).toBeLessThanOrEqual(max)
      expect(isStorableText(cut)).toBe(true)
      // Only the half pair is left out: at most one unit short of the bound.
      expect(cut.length).toBeGreaterThanOrEqual(Math.min(text.length, max) - 1)
      expect(text.startsWith(cut)).toBe(true)
    }
  })

  it("keeps text within the bound as is, and cuts plain text exactly", () => {
    expect(truncateCodePoints("abc", 3)).toBe("abc")
    expect(truncateCodePoints("abcdef", 4)).toBe("abcd")
    expect(truncateCodePoints("a😀b", 2)).toBe("a")
    expect(truncateCodePoints("a😀b", 3)).toBe("a😀")
  })
})

describe("cleanText", () => {
  it("drops NUL and replaces unpaired surrogates with U+FFFD, keeping pairs", () => {
    expect(cleanText("a\u0000b")).toBe("ab")
    expect(cleanText("\ud800")).toBe("\ufffd")
    expect(cleanText("x\udc00y")).toBe("x\ufffdy")
    expect(cleanText("\udc00\ud800")).toBe("\ufffd\ufffd")
    expect(cleanText("😀\ud83d")).toBe("😀\ufffd")
    expect(cleanText("plain 😀 text")).toBe("plain 😀 text")
  })

  it("isStorableText tells the same apart", () => {
    expect(["", "abc", "😀", "é"].map(isStorableText)).toEqual([true, true, true, true])
    expect(["\u0000", "\ud800", "a\udfff", "\ud83d\ud83d"].map(isStorableText)).toEqual([false, false, false, false])
  })
})

describe("cleanJson", () => {
  it("deep-cleans nested JSON-LD, keys and values", () => {
    const parsed = JSON.parse(
      '{"@context":"https://schema.org","@type":"Bakery","name":"Acme\\u0000 Bakery","na\\u0000me2":"x",' +
        '"address":{"streetAddress":["1 Main\\ud800 St",{"deep\\udc00":"\\u0000"}]},"n":3,"ok":true,"none":null}'
    )
    expect(wellFormed(parsed)).toBe(false)
    const cleaned = cleanJson(parsed)
    expect(cleaned).toEqual({
      "@context": "https://schema.org",
      "@type": "Bakery",
      name: "Acme Bakery",
      name2: "x",
      address: { streetAddress: ["1 Main\ufffd St", { "deep\ufffd": "" }] },
      n: 3,
      ok: true,
      none: null
    })
    expect(wellFormed(cleaned)).toBe(true)
  })

  it("leaves out what is nested past the depth bound and past the size bound, and cuts long strings", () => {
    let nested: unknown = "bottom"
    for (let i = 0; i < 10; i++) nested = { a: nested }
    expect(cleanJson(nested, { maxDepth: 3, maxNodes: 100, maxStringUnits: 10 })).toEqual({ a: { a: {} } })
    expect(cleanJson(Array.from({ length: 10 }, (_, i) => i), { maxDepth: 3, maxNodes: 4, maxStringUnits: 10 })).toEqual([0, 1, 2])
    expect(cleanJson({ s: "ab😀" }, { maxDepth: 3, maxNodes: 10, maxStringUnits: 3 })).toEqual({ s: "ab" })
  })

  it("keeps a __proto__ key as an ordinary key", () => {
    const cleaned = cleanJson(JSON.parse('{"__proto__":{"polluted":"\\u0000yes"}}')) as Record<string, unknown>
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(cleaned, "__proto__")?.value).toEqual({ polluted: "yes" })
  })
})

describe("unstorableJson", () => {
  it("names where an event's data cannot be stored unchanged", () => {
    expect(unstorableJson({ a: ["ok", "b\u0000"] })).toBe("data.a[1]: text with U+0000 or an unpaired surrogate")
    expect(unstorableJson({ "k\ud800": 1 })).toBe("data: a key with U+0000 or an unpaired surrogate")
    expect(unstorableJson({ n: 1n })).toBe("data.n: a bigint, which JSON cannot encode")
    expect(unstorableJson({ title: "x" + "🍰".repeat(5), at: new Date(0), none: null })).toBeUndefined()
  })
})
