/**
 * A prompt's verb and article agree with the thing it names: things joined by "and" are plural when
 * either is ("How can I tell if parent and baby classes are good quality?"), a list's label is in its
 * thing's number ("Are recycled pallets, grade a good quality?"), a name with a letter English does
 * not write keeps the number of its "s" ("açaí bowls are"), a participle before a plural thing does
 * not hide it ("small stained glass hearts are"), and a product or a kind named in the plural takes
 * "are" ("Are the u-pick cherries from ... worth it?", "What are the most popular clear aligners?").
 * A thing is never an alternative for nothing: "Which lesser-known bakeries are worth trying for
 * cornish pasties?", not "... are a good alternative for cornish pasties?".
 */
import { describe, expect, it } from "vitest"
import { offeringForm } from "../../../src/pipeline/prompts/english.ts"
import { MORE_PRODUCT_TEMPLATES, PRODUCT_TEMPLATES, productArticle, type ProductSlots } from "../../../src/pipeline/prompts/product-templates.ts"
import { PROBE, TEMPLATES } from "../../../src/pipeline/prompts/templates.ts"

describe("things joined by and", () => {
  it("are plural when either is", () => {
    expect(offeringForm("parent and baby classes").plural).toBe(true)
    expect(offeringForm("tax returns & VAT").plural).toBe(true)
    expect(offeringForm("upright and grand pianos").plural).toBe(true)
  })
  it("are one thing when neither is plural (guard)", () => {
    expect(offeringForm("harbour tour & tasting").plural).toBe(false)
    expect(offeringForm("servicing & barista training").plural).toBe(false)
  })
})

describe("a list's label", () => {
  it("is in its thing's number", () => {
    expect(offeringForm("recycled pallets, grade a")).toEqual({ text: "recycled pallets, grade a", plural: true })
    expect(productArticle("recycled pallets, grade a")).toEqual({ aProduct: "recycled pallets, grade a", plural: true })
  })
  it("of one thing stays singular (guard)", () => {
    expect(offeringForm("maple syrup, dark robust")).toEqual({ text: "maple syrup, dark robust", plural: false })
  })
})

describe("a name in another language's letters", () => {
  it("keeps the number of its s", () => {
    expect(offeringForm("açaí bowls")).toEqual({ text: "açaí bowls", plural: true })
  })
  it("is never given an s (guard)", () => {
    expect(offeringForm("espadín joven")).toEqual({ text: "espadín joven", plural: false })
  })
})

describe("a participle before a plural thing", () => {
  it("leaves the thing plural", () => {
    expect(offeringForm("small stained glass hearts")).toEqual({ text: "small stained glass hearts", plural: true })
  })
  it("after the thing reads as before (guard)", () => {
    expect(offeringForm("lenses worn overnight")).toEqual({ text: "lenses worn overnight", plural: true })
    expect(offeringForm("shoe hire done today").plural).toBe(false)
  })
})

describe("a thing had at a place", () => {
  it("is not made plural at its place", () => {
    expect(offeringForm("colour consultation at home")).toEqual({ text: "colour consultations at home", plural: true })
    expect(offeringForm("shoe hire at the desk").text).toBe("shoe hire at the desk")
  })
})

const productSlots = (over: Partial<ProductSlots>): ProductSlots => ({
  product: "fudge", products: "fudge", aProduct: "fudge", plural: false, other: "", aOther: "", kind: "", kinds: "", seller: "",
  sellers: "", place: "Leeds", audience: "families", feature: "", business: "Orchard Co", countable: true, ...over
})
const productTemplate = (id: string) => [...PRODUCT_TEMPLATES, ...MORE_PRODUCT_TEMPLATES].find((t) => t.id === id)!

describe("a product named in the plural", () => {
  it("takes are", () => {
    const cherries = productSlots({ product: "u-pick cherries", aProduct: "u-pick cherries", plural: true })
    expect(productTemplate("product-brand-worth").render(cherries)).toBe("Are the u-pick cherries from Orchard Co worth it?")
    expect(productTemplate("product-brand-worth-bought").render(cherries)).toBe("Are the u-pick cherries from Orchard Co worth it?")
    expect(productTemplate("product-most-popular-kind").render(productSlots({ kind: "clear aligners" }))).toBe("What are the most popular clear aligners?")
  })
  it("in the singular takes is (guard)", () => {
    const box = productSlots({ product: "fudge box", aProduct: "a fudge box" })
    expect(productTemplate("product-brand-worth").render(box)).toBe("Is the fudge box from Orchard Co worth it?")
    expect(productTemplate("product-most-popular-kind").render(productSlots({ kind: "clear aligner" }))).toBe("What is the most popular clear aligner?")
  })
})

describe("a lesser-known business", () => {
  it("is worth trying for a thing, not an alternative for it", () => {
    const text = TEMPLATES.find((t) => t.id === "alternatives-lesser-known")!.render({ ...PROBE, categories: "bakeries", offering: "cornish pasties" })
    expect(text).toBe("Which lesser-known bakeries are worth trying for cornish pasties?")
    // (Guard: the closed-shop frame names the usual one it stands in for.)
    expect(TEMPLATES.find((t) => t.id === "alternatives-usual-closed")!.render({ ...PROBE, category: "bakery", offering: "cornish pasties" }))
      .toBe("If my usual bakery is closed, what is a good alternative for cornish pasties?")
  })
})
