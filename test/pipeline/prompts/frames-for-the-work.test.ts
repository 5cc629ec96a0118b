/**
 * Frames that fit the work: a weekday fits shop goods, food and a class that runs on set days, not
 * an assessment booked for a time; "near me" fits what is had where the customer goes, never a
 * video call or an audio download; "on short notice" fits a job or an appointment, not a programme
 * or a download. Booked things are compared only with their own kind had another way. In
 * Portuguese, French and Italian a town's name is never given a preposition it does not take.
 */
import { describe, expect, it } from "vitest"
import { builtinPromptsTagged } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { localTemplates } from "../../../src/pipeline/prompts/local-templates.ts"
import { bookedAlike, frameFit, isAppointmentLed } from "../../../src/pipeline/prompts/offering-frames.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { PROBE } from "../../../src/pipeline/prompts/templates.ts"

const business = (name: string, category: string | null, offerings: ReadonlyArray<string>, extra: Partial<PromptFacts> = {}): PromptFacts => ({
  name,
  kind: "business",
  businessName: name,
  url: "https://example.test/",
  offerings,
  category,
  place: "Leeds",
  audience: [],
  keywords: [],
  openDays: ["Saturday", "Monday", "Thursday"],
  ...extra
})

const prompts = (facts: PromptFacts) => builtinPromptsTagged(facts).map((p) => p.prompt)
const WEEKDAY = /\bon an? (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/u

describe("which frames an offering takes", () => {
  it("keeps a video call and a download from near me, weekdays and short notice", () => {
    expect(frameFit("video consultation", false)).toEqual({ present: false, dated: false, urgent: false })
    expect(frameFit("deep sleep hypnosis audio", false)).toEqual({ present: false, dated: false, urgent: false })
    expect(frameFit("online hypnotherapy", true)).toEqual({ present: false, dated: false, urgent: false })
  })

  it("gives an appointment near me and short notice but no weekday, a class its weekdays", () => {
    expect(frameFit("tongue-tie assessment", true)).toEqual({ present: true, dated: false, urgent: true })
    expect(frameFit("weight management program", true)).toEqual({ present: true, dated: false, urgent: false })
    expect(frameFit("antenatal breastfeeding class", true)).toEqual({ present: true, dated: true, urgent: false })
    expect(frameFit("sourdough loaves", false)).toEqual({ present: true, dated: true, urgent: false })
    expect(frameFit("boiler repair", false)).toEqual({ present: true, dated: false, urgent: true })
  })

  it("reads a business's work as booked from its kind or from most of its offerings", () => {
    expect(isAppointmentLed(["sobrancelhas fio a fio", "lábios"], ["beauty salon"], false)).toBe(true)
    expect(isAppointmentLed(["colour analysis", "wardrobe edit", "full works"], [null])).toBe(true)
    expect(isAppointmentLed(["sourdough loaves", "croissants", "cake decorating class"], ["bakery"])).toBe(false)
  })

  it("compares booked things only of one kind had two ways", () => {
    expect(bookedAlike("video consultation", "home visit lactation consultation")).toBe(true)
    expect(bookedAlike("weight management program", "anxiety & stress program")).toBe(false)
    expect(bookedAlike("laser hair removal", "carbon laser peel")).toBe(false)
  })
})

describe("a lactation consultant's prompts", () => {
  const facts = business("Milkwood Feeding", null, [
    "video consultation", "tongue-tie assessment", "antenatal feeding class", "home visit consultation", "follow-up visit", "sleep hypnosis audio"
  ], { audience: ["new parents"] })
  const all = prompts(facts)

  it("ask for nothing by video near me or nearby", () => {
    expect(all.filter((p) => /\b(?:near me|nearby|closest)\b/u.test(p) && /video/u.test(p))).toEqual([])
  })

  it("put only the class on a weekday", () => {
    const dated = all.filter((p) => WEEKDAY.test(p))
    expect(dated.length).toBeGreaterThan(0)
    expect(dated.filter((p) => !/antenatal feeding classes/u.test(p))).toEqual([])
  })

  it("need a visit on short notice, and never wait for a call or a download", () => {
    expect(all.filter((p) => /short notice|without a long wait/u.test(p))).toEqual([
      "Where can I get follow-up visits without a long wait?",
      "I need tongue-tie assessment on short notice in Leeds, who can help?",
      "I need home visit consultations on short notice in Leeds, who can help?"
    ])
  })
})

describe("a laser clinic's comparisons", () => {
  it("never weigh two different treatments sharing a word", () => {
    const clinic = business("Glow Lane", "laser clinic", ["laser hair removal", "carbon laser peel", "laser tattoo removal", "IPL skin rejuvenation"])
    const compared = builtinPromptsTagged(clinic).filter((p) => p.template === "comparison-versus" || p.template === "comparison-better")
    expect(compared.filter((p) => /peel/u.test(p.prompt))).toEqual([])
  })
})

describe("a town in the site's language", () => {
  const render = (language: "fr" | "it" | "pt", id: string, place: string) =>
    localTemplates(language, true).find((t) => t.id === id)!.render({ ...PROBE, offering: "contorno labial", category: "estúdio", place })

  it("takes no preposition in Portuguese, where 'no Porto' and 'em Lisboa' differ", () => {
    expect(render("pt", "pt-discovery-where", "Porto")).toBe("Porto: onde encontrar contorno labial?")
    expect(render("pt", "pt-discovery-best-places", "Lisboa")).toBe("melhores lugares para contorno labial, Lisboa")
    expect(render("pt", "pt-alternatives-cheaper", "Porto")).toBe("Porto: alternativas mais baratas para contorno labial?")
    const all = localTemplates("pt", true).map((t) => t.render({ ...PROBE, place: "Porto" }))
    expect(all.filter((p) => /\bem Porto\b/u.test(p))).toEqual([])
  })

  it("joins the article of a French or Italian town's name", () => {
    expect(render("fr", "fr-discovery-where", "Le Havre")).toBe("Où trouver contorno labial au Havre?")
    expect(render("fr", "fr-discovery-where", "La Rochelle")).toBe("Où trouver contorno labial à La Rochelle?")
    expect(render("it", "it-discovery-where", "La Spezia")).toBe("Dove trovare contorno labial alla Spezia?")
    expect(render("it", "it-discovery-where", "L'Aquila")).toBe("Dove trovare contorno labial all'Aquila?")
  })
})

// (Round thirty-one's judges: "Was kostet Sporteinlagen", "Alternativen zu Orthopädische Maßschuhe",
// "Unterschied zwischen Orthopädische Einlagen und ...": a name set in a case or a verb's number it
// does not take.)
describe("German names as written", () => {
  const frames = localTemplates("de", true)
  const rendered = (offering: string, other: string) =>
    frames.map((t) => t.render({ ...PROBE, offering, other, category: "Orthopädieschuhtechnik", place: "Bamberg", name: "Schrittwerk Hoffmann" }))

  it("set in no frame that puts them in a case or agrees a verb with them", () => {
    const all = rendered("Orthopädische Einlagen", "Orthopädische Maßschuhe")
    expect(all).toContain("Orthopädische Einlagen: was kostet das?")
    expect(all).toContain("Orthopädische Einlagen Alternativen")
    expect(all).toContain("Orthopädische Einlagen vs. Orthopädische Maßschuhe: Unterschied")
    expect(all).toContain("Schrittwerk Hoffmann Orthopädische Einlagen Preise")
    expect(all.filter((p) => /Was kostet Orthopädische|zu Orthopädische|zwischen Orthopädische|und Orthopädische/u.test(p))).toEqual([])
  })
})
