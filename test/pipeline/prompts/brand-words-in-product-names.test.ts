/**
 * A product whose own name opens with its business's name ("Southern Hide Bifold Wallet Kit" at
 * Southern Hide Leathercraft) is asked about with those words written as the name writes them: "How
 * much does a Southern Hide bifold wallet kit cost?", never "a southern hide bifold wallet kit" (a
 * kind of hide), and not twice after the business's name ("Brass Rail Hobbies keystone starter set
 * reviews"). One word of the name alone is left as it is: it may be the kind's own word ("a harbour
 * tour" at Harbour Distillers, "escuela de verano" at Escuela Infantil Pequeñitos). Two things joined
 * by "and" in a product's name are plural when either is ("export crates & pallet collars are").
 */
import { describe, expect, it } from "vitest"
import { brandCased, builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"

const product = (name: string, businessName: string, offerings: ReadonlyArray<string>): PromptFacts => ({
  name,
  kind: "product",
  businessName,
  url: "https://shop.example/p",
  offerings,
  category: null,
  place: "Dunedin",
  audience: [],
  keywords: []
})

describe("the business's name opening a product's name", () => {
  it("keeps its capitals in the product's prompts", () => {
    const facts = product("Southern Hide Bifold Wallet Kit", "Southern Hide Leathercraft", ["southern hide bifold wallet kit"])
    const prompts = builtinPrompts(facts)
    expect(prompts.filter((p) => p.includes("southern hide"))).toEqual([])
    expect(prompts.some((p) => p.includes("Southern Hide bifold wallet kit"))).toBe(true)
  })
  it("is not said again after the business's name", () => {
    const facts = { name: "Brass Rail Keystone Starter Set", businessName: "Brass Rail Hobbies" }
    expect(brandCased("Brass Rail Hobbies brass rail keystone starter set reviews", facts)).toBe("Brass Rail Hobbies keystone starter set reviews")
    expect(brandCased("Is a brass rail keystone starter set worth it?", facts)).toBe("Is a Brass Rail keystone starter set worth it?")
    expect(brandCased("Is a crate & needle starter deck worth it?", { name: "Crate & Needle Starter Deck", businessName: "Crate & Needle Records" }))
      .toBe("Is a Crate & Needle starter deck worth it?")
  })
  it("of one word, or not in the product's own name, is left as written (guard)", () => {
    expect(brandCased("Where can I book a harbour tour?", { name: "Harbour Tour", businessName: "Harbour Distillers" })).toBe("Where can I book a harbour tour?")
    expect(brandCased("precios de escuela de verano", { name: "Escuela de Verano", businessName: "Escuela Infantil Pequeñitos" })).toBe("precios de escuela de verano")
    expect(brandCased("Is a cookery school voucher worth it?", { name: "Gift Voucher", businessName: "Harbour Cookery School" })).toBe("Is a cookery school voucher worth it?")
  })
})

describe("a product's name joined by and", () => {
  it("takes a plural verb when either thing is plural", () => {
    const prompts = builtinPrompts(product("Export Crates & Pallet Collars", "Southern Pallet and Crate", ["export crates & pallet collars"]))
    expect(prompts.filter((p) => /\b(?:is|does) export crates & pallet collars\b/u.test(p))).toEqual([])
  })
  it("of two singular things stays singular (guard)", () => {
    const prompts = builtinPrompts(product("Harbour Tour & Tasting", "Harbour Distillers", ["harbour tour & tasting"]))
    expect(prompts.filter((p) => /\b(?:are|do) (?:a )?harbour tour & tasting\b/u.test(p))).toEqual([])
  })
})
