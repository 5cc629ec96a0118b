/**
 * One article outside any main is the page's content (a post); several are cards on a page whose
 * content is all of it: a home page without a main element, its banner, its cards and the section
 * after them ("Coming back from injury? ... runs clinical Pilates") are all read.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"

const extract = (html: string) => extractPage(html, "https://made-up.example/")

describe("articles as cards", () => {
  it("a page of several article cards and no main is read whole, chrome aside", () => {
    const page = extract(`<header><nav><a href="/">Home</a></nav></header>
<section class="hero"><h1>Tōtara Climbing</h1><p>Bouldering walls in Nelson.</p></section>
<section class="cards"><article><h2>Bouldering</h2><p>Two hundred problems.</p></article><article><h2>Kids club</h2><p>Saturdays.</p></article></section>
<section><h2>Injured?</h2><p>Our physio runs rehab climbing sessions.</p></section>
<footer>© Tōtara</footer>`)
    expect(page.text).toBe("Tōtara Climbing Bouldering walls in Nelson. Bouldering Two hundred problems. Kids club Saturdays. Injured? Our physio runs rehab climbing sessions.")
  })

  it("a single article is still the page's content", () => {
    const page = extract(`<section><p>Latest offers</p></section><article><h1>Winter hours</h1><p>We open at ten.</p></article><section><p>Related posts</p></section>`)
    expect(page.text).toBe("Winter hours We open at ten.")
  })

  it("a main element is the content, whatever articles it holds", () => {
    const page = extract(`<section><p>Outside</p></section><main><article><p>One</p></article><article><p>Two</p></article></main>`)
    expect(page.text).toBe("One Two")
  })
})
