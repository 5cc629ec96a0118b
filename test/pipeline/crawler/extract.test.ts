import { describe, expect, it } from "vitest"
import { decodeEntities } from "../../../src/pipeline/crawler/html-entities.ts"
import { plainText, tokenize } from "../../../src/pipeline/crawler/html-tokens.ts"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"
import { cpuTimed } from "../../support/cpu-time.ts"

const PAGE = "https://acme.example/shop/index.html"
const extract = (html: string, url = PAGE) => extractPage(html, url)

describe("extractPage: the basics", () => {
  const html = `<!doctype html>
<html lang="en"><head>
  <title>  Acme   Bakery &amp; Caf&eacute; </title>
  <meta name="description" content="Bread &amp; cakes since 1990">
  <meta property="og:title" content="OG title">
  <meta property="og:site_name" content="Acme OG">
  <link rel="alternate stylesheet" href="/alt.css">
  <link rel="Canonical" href="/shop/">
</head><body>
  <header><a href="/">Acme</a><nav><a href="/about">About us</a> <a href="/contact#form">Contact</a></nav></header>
  <main>
    <h1>Fresh <em>bread</em> daily</h1>
    <p>Our sourdough is baked<br>every morning.</p>
    <h2>Cakes</h2><p>Wedding cakes to order.</p>
    <h4>Not collected</h4>
    <h3>Opening hours</h3><p>Mon&ndash;Sat</p>
    <aside>Related: nothing</aside>
  </main>
  <footer>© Acme <a href="https://other.example/">partner</a></footer>
</body></html>`
  const page = extract(html)

  it("reads title, description and canonical, decoded and collapsed", () => {
    expect(page.title).toBe("Acme Bakery & Café")
    expect(page.description).toBe("Bread & cakes since 1990")
    expect(page.canonical).toBe("https://acme.example/shop/")
  })

  it("reads h1–h3 in order", () => {
    expect(page.headings).toEqual(["Fresh bread daily", "Cakes", "Opening hours"])
  })

  it("prefers <main> and leaves out navigation, header, footer and asides", () => {
    expect(page.text).toBe(
      "Fresh bread daily Our sourdough is baked every morning. Cakes Wedding cakes to order. Not collected Opening hours Mon–Sat"
    )
  })

  it("keeps same-site http(s) links, absolute, without fragments, once each", () => {
    expect(page.links).toEqual(["https://acme.example/", "https://acme.example/about", "https://acme.example/contact"])
  })

  it("uses og:title and og:description when the page has no title or description", () => {
    const bare = extract(`<meta property="og:title" content="From OG"><meta property="og:description" content="OG desc"><p>x`)
    expect(bare.title).toBe("From OG")
    expect(bare.description).toBe("OG desc")
  })

  it("reads the whole body, minus chrome, when there is no main or article", () => {
    const plain = extract(`<nav>Menu</nav><div><p>One</p><p>Two</p></div><footer>Foot</footer>`)
    expect(plain.text).toBe("One Two")
  })

  it("keeps an article's own header, which is not page chrome", () => {
    const article = extract(`<header>Site</header><article><header><h1>Post</h1></header><p>Body</p></article>`)
    expect(article.text).toBe("Post Body")
  })
})

