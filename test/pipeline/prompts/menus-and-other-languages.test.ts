/**
 * A page whose title or headline says it is a menu or a price list ("Snack Bar Menu", "Bowling &
 * Prices") sells every line of it, whatever its address; the pages and headings a site writes
 * about itself in Spanish, German, French or Italian ("El equipo", "Nuestra historia", "Über uns")
 * name no offering, as their English words do not; "in English" says in which language, not where;
 * and a town is not a kind of business.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { listingHint } from "../../../src/pipeline/crawler/structured-data.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const hints = (lines: ReadonlyArray<string>) => lines.map((line) => listingHint(line)!).map((hint) => ({ ...hint, url: null }))

describe("menus and price lists by their title", () => {
  it("a snack bar's menu at its own address lists what is sold, and a price table under '<thing> & Prices' too", () => {
    const facts = factsFromPages({
      name: "Strike Alley",
      kind: "business",
      businessName: "Strike Alley",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Strike Alley | Tenpin Bowling in Dayton", headings: ["Dayton's bowling alley"], text: "Sixteen lanes and a snack bar." }),
        sitePage("/food.html", {
          title: "Snack Bar Menu | Strike Alley",
          headings: ["Snack Bar"],
          text: "Cheese pizza, 14\" $14.00 Nachos $7.50 Soft pretzel $4.00",
          products: hints(["Cheese pizza, 14\" $14.00", "Nachos $7.50", "Soft pretzel $4.00"])
        }),
        sitePage("/bowling.html", {
          title: "Bowling Prices | Strike Alley",
          headings: ["Bowling & Prices"],
          text: "Shoe rental $3.50 Lane by the hour $30.00 Open bowling, per game $5.00",
          products: hints(["Shoe rental $3.50", "Lane by the hour $30.00", "Open bowling, per game $5.00"])
        })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["cheese pizza", "nachos", "soft pretzel", "shoe rental", "lane by the hour", "open bowling"]))
  })

  it("a product's own page keeps only the lines that name it when neither title nor headline says menu or prices", () => {
    const facts = factsFromPages({
      name: "Casa Tacos",
      kind: "business",
      businessName: "Casa Tacos",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Casa Tacos | Tacos in Austin", headings: ["Tacos in Austin"], text: "Tacos since 1998." }),
        sitePage("/breakfast-tacos.html", {
          title: "Breakfast Tacos | Casa Tacos",
          headings: ["Breakfast tacos"],
          text: "Bean & cheese $3 Potato & egg $3 Chorizo taco $4",
          products: hints(["Bean & cheese $3", "Potato & egg $3", "Chorizo taco $4"])
        })
      ]
    })
    expect(facts.offerings).toContain("chorizo taco")
    expect(facts.offerings.filter((o) => /bean|potato/.test(o))).toEqual([])
  })

  it("a page headed by one word is a whole range: each of its priced lines is on offer, though none names the headline", () => {
    const facts = factsFromPages({
      name: "Hollin Garden Centre",
      kind: "business",
      businessName: "Hollin Garden Centre",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Hollin Garden Centre | Plants in Hexham", headings: ["Plants for northern gardens"], text: "Grown on site since 1974." }),
        sitePage("/shrubs.html", {
          title: "Shrubs | Hollin Garden Centre",
          headings: ["Shrubs"],
          text: "Hydrangea | mophead | £24 Dwarf lilac | £32 Boxwood ball | £45 Saturday potting demo | £5",
          products: hints(["Hydrangea | mophead | £24", "Dwarf lilac | £32", "Boxwood ball | £45", "Saturday potting demo | £5"])
        })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["hydrangea", "dwarf lilac", "boxwood ball"]))
    expect(facts.offerings.filter((o) => /saturday/i.test(o))).toEqual([])
  })

  it("a page headed by one word whose lines are one word each lists its sizes, not things on offer", () => {
    const facts = factsFromPages({
      name: "Hollin Linen",
      kind: "business",
      businessName: "Hollin Linen",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Hollin Linen | Bedding in Hexham", headings: ["Bedding made in Hexham"], text: "Woven on site since 1974." }),
        sitePage("/duvets.html", {
          title: "Duvets | Hollin Linen",
          headings: ["Duvets"],
          text: "Single – £40 Double – £50 King – £60",
          products: hints(["Single – £40", "Double – £50", "King – £60"])
        })
      ]
    })
    expect(facts.offerings.filter((o) => /^(?:single|double|king)$/.test(o))).toEqual([])
  })
})

describe("pages and headings about the business in other languages", () => {
  it("a Spanish team page, its story and approach, and 'how we work' name nothing on offer; 'in English' is kept; the title's kind, not the town, is the category", () => {
    const facts = factsFromPages({
      name: "Centro Almagro",
      kind: "business",
      businessName: "Centro Almagro",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", {
          title: "Centro Almagro | Psicólogos en Almagro, Buenos Aires",
          headings: ["Un lugar para hablar", "Terapia en inglés · Therapy in English"],
          text: "Atendemos en Almagro, Buenos Aires. Sesiones en Almagro.",
          jsonLd: [{ "@context": "https://schema.org", "@type": "MedicalBusiness", name: "Centro Almagro", address: { "@type": "PostalAddress", addressLocality: "Buenos Aires" } }]
        }),
        sitePage("/equipo.html", { title: "El equipo | Centro Almagro", headings: ["El equipo", "Nuestra historia", "Nuestro enfoque", "Quiénes somos"], text: "Somos cuatro psicólogas." }),
        sitePage("/terapia-de-pareja.html", { title: "Terapia de pareja | Centro Almagro", headings: ["Terapia de pareja", "Cómo trabajamos"], text: "Sesiones de 60 minutos." }),
        sitePage("/grupos.html", { title: "Grupo de duelo | Centro Almagro", headings: ["Grupo de duelo", "Próximo grupo", "Valor del grupo completo"], text: "Ocho encuentros." })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["terapia de pareja", "grupo de duelo", "therapy in English"]))
    expect(facts.offerings.filter((o) => /equipo|historia|enfoque|somos|trabajamos|proximo|próximo|valor/i.test(o))).toEqual([])
    expect(facts.offerings).not.toContain("therapy")
    expect(facts.category).toBe("psicólogo")
  })

  it("German and French pages about the business by their address", () => {
    const facts = factsFromPages({
      name: "Atelier Lumen",
      kind: "business",
      businessName: "Atelier Lumen",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Atelier Lumen | Fotostudio in Köln", headings: ["Fotostudio in Köln", "Passbilder"], text: "Passbilder in Köln, Porträts in Köln." }),
        sitePage("/ueber-uns.html", { title: "Wir | Atelier Lumen", headings: ["Wir", "Zwei Fotografinnen"], text: "Seit 2009." }),
        sitePage("/qui-sommes-nous.html", { title: "Nous | Atelier Lumen", headings: ["Nous", "Deux photographes"], text: "Depuis 2009." })
      ]
    })
    expect(facts.offerings).toContain("passbilder")
    expect(facts.offerings.filter((o) => /fotografinnen|photographes/i.test(o))).toEqual([])
  })
})

describe("capitals kept inside a phrase", () => {
  it("an acronym before a list's comma, and a language", async () => {
    const { displayPhrase } = await import("../../../src/pipeline/prompts/english.ts")
    expect(displayPhrase("SAT, ACT and GRE Prep")).toBe("SAT, ACT and GRE prep")
    expect(displayPhrase("Therapy in English")).toBe("therapy in English")
    expect(displayPhrase("Wedding Cakes")).toBe("wedding cakes")
  })

  it("a model's name: its code and the capitalised words before it ('Nikon FM2', 'Kodak Portra 400', 'GW-RDG')", async () => {
    const { displayPhrase } = await import("../../../src/pipeline/prompts/english.ts")
    expect(["Nikon FM2", "Kodak Portra 400", "Canon AE-1 Program", "GW-RDG Ripstop Trousers", "Pentax 67", "Open 7 Days", "The Wedding Feast"].map((p) => displayPhrase(p)))
      .toEqual(["Nikon FM2", "Kodak Portra 400", "Canon AE-1 program", "GW-RDG ripstop trousers", "Pentax 67", "open 7 days", "the wedding feast"])
  })
})

describe("a ticket price list's rows", () => {
  it("who pays which price ('Normal', 'Ermäßigt', 'Adults', 'Concession') is no offering; what is sold is", () => {
    const facts = factsFromPages({
      name: "Kino am Fluss",
      kind: "business",
      businessName: "Kino am Fluss",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Kino am Fluss – Programmkino in Kassel", headings: ["Programmkino in Kassel"], text: "Filme in Kassel, Kino in Kassel." }),
        sitePage("/tickets.html", {
          title: "Tickets & Preise – Kino am Fluss",
          headings: ["Tickets & Preise"],
          text: "Normal 9,50 € Ermäßigt (Studierende) 7,50 € Adults 9,50 € Concession 7,00 € Stummfilm mit Live-Musik 13,00 € Kinogutschein ab 10,00 €",
          products: hints(["Normal 9,50 €", "Ermäßigt (Studierende) 7,50 €", "Adults 9,50 €", "Concession 7,00 €", "Stummfilm mit Live-Musik 13,00 €", "Kinogutschein ab 10,00 €"])
        })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["stummfilm mit live-musik", "kinogutschein"]))
    expect(facts.offerings.filter((o) => /^(?:normal|ermäßigt|adults|concession)$/u.test(o))).toEqual([])
  })
})

describe("a journal's heading in a compound", () => {
  it("'Aus dem Kinotagebuch' names the cinema's diary, not an offering; 'Sommerkino im Hof' is one", async () => {
    const { headingOfferings } = await import("../../../src/pipeline/prompts/text-facts.ts")
    expect(headingOfferings("Aus dem Kinotagebuch", new Set())).toEqual([])
    expect(headingOfferings("Neues vom Werkstattblog", new Set())).toEqual([])
    expect(headingOfferings("Sommerkino im Hof", new Set())).toEqual(["sommerkino im hof"])
  })
})

describe("a page of everything sold", () => {
  it("headed 'All packaging' lists its rows, though its address is its own", () => {
    const facts = factsFromPages({
      name: "Kraftbox",
      kind: "business",
      businessName: "Kraftbox",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Kraftbox – Custom printed boxes, Nagpur", headings: ["Boxes for brands"], text: "Boxes made in Nagpur. Printed in Nagpur." }),
        sitePage("/boxes.html", {
          title: "All packaging – Kraftbox",
          headings: ["All packaging", "Boxes", "Inside the box"],
          text: "Plain corrugated shipping boxes ₹14 Rigid gift box with magnetic lid ₹145 Honeycomb paper wrap, 50 m roll ₹1,150",
          products: hints(["Plain corrugated shipping boxes ₹14", "Rigid gift box with magnetic lid ₹145", "Honeycomb paper wrap, 50 m roll ₹1,150"])
        })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["plain corrugated shipping boxes", "honeycomb paper wrap"]))
    expect(facts.offerings.some((o) => /^rigid gift box/.test(o))).toBe(true)
  })
})

describe("a service page's price rows", () => {
  it("rows that are services of their own ('Light seal replacement', 'Lens cleaning') are offerings", () => {
    const facts = factsFromPages({
      name: "Argentum Cameras",
      kind: "business",
      businessName: "Argentum Cameras",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Argentum Cameras – Film cameras in Kobe", headings: ["Film cameras, tested"], text: "A camera shop in Kobe. Tested in Kobe." }),
        sitePage("/servicing.html", {
          title: "Camera servicing – Argentum Cameras",
          headings: ["Camera servicing"],
          text: "Light seal replacement ¥4,500 Lens cleaning (haze) from ¥6,000",
          products: hints(["Light seal replacement ¥4,500", "Lens cleaning (haze) from ¥6,000"])
        })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["light seal replacement", "lens cleaning"]))
  })
})

describe("headings of a shop in Swedish and English", () => {
  it("'Ulltäcke – wool duvet' is a wool duvet; 'Meet the original' and 'Från verkstaden' are no offerings", async () => {
    const { headingOfferings } = await import("../../../src/pipeline/prompts/text-facts.ts")
    expect(headingOfferings("Ulltäcke – wool duvet", new Set())).toEqual(["wool duvet"])
    expect(headingOfferings("Meet the original", new Set())).toEqual([])
    expect(headingOfferings("Från verkstaden", new Set())).toEqual([])
    expect(headingOfferings("Wheel polish – from R300", new Set())).toEqual(["wheel polish"])
  })
})

describe("a FAQ's yes in another language", () => {
  it("'Faites-vous le test angine ? Oui.' and '¿Ofrecen terapia online? Sí' name what is on offer; a no does not", () => {
    const facts = factsFromPages({
      name: "Pharmacie du Port",
      kind: "business",
      businessName: "Pharmacie du Port",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Pharmacie du Port – Pharmacie à Sète", headings: ["Votre pharmacie à Sète"], text: "Ouvert à Sète." }),
        sitePage("/faq.html", {
          title: "FAQ – Pharmacie du Port",
          headings: ["Questions fréquentes", "Faites-vous le test angine ?", "Vendez-vous des lentilles ?", "¿Ofrecen terapia online?"],
          text: "Questions fréquentes Faites-vous le test angine ? Oui, en 10 minutes. Vendez-vous des lentilles ? Non, voyez un opticien. ¿Ofrecen terapia online? Sí, por videollamada."
        })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["test angine", "terapia online"]))
    expect(facts.offerings).not.toContain("lentilles")
  })
})

describe("a price row for whom", () => {
  it("'Second dog, same family' and 'Extra child' price who comes, not what is sold", () => {
    const facts = factsFromPages({
      name: "Paws Inn",
      kind: "business",
      businessName: "Paws Inn",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Paws Inn | Dog boarding in Leeds", headings: ["Dog boarding in Leeds"], text: "Boarding in Leeds. Daycare in Leeds." }),
        sitePage("/rates.html", {
          title: "Rates | Paws Inn",
          headings: ["Rates"],
          text: "Overnight boarding $62 Second dog, same family, per night $48 Extra child $10 Nail trim $15",
          products: hints(["Overnight boarding $62", "Second dog, same family, per night $48", "Extra child $10", "Nail trim $15"])
        })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["overnight boarding", "nail trim"]))
    expect(facts.offerings.filter((o) => /dog|child/.test(o))).toEqual([])
  })
})

describe("what is given away", () => {
  it("'Primera llamada sin cargo', 'Free first call', 'Essai gratuit' are no offerings; 'Gluten-free bread' and 'Free-range eggs' are", async () => {
    const { headingOfferings } = await import("../../../src/pipeline/prompts/text-facts.ts")
    expect(headingOfferings("Primera llamada sin cargo", new Set())).toEqual([])
    expect(headingOfferings("Free first call", new Set())).toEqual([])
    expect(headingOfferings("Essai gratuit", new Set())).toEqual([])
    expect(headingOfferings("Gluten-free bread", new Set())).toEqual(["gluten-free bread"])
    expect(headingOfferings("Free-range eggs", new Set())).toEqual(["free-range eggs"])
  })
})

