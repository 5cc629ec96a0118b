import { createHash } from "node:crypto"
import { domainToUnicode } from "node:url"
import { Option } from "effect"
import { describe, expect, it } from "vitest"
import { businessHostLabel } from "../../src/domain/host-label.ts"
import { decodeLabel } from "../../src/domain/punycode.ts"

const siteLabel = (punycodeHost: string): string =>
  `site-${createHash("sha256").update(punycodeHost).digest("hex").slice(0, 8)}`

describe("decodeLabel", () => {
  it.each([
    ["xn--caf-dma", "café"],
    ["xn--wgv71a", "日本"],
    ["xn--mnchen-3ya", "münchen"],
    ["XN--BCHER-KVA", "BüCHER"],
    ["xn--ls8h", "💩"],
    ["xn--egbpdaj6bu4bxfgehfvwxn", "ليهمابتكلموشعربي؟"],
  ])("%s → %s", (label, expected) => {
    expect(decodeLabel(label)).toEqual(Option.some(expected))
  })

  it("returns non-punycode labels unchanged", () => {
    expect(decodeLabel("acme")).toEqual(Option.some("acme"))
    expect(decodeLabel("a-b")).toEqual(Option.some("a-b"))
  })

  it("rejects malformed punycode", () => {
    for (const label of ["xn--", "xn--abc-", "xn--caf-dm", "xn--caf-dm!", "xn--é-abc", "xn--99999999999", "xn--zzzzzzzz"]) {
      expect(decodeLabel(label)).toEqual(Option.none())
    }
  })

  it("agrees with node:url domainToUnicode", () => {
    for (const host of ["café.fr", "日本.jp", "münchen.de", "ßtraße.de", "παράδειγμα.δοκιμή", "пример.рф", "😀😀.com"]) {
      const ascii = new URL(`https://${host}`).hostname
      const decoded = ascii.split(".").map((label) => Option.getOrThrow(decodeLabel(label))).join(".")
      expect(decoded).toBe(domainToUnicode(ascii))
    }
  })
})

describe("businessHostLabel", () => {
  it("follows the documented examples", () => {
    expect(businessHostLabel("https://www.Acme.co.uk/x")).toBe("acme-co-uk")
    expect(businessHostLabel(new URL("https://www.Acme.co.uk/x"))).toBe("acme-co-uk")
    expect(businessHostLabel("https://café.fr")).toBe("cafe-fr")
    expect(businessHostLabel("https://日本.jp")).toBe("jp")
  })

  it("uses site- and the hash of the punycode host (www. removed) when nothing is left", () => {
    expect(businessHostLabel("https://www.日本")).toBe(siteLabel("xn--wgv71a"))
    expect(businessHostLabel("https://日本.中国")).toBe(siteLabel(new URL("https://日本.中国").hostname))
  })

  it("accepts bare hosts and ignores ports, paths and case", () => {
    expect(businessHostLabel("WWW.Acme.com:8443/shop?x=1")).toBe("acme-com")
    expect(businessHostLabel("http://localhost:3000")).toBe("localhost")
    expect(businessHostLabel("https://acme.com./")).toBe("acme-com")
  })

  it("folds diacritics and drops what has no ASCII form", () => {
    expect(businessHostLabel("https://Crème-Brûlée.fr")).toBe("creme-brulee-fr")
    expect(businessHostLabel("https://münchen.de")).toBe("munchen-de")
    expect(businessHostLabel("https://пример.рф.acme.com")).toBe("acme-com")
    expect(businessHostLabel("https://a--b.com")).toBe("a-b-com")
  })

  it("cuts to 63 characters and trims a dash left by the cut", () => {
    const host = `${"a".repeat(62)}.abcdefg` // 70 characters, the dot lands at position 63
    expect(host).toHaveLength(70)
    expect(businessHostLabel(`https://${host}`)).toBe("a".repeat(62))
    expect(businessHostLabel(`https://${"b".repeat(40)}.${"c".repeat(40)}.com`)).toBe(`${"b".repeat(40)}-${"c".repeat(22)}`)
  })

  it("hashes the input when it is not a web address", () => {
    expect(businessHostLabel("  Not A URL ")).toBe(siteLabel("not a url"))
  })

  it("never contains xn-- and is always a valid DNS label", () => {
    const hosts = [
      "café.fr", "日本.jp", "www.日本", "xn--caf-dma.fr", "xn--wgv71a.xn--wgv71a", "münchen.de",
      "пример.рф", "παράδειγμα.δοκιμή", "😀.com", "xn--ls8h.la", "a-xn--b.com", "ﬁ.com", "ｘｎ－－ｂｃｈｅｒ－ｋｖａ.de",
      "bücher.xn--bcher-kva.ch", "xn--xn--abc-dma.com", `${"é".repeat(80)}.com`, "crème.brûlée.fr",
    ]
    for (const host of hosts) {
      const label = businessHostLabel(`https://${host}/`)
      expect(label).not.toContain("xn--")
      expect(label).toMatch(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/)
    }
  })
})