describe("extractPage: hostile markup", () => {
  it("drops scripts, styles, noscript and templates, and never reads their markup", () => {
    const page = extract(`<body><p>Visible</p>
      <script>document.write("<p>from script</p>"); var s = "</scr" + "ipt>";</script>
      <script><!-- <script> "</script>" --> still script </script>
      <style>p::after { content: "<p>from style</p>" }</style>
      <noscript><a href="/noscript-link">Enable JS</a></noscript>
      <template><p>inert</p><a href="/template-link">t</a></template>
      <p>After</p></body>`)
    expect(page.text).toBe("Visible After")
    expect(page.links).toEqual([])
    expect(page.hasScripts).toBe(true)
  })

  it("does not read tags inside comments, bogus comments or an unterminated comment", () => {
    const page = extract(`<p>Before</p><!-- <main>fake main</main> <a href="/in-comment">x</a> --><p>Middle</p>
      <!--> <p>empty comment then text</p> <? php ?> <!x <a href="/bogus"> >
      <p>Last</p><!-- <p>never closed`)
    // `<!x ...>` ends at its first ">", as in browsers: the stray " >" after it is text.
    expect(page.text).toBe("Before Middle empty comment then text > Last")
    expect(page.links).toEqual([])
  })

  it("keeps markup inside attribute values inside them", () => {
    const page = extract(`<a href="/ok" title='x"><a href="/evil">'>Ok</a>
      <div data-x="a>b" class=plain>Text <img alt="<script>alert(1)</script>" src=x.png></div>
      <a href=/unquoted?a=1&copy=2>u</a><a href="/amp?a=1&amp;b=2">v</a>`)
    expect(page.links).toEqual([
      "https://acme.example/ok",
      "https://acme.example/unquoted?a=1&copy=2",
      "https://acme.example/amp?a=1&b=2"
    ])
    expect(page.text).toBe("Ok Text uv")
  })

  it("drops javascript:, data:, mailto: and external links, however they are spelled", () => {
    const page = extract(`<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>
      <a href="java&#x09;script:alert(1)">c</a><a href="java\tscript:alert(1)">d</a>
      <a href="data:text/html,<script>alert(1)</script>">e</a><a href="mailto:x@acme.example">f</a>
      <a href="//evil.example/x">g</a><a href="https://shop.acme.example/">h</a>
      <a href="https://www.acme.example/kept">i</a><a href="../up">j</a>`)
    expect(page.links).toEqual(["https://www.acme.example/kept", "https://acme.example/up"])
  })

  it("resolves links against <base href>", () => {
    const page = extract(`<base href="/blog/"><a href="post-1">p</a>`)
    expect(page.links).toEqual(["https://acme.example/blog/post-1"])
  })

  it("returns decoded text, never markup", () => {
    const page = extract(`<title>&lt;script&gt;alert(1)&lt;/script&gt;</title><p>5 &lt; 6 &amp;&amp; caf&#233; &#x27;x&#x27; &copy 2024 &bogus;</p>`)
    expect(page.title).toBe("<script>alert(1)</script>")
    expect(page.text).toBe("5 < 6 && café 'x' © 2024 &bogus;")
  })

  it("leaves out text the page hides", () => {
    const page = extract(`<p>Shown</p><div hidden>keyword stuffing</div><span style="display: none">more</span>
      <div aria-hidden="true">icon</div><dialog>closed dialog</dialog><p style="visibility:hidden">ghost</p>
      <span hidden><div>inside</span>still hidden</div></span><p>End</p>`)
    expect(page.text).toBe("Shown End")
  })

  it("ignores a <title> inside svg and reads the document's", () => {
    const page = extract(`<svg><title>icon</title></svg><title>Real</title>`)
    expect(page.title).toBe("Real")
  })

  it("caps the text at 20,000 characters and the headings at 100", () => {
    const page = extract(`<main>${"<h2>word</h2><p>lorem ipsum dolor</p>".repeat(3000)}</main>`)
    expect(page.text.length).toBe(20_000)
    expect(page.headings.length).toBe(100)
  })

  it("survives an unterminated tag at the end", () => {
    expect(extract(`<p>Text</p><a href="/x" title="never closed`).text).toBe("Text")
  })
})

