/**
 * A list line that opens with a count or a length states a plan's limit ("2 users", "10GB storage",
 * "1-hour onboarding call"), but a number run into letters is part of a thing's own name: "4x4 and
 * SUV tyres", "3D scanning", "2-stroke oil" under "Parts we stock" are offerings.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const item = (text: string, heading: string | null = null) => ({ heading, text })

describe("numbers in the names of list lines", () => {
  it("a garage's stock list keeps '4x4 and SUV tyres' and '2-stroke oil'", () => {
    const facts = factsFromPages({
      name: "Gorse Hill Motors",
      kind: "business",
      businessName: "Gorse Hill Motors",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Gorse Hill Motors | Garage in Tralee", headings: ["Your local garage"], text: "Servicing and tyres in Tralee." }),
        sitePage("/stock.html", {
          title: "Parts we stock | Gorse Hill Motors",
          headings: ["Parts we stock"],
          text: "Parts we stock Car tyres 4x4 and SUV tyres, including all-terrain 2-stroke oil for mowers Wiper blades",
          listItems: [item("Car tyres", "Parts we stock"), item("4x4 and SUV tyres, including all-terrain", "Parts we stock"), item("2-stroke oil for mowers", "Parts we stock"), item("Wiper blades", "Parts we stock")]
        })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["car tyres", "4x4 and SUV tyres", "2-stroke oil", "wiper blades"]))
  })

  it("a plan's counted lines are still no offerings", () => {
    const facts = factsFromPages({
      name: "Ledgerline",
      kind: "business",
      businessName: "Ledgerline",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Ledgerline | Invoicing software", headings: ["Invoicing for tradespeople"], text: "Invoices and quotes from your phone." }),
        sitePage("/pricing.html", {
          title: "Pricing | Ledgerline",
          headings: ["Pricing", "Solo", "Crew"],
          text: "Pricing Solo $12 per month 1 user 10GB storage Quotes and invoices Crew $29 per month 5 users 50 GB storage Job scheduling",
          listItems: [item("1 user"), item("10GB storage"), item("Quotes and invoices"), item("5 users"), item("50 GB storage"), item("Job scheduling"), item("1-hour onboarding call")]
        })
      ]
    })
    expect(facts.offerings.filter((o) => /\d/u.test(o) || /storage|users?$|onboarding call/u.test(o))).toEqual([])
  })
})
