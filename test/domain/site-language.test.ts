/** The language a site writes in: English as `writesEnglish` says, otherwise the language of its own function words. */
import { describe, expect, it } from "vitest"
import { siteLanguage, writesEnglish } from "../../src/domain/site-language.ts"

const TEXTS: Readonly<Record<string, string>> = {
  en: "We are a family bakery in the old town and we bake our bread with you in mind, for the whole street.",
  fr: "Nous sommes un atelier de réparation à Liège. Nous réparons les lave-linge et les frigos, avec des pièces pour toutes les marques, dans votre cuisine.",
  de: "Wir sind eine Fahrradwerkstatt in Köln. Wir reparieren Räder mit Sorgfalt und für jedes Budget, auch die von Kindern, und sind bei Fragen für Sie da.",
  es: "Somos una zapatería en Sevilla con más de treinta años. Hacemos alpargatas para el verano y las vendemos por toda España con nuestro taller.",
  it: "Siamo una calzoleria di Bologna. Ripariamo le scarpe con il cuoio della nostra bottega, e per gli ordini che arrivano nel negozio sono pronti in due giorni.",
  pt: "Somos uma conserveira em Olhão. Fazemos conservas de atum e sardinha, também com azeite, e enviamos para os nossos clientes, que não esperam muito."
}

describe("siteLanguage", () => {
  it("names each site's language", () => {
    expect(Object.fromEntries(Object.entries(TEXTS).map(([language, text]) => [language, siteLanguage([text])]))).toEqual({
      en: "en", fr: "fr", de: "de", es: "es", it: "it", pt: "pt"
    })
  })

  it("reads English exactly where writesEnglish does", () => {
    for (const text of [...Object.values(TEXTS), "Croissant 3.50 Baguette 2.80", ""]) {
      expect(siteLanguage([text]) === "en", text).toBe(writesEnglish([text]))
    }
  })
})
