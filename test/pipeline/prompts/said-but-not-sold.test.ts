/**
 * What a site says that no customer asks for: the paperwork of a sale ("I provide receipts for
 * every session", for an insurer), who comes ("Yes. Visitors are welcome on weekdays"), and a
 * page's headline that only joins kinds of work ("Hire and servicing" over "Wheelchair hire" and
 * "Scooter servicing and repairs"). The page's own sections name the offerings; work on a thing
 * ("Scooter hire and servicing") is one.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const therapist = (answer: string, question = "Is art therapy covered by my extended health plan?") =>
  factsFromPages({
    name: "Tidewater Art Therapy",
    kind: "business",
    businessName: "Tidewater Art Therapy",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", {
        title: "Tidewater Art Therapy | Art therapist in Victoria, BC",
        headings: ["Tidewater Art Therapy"],
        text: "Tidewater Art Therapy Art therapy in Victoria, BC."
      }),
      sitePage("/individual.html", {
        title: "Individual art therapy | Tidewater Art Therapy",
        headings: ["Individual art therapy"],
        text: "Individual art therapy Sessions of 60 minutes, $140."
      }),
      sitePage("/faq.html", {
        title: "FAQ | Tidewater Art Therapy",
        headings: ["FAQ", question],
        text: `FAQ ${question} ${answer}`
      })
    ]
  })

const mobilityShop = (headline: string, sections: ReadonlyArray<string>) =>
  factsFromPages({
    name: "Steady Wheels",
    kind: "business",
    businessName: "Steady Wheels",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: "Steady Wheels | Mobility shop in Ballarat", headings: ["Steady Wheels"], text: "Steady Wheels Mobility shop in Ballarat." }),
      sitePage("/hire.html", {
        title: `${headline} | Steady Wheels`,
        headings: [headline, ...sections],
        text: `${headline} ${sections.map((s) => `${s} From $45 per week.`).join(" ")}`
      })
    ]
  })

describe("what a site says that no customer asks for", () => {
  it("never takes a sale's paperwork for an offering", () => {
    const facts = therapist("Many plans cover a registered art therapist. I provide receipts for every session.")
    expect(facts.offerings).toEqual(["individual art therapy"])
    expect(builtinPrompts(facts).filter((p) => /receipt/iu.test(p))).toEqual([])
  })

  it("never takes who comes for an offering", () => {
    const facts = therapist("Yes. Visitors are welcome on weekdays; please call ahead so someone can show you round.", "Can I visit the studio?")
    expect(facts.offerings).toEqual(["individual art therapy"])
  })

  it("guard: what the same sentence says is done is still read", () => {
    const facts = therapist("Many plans cover a registered art therapist. I also provide sandtray therapy for children.")
    expect(facts.offerings).toEqual(["individual art therapy", "sandtray therapy"])
  })

  it("never takes a headline joining kinds of work for an offering; its sections name them", () => {
    for (const headline of ["Hire and servicing", "Hire & servicing", "Sales, repairs and servicing"]) {
      const facts = mobilityShop(headline, ["Wheelchair hire", "Scooter servicing and repairs"])
      expect({ headline, offerings: facts.offerings }).toEqual({ headline, offerings: ["wheelchair hire", "scooter servicing and repairs"] })
    }
  })

  it("guard: work on a thing is still the page's offering", () => {
    expect(mobilityShop("Scooter hire and servicing", ["Weekly hire", "Annual service"]).offerings).toEqual(["scooter hire and servicing", "weekly hire"])
  })
})
