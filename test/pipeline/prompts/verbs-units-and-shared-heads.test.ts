/**
 * Words around an offering that are not part of it: the verb a price follows ("Koi pond builds
 * start from £12,500"), the verb after a yes's subject ("Yes, online lessons work well"), a term of
 * sale asked about abroad ("¿Venden por tonelada?"); two names sharing one head ("Young horse and
 * foal checks"); and a legal page in another language, which names nothing sold.
 */
import { describe, expect, it } from "vitest"
import { type CrawledPageFacts, factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"

const page = (url: string, title: string, overrides: Partial<CrawledPageFacts> = {}): CrawledPageFacts => ({
  url, title, description: "", headings: [], text: "", jsonLd: [], products: [], ...overrides
})

const offeringsOf = (name: string, pages: ReadonlyArray<CrawledPageFacts>) =>
  factsFromPages({ name, kind: "business", businessName: name, url: pages[0]!.url!, pages }).offerings

describe("the verb a price follows", () => {
  it("reads 'Koi pond builds start from £12,500' as koi pond builds", () => {
    const offerings = offeringsOf("Reedwater Ponds", [
      page("https://reedwater.example/", "Reedwater Ponds | Pond builders in Ashford", { headings: ["Reedwater Ponds"], text: "We design and build garden ponds in Ashford, Kent." }),
      page("https://reedwater.example/koi.html", "Koi ponds | Reedwater Ponds", {
        headings: ["Koi ponds"],
        text: "Koi ponds built to last. Koi pond builds start from £12,500. Wildlife pond builds begin at £4,000."
      })
    ])
    expect(offerings).toContain("koi pond builds")
    expect(offerings).toContain("wildlife pond builds")
    expect(offerings.filter((o) => /\b(?:start|begin)\b/u.test(o))).toEqual([])
  })
})

describe("the verb after a yes's subject", () => {
  const faq = (answer: string) => offeringsOf("Stillpoint Teaching", [
    page("https://stillpoint.example/", "Stillpoint Teaching | Alexander Technique lessons in Perth", { headings: ["Stillpoint Teaching"], text: "Alexander Technique lessons in Perth." }),
    page("https://stillpoint.example/faq.html", "FAQ | Stillpoint Teaching", { headings: ["Questions"], text: answer })
  ])

  it("ends 'online lessons work well once ...' at its verb", () => {
    const offerings = faq("Can I have lessons online? Yes, online lessons work well once you have had a few lessons in person.")
    expect(offerings).toContain("online lessons")
    expect(offerings.filter((o) => /\bwork\b/u.test(o))).toEqual([])
  })

  it("guard: a yes with no verb after its thing reads as before", () => {
    expect(faq("Do you sell gift vouchers? Yes, gift vouchers for any number of lessons.")).toContain("gift vouchers")
  })
})

describe("what a question says besides the thing", () => {
  const faq = (text: string) => offeringsOf("Sillage & Smoke", [
    page("https://sillage.example/", "Sillage & Smoke | Bespoke perfume in Hobart", { headings: ["Sillage & Smoke"], text: "Bespoke perfume made with you in Hobart." }),
    page("https://sillage.example/faq.html", "FAQ | Sillage & Smoke", { headings: ["FAQ"], text })
  ])

  it("takes no 'formula' from 'Do you keep my formula? Yes, your formula is kept on file'", () => {
    expect(faq("Do you keep my formula? Yes, your formula is kept on file for ten years.").filter((o) => /formula/u.test(o))).toEqual([])
  })

  it("ends 'Can I do the consultation online?' before 'online'", () => {
    const offerings = faq("Can I do the consultation online? Yes, we run the consultation over video.")
    expect(offerings.filter((o) => /\bonline\b/u.test(o))).toEqual([])
  })

  it("guard: a thing whose name opens with 'online' is still read", () => {
    expect(faq("Do you offer online perfume classes? Yes, online perfume classes run monthly.")).toContain("online perfume classes")
  })
})

describe("a list heading with 'the' in it", () => {
  it("takes no 'bus' from the post title 'Heads, phones and the bus'", () => {
    const offerings = offeringsOf("Stillpoint Teaching", [
      page("https://stillpoint.example/", "Stillpoint Teaching | Alexander Technique lessons in Perth", { headings: ["Stillpoint Teaching", "Heads, phones and the bus"], text: "Alexander Technique lessons in Perth." }),
      page("https://stillpoint.example/notes.html", "Notes | Stillpoint Teaching", { headings: ["Heads, phones and the bus"], text: "How we hold our heads on the bus." })
    ])
    expect(offerings.filter((o) => /\bbus\b/u.test(o))).toEqual([])
  })
})

describe("a term of sale asked about abroad", () => {
  const faq = (text: string) => offeringsOf("Forrajería La Loma", [
    page("https://laloma.example/", "Forrajería La Loma | Alimento para ganado en Arandas", { headings: ["Forrajería La Loma"], text: "Alimento para ganado en Arandas, Jalisco." }),
    page("https://laloma.example/faq.html", "Preguntas frecuentes | Forrajería La Loma", { headings: ["Preguntas frecuentes"], text })
  ])

  it("takes no 'por tonelada' from '¿Venden por tonelada? Sí'", () => {
    expect(faq("¿Venden por tonelada? Sí, con precio especial por WhatsApp.").filter((o) => /^por\b/u.test(o))).toEqual([])
  })

  it("guard: a thing asked about the same way is still read", () => {
    expect(faq("¿Venden pacas de alfalfa? Sí, todo el año.")).toContain("pacas de alfalfa")
  })
})

describe("two names sharing one head", () => {
  const site = (headings: ReadonlyArray<string>, products: CrawledPageFacts["products"] = []) => offeringsOf("Curlew Equine Dental", [
    page("https://curlew.example/", "Curlew Equine Dental | Equine dentist in Naas", { headings: ["Curlew Equine Dental"], text: "Equine dentistry at your yard in Naas, Co. Kildare." }),
    page("https://curlew.example/services.html", "Services | Curlew Equine Dental", { headings: ["Services", "Routine dental checks", ...headings], text: "Every visit at your yard." }),
    page("https://curlew.example/fees.html", "Fees | Curlew Equine Dental", { headings: ["Fees"], text: "Our fees.", products })
  ])

  it("reads the heading 'Young horse and foal checks' as young horse checks and foal checks", () => {
    const offerings = site(["Young horse and foal checks"])
    expect(offerings).toContain("young horse checks")
    expect(offerings).toContain("foal checks")
    expect(offerings).not.toContain("young horse")
  })

  it("reads the price row 'Young horse / foal check' the same way", () => {
    const offerings = site([], [{ name: "Young horse / foal check", price: "€45" }, { name: "Routine dental check", price: "€70" }])
    expect(offerings).toContain("young horse check")
    expect(offerings).not.toContain("young horse")
  })

  it("guard: a first name that is work of its own keeps no other head", () => {
    const offerings = site(["Wheel truing and spoke repair"])
    expect(offerings).toContain("wheel truing")
    expect(offerings.filter((o) => /truing repair/u.test(o))).toEqual([])
  })

  it("guard: a first name in the plural keeps its own head", () => {
    const offerings = site(["Gift vouchers and riding lessons"])
    expect(offerings).toContain("gift vouchers")
    expect(offerings).not.toContain("gift vouchers lessons")
  })
})

describe("a legal page in another language", () => {
  it("takes no offering from 'Aviso de privacidad' or 'Datenschutzerklärung'", () => {
    const offerings = offeringsOf("Forrajería La Loma", [
      page("https://laloma.example/", "Forrajería La Loma | Alimento para ganado en Arandas", { headings: ["Forrajería La Loma", "Pacas de alfalfa"], text: "Alimento para ganado y pacas de alfalfa en Arandas." }),
      page("https://laloma.example/aviso-de-privacidad.html", "Aviso de privacidad | Forrajería La Loma", { headings: ["Aviso de privacidad"], text: "Forrajería La Loma trata sus datos personales." }),
      page("https://laloma.example/datenschutz.html", "Datenschutzerklärung | Forrajería La Loma", { headings: ["Datenschutzerklärung"], text: "Wir verarbeiten Ihre Daten." })
    ])
    expect(offerings.filter((o) => /privacidad|datenschutz/iu.test(o))).toEqual([])
  })
})
