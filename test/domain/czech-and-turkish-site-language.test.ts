/**
 * Sites written in Czech or Turkish are told apart from English ones, so their words keep their
 * own plurals in the prompts ("satılık daire", never "satılık daires").
 */
import { describe, expect, it } from "vitest"
import { siteLanguage } from "../../src/domain/site-language.ts"
import { builtinPrompts } from "../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../src/pipeline/prompts/prompt-facts.ts"

const czech = [
  "Jsme rodinná firma z Brna a nabízíme paintball pro skupiny, které chtějí zažít něco nového. Hrajeme venku i v noci.",
  "Pro děti od deseti let máme dětský paintball. Vás čeká zážitek, na který nezapomenete, a naše hřiště jsou v lese nebo na louce."
]
const turkish = [
  "Kadıköy'de 1998'den beri satılık ve kiralık daire için bir emlak ofisiyiz. Bu mahallede çok daha fazlasını bilen bir ekibiz.",
  "Kentsel dönüşüm danışmanlığı ve değerleme raporu için bizimle görüşün. Sizin için en doğru fiyatı bulmak bizim işimiz ve ile çalışıyoruz."
]

describe("Czech and Turkish sites", () => {
  it("are read in their own language, and English ones as English", () => {
    expect(siteLanguage(czech)).toBe("cs")
    expect(siteLanguage(turkish)).toBe("tr")
    expect(siteLanguage(["We run paintball games near Brno for groups and birthdays. Book online for your team."])).toBe("en")
  })

  it("keep their words' own plurals in the prompts", () => {
    const facts = factsFromPages({
      name: "Öztürk Emlak", kind: "business", businessName: "Öztürk Emlak", url: "https://ozturk.example/",
      pages: [{ url: "https://ozturk.example/", title: "Öztürk Emlak | Kadıköy emlak ofisi", description: "", headings: ["Satılık daire", "Kiralık daire", "Değerleme raporu"], text: turkish.join(" "), jsonLd: [], products: [] }]
    })
    expect(facts.language).toBe("tr")
    expect(builtinPrompts(facts).filter((p) => /\b(?:daires|raporus)\b/u.test(p))).toEqual([])
  })
})
