/**
 * The facts a site is written from, read from crawled pages: opening hours (JSON-LD and visible
 * text), the site's own FAQ (JSON-LD, `<details>`, `dt`/`dd`, headings), contact details from
 * visible text, and whether there is anything to publish at all. Pages go through the crawler's
 * own extraction, as in a crawl.
 */
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { SiteCrawled } from "../../src/domain/crawl-events.ts"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import { SiteFacts } from "../../src/domain/site-events.ts"
import { extractPage } from "../../src/pipeline/crawler/extract.ts"
import { hoursFromJsonLd, hoursFromText, mergeHours } from "../../src/pipeline/opening-hours.ts"
import { MAX_OWN_FAQ, ownFaqFrom } from "../../src/pipeline/own-faq.ts"
import { withoutRunInList } from "../../src/pipeline/section-description.ts"
import { hasFacts, siteFactsFrom } from "../../src/pipeline/site-facts.ts"
import { composeFaq } from "../../src/site-generator/faq-copy.ts"
import { offeringPrice } from "../../src/site-generator/llms-txt.ts"

const page = (path: string, body: string, head = "") => {
  const url = `https://shop.example${path}`
  const p = extractPage(`<!doctype html><html><head><title>${path}</title>${head}</head><body>${body}</body></html>`, url)
  const products: SiteCrawled["pages"][number]["products"] = []
  return { url, title: p.title, description: p.description, headings: p.headings, text: p.text, jsonLd: p.jsonLd, products, listItems: p.listItems }
}

const crawlOf = (pages: ReadonlyArray<ReturnType<typeof page>>) =>
  new SiteCrawled({ businessId: "shop" as BusinessId, itemId: null, startUrl: "https://shop.example/", siteName: null, pages, disallowed: [], crawledAt: "2026-03-01T00:00:00.000Z" })

const factsOf = (pages: ReadonlyArray<ReturnType<typeof page>>) =>
  siteFactsFrom({ name: "Shop", businessName: "Shop", kind: "business", sourceUrl: "https://shop.example/", crawl: crawlOf(pages) })

