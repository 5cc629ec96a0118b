/**
 * A logo set as a heading ("TIDY NEST" first on every page, shorter than the business's own name
 * "Tidy Nest Home Organizing") is the site's furniture: an offering's own page is headed by the
 * heading after it ("Downsizing"). Guard: a page whose first heading is its own stays headed by it.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name: "Tidy Nest Home Organizing", kind: "business", businessName: "Tidy Nest Home Organizing", url: `${ORIGIN}/`, pages })

describe("a logo set as a heading", () => {
  it("is no page's headline: the heading after it names the page's offering", () => {
    const pages = [
      sitePage("/", { title: "Tidy Nest Home Organizing | Professional Organizer in Denver", headings: ["TIDY NEST", "Tidy Nest Home Organizing"] }),
      sitePage("/downsizing.html", { title: "Downsizing — Tidy Nest", headings: ["TIDY NEST", "Downsizing", "Senior move help"] }),
      sitePage("/about.html", { title: "About — Tidy Nest", headings: ["TIDY NEST", "About", "Meet Dana"] }),
      sitePage("/contact.html", { title: "Contact — Tidy Nest", headings: ["TIDY NEST", "Contact", "Hours"] }),
      sitePage("/closets.html", { title: "Closet organizing — Tidy Nest", headings: ["Closet organizing", "Walk-in closets"] })
    ]
    const offerings = facts(pages).offerings.map((o) => o.toLowerCase())
    expect(offerings).toContain("downsizing")
    expect(offerings).toContain("closet organizing")
    expect(offerings).not.toContain("tidy nest")
  })
})
