import { describe, expect, it } from "vitest"
import { dedupeKey, isSameSite, nonHtmlExtension, normalizePageUrl, siteHostOf } from "../../../src/pipeline/crawler/url-policy.ts"

describe("normalizePageUrl", () => {
  it.each([
    ["HTTP://WWW.Acme.COM:80/Shop?b=2&a=1#top", "http://www.acme.com/Shop?a=1&b=2"],
    ["https://acme.com:443/", "https://acme.com/"],
    ["https://acme.com:8443/x", "https://acme.com:8443/x"],
    ["https://acme.com./x", "https://acme.com/x"],
    ["https://acme.com/x?utm_source=news&utm_medium=mail&gclid=1&fbclid=2&id=7", "https://acme.com/x?id=7"],
    ["https://acme.com/x?utm_campaign=a", "https://acme.com/x"],
    ["https://acme.com/x?", "https://acme.com/x"],
    ["https://acme.com/a/", "https://acme.com/a/"],
    ["https://acme.com/s?q=a%20b&flag&z=1&b=", "https://acme.com/s?b=&flag&q=a%20b&z=1"],
    ["https://acme.com/s?tag=b&tag=a&UTM_SOURCE=x", "https://acme.com/s?tag=b&tag=a"]
  ])("%s → %s", (input, expected) => {
    expect(normalizePageUrl(input)).toBe(expected)
  })

  it.each(["ftp://acme.com/", "javascript:alert(1)", "https://user:pw@acme.com/", "not a url", `https://acme.com/${"a".repeat(3000)}`])(
    "refuses case %#",
    (input) => {
      expect(normalizePageUrl(input)).toBeUndefined()
    }
  )
})

describe("sites", () => {
  it("counts www. and the bare host, http and https, as one site; not other subdomains or ports", () => {
    expect(siteHostOf("WWW.Acme.com.")).toBe("acme.com")
    expect(isSameSite("https://www.acme.com/a", "http://acme.com/b")).toBe(true)
    expect(isSameSite("https://shop.acme.com/", "https://acme.com/")).toBe(false)
    expect(isSameSite("https://acme.com.evil.example/", "https://acme.com/")).toBe(false)
    expect(isSameSite("http://127.0.0.1:8080/", "http://127.0.0.1:8081/")).toBe(false)
    expect(isSameSite("javascript:alert(1)", "https://acme.com/")).toBe(false)
  })

  it("folds scheme and www. in the duplicate key", () => {
    expect(dedupeKey("http://www.acme.com/a?x=1")).toBe(dedupeKey("https://acme.com/a?x=1"))
    expect(dedupeKey("https://acme.com/a")).not.toBe(dedupeKey("https://acme.com/a/"))
  })

  it("recognizes file names that are not web pages", () => {
    expect(nonHtmlExtension("https://acme.com/menu.PDF")).toBe("pdf")
    expect(nonHtmlExtension("https://acme.com/img/logo.png?v=2")).toBe("png")
    expect(nonHtmlExtension("https://acme.com/page.html")).toBeUndefined()
    expect(nonHtmlExtension("https://acme.com/v1.2/about")).toBeUndefined()
    expect(nonHtmlExtension("https://acme.com/shop")).toBeUndefined()
  })
})
