/**
 * Offerings a made-up site states in its own sentences: "we now offer A ... and B", "In July we run
 * a summer course" in the FAQ, "we ship X or Y", and a priced clause whose words before the price
 * say where or with whom ("a flamenco dance class in a hall in the old town (€20)"). Comparisons,
 * denials and add-ons are not offerings.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name: "Larch & Fern", kind: "business", businessName: "Larch & Fern", url: `${ORIGIN}/`, pages })

describe("offerings stated in prose", () => {
  it("reads each object of 'we now offer', 'we run' in the FAQ and 'we ship', not a comparison or a denial", () => {
    const result = facts([
      sitePage("/", {
        title: "Larch & Fern | Physiotherapist in Perth",
        headings: ["Larch & Fern", "Physio that works", "Also at the clinic"],
        text:
          "Physio that works Larch & Fern is a physiotherapy clinic in Perth. Also at the clinic We now offer shockwave therapy for " +
          "stubborn tendon problems (Achilles, tennis elbow) and vestibular rehabilitation for dizziness and vertigo, with Dr Lee. " +
          "We roast lighter than our rivals. We don't offer home visits."
      }),
      sitePage("/faq.html", {
        title: "FAQ",
        headings: ["FAQ", "Do you treat teenagers?"],
        text:
          "Do you treat teenagers? Yes. In July we run a summer course for 14 to 17 year olds; ask us. " +
          "We ship whole beans or ground coffee across Italy and the European Union."
      })
    ])
    expect(result.offerings).toEqual(["shockwave therapy", "vestibular rehabilitation", "summer course", "whole beans", "ground coffee"])
  })

  it("takes a priced clause's 'a ...' thing when the words before the price say where or with whom; add-ons are not read", () => {
    const result = facts([
      sitePage("/", {
        title: "Larch & Fern | Language school in Perth",
        headings: ["Larch & Fern", "Learn in Perth", "Afternoon workshops"],
        text:
          "Learn in Perth Larch & Fern is a small Spanish language school in Perth. Afternoon workshops Round off your day with a " +
          "flamenco dance class in a hall in the old town (€20) or an Andalusian cooking class with Mari, where you make and eat " +
          "tortilla (€30). You can add a vase (£15), a bar of hand-made chocolate (£6) or a candle (£18)."
      })
    ])
    expect(result.offerings).toEqual(["afternoon workshops", "flamenco dance class", "andalusian cooking class"])
  })

  it("reads what another page says the business 'also' does, to a word of where, and nothing else that page says it does", () => {
    const result = facts([
      sitePage("/", {
        title: "Larch & Fern | Removals in Bristol",
        headings: ["Larch & Fern", "Moving made calm"],
        text: "Moving made calm Larch & Fern is a removals company in Bristol."
      }),
      sitePage("/packing.html", {
        title: "Packing service | Larch & Fern",
        headings: ["Packing service"],
        text:
          "Packing service We do the heavy lifting for families across Bristol and Bath. We wrap every sofa in blankets. " +
          "We also do long-distance moves anywhere on the UK mainland. We can also provide piano transport for uprights."
      })
    ])
    expect(result.offerings).toEqual(["packing service", "long-distance moves", "piano transport"])
  })

  it("reads the subject of 'is available' or 'are available' to a preposition, not one word, a determiner's or a way to pay", () => {
    const result = facts([
      sitePage("/", {
        title: "Larch & Fern | Pottery studio in Perth",
        headings: ["Larch & Fern", "Make something"],
        text: "Make something Larch & Fern is a pottery studio in Perth. And for the friend who has everything, studio gift cards are available for any class."
      }),
      sitePage("/classes.html", {
        title: "Classes | Larch & Fern",
        headings: ["Wheel classes"],
        text:
          "Wheel classes Six weeks on the wheel. Glaze workshops are also available on Sundays. Visits are available seven days a week. " +
          "All sessions are available online. Payment plans are available for the long course. Kiln hire is not available."
      }),
      sitePage("/faq.html", {
        title: "FAQ | Larch & Fern",
        headings: ["FAQ", "Can children come?"],
        text: "FAQ Can children come? Yes, kids clay sessions are available with our teachers. Every mug is available as a set."
      })
    ])
    expect(result.offerings).toEqual(["wheel classes", "studio gift cards", "glaze workshops", "kids clay sessions"])
  })

  it("reads what the business stocks, carries out or keeps a shelf of, not what else it keeps", () => {
    const result = facts([
      sitePage("/", {
        title: "Larch & Fern | Hardware in Perth",
        headings: ["Larch & Fern", "Your local hardware"],
        text:
          "Your local hardware Larch & Fern is a hardware store in Perth. We stock galvanised farm gates off the shelf. " +
          "We keep a small shelf of garden seeds by the door. We carry out key cutting while you wait. We keep a ladder on the van."
      })
    ])
    expect(result.offerings).toEqual(["galvanised farm gates", "garden seeds", "key cutting"])
  })

  it("reads a line labelled 'Also ...:' on any page, not a clause whose verb comes before a colon", () => {
    const result = facts([
      sitePage("/", {
        title: "Larch & Fern | Stained glass in Galway",
        headings: ["Larch & Fern", "Made in Galway"],
        text: "Made in Galway Larch & Fern is a stained glass studio in Galway."
      }),
      sitePage("/suncatchers.html", {
        title: "Suncatchers | Larch & Fern",
        headings: ["Suncatchers"],
        text:
          "Suncatchers Each one is cut and leaded by hand. Also in the studio: small glass hearts, €25. " +
          "Most orders also include gift wrapping: tissue and a card."
      })
    ])
    expect(result.offerings).toEqual(["suncatchers", "small glass hearts"])
  })
})

