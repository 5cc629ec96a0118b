import { describe, expect, it } from "vitest"
import { factCheck } from "../../src/site-generator/fact-check.ts"
import { contactWays, descriptionOf, descriptor, matchOffering, priceOf, siteSentences, visiting } from "../../src/site-generator/post-facts.ts"
import { daysAsked, intentOf } from "../../src/site-generator/post-intent.ts"
import { pairwiseSimilarity } from "../../src/site-generator/post-similarity.ts"
import { type ExistingPost, gapsOf, planPost, postSlugOf, SIMILARITY_LIMIT, withoutRepeatedQuotes } from "../../src/site-generator/post-writer.ts"
import { possessive } from "../../src/site-generator/text.ts"
import { fixtureSite } from "./fixture-facts.ts"
import { bakery } from "./sample-site.ts"

describe("post writer", () => {
  it("orders prompts by the platforms they are visible on, fewest first, ties in set order", () => {
    const checks = [
      { prompt: "a", platform: "p1", status: "answered", visible: true },
      { prompt: "a", platform: "p2", status: "answered", visible: true },
      { prompt: "b", platform: "p1", status: "answered", visible: true },
      { prompt: "c", platform: "p1", status: "failed", visible: true }
    ]
    expect(gapsOf(["a", "b", "c", "d"], checks)).toEqual([
      { prompt: "c", visibleOn: 0 },
      { prompt: "d", visibleOn: 0 },
      { prompt: "b", visibleOn: 1 },
      { prompt: "a", visibleOn: 2 }
    ])
  })

  it("cuts a slug at a word boundary, and not after a small word", () => {
    expect(postSlugOf("Which bakeries in Lyon give the best value for money on sourdough loaves?")).toBe(
      "which-bakeries-in-lyon-give-the-best-value-for-money"
    )
    expect(postSlugOf("What Salt & Ember Cookery School says about Fresh pasta by Hand")).toBe("what-salt-ember-cookery-school-says-about-fresh-pasta")
    expect(postSlugOf("Kurse in der Praxis vs Rückenfit 10er-Karte: which should I choose?")).toBe("kurse-in-der-praxis-vs-ruckenfit-10er-karte")
  })

  it("answers the least visible prompt, dated the day given, with a fact from the site", () => {
    const planned = planPost({ facts: bakery, prompts: ["best croissant in Lyon", "sourdough near me"], checks: [
      { prompt: "sourdough near me", platform: "p1", status: "answered", visible: true }
    ], posts: [], date: "2026-12-01" })
    expect(planned.prompt).toBe("best croissant in Lyon")
    expect(planned.post.date).toBe("2026-12-01")
    expect(planned.post.bodyParagraphs.join(" ")).toContain("1.40 EUR")
  })
})

