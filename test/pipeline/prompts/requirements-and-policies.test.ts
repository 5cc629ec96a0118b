/**
 * A section that tells the customer what they must know or do ("Ground requirements", "Booking
 * policy", "House rules") sits among the offerings on a hire company's or a venue's pages, but is
 * nothing sold: no prompt asks where to get "ground requirements".
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("requirements, policies and rules", () => {
  it("are no offerings beside a bouncy castle hire's castles and slides", () => {
    const facts = factsFromPages({
      name: "Hopscotch Inflatables",
      kind: "business",
      businessName: "Hopscotch Inflatables",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Hopscotch Inflatables | Bouncy castle hire in Derby", headings: ["Party hire in Derby"], text: "Bouncy castles and slides delivered across Derby." }),
        sitePage("/hire.html", {
          title: "Hire | Hopscotch Inflatables",
          headings: ["What you can hire", "Bouncy castles", "Inflatable slides", "Soft play packs", "Ground requirements", "Booking policy", "Garden rules"],
          text: "What you can hire Bouncy castles From £70 a day. Inflatable slides From £95 a day. Soft play packs For toddlers. Ground requirements A flat lawn 1 m bigger than the castle. Booking policy A £20 deposit holds the date. Garden rules No shoes on the castle."
        })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["bouncy castles", "inflatable slides", "soft play packs"]))
    expect(facts.offerings.filter((o) => /requirements|policy|rules/u.test(o))).toEqual([])
  })
})
