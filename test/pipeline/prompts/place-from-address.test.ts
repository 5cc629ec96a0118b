/**
 * A site without JSON-LD that names its town once in prose and states its address on the contact
 * page is in that town: the address counts as much as "based in". Without the address, one
 * mention is not enough.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const site = (contact: string) =>
  factsFromPages({
    name: "Kelp Noodle Bar",
    kind: "business",
    businessName: "Kelp Noodle Bar",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: "Kelp Noodle Bar — noodles on Alder Street", headings: ["Kelp Noodle Bar", "Menu"], text: "A 20-seat noodle bar on Alder Street in Eugene. Menu Udon Soba" }),
      sitePage("/contact.html", { title: "Contact", headings: ["Visit us"], text: `Visit us ${contact} Phone: (541) 555-0100` })
    ]
  })

describe("the town of a stated address", () => {
  it("makes the town the place", () => {
    expect(site("Address: 41 Alder Street, Eugene, OR 97401").place).toBe("Eugene")
  })

  it("leaves the place unknown from one mention in prose alone", () => {
    expect(site("Walk-ins only.").place).toBeNull()
  })
})
