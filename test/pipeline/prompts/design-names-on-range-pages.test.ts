/**
 * A range's page (headed by one word: "Wallpaper", "Rugs") lists its designs by their own names
 * ("Roundhay Birds", "Ilkley Moor Heather"), which say which one, not what it is: a customer asks
 * for one with the range's word ("Roundhay Birds wallpaper"). A line naming a kind ("Grasscloth,
 * natural") or linked to a page of its own is read as before.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const row = (name: string, price: string, url: string | null = null) =>
  ({ name, description: null, sku: null, price, currency: null, url, image: null, source: "listing" as const })

const shop = (products: ReadonlyArray<ReturnType<typeof row>>, headings: ReadonlyArray<string> = []) =>
  factsFromPages({
    name: "Marram & Moss",
    kind: "business",
    businessName: "Marram & Moss",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: "Marram & Moss | Interiors shop in Whitby", headings: ["Marram & Moss"], text: "An interiors shop in Whitby." }),
      sitePage("/wallpaper.html", {
        title: "Wallpaper | Marram & Moss",
        headings: ["Wallpaper", ...headings],
        text: `Wallpaper Printed in Yorkshire. ${products.map((p) => `${p.name} £${p.price}`).join(" ")}`,
        products
      })
    ]
  })

describe("designs named on a range's page", () => {
  it("names a design with the range's word", () => {
    const facts = shop([row("Staithes Gulls", "68"), row("Sandsend Dunes", "72"), row("Grasscloth, natural", "95")])
    expect(facts.offerings).toEqual(["staithes gulls wallpaper", "sandsend dunes wallpaper", "grasscloth"])
  })

  it("guard: a design linked to a page of its own, or a kind in lower case, keeps its name", () => {
    const facts = shop([row("Staithes Gulls", "68", `${ORIGIN}/products/staithes-gulls.html`), row("Textured vinyl", "40"), row("Paste and brush set", "18")])
    expect(facts.offerings).not.toContain("staithes gulls wallpaper")
    expect(facts.offerings).toEqual(expect.arrayContaining(["textured vinyl", "paste and brush set"]))
  })

  it("guard: a card headed by its name, which says below it what it is, keeps its name", () => {
    const facts = shop([row("Staithes Gulls", "68"), row("Sandsend Dunes", "72")], ["Staithes Gulls", "Sandsend Dunes"])
    expect(facts.offerings).not.toContain("staithes gulls wallpaper")
    expect(facts.offerings).not.toContain("sandsend dunes wallpaper")
  })
})
