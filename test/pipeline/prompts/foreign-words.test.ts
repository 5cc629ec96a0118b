/**
 * A dish or drink named in its own language keeps its form: a letter English does not write
 * ("espadín joven", "smørbrød") or a Scandinavian preposition ("fiskekaker i pita") marks it. A
 * service in -sis ("gait analysis") is asked for in the singular, as one in -ion is.
 */
import { describe, expect, it } from "vitest"
import { offeringForm } from "../../../src/pipeline/prompts/english.ts"

describe("offerings named in their own language", () => {
  it("keeps a name with a letter English does not write as it is", () => {
    expect(offeringForm("tobalá reposado")).toEqual({ text: "tobalá reposado", plural: false })
    expect(offeringForm("rekesmørbrød")).toEqual({ text: "rekesmørbrød", plural: false })
  })

  it("keeps a dish joined by a Scandinavian or German preposition as it is", () => {
    expect(offeringForm("fiskekake med poteter").text).toBe("fiskekake med poteter")
    expect(offeringForm("kanelbulle i pose").text).toBe("kanelbulle i pose")
  })

  it("asks for a service in -sis in the singular, and still makes English things plural", () => {
    expect(offeringForm("posture analysis")).toEqual({ text: "posture analysis", plural: false })
    expect(offeringForm("café latte")).toEqual({ text: "café lattes", plural: true })
    expect(offeringForm("fish pie")).toEqual({ text: "fish pies", plural: true })
  })
})
