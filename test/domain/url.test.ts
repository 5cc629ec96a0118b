import { Option } from "effect"
import { describe, expect, it } from "vitest"
import { bareHost, normalizeUrl, parseWebUrl, stripWwwPrefix } from "../../src/domain/url.ts"

const href = (input: string): string | undefined =>
  Option.getOrUndefined(Option.map(parseWebUrl(input), (url) => url.href))

const normalized = (input: string): string | undefined =>
  Option.getOrUndefined(Option.map(parseWebUrl(input), normalizeUrl))

describe("parseWebUrl", () => {
  it("accepts absolute http and https URLs", () => {
    expect(href("https://acme.com")).toBe("https://acme.com/")
    expect(href("http://acme.com/shop?x=1#top")).toBe("http://acme.com/shop?x=1#top")
    expect(href("HTTPS://Acme.COM/Path")).toBe("https://acme.com/Path")
    expect(href("http://localhost:3000/x")).toBe("http://localhost:3000/x")
    expect(href("https://127.0.0.1/")).toBe("https://127.0.0.1/")
  })

  it("trims surrounding whitespace", () => {
    expect(href("  https://acme.com/x \n")).toBe("https://acme.com/x")
  })

  it("prefixes bare hosts with https://", () => {
    expect(href("acme.com")).toBe("https://acme.com/")
    expect(href("www.acme.com/x")).toBe("https://www.acme.com/x")
    expect(href("acme.com:8080/x")).toBe("https://acme.com:8080/x")
    expect(href("localhost:3000")).toBe("https://localhost:3000/")
    expect(href("//acme.com/x")).toBe("https://acme.com/x")
  })

  it("accepts internationalized hosts (as punycode)", () => {
    expect(href("café.fr")).toBe("https://xn--caf-dma.fr/")
  })

  it("rejects other schemes", () => {
    for (const input of ["ftp://acme.com", "mailto:bob@acme.com", "javascript:alert(1)", "file:///etc/passwd", "data:text/plain,hi"]) {
      expect(parseWebUrl(input)).toEqual(Option.none())
    }
  })

  it("rejects whitespace inside the host", () => {
    for (const input of ["https://ac me.com", "acme .com", "https://acme.com\t.evil", "https://ac\nme.com"]) {
      expect(parseWebUrl(input)).toEqual(Option.none())
    }
  })

  it("rejects credentials", () => {
    for (const input of ["https://user:pass@acme.com", "https://user@acme.com", "user:pass@acme.com", "https://@acme.com"]) {
      expect(parseWebUrl(input)).toEqual(Option.none())
    }
  })

  it("rejects hosts without a dot, except localhost", () => {
    expect(parseWebUrl("https://intranet/")).toEqual(Option.none())
    expect(parseWebUrl("acme")).toEqual(Option.none())
    expect(parseWebUrl("https://[::1]/")).toEqual(Option.none())
    expect(Option.isSome(parseWebUrl("https://localhost"))).toBe(true)
  })

  it("rejects empty labels and garbage", () => {
    for (const input of ["", "   ", "https://", "https://acme..com", "https://.com", "http://", "not a url"]) {
      expect(parseWebUrl(input)).toEqual(Option.none())
    }
  })

  it("rejects anything longer than 2048 characters", () => {
    const base = "https://acme.com/"
    const atLimit = base + "a".repeat(2048 - base.length)
    expect(href(atLimit)).toBe(atLimit)
    expect(parseWebUrl(atLimit + "a")).toEqual(Option.none())
    // The bare form grows by `https://` when prefixed, so the href check catches it.
    expect(parseWebUrl("acme.com/" + "a".repeat(2035))).toEqual(Option.none())
  })
})

describe("normalizeUrl", () => {
  it("follows the documented examples", () => {
    expect(normalized("https://www.Acme.com/")).toBe("https://acme.com")
    expect(normalized("HTTP://Acme.com:80/shop/")).toBe("http://acme.com/shop")
  })

  it("keeps the scheme", () => {
    expect(normalized("http://acme.com")).toBe("http://acme.com")
    expect(normalized("https://acme.com")).toBe("https://acme.com")
  })

  it("drops only default ports", () => {
    expect(normalized("https://acme.com:443/x")).toBe("https://acme.com/x")
    expect(normalized("http://acme.com:443/x")).toBe("http://acme.com:443/x")
    expect(normalized("https://acme.com:8443/x/")).toBe("https://acme.com:8443/x")
  })

  it("keeps path case and query, drops fragment and trailing slashes", () => {
    expect(normalized("https://acme.com/Shop/Items/?Q=Yes&b=2#Frag")).toBe("https://acme.com/Shop/Items?Q=Yes&b=2")
    expect(normalized("https://acme.com///")).toBe("https://acme.com")
    expect(normalized("https://acme.com/?")).toBe("https://acme.com")
    expect(normalized("https://acme.com/#x")).toBe("https://acme.com")
  })

  it("drops a leading www. and a trailing root dot from the host", () => {
    expect(normalized("www.acme.com")).toBe("https://acme.com")
    expect(normalized("https://WWW.acme.co.uk./a")).toBe("https://acme.co.uk/a")
    expect(normalized("https://www2.acme.com")).toBe("https://www2.acme.com")
    // Only when the rest is still a dotted host: `www.com` is its own domain.
    expect(normalized("https://www.com")).toBe("https://www.com")
  })

  it("gives bare and full forms the same result and is idempotent", () => {
    expect(normalized("acme.com")).toBe(normalized("https://www.acme.com/"))
    for (const input of ["https://www.Acme.com/", "HTTP://Acme.com:80/shop/", "https://acme.com:8443/a/b/?c=d#e", "café.fr/Menu/"]) {
      const once = normalized(input)
      expect(once).toBeDefined()
      expect(normalized(once!)).toBe(once)
    }
  })
})

describe("bareHost", () => {
  it("drops a leading www. only when the rest is still a dotted host", () => {
    expect(bareHost("www.acme.com")).toBe("acme.com")
    expect(bareHost("www.acme.co.uk")).toBe("acme.co.uk")
    expect(bareHost("www.com")).toBe("www.com")
    expect(bareHost("www.www.acme.com")).toBe("www.acme.com")
    expect(bareHost("www2.acme.com")).toBe("www2.acme.com")
    expect(bareHost("shop.www.acme.com")).toBe("shop.www.acme.com")
    expect(bareHost("WWW.acme.com")).toBe("WWW.acme.com")
    expect(bareHost("acme.com")).toBe("acme.com")
  })
})

describe("stripWwwPrefix", () => {
  it("drops any leading www., www.com included", () => {
    expect(stripWwwPrefix("www.acme.com")).toBe("acme.com")
    expect(stripWwwPrefix("www.com")).toBe("com")
    expect(stripWwwPrefix("www.www.acme.com")).toBe("www.acme.com")
    expect(stripWwwPrefix("www2.acme.com")).toBe("www2.acme.com")
    expect(stripWwwPrefix("WWW.acme.com")).toBe("WWW.acme.com")
    expect(stripWwwPrefix("localhost")).toBe("localhost")
  })
})
