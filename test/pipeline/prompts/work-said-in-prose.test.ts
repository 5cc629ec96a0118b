/**
 * Offerings a home page or a FAQ says in a sentence of prose: a sole trader's "I also make leather
 * belts to order", and the work done to a customer's things in a verb whose -ing the site names a
 * service by ("I resole boots and work shoes" on a site titled "shoe repair & resoling" → boot resoling,
 * work shoe resoling). A customer's "Can I add ...?", a quoted customer's words, a verb the site
 * never names a service by ("we dye our own leather") and what a sentence denies are not.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"], name = "Heel Lane") =>
  factsFromPages({ name, kind: "business", businessName: name, url: `${ORIGIN}/`, pages })

describe("work said in a sentence of prose", () => {
  it("reads a sole trader's 'I also make ...' and the things 'I resole ...' as that service", () => {
    const home = sitePage("/", {
      title: "Heel Lane – shoe repair & resoling",
      headings: ["Welcome to Heel Lane"],
      text: "Welcome to Heel Lane Hi, I'm Tom. I resole boots and work shoes, and replace zips on bags. I also make leather belts to order."
    })
    expect(facts([home]).offerings).toEqual(["leather belts", "boot resoling", "work shoe resoling"])
  })

  it("reads no customer's question, no quoted customer, no verb the site names no service by and nothing denied", () => {
    const home = sitePage("/", {
      title: "Heel Lane – shoe repair & resoling",
      headings: ["Welcome to Heel Lane"],
      text: "Welcome to Heel Lane Can I add a gift box? “I make sure to bring my boots here every year.” " +
        "We dye our own leather in the back room. I do not resole trainers."
    })
    const faq = sitePage("/faq.html", {
      title: "FAQ | Heel Lane",
      headings: ["FAQ"],
      text: "FAQ Can I make an appointment? Yes, call us. We wrap everything in brown paper."
    })
    expect(facts([home, faq]).offerings).toEqual([])
  })
})
