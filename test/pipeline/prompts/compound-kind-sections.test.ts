/**
 * In a language that writes a kind of thing as one word ("Abendfahrt", "Familienfahrt" on a page
 * headed "Unsere Ballonfahrten"; "Kvällstur", "Familjetur" under "Våra turer"), the one-word
 * sections of an offering's own page that end in the headline's own word are its kinds, each an
 * offering. One-word sections that share only an ending of English words ("Installation" and
 * "Consultation" under "Ventilation") are facets, not kinds.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const offerings = (headline: string, sections: ReadonlyArray<string>) =>
  factsFromPages({
    name: "Luftikus Ballonteam",
    kind: "business",
    businessName: "Luftikus Ballonteam",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: "Luftikus Ballonteam | Ballonfahrten in Passau", headings: ["Ballonfahrten über Passau"], text: "Seit 1998 in der Luft." }),
      sitePage("/fahrten.html", {
        title: `${headline} | Luftikus Ballonteam`,
        headings: [headline, ...sections],
        text: `${headline} ${sections.map((s) => `${s} Etwa eine Stunde in der Luft, danach ein Glas Sekt.`).join(" ")}`
      })
    ]
  }).offerings

describe("a one-word section written as a compound of the headline's word", () => {
  it("is a kind of it", () => {
    expect(offerings("Unsere Ballonfahrten", ["Abendfahrt", "Sonnenaufgangsfahrt", "Familienfahrt"]))
      .toEqual(expect.arrayContaining(["Abendfahrt", "Sonnenaufgangsfahrt", "Familienfahrt"]))
  })

  it("is not one when only an English ending is shared", () => {
    const found = offerings("Ventilation", ["Installation", "Consultation"])
    expect(found.filter((o) => /installation|consultation/u.test(o))).toEqual([])
  })
})
