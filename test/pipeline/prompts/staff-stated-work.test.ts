/**
 * What the home page says a member of the team runs, teaches or makes ("Our physio, Tamsin, runs
 * pelvic floor yoga: ...", "Our head baker makes rye sourdough ...") is on offer, as "we run ..."
 * is: the business does it through them.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("work a member of the team is said to do", () => {
  it("is an offering, named after the verb", () => {
    const facts = factsFromPages({
      name: "Raupō Yoga",
      kind: "business",
      businessName: "Raupō Yoga",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", {
          title: "Raupō Yoga | Yoga studio in Hamilton",
          headings: ["Yoga for every body"],
          text: "Yoga for every body Hatha and vinyasa classes six days a week. On Tuesday evenings our physio, Tamsin, runs pelvic floor yoga: small classes after a one-on-one assessment. Our founder teaches yoga nidra on Sundays."
        }),
        sitePage("/classes.html", { title: "Classes | Raupō Yoga", headings: ["Classes", "Hatha yoga", "Vinyasa flow"], text: "Classes Hatha yoga Slow holds. Vinyasa flow Breath-led movement." })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["pelvic floor yoga", "yoga nidra"]))
    expect(facts.offerings).not.toContain("tamsin")
  })
})
