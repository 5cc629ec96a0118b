import { describe, expect, it } from "vitest"
import { decodeXmlText, parseSitemap } from "../../../src/pipeline/crawler/sitemap.ts"
import { cpuTimed } from "../../support/cpu-time.ts"

describe("parseSitemap", () => {
  it("reads the <loc> of each url, entity-decoded, in order", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <!-- <url><loc>https://acme.example/commented</loc></url> -->
  <url><loc> https://acme.example/ </loc><lastmod>2024-01-01</lastmod></url>
  <url><loc>https://acme.example/shop?cat=1&amp;sort=price</loc>
    <image:image><image:loc>https://acme.example/img.png</image:loc></image:image></url>
  <url><LOC><![CDATA[https://acme.example/a&b]]></LOC></url>
  <url><loc>https://acme.example/</loc></url>
  <url><loc>/relative</loc></url>
  <url><loc>javascript:alert(1)</loc></url>
</urlset>`
    expect(parseSitemap(xml)).toEqual({
      kind: "urlset",
      urls: ["https://acme.example/", "https://acme.example/shop?cat=1&sort=price", "https://acme.example/a&b"]
    })
  })

  it("recognizes a sitemap index, with a namespace prefix", () => {
    const xml = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sm:sitemap><sm:loc>https://acme.example/pages.xml</sm:loc></sm:sitemap>
      <sm:sitemap><sm:loc>https://acme.example/products.xml</sm:loc></sm:sitemap>
    </sm:sitemapindex>`
    expect(parseSitemap(xml)).toEqual({
      kind: "sitemapindex",
      urls: ["https://acme.example/pages.xml", "https://acme.example/products.xml"]
    })
  })

  it("caps the number of URLs", () => {
    const entries = Array.from({ length: 800 }, (_, i) => `<url><loc>https://acme.example/p${i}</loc></url>`).join("")
    const parsed = parseSitemap(`<urlset>${entries}</urlset>`)
    expect(parsed.urls.length).toBe(500)
    expect(parsed.urls[499]).toBe("https://acme.example/p499")
    expect(parseSitemap(`<urlset>${entries}</urlset>`, 3).urls.length).toBe(3)
  })

  it("answers unknown for what is not a sitemap", () => {
    expect(parseSitemap("<html><body><loc>https://acme.example/</loc></body></html>")).toEqual({ kind: "unknown", urls: [] })
    expect(parseSitemap("not xml at all")).toEqual({ kind: "unknown", urls: [] })
  })

  it("stops at unterminated markup in linear time", () => {
    const hostile = `<urlset>${"<loc>".repeat(200_000)}`
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { result, cpuMs } = cpuTimed(() => parseSitemap(hostile))
    expect(result.urls).toEqual([])
    expect(cpuMs).toBeLessThan(1_000)
    expect(parseSitemap(`<urlset><url><loc>https://acme.example/a</loc><!-- unterminated`).urls).toEqual([
      "https://acme.example/a"
    ])
  })

  it("decodes XML entities and numeric references", () => {
    expect(decodeXmlText("a&amp;b&lt;&#x41;&#66;&apos;&quot;&gt;&nbsp;")).toBe("a&b<AB'\">&nbsp;")
  })
})
