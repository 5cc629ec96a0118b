import { Option } from "effect"
import { describe, expect, it } from "vitest"
import { sameOriginPath } from "../../src/domain/redirect-path.ts"
import { hostCandidates, productHostWanted } from "../../src/domain/site-address.ts"
import { sha256Hex } from "../../src/domain/sha256.ts"

describe("site host candidates", () => {
  const seed = "6f1c7a52-1f9e-4c55-9a7e-0c2b8d1e4f00"
  const hash = sha256Hex(seed)

  it("wants the label itself first, then suffixes of 4, 8, 12 and 16 hex characters of the seed's SHA-256", () => {
    expect(hostCandidates("acme-com", seed)).toEqual([
      "acme-com",
      `acme-com-${hash.slice(0, 4)}`,
      `acme-com-${hash.slice(0, 8)}`,
      `acme-com-${hash.slice(0, 12)}`,
      `acme-com-${hash.slice(0, 16)}`
    ])
  })

  it("keeps every name within 63 characters, with no dash before the suffix doubled", () => {
    const long = `${"a".repeat(58)}-bbbbbbbbbb`
    const candidates = hostCandidates(long, seed)
    expect(candidates[0]).toBe(long.slice(0, 63))
    expect(candidates[1]).toBe(`${"a".repeat(58)}-${hash.slice(0, 4)}`)
    for (const candidate of candidates) {
      expect(candidate.length).toBeLessThanOrEqual(63)
      expect(candidate).not.toMatch(/--|^-|-$/)
    }
  })

  it("derives a product's wanted host from its business's host", () => {
    expect(productHostWanted("127-0-0-1", "gadget")).toBe("127-0-0-1-gadget")
  })
})

describe("invitation redirect paths", () => {
  it.each([
    ["/welcome", "/welcome"],
    ["/dashboard/%E6%97%A5%E6%9C%AC?tab=team#top", "/dashboard/%E6%97%A5%E6%9C%AC?tab=team#top"],
    ["/a/./b/../c", "/a/c"],
    ["/search?q=a%20b", "/search?q=a%20b"]
  ])("keeps %j as %j", (value, serialized) => {
    expect(sameOriginPath(value)).toEqual(Option.some(serialized))
  })

  it.each([
    "/\\evil.example", "/\t/evil.example", "//evil.example", "/%5Cevil.example", "/%5cevil.example", "/%09/evil.example",
    "/%2F/evil.example", "https://evil.example", "javascript:alert(1)", "/ok\r\nSet-Cookie:a=b", "/ok%0d%0aSet-Cookie:a=b",
    "/ok\u2028", "/ok%E2%80%A8", "/dashboard/日本", "/bad%zz", "", "welcome"
  ])("refuses %j", (value) => {
    expect(sameOriginPath(value)).toEqual(Option.none())
  })
})
