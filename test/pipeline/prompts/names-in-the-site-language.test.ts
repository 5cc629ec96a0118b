/**
 * A site written in another language names what it sells in that language: the prompts keep each
 * name as written, with its own plural ("riparazione borse", "Ballonfahrten"), and never add an
 * English one ("riparazione borses", "duplicazione chiavis"). A site in English is unchanged.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const shoeRepair = (text: (service: string) => string, services: ReadonlyArray<string>) =>
  factsFromPages({
    name: "Calzoleria Rossi",
    kind: "business",
    businessName: "Calzoleria Rossi",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: "Calzoleria Rossi | Torino", headings: ["Calzoleria Rossi"], text: text("") }),
      ...services.map((service, i) => sitePage(`/servizio-${i}.html`, { title: `${service} | Calzoleria Rossi`, headings: [service], text: text(service) }))
    ]
  })

const ITALIAN = (service: string) =>
  `${service} Siamo una bottega di calzolaio a Torino dal 1971. Lavoriamo con il cuoio e con la gomma, e per ogni lavoro diamo un preventivo. ` +
  "Il negozio è in via Garibaldi, aperto dal lunedì al sabato. Per le borse e per le chiavi non serve un appuntamento."
const ENGLISH = (service: string) =>
  `${service} We are a cobbler's workshop in Turin since 1971. We work with leather and rubber, and for every job we give you a quote. ` +
  "The shop is on via Garibaldi, open Monday to Saturday. For bags and keys you do not need an appointment."

describe("offering names on a site in another language", () => {
  it("keeps an Italian site's names as written: no English plural on any prompt", () => {
    const facts = shoeRepair(ITALIAN, ["Riparazione borse", "Duplicazione chiavi", "Allargamento scarpe"])
    expect(facts.inEnglish).toBe(false)
    const prompts = builtinPrompts(facts)
    expect(prompts).toHaveLength(100)
    expect(prompts.filter((p) => /\b(?:borses|chiavis|scarpes)\b/iu.test(p))).toEqual([])
    for (const name of ["riparazione borse", "duplicazione chiavi", "allargamento scarpe"]) {
      expect(prompts.filter((p) => p.toLowerCase().includes(name)).length, name).toBeGreaterThanOrEqual(3)
    }
  })

  it("still asks for an English site's countable things in the plural", () => {
    const facts = shoeRepair(ENGLISH, ["Handbag repair", "Key cutting", "Leather belt"])
    expect(facts.inEnglish).toBe(true)
    const prompts = builtinPrompts(facts)
    expect(prompts.some((p) => /\bleather belts\b/iu.test(p))).toBe(true)
  })
})