describe("extractPage: JSON-LD", () => {
  it("parses blocks, with an escaped </script> inside a string", () => {
    const page = extract(`<script type="application/ld+json">{"@type":"Organization","name":"Acme <\\/script> Ltd"}</script>`)
    expect(page.jsonLd).toEqual([{ "@type": "Organization", name: "Acme </script> Ltd" }])
    // Strings from JSON-LD are read as HTML fragments (sites put markup in them): text only.
    expect(page.siteNames.organization).toBe("Acme Ltd")
  })

  it("ends a block at a raw </script> inside a string, as browsers do: the cut JSON is skipped", () => {
    const page = extract(`<main><script type="application/ld+json">{"name":"a</script><p>tail</p>"}</script>
      <p>Real</p></main>`)
    expect(page.jsonLd).toEqual([])
    expect(page.text).toBe(`tail "} Real`)
  })

  it("skips invalid blocks and keeps valid ones", () => {
    const page = extract(`<script type="application/ld+json">{not json}</script>
      <script type="application/ld+json; charset=utf-8"><!-- {"@type":"WebSite","name":"Acme Site"} --></script>
      <script type="text/javascript">{"@type":"WebSite","name":"not ld"}</script>`)
    expect(page.jsonLd).toEqual([{ "@type": "WebSite", name: "Acme Site" }])
    expect(page.siteNames).toEqual({ organization: null, website: "Acme Site", openGraph: null })
  })

  it("caps the number of blocks, the size of each and their total", () => {
    const page = extract(`<script type="application/ld+json">{"n":1}</script>`.repeat(50))
    expect(page.jsonLd.length).toBe(20)
    const big = (n: number) => `<script type="application/ld+json">{"pad":"${"x".repeat(n)}"}</script>`
    expect(extract(big(150_000)).jsonLd).toEqual([])
    expect(extract(big(90_000).repeat(5)).jsonLd.length).toBe(2)
  })
})

