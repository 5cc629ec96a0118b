/**
 * Two ways a sentence says something that is not the thing sold: when it is sold ("Kids' birthday
 * parties on weekend mornings from £12 per child": the price is the parties', not the mornings'),
 * and help the staff give for nothing ("Can you teach us a game? Yes, our games gurus will teach any
 * game at no extra cost").
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const cafe = (hireText: string, faqQuestion: string, faqAnswer: string) =>
  factsFromPages({
    name: "The Rolling Meeple",
    kind: "business",
    businessName: "The Rolling Meeple",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: "The Rolling Meeple | Board game café in Leeds", headings: ["The Rolling Meeple"], text: "The Rolling Meeple A board game café in Leeds." }),
      sitePage("/private-hire.html", { title: "Private hire | The Rolling Meeple", headings: ["Private hire"], text: `Private hire ${hireText}` }),
      sitePage("/faq.html", { title: "FAQ | The Rolling Meeple", headings: ["FAQ", faqQuestion], text: `FAQ ${faqQuestion} ${faqAnswer}` })
    ]
  })

describe("when a thing is sold, and help given for nothing", () => {
  it("prices the thing named before the time it is sold at", () => {
    for (const [when, expected] of [
      ["on weekend mornings", "kids' birthday parties"],
      ["at weekends", "kids' birthday parties"],
      ["on Saturdays", "kids' birthday parties"],
      ["during the school holidays", "kids' birthday parties"]
    ] as const) {
      const facts = cafe(`Kids' birthday parties ${when} from £12 per child.`, "Do you serve alcohol?", "No, we are alcohol-free.")
      expect({ when, offerings: facts.offerings }).toEqual({ when, offerings: ["private hire", expected] })
    }
  })

  it("still reads a thing whose own name ends in a time word", () => {
    const facts = cafe("Saturday brunch from £14 per person.", "Do you serve alcohol?", "No, we are alcohol-free.")
    expect(facts.offerings).toEqual(["private hire", "saturday brunch"])
  })

  it("takes no free help the staff give for an offering", () => {
    const free = cafe("For groups of up to 24.", "Can you teach us a game?", "Yes, our games gurus will teach any game in the library at no extra cost.")
    expect(free.offerings).toEqual(["private hire"])
    const sold = cafe("For groups of up to 24.", "Do you sell board games?", "Yes, board games from our shelf by the till, from £20.")
    expect(sold.offerings).toEqual(["private hire", "board games"])
  })
})
