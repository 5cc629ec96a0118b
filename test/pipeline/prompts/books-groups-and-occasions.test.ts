/**
 * Rules found on holdout-g (tuning material since its one unseen run) and in a real onboarding of
 * a climbing gym, each on a made-up site: "book" and "new" as words of a thing ("Book repairs",
 * "New records"), curation ("Staff picks"), two kinds sharing a head ("Rare and signed records"),
 * a headline naming only whom a page is for, an events page that sells tickets; a price list's
 * joined group headings and its lines' details; a product's broader service; near-duplicates as
 * a reader counts words; a site's name as a thing's head noun; participles; a verb's phrase as a
 * course; priced lines and sections, offers named before their quantity, things for an occasion.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { offeringForm } from "../../../src/pipeline/prompts/english.ts"
import { factsFromPages, type PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { pageKind } from "../../../src/pipeline/prompts/site-pages.ts"
import { nearDuplicates } from "../../fixtures/prompt-eval/score.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const business = (name: string, pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name, kind: "business", businessName: name, url: `${ORIGIN}/`, pages })

const line = (name: string, price: string) => ({ name, description: null, sku: null, price, currency: null, url: null, image: null, source: "listing" as const })

describe("'book' and 'new' in the name of a thing", () => {
  it("reads 'Book repairs', 'New records' and a described subscription; 'Book now', 'New patients', 'Staff picks' stay out", () => {
    const result = business("Groove", [
      sitePage("/", {
        title: "Groove | Record shop in Leeds",
        headings: ["A record shop on Call Lane", "New records", "Book repairs", "Book now", "New patients", "Staff picks"],
        text: "A record shop on Call Lane New records Fresh pressings. Book repairs We rebind sleeves. Book now Call us. " +
          "New patients Welcome. Staff picks This month's picks from the counter."
      })
    ])
    expect(result.offerings).toEqual(["new records", "book repairs"])
  })

  it("names a product whose name is the brand's and one word by what its description says it is", () => {
    const pages = [
      sitePage("/", { title: "Groove | Record shop in Leeds", headings: ["Groove"], text: "Groove" }),
      sitePage("/monthly.html", {
        title: "Groove Monthly | Groove",
        headings: ["Groove Monthly"],
        text: "Groove Monthly Every month a record, chosen for you.",
        products: [{ name: "Groove Monthly", price: "30", url: null, description: "A book subscription: one signed record book a month." }]
      })
    ]
    const product = factsFromPages({ name: "Groove Monthly", kind: "product", businessName: "Groove", url: `${ORIGIN}/monthly.html`, pages })
    expect(product.offerings).toEqual(["book subscription"])
  })

  it("splits 'Rare and signed records' into two kinds of records, and reads a page headed 'Kids' by its title", () => {
    const result = business("Groove", [
      sitePage("/", { title: "Groove", headings: ["Groove"], text: "Groove" }),
      sitePage("/records.html", {
        title: "Records | Groove",
        headings: ["Records", "Rare and signed records", "Secondhand & rare"],
        text: "Records Rare and signed records First pressings and signed sleeves. Secondhand & rare Good used records."
      }),
      sitePage("/kids.html", { title: "Children's records – Groove", headings: ["Kids", "Storytime"], text: "Kids Picture discs. Storytime Free on Wednesdays." })
    ])
    // ("records" alone is left out beside the kinds that say more; "Secondhand & rare", two
    // adjectives, says which, not what.)
    expect(result.offerings).toEqual(["children's records", "rare records", "signed records"])
  })

  it("reads an events page that sells tickets, without its dated lines or 'Coming up'", () => {
    const result = business("Groove", [
      sitePage("/", { title: "Groove", headings: ["Groove"], text: "Groove" }),
      sitePage("/events", {
        title: "Events | Groove",
        headings: ["Events", "Coming up", "Listening clubs"],
        text: "Events Album listening nights after closing. Tickets are $15. Coming up Thursday 4 December, 6 pm – listening night " +
          "Listening clubs We give listening clubs 10% off.",
        listItems: [{ heading: "Coming up", text: "Thursday 4 December, 6 pm – listening night: Blue Train" }]
      })
    ])
    expect(result.offerings).toEqual(["listening clubs"])
    // One price that is no ticket ("Quiz night, $5 entry") leaves the page about the business.
    expect(pageKind(sitePage("/events", { title: "Events", text: "Quiz night, $5 entry." }))).toBe("business")
    expect(pageKind(sitePage("/events", { title: "Events", text: "Author talks. Tickets are $15." }))).toBe("other")
  })
})

describe("a price list's groups and its lines' details", () => {
  it("leaves out joined group headings over priced lines and cuts sizes, choices and what is done to a line", () => {
    const result = business("Quayside Cleaners", [
      sitePage("/", {
        title: "Quayside Cleaners",
        headings: ["Quayside Cleaners"],
        text: "Quayside Cleaners",
        products: [line("Shirts laundered and pressed", "5.50"), line("Two-piece suits dry cleaned", "24")]
      }),
      sitePage("/prices", {
        title: "Prices | Quayside Cleaners",
        headings: ["Prices", "Suits & jackets", "Wedding & special", "Household"],
        text: "Prices Suits & jackets Two-piece suit $24 Wedding & special Evening gown $35 Household Duvet, single or double $38",
        products: [
          line("Two-piece suit", "24"),
          line("Blouse or silk top, dry cleaned", "12"),
          line("Evening gown", "35"),
          line("Duvet, single or double", "38"),
          line("Business shirt, laundered and pressed", "5.50")
        ]
      })
    ])
    // ("shirts" alone is left out beside "business shirt".)
    expect(result.offerings).toEqual(["two-piece suits", "blouse or silk top", "evening gown", "duvet", "business shirt"])
  })

  it("does not take a service its page names with less of a product's name ('dress cleaning') or 'including ...' as its kind", () => {
    const pages = [
      sitePage("/", { title: "Quayside Cleaners", headings: ["Quayside Cleaners"], text: "Quayside Cleaners" }),
      sitePage("/bridal.html", {
        title: "Wedding dress cleaning | Quayside Cleaners",
        headings: ["Wedding dress cleaning"],
        text: "Wedding dress cleaning Every gown is hand finished, including cleaning of the train. Our dress cleaning is gentle."
      })
    ]
    const product = factsFromPages({ name: "Wedding dress cleaning", kind: "product", businessName: "Quayside Cleaners", url: `${ORIGIN}/bridal.html`, pages })
    expect(product.offerings).toEqual(["wedding dress cleaning"])
  })
})

describe("priced lines and sections, quantities and occasions", () => {
  it("reads a line of things and its price, an offer before its quantity, a priced one-word section and a thing for an occasion", () => {
    const result = business("Lark Brewing", [
      sitePage("/", {
        title: "Lark Brewing",
        headings: ["Lark Brewing", "Beer from the hills", "Kegs for your party"],
        text: "Lark Brewing Beer from the hills Kegs for your party Sixtels with a tap."
      }),
      sitePage("/beers.html", {
        title: "Beers | Lark Brewing",
        headings: ["Beers", "Year-round", "Not beer?"],
        text: "Beers Year-round Lark Pale $6. Flight of four: yes. Tasting paddle of four 5 oz pours: $14. Not beer? House-made ginger beer and sparkling water, $3.",
        products: [line("Lark Pale", "6"), line("Lark Stout", "7"), line("Lark Sour", "7")]
      }),
      sitePage("/to-go.html", {
        title: "To go | Lark Brewing",
        headings: ["To go", "Crowlers", "Merch"],
        text: "To go Crowlers 32 oz cans filled at the bar: $14. Merch Shirts at the bar ($25)."
      })
    ])
    // ("Year-round" is when, "Merch" one word with no price of its own, "Flight of four: yes" no deal.)
    expect(result.offerings).toEqual(["party kegs", "crowlers", "tasting paddle", "house-made ginger beer", "sparkling water"])
  })
})

describe("phrasing", () => {
  const gym: PromptFacts = {
    name: "Chalk",
    kind: "business",
    businessName: "Chalk",
    url: `${ORIGIN}/`,
    offerings: ["liquid chalk", "lenses worn overnight"],
    category: "bouldering gym",
    place: "Galway",
    audience: [],
    keywords: [],
    features: [],
    openDays: [],
    visitable: true
  }

  it("keeps a one-word site name that is a thing's head noun ('liquid chalk' at Chalk)", () => {
    const prompts = builtinPrompts(gym)
    expect(prompts.filter((p) => /liquid chalk/u.test(p)).length).toBeGreaterThan(0)
    expect(prompts.filter((p) => /\bliquids?\b(?! chalk)/u.test(p))).toEqual([])
  })

  it("asks for a mass noun and a participle's phrase as written", () => {
    expect(offeringForm("liquid chalk")).toEqual({ text: "liquid chalk", plural: false })
    expect(offeringForm("lenses worn overnight")).toEqual({ text: "lenses worn overnight", plural: true })
    expect(offeringForm("shirt dry cleaned today")).toEqual({ text: "shirt dry cleaned today", plural: false })
  })

  it("names a course called by a verb's phrase with the noun its page gives it", () => {
    const result = business("Chalk", [
      sitePage("/", { title: "Chalk", headings: ["Chalk"], text: "Chalk" }),
      sitePage("/courses.html", {
        title: "Courses | Chalk",
        headings: ["Learn to Boulder"],
        text: "Learn to Boulder A four-week beginner course, one evening a week."
      })
    ])
    expect(result.offerings).toEqual(["learn to boulder course"])
  })

  it("describes a product sharing its page with others by the sentence after its own heading", () => {
    const pages = [
      sitePage("/", { title: "Chalk", headings: ["Chalk"], text: "Chalk" }),
      sitePage("/courses.html", {
        title: "Courses | Chalk",
        headings: ["Courses and coaching", "Learn to Boulder", "Private coaching"],
        text: "Courses and coaching Learn to Boulder A four-week beginner course, one evening a week. Private coaching One-to-one sessions."
      })
    ]
    const product = factsFromPages({ name: "Learn to Boulder", kind: "product", businessName: "Chalk", url: `${ORIGIN}/courses.html`, pages })
    expect(product.offerings).toEqual(["learn to boulder course", "four-week beginner course"])
  })

  it("keeps out a prompt sharing four of five words with another, counted as a reader counts them", () => {
    const shop: PromptFacts = {
      ...gym,
      name: "Quayside Cleaners",
      businessName: "Quayside Cleaners",
      offerings: ["business shirts", "ties", "duvets"],
      category: "dry cleaner",
      place: "Wellington",
      audience: ["wellington businesses"]
    }
    expect(nearDuplicates(builtinPrompts(shop))).toEqual([])
  })
})

describe("services named in a FAQ yes and under a call to action", () => {
  it("reads a FAQ yes in the question's own verb with a three-word object ('biomass boiler flue sweeping')", () => {
    const result = business("Soot & Co", [
      sitePage("/", { title: "Soot & Co", headings: ["Soot & Co", "Swept clean", "Chimney sweeping"], text: "Soot & Co Swept clean Chimney sweeping Every flue." }),
      sitePage("/faq.html", {
        title: "FAQ | Soot & Co",
        headings: ["FAQ", "Do you sweep biomass boilers?"],
        text: "FAQ Do you sweep biomass boilers? Yes, we sweep biomass boiler flues and pellet stove flues at chimney rates."
      })
    ])
    expect(result.offerings).toEqual(["chimney sweeping", "biomass boiler flue sweeping"])
  })

  it("names a page headed by a question and a phone number by its first sentence's service", () => {
    const result = business("Keyhole", [
      sitePage("/", { title: "Keyhole", headings: ["Keyhole"], text: "Keyhole" }),
      sitePage("/emergency.html", {
        title: "24-hour emergency locksmith Cork – Keyhole",
        headings: ["Locked out? Call 087 555 0100"],
        text: "Locked out? Call 087 555 0100 Our emergency lockout service runs 24 hours a day across Cork."
      })
    ])
    // (The title's "emergency locksmith" is the business itself with a feature.)
    expect(result.offerings).toEqual(["emergency lockout service"])
  })
})