describe("extractPage: products", () => {
  it("reads a JSON-LD Product with its offer", () => {
    const page = extract(`<script type="application/ld+json">{
      "@context": "https://schema.org", "@type": "Product", "name": "Sourdough Loaf",
      "description": "<p>Slow &amp; <b>tasty</b></p>", "sku": "SD-1", "image": ["/img/sd.jpg"],
      "offers": { "@type": "Offer", "price": 6.5, "priceCurrency": "EUR", "url": "/p/sourdough" },
      "manufacturer": { "@type": "Organization", "name": "Not the site" }
    }</script>`)
    expect(page.products).toEqual([{
      name: "Sourdough Loaf",
      description: "Slow & tasty",
      sku: "SD-1",
      price: "6.5",
      currency: "EUR",
      url: "https://acme.example/p/sourdough",
      image: "https://acme.example/img/sd.jpg",
      source: "json-ld"
    }])
    expect(page.siteNames.organization).toBeNull()
  })

  it("finds products in @graph and behind an Offer's itemOffered, once each", () => {
    const page = extract(`<script type="application/ld+json">{"@graph":[
      {"@type":"Organization","name":"Acme"},
      {"@type":["Product"],"name":"Croissant","offers":[{"@type":"AggregateOffer","lowPrice":"1.20","priceCurrency":"EUR"}]},
      {"@type":"Offer","price":"3","priceCurrency":"USD","itemOffered":{"@type":"Product","name":"Baguette","url":"javascript:x"}}
    ]}</script>`)
    expect(page.products.map((p) => [p.name, p.price, p.currency, p.url])).toEqual([
      ["Croissant", "1.20", "EUR", null],
      ["Baguette", "3", "USD", null]
    ])
    expect(page.siteNames.organization).toBe("Acme")
  })

  it("reads microdata products", () => {
    const page = extract(`<div itemscope itemtype="https://schema.org/Product">
      <h1 itemprop="name">Rye Bread</h1>
      <img itemprop="image" src="/rye.jpg">
      <span itemprop="description">Dark and dense.</span>
      <div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Acme</span></div>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
        <span itemprop="price" content="4.20">€4,20</span><meta itemprop="priceCurrency" content="EUR">
      </div></div>`)
    expect(page.products).toEqual([{
      name: "Rye Bread",
      description: "Dark and dense.",
      sku: null,
      price: "4.20",
      currency: "EUR",
      url: null,
      image: "https://acme.example/rye.jpg",
      source: "microdata"
    }])
    expect(page.headings).toEqual(["Rye Bread"])
  })

  it("reads priced lines of a menu or price list, and links into a shop section, as hints", () => {
    const page = extract(`<main>
      <h2>Safety check &ndash; $49</h2>
      <ul><li>Butter croissant $4.25</li><li>Olive &amp; rosemary (Sat) 11,50 €</li><li>6-inch 8–10 servings $48</li></ul>
      <table><tr><td>Flat tyre repair (tube supplied)</td><td>$25</td></tr><tr><td>Treatment from</td><td>$3,900</td></tr></table>
      <p>Drop off before 10am and most services, from $129, are ready by 5pm the same day, or call us to book a slot.</p>
      <a href="/products/gift-box.html">Our tea discovery gift box</a> <a href="/products/sencha.html">Shop now</a>
      <a href="/about.html">Our story</a>
    </main><nav><a href="/products/matcha.html">Matcha</a></nav>`)
    const hint = (name: string, price: string | null, currency: string | null, source: string, url: string | null = null) =>
      ({ name, description: null, sku: null, price, currency, url, image: null, source })
    expect(page.products).toEqual([
      hint("Safety check", "49", null, "listing"),
      hint("Butter croissant", "4.25", null, "listing"),
      hint("Olive & rosemary", "11,50", "EUR", "listing"),
      hint("Flat tyre repair", "25", null, "listing"),
      hint("Treatment", "3900", null, "listing"),
      hint("tea discovery gift box", null, null, "link", "https://acme.example/products/gift-box.html")
    ])
  })

  it("takes no link to the page itself as a hint: a cookie banner's buttons on a product page name nothing sold", () => {
    const url = "https://acme.example/products/kestrel-recurve.html"
    const page = extract(`<div class="cli-bar">We use cookies. <a href="#" class="cli-accept">Accept</a> <a href="#top">Reject</a>
      <a href="kestrel-recurve.html">Kestrel recurve</a></div>
      <main><h1>Kestrel recurve</h1><a href="/products/arrows.html">Carbon arrows</a></main>`, url)
    expect(page.products.map((p) => [p.name, p.source])).toEqual([["Carbon arrows", "link"]])
  })

  it("reads a price-table row whose name opens with a count, never a row of only figures, dates, times, sizes or lengths", () => {
    const page = extract(`<main><table>
      <tr><th>10-visit pass</th><td>&euro;130</td></tr>
      <tr><td>3 month membership</td><td>&pound;90</td></tr>
      <tr><td>1:1 coaching session</td><td>45 &euro;</td></tr>
      <tr><td>&euro;240 20-visit pass</td></tr>
      <tr><td>10:00-18:00</td><td>$5</td></tr>
      <tr><td>2024</td><td>&euro;130</td></tr>
      <tr><td>&euro;130</td></tr>
      <tr><td>12 x 30 cm</td><td>$20</td></tr>
      <tr><td>8 servings</td><td>$30</td></tr>
      <tr><td>12 March 2025</td><td>$15</td></tr>
      <tr><td>10:00 open session</td><td>$12</td></tr>
      <tr><td>6-inch 8&ndash;10 servings</td><td>$48</td></tr>
      <tr><td>2-hour lesson</td><td>$60</td></tr>
      <tr><td>30-minute one-to-one lesson</td><td>$25</td></tr>
    </table></main>`)
    expect(page.products.map((p) => [p.name, p.price, p.currency])).toEqual([
      ["10-visit pass", "130", "EUR"],
      ["3 month membership", "90", "GBP"],
      ["1:1 coaching session", "45", "EUR"],
      ["20-visit pass", "240", "EUR"]
    ])
  })

  it("reads a hire table's row whose name opens with the machine's weight in tonnes, never a weight alone", () => {
    const page = extract(`<main><table>
      <tr><td>2.5t Mini Excavator (Brandname Z25)</td><td>&pound;110</td><td>&pound;400</td></tr>
      <tr><td>6t Forward Tipping Dumper</td><td>&pound;90</td></tr>
      <tr><td>1 tonne Tracked Barrow</td><td>&pound;70</td></tr>
      <tr><td>3t</td><td>&pound;50</td></tr>
      <tr><td>5 t 8 m</td><td>&pound;50</td></tr>
    </table></main>`)
    expect(page.products.map((p) => [p.name, p.price])).toEqual([
      ["2.5t Mini Excavator", "110"],
      ["6t Forward Tipping Dumper", "90"],
      ["1 tonne Tracked Barrow", "70"]
    ])
  })

  it("reads the items of content lists with the heading before each, never the navigation's", () => {
    const page = extract(`<nav><ul><li>Home</li><li>Services</li></ul></nav><main>
      <h1>Denver plumber</h1><ul><li><a href="/drains.html">Drain cleaning &amp; hydro jetting</a></li></ul>
      <h2>Plumbing services</h2><ul><li>Leak detection</li><li hidden>Hidden</li><li>Sump pump <b>installation</b></li></ul>
    </main><footer><ul><li>Privacy</li></ul></footer>`)
    expect(page.listItems).toEqual([
      { heading: "Denver plumber", text: "Drain cleaning & hydro jetting" },
      { heading: "Plumbing services", text: "Leak detection" },
      { heading: "Plumbing services", text: "Sump pump installation" }
    ])
  })

  it("reads an OpenGraph product", () => {
    const page = extract(`<meta property="og:type" content="product"><meta property="og:title" content="Brioche">
      <meta property="product:price:amount" content="5.00"><meta property="product:price:currency" content="EUR">
      <meta property="og:image" content="https://cdn.example/b.jpg">`)
    expect(page.products).toEqual([{
      name: "Brioche",
      description: null,
      sku: null,
      price: "5.00",
      currency: "EUR",
      url: null,
      image: "https://cdn.example/b.jpg",
      source: "opengraph"
    }])
  })
})

