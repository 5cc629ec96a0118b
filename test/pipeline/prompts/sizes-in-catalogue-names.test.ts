/**
 * A catalogue names each pack by its size ("Cut Comb Honey 250 g", "Wax ribbon 110mm x 74m") or
 * grade ("Recycled pallets, grade A"): a customer asks for the thing, the size says which one.
 * A model's number is its name ("iPhone 12", "Studio 54").
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"

const offeringsOf = (names: ReadonlyArray<string>) =>
  factsFromPages({
    name: "Kowhai Shop", kind: "business", businessName: "Kowhai Shop", url: "https://shop.example/",
    pages: [{
      url: "https://shop.example/shop.html", title: "Shop | Kowhai Shop", description: "", headings: ["Shop"], text: "Our range.", jsonLd: [],
      products: names.map((name, i) => ({ name, price: `${10 + i}.00`, url: `https://shop.example/p${i}.html` }))
    }]
  }).offerings

describe("a catalogue name's size", () => {
  it("is left out of the offering", () => {
    expect(offeringsOf(["Cut Comb Honey 250 g", "Mānuka Honey UMF 15+ 500 g", "Creamed clover honey 1 kg", "Wax ribbon 110mm x 74m", "Freezer labels 2x1", "Recycled pallets, grade A"]))
      .toEqual(["Cut Comb Honey", "Mānuka Honey UMF 15+", "creamed clover honey", "wax ribbon", "freezer labels", "recycled pallets"])
  })

  it("is not a model's number", () => {
    expect(offeringsOf(["iPhone 12", "Studio 54 print", "Crema 200"])).toEqual(["iPhone 12", "Studio 54 print", "Crema 200"])
  })
})
