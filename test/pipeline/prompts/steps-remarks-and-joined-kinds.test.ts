/**
 * What the new splits of the twenty-eighth session showed a site says that names nothing sold: the
 * numbered steps of how the work goes ("2. Installation"), another language's remarks and page words
 * ("Gut zu wissen", "Das Paket", "Termine & Preis", "Keine Anmeldung nötig"); a kind said after two
 * words joined by "and" ("a certified baby and toddler sleep consultancy"); and plurals of words in -i
 * ("husky safaris"), never made plural again.
 */
import { describe, expect, it } from "vitest"
import { isPlural, pluralOf } from "../../../src/pipeline/prompts/english.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const site = (name: string, home: string, page: { path: string; title: string; headings: ReadonlyArray<string>; text: string }) =>
  factsFromPages({
    name,
    kind: "business",
    businessName: name,
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: name, headings: [name], text: `${name} ${home}` }),
      sitePage(page.path, { title: `${page.title} | ${name}`, headings: [...page.headings], text: page.text })
    ]
  })

describe("steps, remarks and joined kinds", () => {
  it("takes no numbered step of how the work goes for an offering", () => {
    const facts = site("Hollyhock Holiday Lighting", "Christmas light installation in Columbus.", {
      path: "/residential.html",
      title: "Residential",
      headings: ["Roofline lighting", "1. Design", "2. Installation", "3. All season", "Step 4: Takedown"],
      text: "Roofline lighting From $899. 1. Design We plan it. 2. Installation Our crew installs. 3. All season Timers are set. Step 4: Takedown In January."
    })
    expect(facts.offerings).toEqual(["roofline lighting"])
  })

  it("takes no German remark or page word for an offering", () => {
    const facts = site("Schauhöhle Silberkammer", "Willkommen in der Tropfsteinhöhle auf der Schwäbischen Alb. Die Höhle ist von April bis Oktober geöffnet, und wir zeigen sie Familien und Schulklassen bei unseren Führungen.", {
      path: "/fuehrungen.html",
      title: "Führungen",
      headings: ["Führungen", "Taschenlampenführung", "Gut zu wissen", "Das Paket", "Termine & Preis", "Keine Anmeldung nötig"],
      text: "Führungen Taschenlampenführung Jeden Freitag um 19 Uhr mit der eigenen Lampe durch die dunkle Höhle, 12 € pro Person. Gut zu wissen Bitte eine warme Jacke mitbringen, in der Höhle sind es 9 Grad. Das Paket Helm und Lampe für jedes Kind. Termine & Preis Freitags, 12 €. Keine Anmeldung nötig Einfach an der Kasse Tickets kaufen."
    })
    expect(facts.offerings).toEqual(["Führungen"])
  })

  it("reads the kind after two words joined by 'and', and not a place's words after a kind", () => {
    const sleep = site("Hushabye Sleep Co.", "Hushabye Sleep Co. is a certified baby and toddler sleep consultancy in Calgary.", {
      path: "/plans.html", title: "Plans", headings: ["Sleep plans"], text: "Sleep plans From $249."
    })
    expect(sleep.category).toBe("sleep consultancy")
    const kites = site("Southerly Kite Works", "Southerly Kite Works is a kite loft and shop a block back from New Brighton beach.", {
      path: "/kites.html", title: "Kites", headings: ["Custom kites"], text: "Custom kites From $180."
    })
    expect(kites.category).toBe("kite loft")
  })

  it("knows a plural of a word in -i", () => {
    expect(["husky safaris", "skis", "taxis", "analysis", "iris"].map(isPlural)).toEqual([true, true, true, false, false])
    expect(pluralOf("husky safari")).toBe("husky safaris")
  })
})
