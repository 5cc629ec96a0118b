/**
 * A FAQ written with "Q:" and "A:" before each question and answer ("Q: Can you fix a zip? A: Yes,
 * zip replacement is $25") is read as one without them: what a yes names is on offer, what a "No"
 * answers is not. A yes's subject may hold a noun in -ly ("Family portrait retouching is ..."):
 * only an adverb ("usually") ends it.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"], name = "Pebble Outdoor") =>
  factsFromPages({ name, kind: "business", businessName: name, url: `${ORIGIN}/`, pages })

describe("a FAQ with Q: and A: labels", () => {
  it("reads what a labelled yes names, and nothing a labelled no answers", () => {
    const faq = sitePage("/faq.html", {
      title: "Questions | Pebble Outdoor",
      text: "Home Tents Questions Questions we get Q: Can you fix a broken zip on my jacket? A: Yes, zip replacement on any jacket is $25 to $40. " +
        "Q: Will my tent leak? A: Not if you seam-seal it once a year. Q: Do you rent kayaks? A: No."
    })
    expect(facts([faq]).offerings).toEqual(["zip replacement"])
  })

  it("reads the same in Spanish (P: and R:)", () => {
    const faq = sitePage("/faq.html", {
      title: "Preguntas | Pebble Outdoor",
      text: "Inicio Preguntas P: ¿Hacen reparación de cremalleras? R: Sí, en dos días. P: ¿Alquilan kayaks? R: No."
    })
    expect(facts([faq]).offerings).toEqual(["reparación de cremalleras"])
  })

  it("reads a yes's subject through a noun in -ly, to the adverb after it", () => {
    const faq = sitePage("/faq.html", {
      title: "FAQ | Pebble Outdoor",
      headings: ["FAQ", "Can you retouch old family photos?"],
      text: "FAQ Can you retouch old family photos? Yes. Family photo retouching usually takes a week."
    })
    expect(facts([faq]).offerings).toEqual(["family photo retouching"])
  })
})
