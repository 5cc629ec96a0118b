/**
 * More of what a made-up site says it offers: a FAQ question right after the page's title ("...
 * questions Do you have an API?"); a yes that repeats the question's verb ("Can you hem curtains?
 * Yes, we hem curtains") when the site names that service by the verb's -ing; a compound before a
 * noun ("On-site training"); an offer in a paragraph right after a list ("Rush service: same-day,
 * +$15"). A business named for its kind of institution ("Fen Music Academy") is that kind when its
 * headings say only "school".
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { headingOfferings } from "../../../src/pipeline/prompts/text-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"], name = "Larch") =>
  factsFromPages({ name, kind: "business", businessName: name, url: `${ORIGIN}/`, pages })

describe("the FAQ's yes answers", () => {
  it("reads a question right after the page's title, and a compound opening a name", () => {
    const faq = sitePage("/faq.html", {
      title: "FAQ | Larch",
      headings: ["Frequently asked questions", "Do you have an API?", "Do you offer training?"],
      text: "Frequently asked questions Do you have an API? Yes, a REST API is included. Do you offer training? Yes, on-site training for staff at €600 per day."
    })
    expect(facts([faq]).offerings).toEqual(["REST API", "on-site training"])
    expect(headingOfferings("On-site training", new Set())).toEqual(["on-site training"])
  })

  it("reads a yes in the question's own verb by the site's -ing word, and no -ing the site never uses", () => {
    const faq = (text: string) => sitePage("/faq.html", { title: "FAQ | Larch", headings: ["FAQ", "Can you hem curtains?"], text })
    const prices = sitePage("/prices.html", { title: "Prices | Larch", headings: ["Prices", "Trouser hemming"] })
    expect(facts([prices, faq("FAQ Can you hem curtains? Yes, we hem curtains and drapes, priced by the panel.")]).offerings)
      .toEqual(["trouser hemming", "curtain hemming"])
    const firm = sitePage("/faq.html", { title: "FAQ | Larch", headings: ["FAQ", "Do you represent buyers?"], text: "FAQ Do you represent buyers? Yes, we represent buyers and sellers." })
    expect(facts([firm]).offerings).toEqual([])
  })
})

describe("what the FAQ says the business adds", () => {
  it("reads 'we add X to ...' as an offering, and no figure", () => {
    const faq = sitePage("/faq.html", {
      title: "FAQ | Larch",
      headings: ["FAQ", "Do you fly a drone?"],
      text: "FAQ Do you fly a drone? Yes, Ana is a registered pilot and we add drone photography to any wedding for €200. We add a 10% service charge on Sundays."
    })
    expect(facts([faq]).offerings).toEqual(["drone photography"])
  })
})

describe("a paragraph after a list", () => {
  it("reads an offer announced right after the list's last item", () => {
    const home = sitePage("/", {
      headings: ["Larch", "Services"],
      text: "Larch Services Coat repairs Uniform alterations (weekly pickup) Rush service: same-day hemming if you drop off before 11am, +$15.",
      listItems: [{ heading: "Services", text: "Coat repairs" }, { heading: "Services", text: "Uniform alterations (weekly pickup)" }]
    })
    expect(facts([home]).offerings).toEqual(["coat repairs", "uniform alterations", "rush service"])
  })
})

describe("the kind in a business's name", () => {
  it("names a music academy by its name when its headings say only 'school'", () => {
    const lessons = sitePage("/lessons.html", { title: "Lessons | Fen Music Academy", headings: ["Our lessons", "Life at our school"] })
    expect(facts([lessons], "Fen Music Academy").category).toBe("music academy")
    expect(facts([lessons], "Fen Mirador Academy").category).toBe("school")
  })
})
