/**
 * "Face Painter & Balloon Twister for Kids' Parties" in a home page's title names the kind more
 * narrowly than "painter" on its pages; "I paint butterflies and unicorns with skin-safe paints,
 * twist balloon animals …" lists what is painted up to "with", not what it is painted with; and
 * "superheroes" is the plural of "superhero".
 */
import { describe, expect, it } from "vitest"
import { singularOf } from "../../../src/pipeline/prompts/english.ts"
import { kindInTitle, factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"

const page = (url: string, title: string, text: string, headings: ReadonlyArray<string> = []) => ({ url, title, description: "", headings, text, jsonLd: [], products: [] })

describe("a kind for whom, and a list up to 'with'", () => {
  it("reads who does the work, then for whom, with no place", () => {
    expect(kindInTitle("Dotty Faces | Face Painter & Balloon Twister for Kids' Parties", new Set(["dotty", "faces"]))).toBe("face painter")
    expect(kindInTitle("Dotty Faces | Fun for all the family", new Set(["dotty", "faces"]))).toBeUndefined()
  })

  it("gives the title's narrower kind and stops the list at 'with'", () => {
    const facts = factsFromPages({
      name: "Dotty Faces", kind: "business", businessName: "Dotty Faces", url: "https://dotty.example/",
      pages: [
        page("https://dotty.example/", "Dotty Faces | Face Painter & Balloon Twister for Kids' Parties",
          "Hi, I'm Ann! I am a painter of happy faces. I paint butterflies, tigers and superheroes with skin-safe paints, twist balloon animals and set up a glitter station. Face painting and balloon modelling for parties.", ["Face painting", "Balloon modelling"]),
        page("https://dotty.example/prices.html", "Prices | Dotty Faces", "Face painting from €120. Balloon modelling from €90.")
      ]
    })
    expect(facts.category).toBe("face painter")
    expect(facts.offerings.filter((o) => /paints? painting|balloon animal painting/iu.test(o))).toEqual([])
    expect(facts.offerings).toEqual(expect.arrayContaining(["superhero painting"]))
  })

  it("prefers the title's kind to a word of it read on the pages", () => {
    const facts = factsFromPages({
      name: "Acorn Club", kind: "business", businessName: "Acorn Club", url: "https://acorn.example/",
      pages: [
        page("https://acorn.example/", "Acorn Club | After-School Club & Holiday Club in Chapel Allerton, Leeds",
          "Acorn Club picks children up from school and runs an after-school club in Chapel Allerton, Leeds. Our school pick-up covers three schools; school holidays mean holiday club."),
        page("https://acorn.example/fees.html", "Fees | Acorn Club", "After-school club £14 a session. Holiday club £38 a day. School pick-up included.")
      ]
    })
    expect(facts.category).toBe("after-school club")
  })

  it("makes a singular of -oes plurals as English does", () => {
    expect(["superheroes", "tomatoes", "shoes", "canoes"].map(singularOf)).toEqual(["superhero", "tomato", "shoe", "canoe"])
  })
})
