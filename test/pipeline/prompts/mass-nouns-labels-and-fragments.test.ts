/**
 * Word forms a customer would type: music is never "musics"; a price list's label with a comma
 * ("olive oil, early harvest") keeps its form, never made plural at its end ("early harvests");
 * and where a site says it goes ("we deliver anywhere in Wales", "further afield") or how big a
 * thing is ("up to 6 ft tall") is no offering at all.
 */
import { describe, expect, it } from "vitest"
import { offeringForm } from "../../../src/pipeline/prompts/english.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("word forms", () => {
  it("keeps music in the singular", () => {
    expect(offeringForm("wedding ceremony music")).toEqual({ text: "wedding ceremony music", plural: false })
    expect(offeringForm("live music")).toEqual({ text: "live music", plural: false })
  })

  it("keeps a label with a comma as written", () => {
    expect(offeringForm("olive oil, early harvest")).toEqual({ text: "olive oil, early harvest", plural: false })
  })
})

describe("a place or a size the site states", () => {
  it("is not an offering", () => {
    const facts = factsFromPages({
      name: "Bryn Blooms",
      kind: "business",
      businessName: "Bryn Blooms",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Bryn Blooms | Florist in Conwy", headings: ["Bouquets", "Wreaths"], text: "Open Tuesday to Saturday, or order online. We ship anywhere in Wales for a flat £9." }),
        sitePage("/arches.html", {
          title: "Flower arches",
          headings: ["Flower arches", "Flower arch"],
          text: "Flower arches Flower arch Full freestanding flower arch on a frame, up to 6 ft tall — from £300, with set-up and take-down."
        }),
        sitePage("/faq.html", {
          title: "FAQ",
          headings: ["Do you fit arches outside Conwy?"],
          text: "Do you fit arches outside Conwy? We fit across North Wales, and further afield for weddings."
        })
      ]
    })
    expect(facts.offerings.filter((o) => /anywhere|afield|ft tall/u.test(o))).toEqual([])
  })
})
