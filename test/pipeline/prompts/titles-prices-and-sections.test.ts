/**
 * Rules found on holdout-f (tuning material since its one unseen run), each on a made-up site:
 * the kind a home page's title states ("<Kind> in <Place>") under a broad or missing schema.org
 * type; FAQ yeses that do not restate the thing; a price list's every line; a section named by the
 * headline's word in its text; "How we can help" lists; what is furniture ("... notes") and what
 * is a pricing unit ("(per nail)"); a product named by a word its list's lines share ("BIAB").
 */
import { describe, expect, it } from "vitest"
import { factsFromPages, kindInTitle, type PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { namesEntity } from "../../../src/pipeline/prompts/validate-prompts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const business = (name: string, pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name, kind: "business", businessName: name, url: `${ORIGIN}/`, pages })

const typed = (type: string, name: string) => [{ "@context": "https://schema.org", "@type": type, name, telephone: "+353 21 555 0100" }]

describe("the kind a home page's title states", () => {
  it("reads '<Kind> in|on <Place>' beside the name: a shared head, the first kind, no praise", () => {
    const name = new Set(["harbour", "rock"])
    expect(kindInTitle("Harbour Rock | Climbing Gym in Cobh", name)).toBe("climbing gym")
    expect(kindInTitle("Harbour Rock | Independent Optometrist on Main Street, Cobh", name)).toBe("optometrist")
    expect(kindInTitle("Harbour Rock | Wasp & Pest Control in Cork", name)).toBe("pest control")
    expect(kindInTitle("Harbour Rock | Finnish Sauna & Cold Plunge on the Quay", name)).toBe("finnish sauna")
    // (A title's capitals are its style, so the kind is written in lower case.) No place after it, or a list of things: no kind.
    expect(kindInTitle("Harbour Rock | Hand-Dyed Yarn, Possum Merino & Knitting Kits, NZ", name)).toBeUndefined()
    expect(kindInTitle("Harbour Rock Climbing", name)).toBeUndefined()
  })

  it("names the category under a type schema.org has no everyday word for, and a day spa by the kind its name ends in", () => {
    const home = (title: string, type: string, name: string) => sitePage("/", { title, headings: [name], text: `${name} welcomes you.`, jsonLd: typed(type, name) })
    expect(business("Harbour Rock", [home("Harbour Rock | Climbing Gym in Cobh", "SportsActivityLocation", "Harbour Rock")]).category).toBe("climbing gym")
    expect(business("Redwing Gutter Cleaning", [
      home("Redwing Gutter Cleaning | Gutters cleared in Cork", "HomeAndConstructionBusiness", "Redwing Gutter Cleaning"),
      sitePage("/prices.html", { title: "Prices | Redwing Gutter Cleaning", headings: ["Prices"], text: "Prices" })
    ]).category).toBe("gutter cleaning company")
    expect(business("Kivi Sauna House", [
      home("Kivi Sauna House | Wood-fired sauna by the sea", "DaySpa", "Kivi Sauna House"),
      sitePage("/sessions.html", { title: "Sessions | Kivi Sauna House", headings: ["Sessions"], text: "Sessions" })
    ]).category).toBe("sauna house")
    // A type with its everyday word keeps it; a day spa whose name ends in no kind stays one.
    expect(business("Smile Lab", [home("Smile Lab | Family Dentist in Cobh", "Dentist", "Smile Lab")]).category).toBe("dentist")
    expect(business("Aurora", [home("Aurora | Day spa in Cobh", "DaySpa", "Aurora")]).category).toBe("day spa")
  })

  it("names a DJ by the title's kind, and a clinic by what its title says is done there, under a broad type", () => {
    const home = (title: string, type: string, name: string) => sitePage("/", { title, headings: [name], text: `${name} welcomes you.`, jsonLd: typed(type, name) })
    expect(business("Deckside DJs", [home("Wedding DJ Cork | Deckside DJs", "EntertainmentBusiness", "Deckside DJs")]).category).toBe("wedding DJ")
    expect(business("Vein & Vial", [home("Private blood tests in Leeds | Vein & Vial", "MedicalClinic", "Vein & Vial")]).category).toBe("private blood test clinic")
  })

  it("gives a product the kind its business's name or home page states", () => {
    const pages = [
      sitePage("/", { title: "Kivi Sauna House | Sauna on the Quay", headings: ["Kivi Sauna House"], text: "Kivi Sauna House", jsonLd: typed("DaySpa", "Kivi Sauna House") }),
      sitePage("/rituals.html", { title: "Rituals | Kivi Sauna House", headings: ["Birch whisk ritual"], text: "Birch whisk ritual A whisking with birch." })
    ]
    const product = factsFromPages({ name: "Birch whisk ritual", kind: "product", businessName: "Kivi Sauna House", url: `${ORIGIN}/rituals.html`, pages })
    expect(product.category).toBe("sauna house")
  })

  it("names an untyped business by its title's kind when that ends in a business's noun", () => {
    const site = (title: string) => business("Lacquer by Lena", [
      sitePage("/", { title, headings: ["Lacquer by Lena", "Spa pedicure"], text: "Lacquer by Lena Spa pedicure with a foot soak." })
    ])
    expect(site("Lacquer by Lena | Nail Bar in Hove").category).toBe("nail bar")
    // "Nail Care in Hove" names what is done, not the place: with no kind said elsewhere, that work is
    // the kind, over "spa", a word of one heading ("Spa pedicure").
    expect(site("Lacquer by Lena | Nail Care in Hove").category).toBe("nail care")
  })
})

describe("what the business says it is", () => {
  it("reads its own sentence past an abbreviation in its name, a generic head with a word of its own before it", () => {
    const site = (sentence: string) => business("Tussock Wool Co.", [
      sitePage("/", { title: "Tussock Wool Co. | Yarn & kits", headings: ["Tussock Wool Co."], text: `Tussock Wool Co. ${sentence}` }),
      sitePage("/about.html", { title: "About", headings: ["About"], text: "Tussock Wool Co. is a small online yarn shop in Gore. We dye merino." })
    ])
    expect(site("Yarn and kits.").category).toBe("yarn shop")
  })
})

describe("offerings the FAQ says yes to, beyond the answer's first words", () => {
  it("reads 'Is there ...?', a yes after a colon, and the question's own object when the yes does not name it fully", () => {
    const result = business("Larch & Fern", [
      sitePage("/", { title: "Larch & Fern", headings: ["Larch & Fern"], text: "Larch & Fern" }),
      sitePage("/faq.html", {
        title: "FAQ",
        headings: ["FAQ"],
        text:
          "Do you sell gift vouchers? Yes, for any amount from £20. " +
          "Do you do asbestos surveys for home sales? Yes. An asbestos (ACM) survey on the standard form costs $300. " +
          "Do you do team building for offices? Yes: corporate team building days for 10 to 40 people. " +
          "Is there a women-only evening? Yes, women's swim night is every Thursday. " +
          "Do you have parking? Yes, behind the building."
      })
    ])
    expect(result.offerings).toEqual(["gift vouchers", "asbestos surveys", "corporate team building days", "women's swim night"])
  })
})

describe("lists and sections of offerings", () => {
  it("reads every line of a page headed as a price list, not only those of its headline's kind", () => {
    const line = (name: string, price: string) => ({ name, description: null, sku: null, price, currency: null, url: null, image: null, source: "listing" as const })
    const result = business("Kivi", [
      sitePage("/", { title: "Kivi", headings: ["Kivi"], text: "Kivi" }),
      sitePage("/memberships.html", {
        title: "Prices & Memberships | Kivi",
        headings: ["Prices and memberships"],
        text: "Prices and memberships Day pass $20 Monthly membership $90 Towel hire $3",
        products: [line("Day pass", "20"), line("Monthly membership", "90"), line("Towel hire", "3")]
      })
    ])
    expect(result.offerings).toEqual(["day pass", "monthly membership", "towel hire"])
  })

  it("reads a line's bracket as how it is priced, not as its name ('(per nail)')", () => {
    const line = (name: string, price: string) => ({ name, description: null, sku: null, price, currency: null, url: null, image: null, source: "listing" as const })
    const result = business("Lacquer", [
      sitePage("/", { title: "Lacquer", headings: ["Lacquer"], text: "Lacquer" }),
      sitePage("/price-list.html", {
        title: "Price list | Lacquer",
        headings: ["Price list", "Nails"],
        text: "Price list Nails Gel manicure £30 Nail repair (per nail) £4 Nail art (hand-painted nail) £10",
        products: [line("Gel manicure", "30"), line("Nail repair", "4"), line("Nail art", "10")]
      })
    ])
    expect(result.offerings).toEqual(["gel manicure", "nail repair", "hand-painted nail"])
  })

  it("reads a home page's list under 'How we can help' and leaves a blog's '... notes' heading out", () => {
    const result = business("Clearview Optometry", [
      sitePage("/", {
        title: "Clearview Optometry",
        headings: ["Clearview Optometry", "How we can help", "Eye care notes"],
        text: "Clearview Optometry How we can help Eye care notes Why we scan every retina",
        listItems: [
          { heading: "How we can help", text: "Eye tests with retinal scans" },
          { heading: "How we can help", text: "Prescription safety glasses for trades and labs. From $229." }
        ]
      })
    ])
    expect(result.offerings).toEqual(["eye tests", "prescription safety glasses"])
  })

  it("reads an offering page's one-word sections as their text names them with the headline's last word", () => {
    const result = business("Redwing", [
      sitePage("/", { title: "Redwing", headings: ["Redwing"], text: "Redwing" }),
      sitePage("/general-pest.html", {
        title: "General pest control | Redwing",
        headings: ["General pest control", "Wasps", "Roaches", "Spiders", "Price"],
        text: "General pest control Every visit covers the house. Wasps Nests removed: wasp control is part of every plan. " +
          "Roaches Cockroach control with gel baits. Spiders We de-web the eaves. Price $99 a visit, pest control included."
      })
    ])
    expect(result.offerings).toEqual(["general pest control", "wasp control", "cockroach control"])
  })
})

describe("a product named by a word its list's lines share", () => {
  it("keeps to the lines that name it ('BIAB' on a price list of every treatment)", () => {
    const line = (name: string) => ({ name, description: null, sku: null, price: "30", currency: null, url: null, image: null, source: "listing" as const })
    const result = factsFromPages({
      name: "BIAB",
      kind: "product",
      businessName: "Lacquer",
      url: `${ORIGIN}/price-list.html`,
      pages: [sitePage("/price-list.html", {
        title: "Price list | Lacquer",
        headings: ["Price list", "Hands"],
        text: "Price list Hands Classic manicure £25 BIAB overlay £35 BIAB infill £30 Gel removal £10",
        products: [line("Classic manicure"), line("BIAB overlay"), line("BIAB infill"), line("Gel removal")]
      })]
    })
    expect(result.offerings).toEqual(["BIAB overlay", "BIAB infill"])
  })
})

describe("capitals alone that the site writes as a kind of thing", () => {
  const product = (name: string, offerings: ReadonlyArray<string>): PromptFacts => ({
    name, kind: "product", businessName: "Lacquer", url: `${ORIGIN}/price-list.html`, offerings, category: "nail studio", place: "Hove", audience: [], keywords: []
  })

  it("does not count a prompt naming 'BIAB' as a brand prompt when two offerings open with it before lower-case words", () => {
    expect(namesEntity("Where can I get BIAB infill in Hove?", product("BIAB", ["BIAB overlay", "BIAB infill"]))).toBe(false)
    // One such offering, or a name that is not capitals alone, is still a model's name.
    expect(namesEntity("Where can I get BIAB infill in Hove?", product("BIAB", ["BIAB infill", "gel removal"]))).toBe(true)
    expect(namesEntity("Where can I get an XR Pro case in Hove?", product("XR Pro", ["XR Pro case", "XR Pro stand"]))).toBe(true)
  })
})
