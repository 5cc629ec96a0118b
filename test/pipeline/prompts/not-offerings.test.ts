/**
 * What a made-up site names but does not sell: a list item that is free or sold out, a heading whose
 * first sentence says the business does not offer it, fees and rebates, a schedule, an imperative
 * or "Ways to" heading, a card's own name ("The Meadow"), counts and lengths beside a price. And
 * what it does sell though its page looks otherwise: an events page that prices its hire.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { pageKind } from "../../../src/pipeline/prompts/site-pages.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const PAGES = [
  sitePage("/", {
    title: "Larch & Fern | Coworking in Perth",
    headings: ["Larch & Fern", "A coworking space for people", "Ways to work here", "Also on offer"],
    text: "A coworking space for people who work alone Larch & Fern is a coworking space in a warehouse in Perth. Ways to work here ...",
    listItems: [
      { heading: "Also on offer", text: "Virtual office – a business address and mail handling, $65/month." },
      { heading: "Also on offer", text: "Phone booths – free for members, first come first served." },
      { heading: "Also on offer", text: "Podcast studio – sold out until March." }
    ]
  }),
  sitePage("/services.html", {
    title: "Services",
    headings: [
      "Services", "Dry needling", "Hydrotherapy", "Registration fee", "Health fund rebates", "Class times", "Add a little extra", "The Meadow",
      "Rewiring of old terraces and cottages", "Data and TV antenna cabling"
    ],
    text:
      "Services Dry needling Fine needles for tight muscles. Hydrotherapy We don't have a pool, but we can refer you to classes nearby. " +
      "Registration fee €40 once. Health fund rebates apply. Class times Monday 6pm. Add a little extra A card. The Meadow Loose bouquet. " +
      "Rewiring of old terraces and cottages Old wiring out. Data and TV antenna cabling For the home office.",
    products: [
      { name: "Remedial massage 30 / 60 min", price: "$70" },
      { name: "Pilates class / 10-class pass", price: "$45" },
      { name: "The Bruntsfield", price: "$50" }
    ]
  }),
  sitePage("/events.html", {
    title: "Event Space Rental | Larch & Fern",
    headings: ["Host an event", "Event space rental"],
    text: "Host an event Our hall seats 50. Event space rental Evenings $600. Full day $1,500."
  }),
  sitePage("/stay.html", {
    title: "Accommodation",
    headings: ["Accommodation", "Homestay with a local family"],
    text: "Accommodation ... Homestay with a local family A room. €240 a week."
  })
]

describe("what a site names but does not sell", () => {
  it("keeps only the offerings", () => {
    const result = factsFromPages({ name: "Larch & Fern", kind: "business", businessName: "Larch & Fern", url: `${ORIGIN}/`, pages: PAGES })
    expect(result.offerings).toEqual([
      "event space rental", "accommodation", "dry needling", "rewiring", "data cabling", "TV antenna cabling", "remedial massage", "pilates class",
      "virtual office", "homestay"
    ])
    // The business's own sentence says what it is when no heading has a known category word.
    expect(result.category).toBe("coworking space")
  })

  it("reads an events page with two prices as selling something, one without prices as about the business", () => {
    expect(pageKind(PAGES[2]!)).toBe("other")
    expect(pageKind(sitePage("/events.html", { title: "Events", text: "Friday lunch and skill shares, free for members." }))).toBe("business")
    expect(pageKind(sitePage("/events.html", { title: "Events", text: "Quiz night, $5 entry." }))).toBe("business")
  })

  it("reads the business's news on its home page ('Coach spotlight', 'Regatta results') as no offering", () => {
    const result = factsFromPages({
      name: "Kestrel Rowing",
      kind: "business",
      businessName: "Kestrel Rowing",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", {
          title: "Kestrel Rowing | Rowing lessons in Chester",
          headings: ["Learn to row on the Dee", "Learn-to-row course", "Coach spotlight", "Regatta results", "Season recap"],
          text: "Learn to row on the Dee Learn-to-row course Six Saturday mornings. Coach spotlight Meet Ana. Regatta results Two wins. Season recap A good year."
        })
      ]
    })
    expect(result.offerings).toContain("learn-to-row course")
    expect(result.offerings.filter((o) => /spotlight|results|recap/.test(o))).toEqual([])
  })

  it("reads when a course runs ('Upcoming dates', 'Courses & dates') as no offering, and dates sold as food as one", () => {
    const result = factsFromPages({
      name: "Kestrel Rowing",
      kind: "business",
      businessName: "Kestrel Rowing",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Kestrel Rowing | Rowing lessons in Chester", headings: ["Learn to row on the Dee"], text: "Learn to row on the Dee." }),
        sitePage("/courses.html", {
          title: "Courses & dates | Kestrel Rowing",
          headings: ["Courses & dates", "Learn-to-row course", "Sculling course", "Upcoming dates"],
          text: "Courses & dates Learn-to-row course Six Saturdays, £120. Sculling course Four evenings, £90. Upcoming dates 3 May, 7 June."
        }),
        sitePage("/cafe.html", { title: "Boathouse café | Kestrel Rowing", headings: ["Boathouse café", "Medjool dates", "Flapjacks"], text: "Medjool dates £3. Flapjacks £2." })
      ]
    })
    expect(result.offerings).toEqual(expect.arrayContaining(["learn-to-row course", "sculling course", "medjool dates"]))
    expect(result.offerings.filter((o) => /^(?:upcoming dates|courses (?:&|and) dates)$/.test(o))).toEqual([])
  })

  it("reads a page of posts headed by their dates without a year ('March 3: snapper on the reef') as about the business", () => {
    const result = factsFromPages({
      name: "Kestrel Charters",
      kind: "business",
      businessName: "Kestrel Charters",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Kestrel Charters | Fishing charters in Tauranga", headings: ["Fish the Bay of Plenty"], text: "Fish the Bay of Plenty." }),
        sitePage("/trips.html", { title: "Trips | Kestrel Charters", headings: ["Trips", "Half-day reef trip", "Full-day offshore trip"], text: "Trips Half-day reef trip $120. Full-day offshore trip $240." }),
        sitePage("/catch-log.html", {
          title: "Catch log | Kestrel Charters",
          headings: ["Catch log", "March 3: snapper on the reef", "February 20: kingfish at the island"],
          text: "Catch log March 3: snapper on the reef Good bite at dawn. February 20: kingfish at the island Three landed."
        })
      ]
    })
    expect(result.offerings).toEqual(expect.arrayContaining(["half-day reef trip", "full-day offshore trip"]))
    expect(result.offerings.filter((o) => /catch log|snapper|kingfish/.test(o))).toEqual([])
  })

  it("reads a page titled as the business's own workshop, in English or another language, as about the business; workshops sold are not", () => {
    expect(pageKind(sitePage("/workshop.html", { title: "The workshop · Birchwood Joinery", text: "Our bench, our wood, open weekends." }))).toBe("business")
    expect(pageKind(sitePage("/atelier.html", { title: "Notre atelier | Sabots Morel", text: "Trois générations." }))).toBe("business")
    expect(pageKind(sitePage("/taller.html", { title: "Nuestro taller | Cestería Ruiz", text: "Tres generaciones." }))).toBe("business")
    expect(pageKind(sitePage("/workshops.html", { title: "Workshops | Birchwood Joinery", text: "Stool making, $90." }))).not.toBe("business")
    expect(pageKind(sitePage("/workshop.html", { title: "Spoon carving workshop | Birchwood Joinery", text: "One day, $90." }))).not.toBe("business")
  })
})