describe("post titles", () => {
  it("name the town, never the street address, when the facts have an address but no town", () => {
    const hours = [{ text: "Tuesday–Sunday 07:00–19:00", days: ["Tuesday"], opens: "07:00", closes: "19:00" }]
    const facts = { ...bakery, place: null, hours }
    const posts: Array<ExistingPost> = []
    for (const d of [1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      const planned = planPost({ facts, prompts: ["Where can I get a sourdough loaf?", "Is the bakery open on Tuesday?"], checks: [], posts, date: `2026-12-0${d}` })
      posts.push({ ...planned.post, topic: planned.prompt })
    }
    const titles = posts.map((p) => p.title)
    expect(titles.filter((t) => t.includes("rue d'Austerlitz"))).toEqual([])
    expect(titles.some((t) => /where Acme Bakery is|Finding Acme Bakery/.test(t))).toBe(true)
  })
})

describe("fact check", () => {
  it("accepts a price of the facts and rejects an invented one", () => {
    expect(factCheck("Acme Bakery sells its Butter croissant at 1.40 EUR.", bakery)).toEqual({ passed: true, failures: [] })
    expect(factCheck("Acme Bakery sells its Butter croissant at 2.10 EUR.", bakery)).toEqual({ passed: false, failures: ["number 2.10: not in the facts"] })
  })
})

describe("what a post says", () => {
  const lakeside = fixtureSite("prompt-eval/dev/lakeside-family-dental", "Lakeside Family Dental")
  const firstParagraph = (prompt: string, facts = lakeside.facts) =>
    planPost({ facts, prompts: [prompt], checks: [], posts: [], date: "2026-12-01" }).post.bodyParagraphs[0]

  it("reads what a prompt asks", () => {
    expect(intentOf("What time do dentists in Madison open on Wednesday?", "Lakeside")).toBe("hours")
    expect(intentOf("How much do dental implants cost in Madison?", "Lakeside")).toBe("price")
    expect(intentOf("closest dentist to me for crowns", "Lakeside")).toBe("where")
    expect(intentOf("I need a crown on short notice, who can help?", "Lakeside")).toBe("urgent")
    expect(intentOf("Which is better, crowns or implants?", "Lakeside")).toBe("compare")
    expect(intentOf("Which dentist do locals recommend for crowns?", "Lakeside")).toBe("rated")
    expect(intentOf("Lakeside whitening", "Lakeside")).toBe("brand")
    expect(daysAsked("Which bakeries are open on weekends?")).toEqual(["Saturday", "Sunday"])
    expect(daysAsked("bakery open on Thursdays")).toEqual(["Thursday"])
  })

  it("answers a day's opening hours with that day's, from the site's hours", () => {
    expect(firstParagraph("What time do dentists in Madison open on Wednesday?")).toMatch(/\bWednesday\b.*\b10:00\b.*\b19:00\b/)
    expect(firstParagraph("Which dentists near me are open on Sunday?")).toMatch(/closed on Sunday|Not on Sunday: .* closed that day/)
    // A weekend with hours for Saturday only: the other day is not named, nor made up.
    const saturdays = { ...bakery, hours: [{ text: "Saturday 09:00–13:00", days: ["Saturday"], opens: "09:00", closes: "13:00" }] }
    expect(firstParagraph("Which bakeries in Lyon are open on weekends?", saturdays)).toMatch(/ 09:00 to 13:00\. The site gives no hours for the other day of the weekend\.$/)
  })

  it("writes an offering's name as a site in another language writes it, and lowers it on an English site", () => {
    const offerings = [{ name: "Kinotag", description: null, url: null, price: "6.50", currency: "EUR" }]
    const german = { ...bakery, offerings, pages: [{ ...bakery.pages[0]!, text: "Wir zeigen Filme im Original mit Untertiteln. Der Kinotag ist am Dienstag und die Karten sind für alle günstiger." }] }
    const english = { ...bakery, offerings, pages: [{ ...bakery.pages[0]!, text: "We show films with subtitles. The cinema day is on Tuesday and the tickets are cheaper for all of you." }] }
    const body = (facts: typeof german) => {
      const post = planPost({ facts, prompts: ["Where can I get Kinotag near me in Lyon?"], checks: [], posts: [], date: "2026-12-01" }).post
      return [post.title, ...post.bodyParagraphs].join("\n")
    }
    expect(body(german)).toMatch(/ Kinotag\b/)
    expect(body(german)).not.toMatch(/\bkinotag\b/)
    expect(body(english)).toMatch(/ kinotag\b/)
    // A heading's capital is the heading's: a French site writing the name in its sentences in lower
    // case has it in lower case inside the post's sentences too.
    const french = {
      ...bakery,
      offerings: [{ name: "Mandat de protection", description: null, url: null, price: "350", currency: "CAD" }],
      pages: [{ ...bakery.pages[0]!, headings: ["Mandat de protection"], text: "Mandat de protection Le mandat de protection désigne la personne qui prendra soin de vous si vous devenez inapte." }]
    }
    const post = planPost({ facts: french, prompts: ["How much is a mandat de protection in Lyon?"], checks: [], posts: [], date: "2026-12-01" }).post
    expect(post.bodyParagraphs.join("\n")).toMatch(/[a-z,:] mandat de protection\b/)
    expect(post.bodyParagraphs.join("\n")).not.toMatch(/[a-z,:] Mandat de protection\b/)
    // A cuisine or a day keeps its capital on an English site: "Thai street food", "Sunday roast".
    const thai = { ...bakery, offerings: [{ name: "Thai street food", description: null, url: null, price: "95", currency: "GBP" }, { name: "Sunday roast", description: null, url: null, price: "24", currency: "GBP" }] }
    const text = [0, 1, 2, 3].map((v) => planPost({ facts: thai, prompts: ["How much is Thai street food in Lyon?", "sunday roast in Lyon"], checks: [], posts: [], date: `2026-12-0${v + 1}` }).post.bodyParagraphs.join("\n")).join("\n")
    expect(text).toMatch(/[a-z,:] Thai street food\b/)
    expect(text).not.toMatch(/\bthai street food\b/)
    expect(text).not.toMatch(/\bsunday roast\b/)
  })

  it("answers a price question with the offering's listed price first", () => {
    expect(firstParagraph("How much is a butter croissant in Lyon?", bakery)).toContain("1.40 EUR")
  })

  it("never sends a reader in person to an address the site says is no shop, and says when visits are by appointment", () => {
    const withText = (text: string) => ({ ...bakery, pages: [{ ...bakery.pages[0]!, text }] })
    const truck = withText("The kitchen is not a shop; find the truck on the schedule.")
    const studio = withText("Studio on Queen Street East. Visits by appointment.")
    const shop = withText("Saturday by appointment; weekdays 9 to 5.")
    expect([truck, studio, shop].map(visiting)).toEqual(["not a shop", "by appointment", "walk-in"])
    expect(contactWays(truck)).not.toContain("in person")
    expect(contactWays(studio)).toMatch(/in person at .*, by appointment$/)
    expect(contactWays(shop)).toContain(" or in person at 12 rue d'Austerlitz")
    expect(contactWays(shop)).not.toContain("by appointment")
  })

  it("gives a price list row's price as the row writes it, per what it is, and does not repeat the row", () => {
    const club = { name: "Homework club", description: "Homework Club, Mon–Thu 3:30–5:30, grades 3–8: $240/month", url: null, price: "240", currency: "USD", writtenPrice: "$240/month" }
    const tutors = { ...bakery, offerings: [club] }
    expect(priceOf(club)).toBe("$240/month")
    expect(descriptionOf(club)).toBe(null)
    const { writtenPrice: _, ...described } = club
    expect(descriptionOf({ ...described, description: "After-school help with homework." })).toBe("After-school help with homework.")
    const post = planPost({ facts: tutors, prompts: ["How much does homework club cost in Lyon?"], checks: [], posts: [], date: "2026-12-01" }).post
    expect(post.bodyParagraphs[0]).toContain("$240/month")
    expect(post.bodyParagraphs.join(" ")).not.toContain("Mon–Thu 3:30–5:30")
  })

  it("answers a price question from the site's text when the offering has no listed price, and never says the site has none", () => {
    expect(firstParagraph("How much does teeth whitening cost in Madison?")).toContain("“In-office whitening in one 90-minute visit ($395), or custom take-home trays ($250).”")
    // No price for it is listed or stated: the post says none was found, never that the site has none,
    // and gives the one price the site lists ("Emergency exam and X-ray: $95.") for reference.
    expect(firstParagraph("How much does root canal therapy cost in Madison?")).toMatch(
      /^(No price for root canal therapy was found on fixture\.example; the prices it lists are emergency exam at \$95\.|fixture\.example shows no price for root canal therapy that this post could find, so ask Lakeside Family Dental; for reference, it lists emergency exam at \$95\.)$/
    )
    // With no price listed at all, it says only that none was found.
    const unpriced = { ...lakeside.facts, offerings: lakeside.facts.offerings.map(({ writtenPrice: _written, ...o }) => ({ ...o, price: null, currency: null })) }
    expect(firstParagraph("How much does root canal therapy cost in Madison?", unpriced)).toMatch(
      /^(No price for root canal therapy was found on fixture\.example, so ask Lakeside Family Dental for one\.|The pages of fixture\.example read for this post give no price for root canal therapy; ask Lakeside Family Dental directly\.)$/
    )
  })

  it("quotes what the site says on the prompt's particular ask", () => {
    const hearth = fixtureSite("prompt-eval/dev/hearth-and-crumb-bakery", "Hearth & Crumb Bakery")
    const planned = planPost({ facts: hearth.facts, prompts: ["Where can I get gluten-free almond croissants near me?"], checks: [], posts: [], date: "2026-12-01" })
    expect(planned.post.bodyParagraphs[1]).toContain("gluten-free")
  })

  it("reads the site's sentences whole: numbers, abbreviations and run-in headings; no questions or navigation", () => {
    const facts = {
      ...bakery,
      offerings: [],
      pages: [{
        url: "https://www.acme-bakery.fr/",
        title: "Acme",
        description: "",
        headings: ["Our team"],
        text: "Our team Dr. Anna Brandt bakes every loaf herself since 2009. A loaf is 4.50 EUR on weekdays at the counter. " +
          "Do you sell gluten-free bread every day? Home · Menu · Contact us today for the price list. " +
          "Item From Baguette 1.20 EUR Brioche 3.80 EUR Tarte au citron 4.60 EUR Pain de mie 3.10 EUR."
      }]
    }
    // The price list run together (three prices and more) is no sentence to quote.
    expect(siteSentences(facts as never).map((s) => s.text)).toEqual([
      "Dr. Anna Brandt bakes every loaf herself since 2009.",
      "A loaf is 4.50 EUR on weekdays at the counter."
    ])
    // Several headings in a row (a list of values) run into a sentence are all cut off.
    const values = { ...facts, pages: [{ ...facts.pages[0]!, headings: ["Our values", "Honesty", "Giving back"], text: "Our values Honesty Comfort Continuing education Giving back Each February we offer free cleanings to uninsured children." }] }
    expect(siteSentences(values as never).map((s) => s.text)).toEqual(["Each February we offer free cleanings to uninsured children."])
    // Opening hours run together (three clock times and more) are no sentence either; two are.
    const hours = { ...facts, pages: [{ ...facts.pages[0]!, headings: ["Opening hours"], text: "Opening hours Monday to Friday 8:30am–5pm Saturday 9am–12:30pm Sunday closed Free parking behind the shop. We bake from 6:00 to 14.30 every day." }] }
    expect(siteSentences(hours as never).map((s) => s.text)).toEqual(["We bake from 6:00 to 14.30 every day."])
    // An answer that opens with its yes or no needs its question: it is no sentence to quote alone.
    const answers = { ...facts, pages: [{ ...facts.pages[0]!, headings: [], text: "No, we teach Pilates only: no yoga and no barre. Yes. We bake rye on Saturdays for the market." }] }
    expect(siteSentences(answers as never).map((s) => s.text)).toEqual(["We bake rye on Saturdays for the market."])
    // A job advert speaks to applicants, not customers: a careers page is not quoted.
    const careers = { ...facts, pages: [...answers.pages, { url: "https://bakery.example/careers", title: "Careers | Bakery", description: "", headings: [], text: "Full-time bakers wanted, early starts and a company van." }] }
    expect(siteSentences(careers as never).map((s) => s.text)).toEqual(["We bake rye on Saturdays for the market."])
    // A breadcrumb run into the sentence after it is navigation, not the business's words.
    const crumbs = { ...facts, pages: [{ ...facts.pages[0]!, headings: [], text: "Home › Menu › Shio Ramen Shiokaze Shio Ramen $17 Shio means salt. Home > Shop > Bread Our rye is baked on Saturdays. We bake rye on Saturdays for the market." }] }
    expect(siteSentences(crumbs as never).map((s) => s.text)).toEqual(["We bake rye on Saturdays for the market."])
  })

  it("takes the offering a prompt names by its head word, even when the entity's name has that word, and writes a name ending in s as its possessive", () => {
    const guitars = {
      ...bakery,
      name: "Fretwork Guitars",
      businessName: "Fretwork Guitars",
      category: "guitar shop",
      place: "Glasgow",
      offerings: [
        { name: "Bass amps", description: "Combos and heads for bass.", url: null, price: "149", currency: "GBP" },
        { name: "Bass guitars", description: "Four- and five-string basses.", url: null, price: null, currency: null }
      ]
    }
    expect(matchOffering(guitars, "Which shops in Glasgow sell bass guitars?")?.name).toBe("Bass guitars")
    expect(matchOffering(guitars, "Best bass amps in Glasgow?")?.name).toBe("Bass amps")
    // What comes after "in", "at", "on" places the thing; it is not what the thing is.
    const barn = { ...guitars, category: "wedding venue", offerings: [{ name: "Rehearsal dinner in the orchard", description: null, url: null, price: "1800", currency: "USD" }] }
    expect(matchOffering(barn, "Which barn in Kinderhook do locals recommend for rehearsal dinners?")?.name).toBe("Rehearsal dinner in the orchard")
    // The category names no offering: at an ice cream shop, every flavour is ice cream.
    const creamery = {
      ...guitars,
      category: "ice cream shop",
      offerings: [
        { name: "Banana dog ice cream", description: null, url: null, price: null, currency: null },
        { name: "Ice cream cakes", description: null, url: null, price: null, currency: null }
      ]
    }
    expect(matchOffering(creamery, "Are ice cream shops open on Friday?")).toBe(null)
    expect(matchOffering(creamery, "best ice cream cakes in Savannah")?.name).toBe("Ice cream cakes")
    // The offering whose whole name the prompt says comes before one sharing more of its words, and
    // a four-letter plural is the singular ("oils", "sets").
    const grove = {
      ...guitars,
      category: "olive oil producer",
      offerings: [
        { name: "Early Harvest Koroneiki Extra Virgin Olive Oil", description: "Green olive oil from Koroneiki olives.", url: null, price: "19.00", currency: "EUR" },
        { name: "Three Villages Tasting Set", description: null, url: null, price: "36.00", currency: "EUR" },
        { name: "Olive oil soap", description: null, url: null, price: "9.00", currency: "EUR" }
      ]
    }
    expect(matchOffering(grove, "How much does olive oil soap cost in Vatolakkos?")?.name).toBe("Olive oil soap")
    expect(matchOffering(grove, "Where can I order three villages tasting sets?")?.name).toBe("Three Villages Tasting Set")
    expect(matchOffering(grove, "Best early harvest olive oils in Chania?")?.name).toBe("Early Harvest Koroneiki Extra Virgin Olive Oil")
    // A name is about the word before what qualifies it: a garden suite with a bath is a suite.
    const ryokan = { ...grove, name: "Kawasemi Ryokan", businessName: "Kawasemi Ryokan", category: "ryokan",
      offerings: [{ name: "Garden Suite with Private Open-Air Bath", description: null, url: null, price: "46000", currency: "JPY" }] }
    expect(matchOffering(ryokan, "How much should I expect to pay for a garden suite?")?.name).toBe("Garden Suite with Private Open-Air Bath")
    expect(matchOffering(ryokan, "Which ryokan has a private bath?")).toBe(null)
    const posts: Array<ExistingPost> = []
    for (let i = 0; i < 12; i++) {
      const planned = planPost({ facts: guitars, prompts: ["Where can I get bass guitars in Glasgow?", "bass amps price", "Fretwork Guitars reviews"], checks: [], posts, date: "2026-12-01" })
      posts.unshift({ ...planned.post, angle: planned.angle })
    }
    const text = posts.map((p) => [p.title, p.summary, ...p.bodyParagraphs].join(" ")).join(" ")
    expect(text).toContain("Fretwork Guitars' ")
    expect(text).not.toContain("Guitars's")
    expect(possessive("Acme Bakery")).toBe("Acme Bakery's")
  })
})

describe("a draft's paragraphs", () => {
  it("drop a paragraph that only quotes what an earlier one says, and keep one that adds to it", () => {
    const said = "Fretwork Guitars lists full setup at 45 GBP. Full setups include truss rod adjustment, action and intonation."
    const draft = { title: "t", bodyParagraphs: [
      said,
      "From “Full setup”: “Full setups include truss rod adjustment, action and intonation.”",
      "“Every used guitar gets a full setup on our bench before it goes on the wall.” (Shop, https://fretwork.example/shop)"
    ] }
    expect(withoutRepeatedQuotes(draft).bodyParagraphs).toEqual([said, draft.bodyParagraphs[2]])
    expect(withoutRepeatedQuotes({ bodyParagraphs: [said] })).toEqual({ bodyParagraphs: [said] })
    // The quoted name of the page the words are from is where they are from, not a second claim.
    const faq = "Tarpon Point Charters' FAQ answers “Is it suitable for kids?”: Yes. The half-day reef trip is the best choice for children."
    const again = "On its page “FAQ - Tarpon Point Charters | Islamorada Fishing Charters”, Tarpon Point Charters writes: “The half-day reef trip is the best choice for children.”"
    expect(withoutRepeatedQuotes({ bodyParagraphs: [faq, again] }).bodyParagraphs).toEqual([faq])
  })
})

describe("a product's posts", () => {
  it("are about the product, not its maker's category, and what else is sold is listed by the maker", () => {
    const matcha = {
      ...bakery,
      kind: "product" as const,
      name: "Ceremonial Matcha",
      businessName: "Mistral Tea Co.",
      category: "tea shop",
      address: null,
      offerings: [
        { name: "Ceremonial Matcha", description: "Stone-ground matcha from Uji.", url: null, price: "36.00", currency: "CAD" },
        { name: "First Flush Sencha", description: null, url: null, price: "19.00", currency: "CAD" }
      ]
    }
    const posts: Array<ExistingPost> = []
    for (let i = 0; i < 10; i++) {
      const planned = planPost({ facts: matcha, prompts: ["Is ceremonial matcha good value?", "Where can I find ceremonial matcha on sale?"], checks: [], posts, date: "2026-12-01" })
      posts.unshift({ ...planned.post, angle: planned.angle })
    }
    const text = posts.map((p) => [p.title, p.summary, ...p.bodyParagraphs].join(" ")).join(" ")
    expect(text).not.toMatch(/about a tea shop|Ceremonial Matcha also lists|lists Ceremonial Matcha|Matcha is a tea shop/)
  })

  it("say that the maker is open, never the product", () => {
    const van = {
      ...bakery,
      kind: "product" as const,
      name: "Kea campervan",
      businessName: "Southbound Campervans",
      category: "campervan",
      hours: [{ text: "Monday–Sunday 08:00–17:00", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"], opens: "08:00", closes: "17:00" }],
      offerings: [{ name: "Kea campervan", description: "A two-berth van.", url: null, price: "89", currency: "NZD" }]
    }
    const posts: Array<ExistingPost> = []
    for (let i = 0; i < 6; i++) {
      const planned = planPost({ facts: van, prompts: ["Is the Kea campervan available on Tuesday?", "Campervan hire open on Sunday in Lyon?"], checks: [], posts, date: "2026-12-01" })
      posts.unshift({ ...planned.post, angle: planned.angle })
    }
    const text = posts.map((p) => [p.title, ...p.bodyParagraphs].join(" ")).join(" ")
    expect(text).toMatch(/Southbound Campervans (?:is open|opens)|opening day at Southbound Campervans|Southbound Campervans's opening hours|When Southbound Campervans is open/)
    expect(text).not.toMatch(/Kea campervan (?:is open|opens|is closed)|opening day at Kea campervan|When Kea campervan is open/)
  })
})

describe("a month of posts", () => {
  it("has no two posts at or over the similarity limit, and every post passes the fact check", () => {
    const site = fixtureSite("sites/acme-bakery", "Acme Bakery")
    const posts: Array<ExistingPost> = []
    for (let d = 0; d < 10; d++) {
      for (let i = 0; i < 15; i++) {
        const date = `2026-12-${String(d + 1).padStart(2, "0")}`
        const planned = planPost({ facts: site.facts, prompts: site.prompts, checks: [], posts, date })
        expect(planned.similarity).toBeLessThan(SIMILARITY_LIMIT)
        expect(factCheck([planned.post.title, planned.post.summary, ...planned.post.bodyParagraphs].join("\n"), site.facts, [planned.prompt]).failures).toEqual([])
        posts.unshift({ ...planned.post, angle: planned.angle })
      }
    }
    expect(pairwiseSimilarity(posts).max).toBeLessThan(SIMILARITY_LIMIT)
    // A quote the sentence goes on after keeps no full stop of its own (“….”, as …).
    const text = posts.flatMap((p) => p.bodyParagraphs).join("\n")
    expect(text).toContain("”, as ")
    expect(text).not.toMatch(/\.”, as /)
  })

  it("says nothing twice in one post and titles none by the source's host (a nursery's crawled pages)", () => {
    const site = fixtureSite("prompt-eval/holdout-ab/groenwold-bonsai", "Groenwold Bonsai")
    const posts: Array<ExistingPost> = []
    // The generator's prompts, and one a site's FAQ answer bears on, asked again and again.
    const asked = ["What do garden centers usually charge for indoor bonsais?", "What time do garden centers in Boskoop usually open?"]
    for (let i = 0; i < 170; i++) {
      const planned = planPost({ facts: site.facts, prompts: i < 20 ? asked : site.prompts, checks: [], posts, date: `2026-12-${String(1 + Math.floor(i / 16)).padStart(2, "0")}` })
      posts.unshift({ ...planned.post, angle: planned.angle })
    }
    expect(new Set(posts.map((p) => p.angle)).size).toBeGreaterThanOrEqual(6)
    // No title twice in a day while the prompts leave other posts to write (the first 20, two
    // prompts asked again and again, may have to repeat one).
    for (const day of new Set(posts.slice(0, 150).map((p) => p.date))) {
      const titles = posts.slice(0, 150).filter((p) => p.date === day).map((p) => p.title)
      expect(titles.filter((t, i) => titles.indexOf(t) !== i), day).toEqual([])
    }
    for (const post of posts) {
      expect(post.title).not.toContain("fixture.example")
      // Every sentence of 40 characters or more, once per post (the site's FAQ answer in the first answer and again below it was twice).
      // (A pointer to a page, "See https://…/services.html.", may come twice: two offerings share a page.)
      const sentences = post.bodyParagraphs.flatMap((p) => p.split(/(?<=[.!?])\s+/u)).filter((x) => x.length >= 40 && !/^See https?:\/\/\S+$/u.test(x))
      expect(sentences.filter((x, i) => sentences.indexOf(x) !== i), post.title).toEqual([])
      // The opening hours once: a checklist whose first answer gave them does not list them again.
      expect(post.bodyParagraphs.join("\n").split("Saturday 9.00–17.00").length, post.title).toBeLessThanOrEqual(2)
    }
  })

  it("reports a draft at or over the limit when the facts have nothing new to say (the caller publishes nothing)", () => {
    const facts = { ...bakery, offerings: [], address: null, phone: null, email: null, pages: [{ ...bakery.pages[1]!, text: "Founded in 1998 by two bakers from Savoie." }] }
    const posts: Array<ExistingPost> = []
    const similarities: Array<number> = []
    for (let i = 0; i < 40; i++) {
      const planned = planPost({ facts: facts as never, prompts: ["bakery in Lyon"], checks: [], posts, date: new Date(Date.UTC(2026, 11, 1 + i)).toISOString().slice(0, 10) })
      similarities.push(planned.similarity)
      if (planned.similarity >= SIMILARITY_LIMIT) break
      posts.unshift({ ...planned.post, angle: planned.angle })
    }
    const over = similarities.findIndex((s) => s >= SIMILARITY_LIMIT)
    expect(over).toBeGreaterThan(0)
    expect(similarities.slice(0, over).every((s) => s < SIMILARITY_LIMIT)).toBe(true)
  })
})

describe("what a post says the business is", () => {
  it("puts a category in the site's own language beside English words, never after an English article", () => {
    const french = {
      ...bakery,
      name: "Électro Meuse Dépannage",
      businessName: "Électro Meuse Dépannage",
      category: "Réparation d'électroménager",
      place: "Liège",
      pages: [{ url: "https://meuse.example/", title: "Accueil", description: "", headings: [], text: "Nous réparons les lave-linge et les fours à domicile, avec le déplacement offert pour les clients du contrat. Le devis est gratuit et la garantie est de six mois sur les pièces." }]
    }
    expect(descriptor(french)).toBe("a business in Liège (Réparation d'électroménager)")
    expect(descriptor(bakery)).toBe("a bakery in Lyon, France")
  })
})
