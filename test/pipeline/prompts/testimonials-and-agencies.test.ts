/**
 * A made-up site's testimonials under a heading in another language ("Referencje"), with a line
 * that says whose words they are ("What our clients say") before the quotes: the heading is no
 * offering, as a heading right over quotes was not before. And a home title's "<Kind> agency in <Place>"
 * names the business's kind as "... company" or "... studio" did. A product whose name ends in its
 * kind's word ("Certificate Frame", a "picture frame") keeps its name as its offering. A product
 * named with a leading count ("5-Night Yoga Retreat") is a described thing: its room options are not its offerings.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const PAGES = [
  sitePage("/", {
    title: "Bell Clock Repair | Clock repair in Kraków",
    headings: ["Bell Clock Repair", "Clock repair", "Watch batteries", "Referencje", "Opinie"],
    text:
      "Bell Clock Repair Clock repair Longcase and mantel clocks, serviced in our workshop. Watch batteries Fitted while you wait. " +
      "Referencje What our clients say \"Grandad's clock chimes again.\" — Ola, Podgórze " +
      "Opinie \"Quick and kind.\" — Piotr"
  })
]

describe("a testimonials heading with a line before its quotes", () => {
  it("is no offering", () => {
    const result = factsFromPages({ name: "Bell Clock Repair", kind: "business", businessName: "Bell Clock Repair", url: `${ORIGIN}/`, pages: PAGES })
    expect(result.offerings).toEqual(["watch batteries"])
  })
})

describe("a home page's title that names an agency or a firm", () => {
  it("gives the category, over a heading's known word", () => {
    const pages = [
      sitePage("/", {
        title: "Kalm Vertaalbureau – Translation agency in Utrecht",
        headings: ["Kalm Vertaalbureau", "Websites & software", "Legal translation"],
        text: "Kalm Vertaalbureau Websites & software Localisation of your site or app. Legal translation Contracts and deeds."
      })
    ]
    const result = factsFromPages({ name: "Kalm Vertaalbureau", kind: "business", businessName: "Kalm Vertaalbureau", url: `${ORIGIN}/`, pages })
    expect(result.category).toBe("translation agency")
  })
})

describe("a product named by its kind's last word", () => {
  it("keeps its own name as its offering", () => {
    const pages = [
      sitePage("/certificate-frames.html", {
        title: "Certificate Frames | Tern Framing",
        headings: ["Certificate Frames"],
        text: "Certificate Frames $99 A solid oak frame with a double mat for the certificate you worked for. Ready in 3 days.",
        jsonLd: [{ "@type": "Product", name: "Certificate Frame", category: "Picture frame" }]
      })
    ]
    const result = factsFromPages({
      name: "Certificate Frame", kind: "product", businessName: "Tern Framing", url: `${ORIGIN}/certificate-frames.html`, pages
    })
    expect({ offerings: result.offerings, category: result.category }).toEqual({ offerings: ["certificate frame"], category: "picture frame" })
  })
})

describe("a product named with a leading count", () => {
  it("is a described thing: its page's room options are not its offerings", () => {
    const pages = [
      sitePage("/retreat.html", {
        title: "5-Night Yoga Retreat | Fennel House",
        headings: ["5-Night Yoga Retreat", "Room options"],
        text: "5-Night Yoga Retreat from €450 Five nights of yoga, meals and walks. Room options Shared room €450 Private room with garden view €620",
        products: [
          { name: "Shared room", price: "€450" },
          { name: "Private room with garden view", price: "€620" }
        ]
      })
    ]
    const result = factsFromPages({ name: "5-Night Yoga Retreat", kind: "product", businessName: "Fennel House", url: `${ORIGIN}/retreat.html`, pages })
    expect(result.offerings).toEqual(["5-Night yoga retreat"])
  })
})
