/**
 * The kind of business, as a customer would search for it: the agent the home page's title says
 * the business is ("Kids Party Juggler in Leeds") over a word that names whom it visits on one
 * page ("schools"); a one-word kind found in the title or the name with the word that says of what
 * ("Steel Boat Builders" → "steel boat builder", "Oak Lane Pottery School" → "pottery school"); the
 * laundry a schema.org DryCleaningOrLaundry is when the site never says dry cleaning; and what a
 * supply shop supplies ("a home baking supply shop").
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const categoryOf = (name: string, pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name, kind: "business", businessName: name, url: `${ORIGIN}/`, pages }).category

describe("the kind of business", () => {
  it("is the agent the home page's title names, not a word of whom it visits", () => {
    expect(categoryOf("Marvello", [
      sitePage("/", { title: "Marvello - Kids Party Juggler in Leeds", headings: ["Juggling shows for parties"], text: "Book a show." }),
      sitePage("/schools.html", { title: "School visits | Marvello", headings: ["School visits"], text: "Assemblies and workshops." })
    ])).toBe("kids party juggler")
  })

  it("says what it hires out, as the title says it, not whom it dresses", () => {
    expect(categoryOf("Curtain Call", [
      sitePage("/", { title: "Curtain Call – Prop hire in Hobart", headings: ["Props for every stage"], text: "Hire by the week." }),
      sitePage("/stage.html", { title: "Theatre & school productions", headings: ["Theatre & school productions"], text: "Props for schools." })
    ])).toBe("prop hire company")
  })

  it("is the work the home page's title names, not a word of one page's heading", () => {
    expect(categoryOf("Brightway", [
      sitePage("/", { title: "Brightway | Hall & event cleaning in Derby", headings: ["Cleaning for halls"], text: "Cleaning after every event." }),
      sitePage("/services.html", { title: "Services", headings: ["Painters cleans", "Window cleaning"], text: "After the painters leave." })
    ])).toBe("event cleaning company")
  })

  it("is the trade or the performers a title names before a comma and the town", () => {
    const address = [{ "@type": "LocalBusiness", name: "Kellan Forge", address: { "@type": "PostalAddress", addressLocality: "Tuam" } }]
    expect(categoryOf("Kellan Forge", [
      sitePage("/", { title: "Kellan Forge – mobile blacksmith, Tuam, Co. Galway", headings: ["Gates and railings"], text: "Forged by hand.", jsonLd: address })
    ])).toBe("mobile blacksmith")
    expect(categoryOf("Harbour Strings", [
      sitePage("/", { title: "Harbour Strings | Wedding String Trio, Tuam", headings: ["Ceremony music"], text: "Three players.", jsonLd: address })
    ])).toBe("wedding string trio")
  })

  it("keeps the word before a one-word kind in the title", () => {
    expect(categoryOf("Gull Rock Yard", [
      sitePage("/", { title: "Gull Rock Yard | Steel Boat Builders, Tring, Herts", headings: ["Narrowboat fit-outs"], text: "We fit out narrowboats." }),
      sitePage("/about.html", { title: "About | Gull Rock Yard", headings: ["The builders"], text: "Tom, builder and owner." })
    ])).toBe("steel boat builder")
  })

  it("keeps the word before a one-word kind in the name", () => {
    expect(categoryOf("Oak & Ash Pottery School", [
      sitePage("/", { title: "Wheel classes in Ely · Oak & Ash Pottery School", headings: ["Wheel classes", "Our school"], text: "Learn to throw." }),
      sitePage("/about.html", { title: "About our school", headings: ["A small school"], text: "Founded 2011." })
    ])).toBe("pottery school")
  })

  it("is a laundry when typed a dry cleaner or laundry but never saying dry cleaning", () => {
    const jsonLd = [{ "@type": "DryCleaningOrLaundry", name: "Tidewash", address: { "@type": "PostalAddress", addressLocality: "Penang" } }]
    expect(categoryOf("Tidewash", [
      sitePage("/", { title: "Tidewash | Hotel linen service", headings: ["Hotel linen"], text: "Tidewash is a commercial laundry in Penang serving hotels.", jsonLd })
    ])).toBe("commercial laundry")
    expect(categoryOf("Tidewash", [
      sitePage("/", { title: "Tidewash | Suits and shirts", headings: ["Dry cleaning"], text: "Tidewash is a friendly shop in Penang.", jsonLd })
    ])).toBe("dry cleaner")
  })

  it("says what a supply shop supplies", () => {
    expect(categoryOf("Rise & Crumb", [
      sitePage("/", { title: "Rise & Crumb", headings: ["Flour and tins"], text: "Rise & Crumb is a home baking supply shop in Leeds." })
    ])).toBe("home baking supply shop")
  })
})
