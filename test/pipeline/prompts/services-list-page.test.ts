/**
 * A page headed as a list of services ("Weitere Leistungen", "Other services"), at an address of
 * its own: each of its one-word sections is a service ("Fliesenarbeiten", "Repointing"), where on
 * one offering's own page a one-word section is a facet of it.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("the one-word sections of a page of services", () => {
  it("are each a service, in the site's language", () => {
    const facts = factsFromPages({
      name: "Maurer Huber",
      kind: "business",
      businessName: "Maurer Huber",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Maurer Huber | Maurerbetrieb in Graz", headings: ["Maurer Huber"], text: "Maurerbetrieb in Graz seit 1988." }),
        sitePage("/weiteres.html", {
          title: "Weitere Leistungen | Maurer Huber",
          headings: ["Weitere Leistungen", "Fliesenarbeiten", "Kaminsanierung", "Estrich verlegen"],
          text: "Weitere Leistungen Fliesenarbeiten Fliesen in Küche und Bad. Kaminsanierung Neue Abdeckung und Verfugung. Estrich verlegen Neue Böden mit Fußbodenheizung."
        })
      ]
    })
    expect(facts.offerings).toEqual(["estrich verlegen", "fliesenarbeiten", "kaminsanierung"])
  })

  it("and not on one offering's own page", () => {
    const facts = factsFromPages({
      name: "Harbour Masonry",
      kind: "business",
      businessName: "Harbour Masonry",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Harbour Masonry | Stonemasons in Cork", headings: ["Harbour Masonry"], text: "Stonemasons in Cork." }),
        sitePage("/other.html", {
          title: "Other services | Harbour Masonry",
          headings: ["Other services", "Repointing", "Chimney repairs"],
          text: "Other services Repointing Lime mortar for old walls. Chimney repairs Flashing and caps."
        }),
        sitePage("/walls.html", {
          title: "Stone walls | Harbour Masonry",
          headings: ["Stone walls", "Cost", "Field walls"],
          text: "Stone walls Dry stone and mortared. Cost Priced by the metre. Field walls Built from the stone on site."
        })
      ]
    })
    expect(facts.offerings).toEqual(["stone walls", "chimney repairs", "repointing", "field walls"])
  })
})
