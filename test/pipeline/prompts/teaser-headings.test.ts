/**
 * Home-page sections that tease something other than what is sold: news in other languages
 * ("Nyheder", "Novinky"), ideas and conditions to read about ("Road trip ideas", "Snow
 * conditions"), a strip of logos whose heading runs on into them ("Trusted by teams at"), an open
 * day ("Open day", "Jornada de puertas abiertas", "Tag der offenen Tür"). None is an offering; the
 * sections beside them are.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const offerings = (headings: ReadonlyArray<string>) =>
  factsFromPages({
    name: "Kettle Peak Rentals",
    kind: "business",
    businessName: "Kettle Peak Rentals",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", {
        title: "Kettle Peak Rentals | Ski hire in Wanaka",
        headings: ["Ski and snowboard hire in Wanaka", "Ski hire", "Snowboard hire", ...headings],
        text: headings.map((h) => `${h} Read more.`).join(" ")
      })
    ]
  }).offerings

describe("a teaser heading", () => {
  it("for news in another language is no offering", () => {
    expect(offerings(["Nyheder", "Novinky ze servisu"])).toEqual(["ski hire", "snowboard hire"])
  })

  it("for ideas or conditions to read about is no offering", () => {
    expect(offerings(["Road trip ideas", "Snow conditions"])).toEqual(["ski hire", "snowboard hire"])
  })

  it("that runs on into a strip of logos is no offering", () => {
    expect(offerings(["Trusted by teams at", "As used by"])).toEqual(["ski hire", "snowboard hire"])
  })

  it("for an open day is no offering, in any language", () => {
    expect(offerings(["Open day", "Jornada de puertas abiertas", "Tag der offenen Tür", "Journée portes ouvertes"])).toEqual(["ski hire", "snowboard hire"])
  })
})
