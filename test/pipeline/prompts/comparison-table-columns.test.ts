/**
 * A comparison table names what it compares in the headers of its first row, after an empty corner
 * cell ("Classic Party | Mega Party | Glow Party", "Blown-in cellulose | Blown-in fibreglass"):
 * each is an item on offer, though no price stands beside its name. Guards: a table headed by its
 * columns' kinds ("Item | Price") names its rows as before; a row's own header ("Jump time",
 * "Price per child"), a timetable's days and times ("Monday", "Evening", "Weekends & school
 * holidays") and a tier's one-word label ("Starter", "Growth") are no items.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN } from "./site-builder.ts"

const page = (path: string, main: string) => ({
  ...extractPage(`<!doctype html><html><head><title>Parties | Bounce Park</title></head><body><main>${main}</main></body></html>`, `${ORIGIN}${path}`),
  url: `${ORIGIN}${path}`
})

const PARTIES = `<h1>Birthday parties</h1>
  <table><thead><tr><th></th><th>Classic Party</th><th>Mega Party</th><th>Glow Party</th></tr></thead>
  <tbody><tr><th>Jump time</th><td>60 mins</td><td>90 mins</td><td>60 mins</td></tr>
  <tr><th>Price per child</th><td>&euro;20</td><td>&euro;26</td><td>&euro;24</td></tr></tbody></table>`

describe("comparison tables", () => {
  it("reads the headers of the compared columns as items, and no row's own header", () => {
    expect(page("/parties.html", PARTIES).products.map((p) => [p.name, p.price])).toEqual([
      ["Classic Party", null], ["Mega Party", null], ["Glow Party", null]
    ])
  })

  it("names the compared things as offerings of the page", () => {
    const facts = factsFromPages({ name: "Bounce Park", kind: "business", businessName: "Bounce Park", url: `${ORIGIN}/`, pages: [page("/parties.html", PARTIES)] })
    expect(facts.offerings).toEqual(expect.arrayContaining(["classic party", "mega party", "glow party"]))
  })

  it("reads no item from a timetable's columns or a tier's one-word label", () => {
    expect(page("/classes.html", `<h1>Timetable</h1>
      <table><tr><th></th><th>Monday</th><th>Tuesday</th><th>Evening</th><th>Weekends &amp; school holidays</th></tr><tr><th>Kids karate</th><td>5pm</td><td>5pm</td><td>–</td><td>–</td></tr></table>
      <table><tr><th></th><th>Starter</th><th>Growth</th></tr><tr><td>Users</td><td>1</td><td>5</td></tr></table>`).products).toEqual([])
  })

  it("reads a table headed by its columns' kinds as before", () => {
    expect(page("/menu.html", `<h1>Menu</h1><table><tr><th>Item</th><th>Price</th></tr><tr><td>Cheese scone</td><td>$3</td></tr></table>`)
      .products.map((p) => [p.name, p.price])).toEqual([["Cheese scone", "3"]])
  })
})
