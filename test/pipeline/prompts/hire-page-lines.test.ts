/**
 * A hire page's price lines ("Tool hire" over "Floor sander £30", "Post hole borer £25") are the
 * things hired, each asked for as "<thing> hire"; a line that is also a section's own heading is
 * read as that section.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const priced = (name: string, price: string) => ({ name, description: null, sku: null, price, currency: null, url: null, image: null, source: "listing" as const })

describe("the lines of a hire page", () => {
  it("are each a thing hired", () => {
    const facts = factsFromPages({
      name: "Dunmore Hardware",
      kind: "business",
      businessName: "Dunmore Hardware",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Dunmore Hardware | Hardware shop", headings: ["Dunmore Hardware"], text: "A hardware shop on the square." }),
        sitePage("/tool-hire.html", {
          title: "Tool hire | Dunmore Hardware",
          headings: ["Tool hire", "Floor sander"],
          text: "Tool hire By the day or the weekend. Floor sander £30 Post hole borer £25 Wallpaper stripper £15 Floor sander Our drum sander takes a room in a day.",
          products: [priced("Floor sander", "30"), priced("Post hole borer", "25"), priced("Wallpaper stripper", "15")]
        })
      ]
    })
    expect(facts.offerings).toEqual(["tool hire", "floor sander", "post hole borer hire", "wallpaper stripper hire"])
  })
})