describe("the tokenizer and entity decoder", () => {
  it("decodes references as browsers do", () => {
    expect(decodeEntities("&amp;&lt;&gt;&quot;&apos;&nbsp;&eacute;&mdash;&hellip;&euro;")).toBe("&<>\"'\u00a0é—…€")
    expect(decodeEntities("&#0;&#x110000;&#xD800;&#128;&#153;")).toBe("\uFFFD\uFFFD\uFFFD€™")
    expect(decodeEntities("&notit; &notin")).toBe("¬it; ¬in")
    expect(decodeEntities("?a=1&copy=2&lang", true)).toBe("?a=1&copy=2&lang")
    expect(decodeEntities("&copy 2024")).toBe("© 2024")
  })

  it("reads duplicate attributes first-wins, names lower-cased", () => {
    const [tag] = [...tokenize(`<A HREF="/one" href="/two" Data-X=1>`)]
    expect(tag).toEqual({ type: "start", name: "a", attrs: new Map([["href", "/one"], ["data-x", "1"]]), selfClosing: false })
  })

  it("turns an HTML fragment into text", () => {
    expect(plainText("<p>One</p><p>Two &amp; three</p>")).toBe("One Two & three")
  })
})

describe("extractPage: hostile sizes", () => {
  // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
  const timed = (html: string) => {
    const { result: page, cpuMs: ms } = cpuTimed(() => extract(html))
    return { page, ms }
  }

  it("handles deep nesting, unclosed tags and reference floods in linear time", () => {
    const cases = [
      `${"<div>".repeat(200_000)}deep`,
      `${"<a href='/x' ".repeat(100_000)}`,
      `<p>${"<!--".repeat(100_000)}`,
      `<p>${"&amp".repeat(300_000)}</p>`,
      `<script>${"<!--<script>".repeat(100_000)}`,
      `${"<span hidden>".repeat(50_000)}${"</span>".repeat(50_000)}visible`,
      `<p>${"x ".repeat(2_000_000)}</p>`
    ]
    // A bound on complexity, not a speed target: a linear pass over these inputs takes seconds of
    // CPU at most, a quadratic one (4·10^10 steps for the deepest nesting) many minutes.
    for (const html of cases) {
      const { ms, page } = timed(html)
      expect(ms, html.slice(0, 30)).toBeLessThan(60_000)
      expect(page.text.length).toBeLessThanOrEqual(20_000)
    }
  })

  it("still reads text after the nesting cap", () => {
    expect(extract(`${"<div>".repeat(2_000)}deep text`).text).toBe("deep text")
  })
})
