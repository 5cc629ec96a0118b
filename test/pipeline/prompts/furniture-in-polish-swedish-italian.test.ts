/**
 * A site's own furniture in Polish, Swedish and Italian, as in the languages met before: "our
 * team", "from the blog", careers ("Kariera", "Oferty pracy", "Lediga tjänster", "Lavora con
 * noi"), awards, a diary, "services" ("Usługi", "Våra tjänster"), prices ("Cennik") and the
 * pages about the business ("/o-nas", "/om-oss", "La bottega") name no offering; a page's people
 * of the month and its safety record neither. What the business sells stays.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { isSiteLabel } from "../../../src/pipeline/prompts/site-labels.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const offeringsOf = (name: string, pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name, kind: "business", businessName: name, url: `${ORIGIN}/`, pages }).offerings.map((o) => o.toLowerCase())

describe("furniture in Polish, Swedish and Italian", () => {
  it("a Polish IT firm's team, blog, careers, awards and price list name no offerings; its services stay", () => {
    const offerings = offeringsOf("Bitowo", [
      sitePage("/", {
        title: "Bitowo – wsparcie IT w Poznaniu",
        headings: ["Wsparcie IT dla małych firm", "Nasz zespół", "Z bloga", "Kariera w Bitowo", "Oferty pracy"],
        text: "Prowadzimy audyt IT i wdrożenia chmury. Pięciu administratorów. Jak zabezpieczyć drukarkę?"
      }),
      sitePage("/uslugi/audyt-it.html", { title: "Audyt IT – Bitowo", headings: ["Audyt IT"], text: "Audyt sieci i serwerów. Od 1 500 zł." }),
      sitePage("/uslugi/wdrozenia-chmury.html", { title: "Wdrożenia chmury – Bitowo", headings: ["Wdrożenia chmury"], text: "Migracja poczty i plików. Od 3 000 zł." }),
      sitePage("/uslugi.html", { title: "Usługi – Bitowo", headings: ["Nasze usługi", "Usługi"], text: "Audyt IT, wdrożenia chmury." }),
      sitePage("/cennik.html", { title: "Cennik – Bitowo", headings: ["Cennik"], text: "Audyt IT od 1 500 zł." }),
      sitePage("/o-nas.html", { title: "O nas – Bitowo", headings: ["O nas", "Nasza historia", "Nagrody", "Serwis drukarek"], text: "Od 2009 roku w Poznaniu." }),
      sitePage("/aktualnosci.html", { title: "Aktualności – Bitowo", headings: ["Nowe biuro na Jeżycach"], text: "Przeprowadziliśmy się." })
    ])
    expect(offerings).toContain("audyt it")
    expect(offerings).toContain("wdrożenia chmury")
    for (const heading of ["nasz zespół", "z bloga", "kariera w bitowo", "oferty pracy", "nasze usługi", "usługi", "cennik", "nasza historia", "nagrody", "serwis drukarek", "nowe biuro na jeżycach"]) {
      expect(offerings, heading).not.toContain(heading)
    }
  })

  it("a Swedish pottery's vacancies and about page name no offerings; its courses stay", () => {
    const offerings = offeringsOf("Lerverket", [
      sitePage("/", { title: "Lerverket – keramik i Umeå", headings: ["Keramik i Umeå", "Drejkurs", "Lediga tjänster", "Jobba hos oss"], text: "Drejkurs för nybörjare, 1 900 kr." }),
      sitePage("/om-oss.html", { title: "Om oss – Lerverket", headings: ["Om oss", "Vår historia", "Glasyrer"], text: "Sedan 1998." }),
      sitePage("/tjanster.html", { title: "Våra tjänster – Lerverket", headings: ["Våra tjänster", "Bränning av egna pjäser"], text: "Bränning 150 kr per hylla." })
    ])
    expect(offerings).toContain("drejkurs")
    for (const heading of ["lediga tjänster", "jobba hos oss", "vår historia", "glasyrer", "våra tjänster"]) {
      expect(offerings, heading).not.toContain(heading)
    }
  })

  it("an Italian bakery's diary, awards, 'work with us' and own workshop page name no offerings; its bread stays", () => {
    const offerings = offeringsOf("Forno Amato", [
      sitePage("/", {
        title: "Forno Amato – panificio a Lucca",
        headings: ["Panificio a Lucca", "Pane di segale", "Diario del forno", "Premi e riconoscimenti", "Lavora con noi"],
        text: "Pane di segale 4 € al chilo."
      }),
      sitePage("/la-bottega.html", { title: "La nostra bottega – Forno Amato", headings: ["La nostra bottega", "Il forno a legna"], text: "Dal 1962 in via Fillungo." })
    ])
    expect(offerings).toContain("pane di segale")
    for (const heading of ["diario del forno", "premi e riconoscimenti", "lavora con noi", "la nostra bottega", "il forno a legna"]) {
      expect(offerings, heading).not.toContain(heading)
    }
  })

  it("reads careers, 'services' and prices in these languages, a worker of the month and a safety record as labels", () => {
    for (const text of ["Oferty pracy", "Kariera", "Praca u nas", "Lediga tjänster", "Lediga jobb", "Jobba hos oss", "Lavora con noi", "Offerte di lavoro", "Usługi", "Nasze usługi", "Tjänster", "Våra tjänster", "Cennik", "Prislista", "Driver of the month", "Technician of the year", "Safety record", "Our track record"]) {
      expect(isSiteLabel(text), text).toBe(true)
    }
  })

  it("keeps things that only look alike as offerings", () => {
    for (const text of ["Praca tymczasowa", "Rekrutacja stała", "Cheese of the month", "Record players", "Vinyl records", "Career coaching"]) {
      expect(isSiteLabel(text), text).toBe(false)
    }
  })
})
