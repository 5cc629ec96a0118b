import { describe, expect, it } from "vitest"
import { escapeHtml, html, join, jsonLdScript, oneLine, raw, safeUrl, serializeJsonLd } from "../../src/site-generator/html.ts"

describe("escapeHtml", () => {
  it("escapes & < > \" ' and the backtick", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\`</a>`)).toBe("&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;")
  })

  it("drops control characters and lone surrogates, keeps tabs, newlines and real pairs", () => {
    expect(escapeHtml("a\u0000b\u0007c\td\ne\u{1F950}f\ud800g\udc00h\u0085")).toBe("abc\td\ne\u{1F950}fgh")
  })

  it("escapes an already-escaped entity again, so text never turns into markup", () => {
    expect(escapeHtml("&lt;script&gt;")).toBe("&amp;lt;script&amp;gt;")
  })
})

describe("html template", () => {
  const hostile = `"><img src=x onerror=alert(1)>`

  it("escapes every interpolated string, in text and in attributes", () => {
    expect(html`<p title="${hostile}">${hostile}</p>`.value).toBe(
      `<p title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</p>`
    )
  })

  it("passes Html fragments through once, joins arrays and drops null, undefined and false", () => {
    const item = (s: string) => html`<li>${s}</li>`
    expect(html`<ul>${["a<b", "c"].map(item)}${null}${undefined}${false}${0}</ul>`.value).toBe("<ul><li>a&lt;b</li><li>c</li>0</ul>")
    expect(html`<div>${raw("<br>")}</div>`.value).toBe("<div><br></div>")
    expect(join(["<x>", html`<y>`], " | ").value).toBe("&lt;x&gt; | <y>")
  })

  it("oneLine collapses whitespace and trims", () => {
    expect(oneLine("  a \n\t b\u0000  ")).toBe("a b")
  })
})

describe("safeUrl", () => {
  it.each([
    ["https://acme.com/a?b=1#c", "https://acme.com/a?b=1#c"],
    ["HTTP://Acme.com", "http://acme.com/"],
    ["https:acme.com/x", "https://acme.com/x"],
    ["mailto:hello@acme.fr", "mailto:hello@acme.fr"],
    ["tel:+33478000000", "tel:+33478000000"],
    ["/faq/", "/faq/"],
    ["offerings/bread/", "offerings/bread/"],
    ["#main", "#main"],
    ["?page=2", "?page=2"],
    ["  /about/  ", "/about/"]
  ])("keeps %j as %j", (input, expected) => {
    expect(safeUrl(input)).toBe(expected)
  })

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "\u0000javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "javascript&colon;alert(1)",
    "&#106;avascript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "file:///etc/passwd",
    "//evil.example/x",
    "/\\evil.example/x",
    "\\\\evil.example\\x",
    "http://[::1",
    "java\u0001script:alert(1)",
    ""
  ])("turns %j into #", (input) => {
    expect(safeUrl(input)).toBe("#")
  })
})

describe("JSON-LD", () => {
  const data = { name: "</script><script>alert(1)</script>", note: "a & b > c <!--", lines: "x\u2028y\u2029z" }

  it("escapes < > & U+2028 U+2029 so nothing can leave the script element", () => {
    expect(serializeJsonLd(data)).toBe(
      String.raw`{"name":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e","note":"a \u0026 b \u003e c \u003c!--","lines":"x\u2028y\u2029z"}`
    )
  })

  it("still parses back to the same data", () => {
    expect(JSON.parse(serializeJsonLd(data))).toEqual(data)
  })

  it("wraps it in one ld+json element with a single closing tag", () => {
    const element = jsonLdScript(data).value
    expect(element.startsWith(`<script type="application/ld+json">{`)).toBe(true)
    expect(element.match(/<\/script/gi)).toEqual(["</script"])
    expect(element.match(/<!--/g)).toBeNull()
  })
})
