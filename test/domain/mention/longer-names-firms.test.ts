// A name that goes on into another business's name: a firm's word after it ("Systems",
// "Services"), or, for a full name ending in a trade word, "for"/"of" and a capitalised word.
// Invented examples, not the evaluation splits' answers.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"

const business = (name: string) => mentionTargetOf({ itemId: null, name, url: null })
const seen = (text: string, name: string) => detectMention({ text, citations: [] }, business(name)).visible

describe("a firm's word after the name", () => {
  it("makes another firm when the entity's name lacks it", () => {
    expect(seen("Larkspur Systems builds payroll tools for clinics; look elsewhere for invoicing.", "Larkspur")).toBe(false)
    expect(seen("Tamsin Bay Plumbing Services in Leeds is a different outfit.", "Tamsin Bay Plumbing")).toBe(false)
    expect(seen("Larkspur is the invoicing app I would pick.", "Larkspur")).toBe(true)
    expect(seen("Tamsin Bay Plumbing came out the same day.", "Tamsin Bay Plumbing")).toBe(true)
  })

  it("is the entity's own when its name has it", () => {
    expect(seen("Larkspur Systems is reliable.", "Larkspur Systems")).toBe(true)
  })
})

describe("a full name ending in a trade word, then 'for'/'of' and a capitalised word", () => {
  it("is a longer name", () => {
    expect(seen("Fernhill Dental Clinic for Children only treats patients under 16.", "Fernhill Dental Clinic")).toBe(false)
    expect(seen("Fernhill Dental Clinic of the Pines is a separate practice.", "Fernhill Dental Clinic")).toBe(false)
  })

  it("is the entity when what follows is lower case or initials", () => {
    expect(seen("I'd suggest Fernhill Dental Clinic for children's check-ups.", "Fernhill Dental Clinic")).toBe(true)
    expect(seen("I'd suggest Fernhill Dental Clinic for TMJ treatment.", "Fernhill Dental Clinic")).toBe(true)
  })
})