describe("opening hours", () => {
  it("reads day ranges, lists, 12- and 24-hour times and closed days from visible text", () => {
    expect(hoursFromText("12 rue de la Paix, Lyon. Open Monday to Saturday, 7am to 7pm. Sun: closed")).toEqual([
      { text: "Monday to Saturday, 7am to 7pm", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"], opens: "07:00", closes: "19:00" },
      { text: "Sun: closed", days: ["Sunday"], opens: null, closes: null }
    ])
    expect(hoursFromText("Mon, Tue, Thu: 8:00–5:00 · weekends 9 a.m. - noon")).toEqual([
      { text: "Mon, Tue, Thu: 8:00–5:00", days: ["Monday", "Tuesday", "Thursday"], opens: "08:00", closes: "17:00" },
      { text: "Weekends 9 a.m. - noon", days: ["Saturday", "Sunday"], opens: "09:00", closes: "12:00" }
    ])
  })

  it("keeps the point of a closing \"p.m.\", and the hours sentence of the FAQ ends with one full stop", () => {
    const hours = hoursFromText("Hours: Mon–Fri 7 a.m.–5 p.m. Emergency line any time.")
    expect(hours).toEqual([{ text: "Mon–Fri 7 a.m.–5 p.m.", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "07:00", closes: "17:00" }])
    const shop = factsOf([page("/", "<h1>Shop</h1><p>Fridges fixed.</p>")])
    expect(composeFaq({ ...shop, hours }, ["What are the opening hours of Shop?"]).map((f) => f.answer)).toEqual([
      "Shop lists its opening hours as: Mon–Fri 7 a.m.–5 p.m."
    ])
  })

  it("reads a time written with a point, as British sites write it", () => {
    expect(hoursFromText("Thursday 10am – 7.30pm")).toEqual([
      { text: "Thursday 10am – 7.30pm", days: ["Thursday"], opens: "10:00", closes: "19:30" }
    ])
  })

  it("keeps the first source's wording of a day and drops a later source's restatement of it", () => {
    const structured = hoursFromJsonLd([{ openingHoursSpecification: [
      { dayOfWeek: "Thursday", opens: "11:30", closes: "14:00" },
      { dayOfWeek: "Thursday", opens: "17:30", closes: "22:00" }
    ] }])
    const contactPage = hoursFromText("Monday: closed. Thursday 11.30am to 10pm")
    expect(mergeHours(structured, contactPage).map((h) => h.text)).toEqual([
      "Thursday 11:30–14:00",
      "Thursday 17:30–22:00",
      "Monday: closed"
    ])
  })

  it("reads no opening hours from the hours a business answers in (support, phone lines, live chat)", () => {
    expect(hoursFromText("Support hours: Monday to Friday, 8:00 to 18:00 NZT. Email us any time.")).toEqual([])
    expect(hoursFromText("Our phone lines are open Mon-Fri 9:00-17:00.")).toEqual([])
    expect(hoursFromText("Opening hours: Mon-Fri 9:00-17:00. Customer service by e-mail.").map((h) => h.text)).toEqual(["Mon-Fri 9:00-17:00"])
  })

  it("reads nothing from text that names a day without hours", () => {
    expect(hoursFromText("We now open on Sundays in December. The 7am-9am rush is busy.")).toEqual([])
  })

  it("reads schema.org openingHours strings and openingHoursSpecification nodes", () => {
    expect(hoursFromJsonLd([
      { openingHours: ["Mo-Fr 07:00-18:00", "nonsense"] },
      { openingHoursSpecification: [{ dayOfWeek: ["https://schema.org/Saturday"], opens: "08:00:00", closes: "12:30" }, { dayOfWeek: "Sunday", opens: "00:00", closes: "00:00" }] }
    ])).toEqual([
      { text: "Monday–Friday 07:00–18:00", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "07:00", closes: "18:00" },
      { text: "Nonsense", days: [], opens: null, closes: null },
      { text: "Saturday 08:00–12:30", days: ["Saturday"], opens: "08:00", closes: "12:30" },
      { text: "Sunday closed", days: ["Sunday"], opens: null, closes: null }
    ])
  })
})

describe("the site's own FAQ", () => {
  const url = "https://shop.example/faq"
  it("reads <details>, dt/dd and headings followed by paragraphs, without the menu before or the footer after", () => {
    const faq = page(
      "/faq",
      `<div class="menu"><a href="/">Home</a> | <a href="/faq">FAQ</a></div><h1>FAQ</h1>
       <details><summary>Do you deliver?</summary><p>Yes, within 10 km for €5.</p></details>
       <dl><dt>Can I order a cake online?</dt><dd>No. Call us two days ahead.</dd></dl>
       <h2>Ordering</h2><h3>How do I pay?</h3><p>Cash or card. We do not take cheques.</p>
       <p>Shop • 1 Main Street • © 2026 Shop. This website uses cookies.</p>`
    )
    expect(ownFaqFrom([faq])).toEqual([
      { question: "Do you deliver?", answer: "Yes, within 10 km for €5.", url },
      { question: "Can I order a cake online?", answer: "No. Call us two days ahead.", url },
      { question: "How do I pay?", answer: "Cash or card. We do not take cheques.", url }
    ])
  })

  it("ends the last answer at a cookie banner's label, and keeps cookies that are the answer's subject", () => {
    const faq = page(
      "/faq",
      `<h1>FAQ</h1><h3>Do you sell cookies?</h3><p>Yes, our cookies: oat and raisin, and ginger.</p>
       <h3>Do you deliver?</h3><p>No. Collect from the shop.</p>
       <div class="banner">Cookies: we use a few to count visits. <button>Fine</button></div>`
    )
    expect(ownFaqFrom([faq])).toEqual([
      { question: "Do you sell cookies?", answer: "Yes, our cookies: oat and raisin, and ginger.", url },
      { question: "Do you deliver?", answer: "No. Collect from the shop.", url }
    ])
  })

  it("reads a Q/A list's answers without their 'A:' label, and a word that opens one keeps it", () => {
    const faq = page(
      "/faq",
      `<h1>FAQ</h1><div><p><strong>Q: Do I need a fishing license?</strong></p><p>A: No. Our charter license covers every angler on board.</p></div>
       <div><p><strong>Q: Can we keep the fish?</strong></p><p>Answer: Yes, within the bag limits.</p></div>
       <div><p><strong>Q: Who is the captain?</strong></p><p>A captain with twenty years on these waters.</p></div>`
    )
    expect(ownFaqFrom([faq]).map((e) => [e.question, e.answer])).toEqual([
      ["Do I need a fishing license?", "No. Our charter license covers every angler on board."],
      ["Can we keep the fish?", "Yes, within the bag limits."],
      ["Who is the captain?", "A captain with twenty years on these waters."]
    ])
  })

  it("reads 'Q.' and 'A.' labels with a full stop, and leaves the next question's label off an answer", () => {
    const faq = page(
      "/faq",
      `<h1>Questions</h1><p><b>Q. How much space do you need?</b><br>A. About 4m by 4m of flat ground for the roaster.</p>
       <p><b>Q. What if it rains?</b><br>A. We bring a gazebo.</p>`
    )
    expect(ownFaqFrom([faq]).map((e) => [e.question, e.answer])).toEqual([
      ["How much space do you need?", "About 4m by 4m of flat ground for the roaster."],
      ["What if it rains?", "We bring a gazebo."]
    ])
  })

  it("ends the last answer where a footer's dotted line starts (name · street · phone)", () => {
    const faq = page(
      "/faq",
      `<h1>FAQ</h1><h3>Is there parking?</h3><p>The nearest car park is two minutes' walk away.</p>
       <h3>How do gift vouchers work?</h3><p>Vouchers are e-mailed straight away and are valid for 12 months.</p>
       <div class="bottom"><p>Salt Cookery School · Unit 2, Wapping Wharf · 0117 555 0193</p><p><a href="/contact">Contact</a> · <a href="/terms">Booking terms</a></p></div>`
    )
    expect(ownFaqFrom([faq]).map((e) => [e.question, e.answer])).toEqual([
      ["Is there parking?", "The nearest car park is two minutes' walk away."],
      ["How do gift vouchers work?", "Vouchers are e-mailed straight away and are valid for 12 months."]
    ])
  })

  it("reads no answer from a question that page chrome cuts to a fragment (an age gate after the list)", () => {
    const faq = ownFaqFrom([
      page("/faq", "<h1>FAQ</h1><dl><dt>Can I bring my dog?</dt><dd>Dogs on a lead are welcome on the verandah.</dd></dl>" +
        "<div class='age-gate'>Are you over 18? This site uses cookies and sells wine. <button>Yes, enter</button></div>")
    ])
    expect(faq.map((e) => [e.question, e.answer])).toEqual([["Can I bring my dog?", "Dogs on a lead are welcome on the verandah."]])
  })

  it("takes FAQPage JSON-LD first, each question once, and reads visible Q/A only on an FAQ page", () => {
    const jsonLd = `<script type="application/ld+json">${JSON.stringify({
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Do you deliver?", acceptedAnswer: { "@type": "Answer", text: "<p>Yes, <b>daily</b>.</p>" } }]
    })}</script>`
    const home = page("/", "<h1>Shop</h1><p>Is it good? Yes it is.</p>", jsonLd)
    const faq = page("/faq", "<h1>FAQ</h1><details><summary>Do you deliver?</summary>Only on Fridays.</details>")
    expect(ownFaqFrom([home, faq])).toEqual([{ question: "Do you deliver?", answer: "Yes, daily .", url: "https://shop.example/" }])
  })

  it("keeps at most MAX_OWN_FAQ entries, each bounded", () => {
    const many = Array.from({ length: 30 }, (_, i) => `<dt>Question number ${i}?</dt><dd>Answer ${i}.</dd>`).join("")
    expect(ownFaqFrom([page("/faq", `<h1>FAQ</h1><dl>${many}</dl>`)]).length).toBe(MAX_OWN_FAQ)
    const [long] = ownFaqFrom([page("/faq", `<h1>FAQ</h1><dl><dt>Why is that?</dt><dd>${"Word ".repeat(400)}</dd></dl>`)])
    expect(long!.answer.length).toBe(700)
  })
})

describe("site facts", () => {
  it("reads the e-mail and phone from visible text, the contact page first, and the hours and FAQ from the pages", () => {
    const facts = factsOf([
      page("/", "<h1>Shop</h1><p>Write to sales@shop.example. Open Tue-Sat 10:00-18:00.</p>"),
      page("/contact", "<h1>Contact</h1><p>E-mail hello@shop.example or call us on (608) 555-0172.</p>"),
      page("/faq", "<h1>FAQ</h1><dl><dt>Do you ship abroad?</dt><dd>Within the EU only.</dd></dl>")
    ])
    expect({ email: facts.email, phone: facts.phone, hours: facts.hours, ownFaq: facts.ownFaq, description: facts.description }).toEqual({
      email: "hello@shop.example",
      phone: "(608) 555-0172",
      hours: [{ text: "Tue-Sat 10:00-18:00", days: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"], opens: "10:00", closes: "18:00" }],
      ownFaq: [{ question: "Do you ship abroad?", answer: "Within the EU only.", url: "https://shop.example/faq" }],
      // No meta description: the home page's own first sentences.
      description: "Write to sales@shop.example. Open Tue-Sat 10:00-18:00."
    })
  })

  it("describes the business by its home page's opening section, not run on into the cards and buttons after it", () => {
    const facts = factsOf([
      page("/", "<h1>Calzoleria Rossi</h1><p>Calzolaio a Torino dal 1971. Risuolature e chiavi, fatto a mano.</p>" +
        "<div><h3>Scarpe</h3><p>Risuolatura in cuoio o gomma.</p><a href='/scarpe'>Scopri</a></div>" +
        "<div><h3>Chiavi</h3><p>Copia chiavi in pochi minuti.</p><a href='/chiavi'>Scopri</a></div>")
    ])
    expect(facts.description).toBe("Calzolaio a Torino dal 1971. Risuolature e chiavi, fatto a mano.")
    // A lead with no sentence before the first section: the body's first sentences, as before.
    const other = factsOf([page("/", "<h1>Shop</h1><p>Open daily</p><h2>Bread</h2><p>Sourdough baked at dawn. Rye on Fridays.</p>")])
    expect(other.description).toBe("Open daily Sourdough baked at dawn. Rye on Fridays.")
  })

  it("describes a page by its prose, not by the list of names run into its first sentence", () => {
    const integrations = page("/integrations", "<h1>Integrations</h1><ul><li>Xero</li><li>MYOB</li><li>Slack</li></ul>" +
      "<p>Payroll integrations export approved timesheets to Xero and MYOB.</p>")
    expect(withoutRunInList("Xero MYOB Slack Payroll integrations export approved timesheets to Xero and MYOB.", integrations))
      .toBe("Payroll integrations export approved timesheets to Xero and MYOB.")
    // One item, or items that are the sentence's own words, are left as they are.
    expect(withoutRunInList("Xero is where your timesheets go.", integrations)).toBe("Xero is where your timesheets go.")
    expect(withoutRunInList("We sync with Xero, MYOB and Slack.", integrations)).toBe("We sync with Xero, MYOB and Slack.")
  })

  it("reads a course's or class's timetable as its own, not as the place's opening hours", () => {
    const facts = factsOf([
      page("/", "<h1>Shop</h1><p>Thai massage in Nimman.</p>"),
      page("/course", "<h1>Thai Massage Course</h1><p>Five days, 30 hours.</p><ul><li>Monday to Friday, 9:00–15:30, starting every Monday</li></ul>"),
      page("/menu", "<h1>Menu</h1><p>Opening hours:</p><ul><li>Saturday 10:00–16:00</li><li>Sunday 11:00–15:00</li></ul><p>The sauna is heated for two hours first, and the members-only session runs on Friday 18:00–20:00.</p>"),
      page("/contact", "<h1>Contact</h1><p>Weekdays 10:00 – 22:00</p>")
    ])
    expect(facts.hours).toEqual([
      { text: "Saturday 10:00–16:00", days: ["Saturday"], opens: "10:00", closes: "16:00" },
      { text: "Sunday 11:00–15:00", days: ["Sunday"], opens: "11:00", closes: "15:00" },
      { text: "Weekdays 10:00 – 22:00", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "10:00", closes: "22:00" }
    ])
    expect(hoursFromText("Five days, 30 hours. Monday to Friday, 9:00–15:30", true)).toEqual([])
    expect(hoursFromText("We are closed on Monday. Tue-Sun 9:00–17:00", true).map((h) => h.text)).toEqual(["Tue-Sun 9:00–17:00"])
  })

  it("prices the offerings a price list names by its rows, and keeps a product page's products as one", () => {
    const withProducts = (path: string, body: string, head = "") => {
      const p = extractPage(`<!doctype html><html><head><title>${path}</title>${head}</head><body>${body}</body></html>`, `https://shop.example${path}`)
      return { ...page(path, body, head), products: p.products }
    }
    const productLd = `<script type="application/ld+json">${JSON.stringify({ "@type": "Product", name: "Oak stool", offers: { price: "120", priceCurrency: "GBP" } })}</script>`
    const facts = factsOf([
      withProducts("/", "<h1>Workshop</h1><p>Chairs mended.</p>"),
      withProducts("/repairs", "<h1>Repairs</h1><table><tr><td>Re-caning a seat</td><td>£45</td></tr><tr><td>Loose joint, reglued</td><td>£30</td></tr><tr><td>Full restoration</td><td>£160</td></tr></table>" +
        "<p>A full restoration includes stripping, repairs to every joint and a wax finish. We quote before any full restoration starts.</p>"),
      withProducts("/stool", "<h1>Oak stool</h1><p>A three-legged stool in green oak.</p><p>Oak stool £120</p>", productLd)
    ])
    expect(facts.offerings.map((o) => [o.name, o.price, o.currency])).toEqual([
      ["Oak stool", "120", "GBP"],
      ["Re-caning a seat", "45", "GBP"],
      // Named as the prompt facts name it; the row saying more ("Loose joint, reglued") prices it.
      ["Loose joint", "30", "GBP"],
      ["Full restoration", "160", "GBP"]
    ])
    // The one sentence that says what a row is describes it; a row saying more than the name is
    // quoted as written; a row that is only name and price says nothing more.
    expect(facts.offerings.map((o) => o.description)).toEqual(["A three-legged stool in green oak.", null, "Loose joint, reglued: £30", "A full restoration includes stripping, repairs to every joint and a wax finish."])
  })

  it("quotes a price list's row as written when it says what the price is for, and drops a dangling comma from a name", () => {
    const withProducts = (path: string, body: string) => {
      const p = extractPage(`<!doctype html><html><head><title>${path}</title></head><body>${body}</body></html>`, `https://shop.example${path}`)
      return { ...page(path, body), products: p.products }
    }
    const rates = "<h1>Rates</h1><table><tr><td>Diagnostic assessment</td><td>$95</td></tr><tr><td>Online tutoring, 60 minutes</td><td>$68</td></tr>" +
      "<tr><td>Homework Club, Mon–Thu 3:30–5:30, grades 3–8</td><td>$240/month</td></tr>" +
      "<tr><td>Small group (2–4 students), per student per hour</td><td>$42</td></tr>" +
      "<tr><td>Chimney flashing repair</td><td>$1,450 &ndash; $1,900</td></tr><tr><td>Roof leak repair</td><td>from $350</td></tr>" +
      "<tr><td>Metal roof</td><td>from $12.50 per sq ft</td></tr></table>"
    const facts = factsOf([withProducts("/", "<h1>Tutors</h1><p>Tutoring.</p>"), withProducts("/rates", rates)])
    expect(facts.offerings.map((o) => [o.name, o.price, o.description])).toEqual([
      ["Diagnostic assessment", "95", null],
      ["Online tutoring", "68", "Online tutoring, 60 minutes: $68"],
      ["Homework club", "240", "Homework Club, Mon–Thu 3:30–5:30, grades 3–8: $240/month"],
      ["Small group", "42", "Small group (2–4 students), per student per hour: $42"],
      ["Chimney flashing repair", "1450", "Chimney flashing repair: $1,450 – $1,900"],
      ["Roof leak repair", "350", "Roof leak repair: from $350"],
      ["Metal roof", "12.50", "Metal roof: from $12.50 per sq ft"]
    ])
    expect(facts.offerings.map(offeringPrice)).toEqual(["$95", "$68", "$240/month", "$42", "$1,450 – $1,900", "from $350", "from $12.50 per sq ft"])
    // "From" in the site's own language is part of the price; a word ending in one ("Panda") is not.
    const kino = factsOf([
      withProducts("/", "<h1>Kino</h1><p>Kino.</p>"),
      withProducts("/preise", "<h1>Preise</h1><table><tr><td>Kinogutschein</td><td>ab 10,00 €</td></tr><tr><td>Filmposter Panda</td><td>8,00 €</td></tr></table>")
    ])
    expect(kino.offerings.filter((o) => o.price !== null).map(offeringPrice)).toEqual(["ab 10,00 €", "8,00 €"])
  })

  it("reads a bare $ as the dollar of the site's country, and as written where the country is unknown", () => {
    const withProducts = (path: string, body: string, head = "") => {
      const p = extractPage(`<!doctype html><html><head><title>${path}</title>${head}</head><body>${body}</body></html>`, `https://shop.example${path}`)
      return { ...page(path, body, head), products: p.products }
    }
    const menu = "<h1>Menu</h1><table><tr><td>Single scoop</td><td>$4.75</td></tr><tr><td>Banana split</td><td>$11.00</td></tr></table>"
    const inCountry = (country: string | null) => {
      const ld = country === null ? "" : `<script type="application/ld+json">${JSON.stringify({ "@type": "IceCreamShop", telephone: "+1 912 555 0147", address: { addressCountry: country } })}</script>`
      return factsOf([withProducts("/", "<h1>Scoops</h1><p>Ice cream.</p>", ld), withProducts("/menu", menu)]).offerings.filter((o) => o.price !== null)
    }
    const amounts = (country: string | null) => inCountry(country).map((o) => [o.price, o.currency])
    expect(amounts("US")).toEqual([["4.75", "USD"], ["11.00", "USD"]])
    expect(amounts("Canada")).toEqual([["4.75", "CAD"], ["11.00", "CAD"]])
    expect(amounts(null)).toEqual([["4.75", "$"], ["11.00", "$"]])
    // Shown as the menu writes them, so that every price of a site reads alike ("$4.75", not "4.75 CAD").
    expect(inCountry("Canada").map(offeringPrice)).toEqual(["$4.75", "$11.00"])
  })

  it("writes a name as a site in another language writes it, and an English site's name in sentence case", () => {
    const german = factsOf([
      page("/", "<h1>Kino am Park</h1><p>Ein Saal mit 96 Plätzen in der Südvorstadt. Wir zeigen Filme im Original mit Untertiteln.</p>"),
      page("/saalmiete", "<h1>Saalmiete &amp; private Vorstellungen</h1><p>Sie möchten den ganzen Saal für sich? Wir zeigen Ihren Film für bis zu 96 Gäste.</p>")
    ])
    expect(german.offerings.map((o) => o.name)).toContain("Saalmiete & private Vorstellungen")
    const english = factsOf([
      page("/", "<h1>Park Cinema</h1><p>One screen with 96 seats in the south of the town. We show films in their own language with subtitles.</p>"),
      page("/hire", "<h1>Screen Hire &amp; Private Screenings</h1><p>Want the whole room for yourself? We show your film for up to 96 guests.</p>")
    ])
    expect(english.offerings.map((o) => o.name)).toContain("Screen hire & private screenings")
  })

  it("describes an offering by what its page says, not by the question the page opens with", () => {
    const facts = factsOf([
      page("/", "<h1>Earshot</h1><p>We look after hearing.</p><ul><li><a href=\"/earwax\">Earwax removal</a></li></ul>"),
      page("/earwax", "<h1>Earwax removal</h1><p>Blocked ears or a hearing aid that keeps whistling? Our audiologists remove earwax by microsuction, usually in 15 minutes.</p>")
    ])
    expect(facts.offerings.find((o) => o.name === "Earwax removal")?.description).toBe("Our audiologists remove earwax by microsuction, usually in 15 minutes.")
  })

  it("gives no description to an offering whose page text is its price list run together", () => {
    const facts = factsOf([
      page("/", "<h1>Bakery</h1><p>We bake for weddings and birthdays.</p><ul><li><a href=\"/cakes\">Celebration cakes</a></li></ul>"),
      page("/cakes", "<h1>Celebration cakes</h1><p>Sizes Sponge 8 inch £30 Chocolate 8 inch £35 Fruit 8 inch £40.</p>")
    ])
    expect(facts.offerings.map((o) => [o.name, o.description])).toEqual([["Celebration cakes", null]])
  })

  it("describes an offering named by a heading of another page by the text under that heading", () => {
    const facts = factsOf([
      page("/", "<h1>Spoke &amp; Chain</h1><p>Bike repairs in Leeds.</p><ul><li><a href=\"/repairs\">Bike repairs</a></li></ul>"),
      page("/repairs", "<h1>Bike repairs</h1><p>Any bike, any age.</p><h2>Wheel truing and spoke repair</h2><p>Spokes retensioned and rims trued on the stand, usually while you wait.</p>" +
        "<h2>Hydraulic brake bleeding</h2><p>We do not bleed brakes on e-bikes.</p>")
    ])
    const described = Object.fromEntries(facts.offerings.map((o) => [o.name, [o.description, o.url]]))
    expect(described["Wheel truing"]).toEqual(["Spokes retensioned and rims trued on the stand, usually while you wait.", "https://shop.example/repairs"])
    expect(described["Spoke repair"]).toEqual(["Spokes retensioned and rims trued on the stand, usually while you wait.", "https://shop.example/repairs"])
    // A section that opens by saying what is not done describes nothing.
    expect(facts.offerings.map((o) => o.description)).not.toContain("We do not bleed brakes on e-bikes.")
  })

  it("describes a page by its prose after the price table run into it", () => {
    const plans = page("/plans", "<h1>Care plans</h1><table><tr><th>Plan</th><th>Visits</th><th>Price</th></tr><tr><td>Bronze plan</td><td>2 a year</td><td>$9 per month</td></tr>" +
      "<tr><td>Gold plan</td><td>6 a year</td><td>$19 per month</td></tr></table><p>Members get 10% off parts and a loan bike.</p>")
    const row = (name: string, price: string) => ({ name, description: null, url: null, price, currency: null })
    const facts = factsOf([
      page("/", "<h1>Spoke &amp; Chain</h1><p>Bike repairs in Leeds.</p><ul><li><a href=\"/plans\">Care plans</a></li></ul>"),
      { ...plans, products: [row("Bronze plan", "9"), row("Gold plan", "19")] }
    ])
    expect(facts.offerings.find((o) => o.name === "Care plans")?.description).toBe("Members get 10% off parts and a loan bike.")
    // Prose before the table is the page's own lead, and stays it.
    const led = page("/plans", "<h1>Care plans</h1><p>Keep your bike running all year.</p><table><tr><td>Bronze plan</td><td>$9 per month</td></tr><tr><td>Gold plan</td><td>$19 per month</td></tr></table><p>Members get 10% off parts.</p>")
    const first = factsOf([page("/", "<h1>Spoke &amp; Chain</h1><ul><li><a href=\"/plans\">Care plans</a></li></ul>"), { ...led, products: [row("Bronze plan", "9"), row("Gold plan", "19")] }])
    expect(first.offerings.find((o) => o.name === "Care plans")?.description).toBe("Keep your bike running all year.")
  })

  it("describes a product by its text without its card's price line", () => {
    const ld = `<script type="application/ld+json">${JSON.stringify({ "@type": "Product", name: "Tableta 70% Cahabón", offers: { "@type": "Offer", price: "5.50", priceCurrency: "EUR" } })}</script>`
    const withProducts = (path: string, body: string, head = "") => {
      const p = extractPage(`<!doctype html><html><head><title>${path}</title>${head}</head><body>${body}</body></html>`, `https://shop.example${path}`)
      return { ...page(path, body, head), products: p.products }
    }
    const facts = factsOf([
      withProducts("/", "<h1>Chocolatería</h1><p>Chocolate de Alta Verapaz.</p>"),
      withProducts("/products/tableta-70", "<h1>Tableta 70% Cahabón</h1><p>5,50 € · 70 g</p><p>Nuestra tableta insignia: cacao de una sola cooperativa.</p>", ld)
    ])
    expect(facts.offerings.map((o) => [o.name, o.description])).toEqual([["Tableta 70% Cahabón", "Nuestra tableta insignia: cacao de una sola cooperativa."]])
  })

  it("gives back on an English site the capitals of words it writes only with them: days, places, its own name", () => {
    const facts = factsOf([
      page("/", "<h1>Hollow Oak Barn</h1><p>A wedding venue in the hills. Dance under the old white oak at Hollow Oak until late.</p><ul><li><a href=\"/weddings\">Weddings at Hollow Oak</a></li></ul>"),
      page("/weddings", "<h1>Weddings at Hollow Oak</h1><p>Say your vows under the oak, then dance in the barn at Hollow Oak.</p>" +
        "<h2>Friday or Sunday wedding</h2><p>A quieter day for a wedding: on a Friday or a Sunday the barn costs less.</p>")
    ])
    const names = facts.offerings.map((o) => o.name)
    expect(names).toContain("Weddings at Hollow Oak")
    expect(names).toContain("Friday or Sunday wedding")
  })

  it("takes no capital from a title's small word: 'Fresh Pasta by Hand' on a timetable gives 'hand' none", () => {
    const withProducts = (path: string, body: string) => {
      const p = extractPage(`<!doctype html><html><head><title>${path}</title></head><body>${body}</body></html>`, `https://shop.example${path}`)
      return { ...page(path, body), products: p.products }
    }
    const facts = factsOf([
      withProducts("/", "<h1>Cookery classes</h1><p>Most weeks you will find fresh pasta and a bread day on the timetable, taught at Wapping Wharf.</p>"),
      withProducts("/classes", "<h1>Timetable</h1><table><tr><td>Fresh Pasta by Hand</td><td>Thursdays, 6.30pm</td><td>£90</td></tr>" +
        "<tr><td>Bread Day at Wapping Wharf</td><td>Sundays</td><td>£140</td></tr></table>")
    ])
    expect(facts.offerings.map((o) => o.name)).toEqual(["Fresh pasta by hand", "Bread day at Wapping Wharf"])
  })

  it("quotes a row's words without the separator or comma that ran on to its price", () => {
    const withProducts = (path: string, body: string) => {
      const p = extractPage(`<!doctype html><html><head><title>${path}</title></head><body>${body}</body></html>`, `https://shop.example${path}`)
      return { ...page(path, body), products: p.products }
    }
    const facts = factsOf([
      withProducts("/", "<h1>Nursery</h1><p>Trees and classes.</p>"),
      withProducts("/classes", "<h1>Classes</h1><ul><li>Beginners' workshop — one Saturday morning, €45, bring your own tree</li>" +
        "<li>Study group — six sessions through the year, €290</li><li>Japanese maple (Acer palmatum) — €65 to €1,400</li></ul>")
    ])
    expect(facts.offerings.filter((o) => o.price !== null).map((o) => [o.description, offeringPrice(o)])).toEqual([
      ["Beginners' workshop — one Saturday morning: €45", "€45"],
      ["Study group — six sessions through the year: €290", "€290"],
      ["Japanese maple (Acer palmatum): €65 to €1,400", "€65 to €1,400"]
    ])
  })

  it("shows a structured price as its page writes it, when the page's sign fits the currency", () => {
    const productPage = (path: string, body: string, price: string, currency: string) => {
      const head = `<script type="application/ld+json">${JSON.stringify({ "@type": "Product", name: "Face oil", offers: { "@type": "Offer", price, priceCurrency: currency } })}</script>`
      const p = extractPage(`<!doctype html><html><head><title>${path}</title>${head}</head><body>${body}</body></html>`, `https://shop.example${path}`)
      return { ...page(path, body, head), products: p.products }
    }
    const rand = factsOf([productPage("/oil", "<h1>Face oil</h1><p>R395 · 30 ml</p><p>Cold-pressed rooibos and marula.</p>", "395.00", "ZAR")])
    expect(rand.offerings.map(offeringPrice)).toEqual(["R395"])
    // "$5" on a page whose structured price is in euros is some other amount: the structured one is shown.
    const euros = factsOf([productPage("/oil", "<h1>Face oil</h1><p>Shipping $5.</p><p>Cold-pressed rooibos and marula.</p>", "5.00", "EUR")])
    expect(euros.offerings.map(offeringPrice)).toEqual(["5.00 EUR"])
  })

  it("describes a product page by its text without the price run into it", () => {
    const facts = factsOf([page("/matcha", "<h1>Ceremonial Matcha</h1><p>$36.00 CAD</p><p>Stone-ground from shade-grown tencha. Bright green and sweet.</p>")])
    expect(facts.description).toBe("Stone-ground from shade-grown tencha. Bright green and sweet.")
    // With what the price includes after it, in brackets; and a question after the lead is the next section's heading.
    const camera = factsOf([page("/fm2", "<h1>Nikon FM2, black</h1><p>¥68,000 (tax included)</p><p>The fully mechanical Nikon SLR. Tested.</p><p>See more Selling a camera?</p>")])
    expect(camera.description).toBe("The fully mechanical Nikon SLR. Tested.")
    const film = factsOf([page("/portra", "<h1>Kodak Portra 400</h1><p>¥3,300 a roll · ¥15,800 for a 5-pack</p><p>The film we load into every camera we test.</p>")])
    expect(film.description).toBe("The film we load into every camera we test.")
    // A sentence that opens with an amount is kept whole.
    const gift = factsOf([page("/gift", "<h1>Gift card</h1><p>$25 buys a coffee a week for a month. Sent by e-mail.</p>")])
    expect(gift.description).toBe("$25 buys a coffee a week for a month. Sent by e-mail.")
  })

  it("has nothing to publish from a crawl without pages, and leaves the new fields out", () => {
    const empty = factsOf([])
    expect(hasFacts(empty)).toBe(false)
    expect("hours" in empty || "ownFaq" in empty).toBe(false)
    expect(hasFacts(factsOf([page("/", "<h1>Shop</h1><p>We sell lamps.</p>")]))).toBe(true)
  })
})

describe("an offering's section", () => {
  it("describes it by the statement under its heading, not the question that opens it", () => {
    const home = page("/", "<h1>Shop</h1><p>Repairs at home.</p><ul><li>Pièces détachées</li></ul>")
    const repairs = page("/reparations", "<h1>Nos réparations</h1><h2>Lave-linge</h2><p>Pompes, joints et roulements remplacés chez vous.</p>" +
      "<h2>Pièces détachées</h2><p>Vous êtes bricoleur ? Nous vendons les pièces détachées au comptoir de l'atelier : joints, filtres, courroies.</p>")
    const parts = factsOf([home, repairs]).offerings.find((o) => o.name === "Pièces détachées")
    expect(parts?.description).toBe("Nous vendons les pièces détachées au comptoir de l'atelier : joints, filtres, courroies.")
  })
})

describe("an address stated in visible text", () => {
  it("reads a labelled address up to the next label, in English and French, when no JSON-LD gives one", () => {
    const contact = page("/contact", "<h1>Visit us</h1><p>Monday Closed</p><p>Address: 2218 SE Division Street, Portland, OR 97202</p><p>Phone: (503) 555-0142</p>")
    expect(factsOf([page("/", "<h1>Shop</h1>"), contact]).address).toEqual({ street: "2218 SE Division Street, Portland, OR 97202" })
    const french = page("/contact", "<h1>Contact</h1><p>Adresse : Rue Saint-Gilles 214, 4000 Liège</p><p>Téléphone : +32 4 555 01 62</p>")
    expect(factsOf([page("/", "<h1>Shop</h1>"), french]).address).toEqual({ street: "Rue Saint-Gilles 214, 4000 Liège" })
  })

  it("leaves the business's name off the start of a contact block's address", () => {
    const contact = page("/contact", "<table><tr><td><b>Address:</b></td><td>Shop<br>Lower Farm<br>Bromfield Road<br>Ludlow, Shropshire<br>SY8 9QT</td></tr></table>")
    expect(factsOf([page("/", "<h1>Shop</h1>"), contact]).address).toEqual({ street: "Lower Farm Bromfield Road Ludlow, Shropshire SY8 9QT" })
  })

  it("takes no address from a label without a street number or postal code, or with an e-mail", () => {
    const vague = page("/contact", "<p>Address: ask us for directions to the yard.</p><p>Email address: hello@shop.example</p>")
    expect(factsOf([page("/", "<h1>Shop</h1>"), vague]).address).toBeNull()
  })

  it("keeps the JSON-LD's address when there is one", () => {
    const ld = `<script type="application/ld+json">${JSON.stringify({ "@type": "LocalBusiness", name: "Shop", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Bath" } })}</script>`
    const contact = page("/contact", "<p>Address: 9 Other Road, Bath BA1 1AA</p>")
    expect(factsOf([page("/", "<h1>Shop</h1>", ld), contact]).address).toEqual({ street: "1 Main St", locality: "Bath" })
  })
})

describe("stored site facts", () => {
  it("decode as stored before hours, the own FAQ and a row's written price existed, and with them", () => {
    const offering = { name: "Roof leak repair", description: "Roof leak repair: from $350", url: null, price: "350", currency: "USD" }
    const before = { name: "Shop", businessName: "Shop", kind: "business", sourceUrl: "https://shop.example/", description: null, category: null, place: null, address: null, phone: null, email: null, offerings: [offering], pages: [] }
    expect(Schema.decodeUnknownSync(SiteFacts)(before)).toEqual(before)
    const after = {
      ...before,
      offerings: [{ ...offering, writtenPrice: "from $350" }],
      hours: [{ text: "Sun closed", days: ["Sunday"], opens: null, closes: null }],
      ownFaq: [{ question: "Why?", answer: "Because.", url: "https://shop.example/faq" }]
    }
    expect(Schema.decodeUnknownSync(SiteFacts)(after)).toEqual(after)
  })
})
