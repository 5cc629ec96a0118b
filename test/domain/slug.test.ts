import { describe, expect, it } from "vitest"
import { isSlug, slugify } from "../../src/domain/slug.ts"

describe("slugify", () => {
  it.each([
    ["Acme", "acme"],
    ["Acme Widgets, Inc.", "acme-widgets-inc"],
    ["Café Déjà Vu!", "cafe-deja-vu"],
    ["  --Hello__World--  ", "hello-world"],
    ["Ｆｕｌｌ Ｗｉｄｔｈ", "full-width"],
    ["Straße 42", "strasse-42"],
    ["Ermäßigt", "ermassigt"],
    ["Smørrebrød & Øl", "smorrebrod-ol"],
    ["Łódź Æble Œuvre", "lodz-aeble-oeuvre"],
    ["日本 Sushi", "sushi"],
    ["Crème brûlée & Co", "creme-brulee-co"],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected)
  })

  it("falls back to `business` when nothing is left", () => {
    expect(slugify("")).toBe("business")
    expect(slugify("日本")).toBe("business")
    expect(slugify("---!!!---")).toBe("business")
  })

  it("cuts to 48 characters and trims a dash left by the cut", () => {
    expect(slugify("a".repeat(60))).toBe("a".repeat(48))
    expect(slugify(`${"a".repeat(47)} bcd`)).toBe("a".repeat(47))
  })

  it("always produces a valid slug", () => {
    for (const input of ["", "x", "Ünïcödé", "a".repeat(100), "-a-", "日本", "Hello World 2024"]) {
      expect(isSlug(slugify(input))).toBe(true)
    }
  })
})

describe("isSlug", () => {
  it("accepts lower-case alphanumerics with inner dashes, 1 to 64 characters", () => {
    for (const s of ["a", "0", "acme", "acme-widgets", "a--b", "a".repeat(64)]) expect(isSlug(s)).toBe(true)
  })

  it("rejects everything else", () => {
    for (const s of ["", "-a", "a-", "Acme", "a b", "café", "a_b", "a".repeat(65)]) expect(isSlug(s)).toBe(false)
  })
})
