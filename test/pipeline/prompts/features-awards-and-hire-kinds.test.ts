/**
 * A site's awards page ("Awards", "Prémios",
 * "Priser") and its page of people ("Meet the team", "Mød trænerne") are never an offering; a
 * kind that names what is hired out ("Trailer hire") is a hire company, not "trailer hires".
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { isSiteLabel } from "../../../src/pipeline/prompts/site-labels.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("an awards page and a page of people", () => {
  it("are site labels in any language", () => {
    for (const label of ["Awards", "Our awards", "Prémios", "Récompenses", "Auszeichnungen", "Priser",
      "Meet the team", "Meet the trainers", "Meet our coaches", "Mød trænerne", "Rencontrez l'équipe", "Conheça a equipa", "Lerne das Team kennen"]) {
      expect(isSiteLabel(label), label).toBe(true)
    }
    for (const offering of ["Kettle descaling", "Boat hire", "Personal training", "Team building days", "Award-winning pies"]) {
      expect(isSiteLabel(offering), offering).toBe(false)
    }
  })

  it("are not offerings of a made-up kettle repairer", () => {
    const offerings = factsFromPages({
      name: "Kettleworks Tamworth",
      kind: "business",
      businessName: "Kettleworks Tamworth",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Kettle repairs in Tamworth | Kettleworks Tamworth", headings: ["Kettle descaling", "Element replacement", "Awards", "Meet the team"], text: "We repair kettles." }),
        sitePage("/descaling.html", { title: "Kettle descaling | Kettleworks Tamworth", headings: ["Kettle descaling"], text: "Descaling from $20." })
      ]
    }).offerings.map((o) => o.toLowerCase())
    expect(offerings).toContain("kettle descaling")
    expect(offerings).not.toContain("awards")
    expect(offerings).not.toContain("meet the team")
  })
})

describe("the people a page of people names", () => {
  it("are not offerings", () => {
    const offerings = factsFromPages({
      name: "Ironbark Strength",
      kind: "business",
      businessName: "Ironbark Strength",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Strength training in Dubbo | Ironbark Strength", headings: ["Lift better", "Personal training", "Small group strength"], text: "Coached lifting." }),
        sitePage("/coaches.html", { title: "About | Ironbark Strength", headings: ["About us", "Meet the coaches", "Priya Raman", "Tom Whitfield", "Gift vouchers"], text: "Our coaches." })
      ]
    }).offerings.map((o) => o.toLowerCase())
    expect(offerings).toContain("personal training")
    expect(offerings).not.toContain("priya raman")
    expect(offerings).not.toContain("tom whitfield")
  })
})

describe("a free gathering that comes round again", () => {
  it("is not an offering of the home page", () => {
    const offerings = factsFromPages({
      name: "Harbour Canoe Works",
      kind: "business",
      businessName: "Harbour Canoe Works",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", {
          title: "Canoe repairs in Nelson | Harbour Canoe Works",
          headings: ["Welcome", "Hull repairs", "Paddle Club", "Seat refits", "Canoe of the Season"],
          text: "Welcome We fix canoes. Hull repairs Fibreglass and wood hulls patched, from $90. Paddle Club Every other Sunday we paddle to the point: free, all welcome, bring a boat. Seat refits Cane and webbing seats, $60. Canoe of the Season A 1950s cedar strip canoe, restored over winter. Not for sale, sorry."
        })
      ]
    }).offerings.map((o) => o.toLowerCase())
    expect(offerings).toContain("hull repairs")
    expect(offerings).not.toContain("paddle club")
    // A thing shown that its section says is not for sale.
    expect(offerings).not.toContain("canoe of the season")
  })
})

describe("the business's own name as a page's footer heading", () => {
  it("is not an offering, with or without its first word", () => {
    const jsonLd = [{ "@type": "Service", name: "Care Plan", provider: { "@type": "LocalBusiness", name: "Atelier Loire Réparation" }, offers: { "@type": "Offer", price: "79" } }]
    const offerings = factsFromPages({
      name: "Atelier Loire Réparation",
      kind: "business",
      businessName: "Atelier Loire Réparation",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Réparation de vélos à Tours · Atelier Loire Réparation", headings: ["Réparation de vélos", "Révision complète", "Atelier Loire Réparation"], text: "Atelier Loire Réparation répare les vélos à Tours depuis 2011. Réparation de vélos Révision complète Atelier Loire Réparation Rue Nationale 12, Tours." }),
        sitePage("/care-plan.html", { title: "Care Plan · Atelier Loire Réparation", headings: ["Care Plan", "Atelier Loire Réparation"], text: "Une révision par an, 79 €. Atelier Loire Réparation Rue Nationale 12, Tours.", jsonLd }),
        sitePage("/contact.html", { title: "Contact · Atelier Loire Réparation", headings: ["Contact", "Atelier Loire Réparation"], text: "Atelier Loire Réparation Rue Nationale 12, Tours." }),
        sitePage("/equipe.html", { title: "L'équipe · Atelier Loire Réparation", headings: ["Notre équipe", "Atelier Loire Réparation"], text: "Deux mécaniciens. Atelier Loire Réparation Rue Nationale 12, Tours." }),
        sitePage("/tarifs.html", { title: "Tarifs · Atelier Loire Réparation", headings: ["Nos tarifs", "Atelier Loire Réparation"], text: "Révision 49 €. Atelier Loire Réparation Rue Nationale 12, Tours." })
      ]
    }).offerings.map((o) => o.toLowerCase())
    expect(offerings).toContain("care plan")
    expect(offerings).not.toContain("loire réparation")
    expect(offerings).not.toContain("atelier loire réparation")
  })
})

describe("a kind that names what is hired out", () => {
  it("is a hire company", () => {
    const jsonLd = [{ "@type": "AutoRental", name: "Pinecrest Boat Hire", address: { "@type": "PostalAddress", addressLocality: "Ballarat" } }]
    const category = factsFromPages({
      name: "Pinecrest Boat Hire",
      kind: "business",
      businessName: "Pinecrest Boat Hire",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Pinecrest Boat Hire – Ballarat", headings: ["Tinnies", "Kayaks"], text: "Boats by the day.", jsonLd }),
        sitePage("/rates.html", { title: "Boat hire rates | Pinecrest Boat Hire", headings: ["Day rates"], text: "From $80." }),
        sitePage("/faq.html", { title: "FAQ | Pinecrest Boat Hire", headings: ["Licences"], text: "No licence needed." })
      ]
    }).category
    expect(category).toBe("boat hire company")
  })
})
