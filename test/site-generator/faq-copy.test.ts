import { describe, expect, it } from "vitest"
import type { SiteFacts } from "../../src/domain/site-events.ts"
import { composeAbout } from "../../src/site-generator/about-copy.ts"
import { composeFaq, identityLine } from "../../src/site-generator/faq-copy.ts"
import { renderSite } from "../../src/site-generator/render-site.ts"
import { bodyText, firstSentence, isPlural, itsPage, nameInSentence, sentencesOf } from "../../src/site-generator/text.ts"
import { bakery } from "./sample-site.ts"

const facts: SiteFacts = {
  ...bakery,
  hours: [
    { text: "Tuesday–Sunday 07:00–19:00", days: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"], opens: "07:00", closes: "19:00" },
    { text: "Monday closed", days: ["Monday"], opens: null, closes: null }
  ],
  ownFaq: [{ question: "Do you bake on Sundays?", answer: "Yes, from 7am.", url: "https://www.acme-bakery.fr/faq" }]
}

/** Only a name and a website. */
const bare: SiteFacts = { ...bakery, name: "Zorba Studio", businessName: "Zorba Studio", sourceUrl: "https://zorba.example/", description: null, category: null, place: null, address: null, phone: null, email: null, offerings: [], pages: [] }

describe("composeFaq", () => {
  it("puts the site's own questions first and answers each prompt from the facts it names: price, day, offering, place", () => {
    expect(composeFaq(facts, [
      "How much is a croissant in Lyon?",
      "celebration cakes price",
      "Is Acme Bakery open on Monday?",
      "bakery open on Sunday",
      "Best croissant in Lyon",
      "croissant near me"
    ])).toEqual([
      { question: "Do you bake on Sundays?", answer: "Yes, from 7am." },
      { question: "How much is a croissant in Lyon?", answer: "Butter croissant is listed at 1.40 EUR by Acme Bakery. Its page: https://www.acme-bakery.fr/viennoiserie/croissant" },
      { question: "Celebration cakes price?", answer: "Acme Bakery does not state a price for celebration cakes on its website; ask it directly." },
      { question: "Is Acme Bakery open on Monday?", answer: "No: Acme Bakery is closed on Mondays." },
      { question: "Bakery open on Sunday?", answer: "On Sundays, Acme Bakery is open 07:00–19:00." },
      {
        question: "Best croissant in Lyon?",
        answer: "Acme Bakery offers a butter croissant. Laminated with AOP butter from Charentes. Listed price: 1.40 EUR. Its page: https://www.acme-bakery.fr/viennoiserie/croissant"
      },
      {
        question: "Croissant near me?",
        answer: "Acme Bakery offers a butter croissant. Laminated with AOP butter from Charentes. Listed price: 1.40 EUR. " +
          "Acme Bakery is at 12 rue d'Austerlitz, 69004 Lyon, FR, reachable by phone on +33 4 78 00 00 00 or by e-mail at hello@acme-bakery.fr. " +
          "Its page: https://www.acme-bakery.fr/viennoiserie/croissant"
      }
    ])
  })

  it("says yes or no only to a yes-or-no question, compares two offerings a comparison names, and takes an offering only by its head word", () => {
    const answers = composeFaq({ ...facts, ownFaq: [] }, [
      "Which bakeries in Lyon are open on Wednesday?",
      "Are you open on Wednesday?",
      "Butter croissant vs celebration cakes for a party?",
      "Best butter cookies in Lyon?"
    ])
    expect(answers).toEqual([
      { question: "Which bakeries in Lyon are open on Wednesday?", answer: "On Wednesdays, Acme Bakery is open 07:00–19:00." },
      { question: "Are you open on Wednesday?", answer: "Yes: on Wednesdays Acme Bakery is open 07:00–19:00." },
      {
        question: "Butter croissant vs celebration cakes for a party?",
        answer: "Acme Bakery offers both a butter croissant (listed at 1.40 EUR) and celebration cakes. Its pages: https://www.acme-bakery.fr/viennoiserie/croissant"
      },
      // Butter cookies are not the butter croissant: the place in the question gets what the entity is.
      {
        question: "Best butter cookies in Lyon?",
        answer: "Acme Bakery is a bakery in Lyon, France. A family bakery in the Croix-Rousse baking sourdough bread and French pastries every morning since 1998."
      }
    ])
  })

  it("writes a price in a sign of no known currency as the site wrote it, and a plural name with a plural verb", () => {
    const scoops = { ...facts, ownFaq: [], offerings: [
      { name: "Single scoop", description: null, url: null, price: "4.75", currency: "$" },
      { name: "Waffle cones", description: null, url: null, price: "1.50", currency: "USD" }
    ] }
    expect(composeFaq(scoops, ["How much is a single scoop?", "waffle cones price"])).toEqual([
      { question: "How much is a single scoop?", answer: "Single scoop is listed at $4.75 by Acme Bakery." },
      { question: "Waffle cones price?", answer: "Waffle cones are listed at 1.50 USD by Acme Bakery." }
    ])
    expect(["Glass", "Physics", "Bass guitars", "Restring", "Kodak Portra 400, 35mm, 36 exposures", "Gift cards, any amount"].map(isPlural)).toEqual([false, false, true, false, false, true])
  })

  it("quotes a one- or two-word first sentence ('Yes.', 'Dr.') with the sentence after it", () => {
    expect(["Yes. Our one suite opens onto the moss garden. More.", "Of course. We do.", "Dr. Anna bakes. Next.", "A loaf is 4.50 EUR. Next."].map((t) => firstSentence(t)))
      .toEqual(["Yes. Our one suite opens onto the moss garden.", "Of course. We do.", "Dr. Anna bakes.", "A loaf is 4.50 EUR."])
  })

  it("quotes a price list's row with the price, since the row says what the amount is for", () => {
    const club = { ...facts, ownFaq: [], offerings: [
      { name: "Homework club", description: "Homework Club, Mon–Thu 3:30–5:30, grades 3–8: $240/month", url: null, price: "240", currency: "USD", writtenPrice: "$240/month" }
    ] }
    expect(composeFaq(club, ["How much does homework club cost?"])).toEqual([
      { question: "How much does homework club cost?", answer: "Acme Bakery lists the homework club as “Homework Club, Mon–Thu 3:30–5:30, grades 3–8: $240/month”." }
    ])
  })

  it("drops a repeated question, a repeated answer and a question the facts say nothing about", () => {
    expect(composeFaq(facts, ["do you bake on sundays?", "Best croissant in Lyon", "Who makes the best croissants?", "Best pizza in Chicago?"]).map((f) => f.question)).toEqual([
      "Do you bake on Sundays?",
      "Best croissant in Lyon?"
    ])
  })

  it("invents nothing when the facts are bare: no answer at all", () => {
    expect(composeFaq(bare, ["What is the best design studio in Paris?", "Where is it?", "How much does it cost?"])).toEqual([])
  })

  it("on a product's site, answers a question naming the product from the product, and quotes the maker's pages as the maker's", () => {
    const offerings = [
      { name: "Nikon FM2, black", description: "Used Nikon FM2 35mm SLR body, tested, new light seals.", url: "https://halide.example/products/nikon-fm2.html", price: "68000", currency: "JPY" },
      { name: "Kodak Portra 400, 35mm, 36 exposures", description: "Colour negative film.", url: "https://halide.example/products/portra-400.html", price: "3300", currency: "JPY" }
    ]
    const pages = [
      { url: "https://halide.example/repairs.html", title: "Repairs", description: "", headings: ["Repairs"], text: "We repair shutters in our workshop. Quotes are free." },
      // The page's first line is its price list, run into its first sentence: no quote.
      { url: "https://halide.example/products/portra-400.html", title: "Kodak Portra 400", description: "", headings: ["Kodak Portra 400"], text: "Kodak Portra 400 ¥3,300 a roll · ¥15,800 for a 5-pack The film most of our customers shoot." }
    ]
    const fm2 = { ...facts, ownFaq: [], kind: "product" as const, name: "Nikon FM2, black", businessName: "Halide Cameras", category: "camera shop", place: "Osaka", sourceUrl: "https://halide.example/products/nikon-fm2.html", description: "The fully mechanical Nikon SLR.", offerings, pages: [...pages, ...pages] }
    expect(composeFaq(fm2, ["Nikon FM2 price in Osaka?", "Does Halide Cameras have nikon FM2 in stock?", "shutter repairs in Osaka", "Best portra 400 film?", "How much is portra 400?"])).toEqual([
      { question: "Nikon FM2 price in Osaka?", answer: "Nikon FM2, black is listed at 68,000 JPY by Halide Cameras. Its page: https://halide.example/products/nikon-fm2.html" },
      {
        question: "Does Halide Cameras have nikon FM2 in stock?",
        answer: "Halide Cameras offers Nikon FM2, black. Used Nikon FM2 35mm SLR body, tested, new light seals. Listed price: 68,000 JPY. Its page: https://halide.example/products/nikon-fm2.html"
      },
      { question: "Shutter repairs in Osaka?", answer: "On its page “Repairs”, Halide Cameras says: “We repair shutters in our workshop.” (https://halide.example/repairs.html)" },
      {
        question: "Best portra 400 film?",
        answer: "Halide Cameras offers Kodak Portra 400, 35mm, 36 exposures. Colour negative film. Listed price: 3,300 JPY. Its page: https://halide.example/products/portra-400.html"
      },
      { question: "How much is portra 400?", answer: "Kodak Portra 400, 35mm, 36 exposures is listed at 3,300 JPY by Halide Cameras. Its page: https://halide.example/products/portra-400.html" }
    ])
  })

  it("takes an offering named only by its kind of work (\"repair\") only with another of its words", () => {
    const repairs: SiteFacts = {
      ...facts,
      name: "Frostline Service",
      businessName: "Frostline Service",
      category: "appliance repair shop",
      description: null,
      ownFaq: [],
      offerings: [
        { name: "Walk-in freezer repair", description: "Compressor and door seal repairs on walk-in freezers.", url: "https://frostline.example/freezers", price: null, currency: null },
        { name: "Deck oven repair", description: null, url: "https://frostline.example/ovens", price: "95", currency: "USD" }
      ],
      pages: []
    }
    expect(composeFaq(repairs, ["How much do emergency repairs cost in Lyon?", "How much is deck oven repair?"])).toEqual([
      { question: "How much is deck oven repair?", answer: "Deck oven repair is listed at 95 USD by Frostline Service. Its page: https://frostline.example/ovens" }
    ])
  })

  it("answers a price question from a price the site states in words, never saying it states none", () => {
    const knives: SiteFacts = {
      ...facts,
      ownFaq: [{ question: "How does knife sharpening work?", answer: "Drop your knives at the counter. It's $12 a knife, $8 each for five or more, and we sharpen on whetstones.", url: "https://www.acme-bakery.fr/faq" }],
      offerings: [
        { name: "Knife sharpening", description: "Hand sharpening for any kitchen knife, ready next day.", url: "https://www.acme-bakery.fr/knives", price: null, currency: null },
        { name: "Whetstones", description: null, url: "https://www.acme-bakery.fr/knives", price: null, currency: null },
        { name: "Chef's knives", description: null, url: "https://www.acme-bakery.fr/knives", price: null, currency: null }
      ],
      pages: [...facts.pages, {
        url: "https://www.acme-bakery.fr/knives",
        title: "Knives",
        description: "",
        headings: ["Knives"],
        text: "Knives We stock Japanese chef's knives from Seki and Sakai, from $95 each."
      }]
    }
    expect(composeFaq(knives, ["What do shops usually charge for knife sharpening?", "How much are whetstones?", "Chef's knives price?"]).slice(1)).toEqual([
      {
        question: "What do shops usually charge for knife sharpening?",
        answer: "On its page “FAQ”, Acme Bakery says of knife sharpening: “It's $12 a knife, $8 each for five or more, and we sharpen on whetstones.” (https://www.acme-bakery.fr/faq)"
      },
      { question: "How much are whetstones?", answer: "Acme Bakery does not state a price for whetstones on its website; ask it directly. Its page: https://www.acme-bakery.fr/knives" },
      {
        question: "Chef's knives price?",
        answer: "On its page “Knives”, Acme Bakery says of chef's knives: “We stock Japanese chef's knives from Seki and Sakai, from $95 each.” (https://www.acme-bakery.fr/knives)"
      }
    ])
  })

  it("adds no page sentence that its offering's description is already part of", () => {
    const plans: SiteFacts = {
      ...facts,
      ownFaq: [],
      offerings: [{ name: "Care plans", description: "Members get 10% off parts.", url: "https://www.acme-bakery.fr/plans", price: null, currency: null }],
      pages: [...facts.pages, {
        url: "https://www.acme-bakery.fr/plans",
        title: "Care plans",
        description: "",
        headings: ["Care plans"],
        text: "Care plans Plan Price Bronze plan $9 per month Gold plan $19 per month Members get 10% off parts. Call us to join."
      }]
    }
    expect(composeFaq(plans, ["What should I know about care plans?"]).map((f) => f.answer)).toEqual([
      "Acme Bakery offers care plans. Members get 10% off parts. Its page: https://www.acme-bakery.fr/plans"
    ])
  })

  it("quotes the sentence of a page that speaks to the question, never a page's first sentence that does not, nor half of one an abbreviation's stop cuts", () => {
    const market: SiteFacts = {
      ...facts,
      ownFaq: [],
      offerings: [],
      pages: [
        ...facts.pages,
        {
          url: "https://www.acme-bakery.fr/visit",
          title: "Visiting the bakery",
          description: "",
          headings: ["Visiting the bakery"],
          text: "Visiting the bakery Our ovens are lit at four every morning. Free parking in the square behind St. Nizier church on weekdays, and bike racks by the door."
        }
      ]
    }
    expect(composeFaq(market, ["Bakeries in Lyon with free parking?", "Evening tastings with a sommelier?"])).toEqual([
      {
        question: "Bakeries in Lyon with free parking?",
        answer: "On its page “Visiting the bakery”, Acme Bakery says: “Free parking in the square behind St. Nizier church on weekdays, and bike racks by the door.” (https://www.acme-bakery.fr/visit)"
      }
    ])
  })

  it("quotes a page's sentence without the price of the card before it run into its start", () => {
    const cellar: SiteFacts = {
      ...facts,
      ownFaq: [],
      offerings: [],
      pages: [
        ...facts.pages,
        {
          url: "https://www.acme-bakery.fr/wines",
          title: "Our wines",
          description: "",
          headings: ["Our wines", "Sparkling rosé"],
          text: "Our wines Sparkling rosé Traditional method bubbles. A$34 Free shipping on any mixed dozen within Australia."
        }
      ]
    }
    expect(composeFaq(cellar, ["Bakeries in Lyon with free shipping?"]).map((f) => f.answer)).toEqual([
      "On its page “Our wines”, Acme Bakery says: “Free shipping on any mixed dozen within Australia.” (https://www.acme-bakery.fr/wines)"
    ])
  })

  it("says a price the site gives as a starting point in English, in its own language's words too ('da € 3,50')", () => {
    const shop: SiteFacts = {
      ...facts,
      offerings: [
        { name: "Duplicazione chiavi", description: null, url: null, price: "3.50", currency: "EUR", writtenPrice: "da € 3,50" },
        { name: "Resoling", description: null, url: null, price: "45", currency: "EUR", writtenPrice: "from €45" }
      ]
    }
    expect(composeFaq(shop, ["How much does duplicazione chiavi cost?", "Resoling vs duplicazione chiavi?"]).slice(-2).map((f) => f.answer)).toEqual([
      "Duplicazione chiavi is listed from € 3,50 by Acme Bakery.",
      "Acme Bakery offers both duplicazione chiavi (listed from € 3,50) and resoling (listed from €45)."
    ])
  })

  it("asks about the hours of at most two days: one question a day reads as a template", () => {
    const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((d) => `Which bakeries in Lyon are open on ${d}?`)
    expect(composeFaq({ ...facts, ownFaq: [] }, [...days, "What time does Acme Bakery open?"]).map((q) => q.answer)).toEqual([
      "Acme Bakery is closed on Mondays.",
      "On Tuesdays, Acme Bakery is open 07:00–19:00.",
      "Acme Bakery lists its opening hours as: Tuesday–Sunday 07:00–19:00; Monday closed."
    ])
  })
})

describe("composeAbout", () => {
  it("writes what the entity is, its own words from its about page and its offerings (the page lists hours and contact below)", () => {
    expect(composeAbout(facts)).toBe([
      "Acme Bakery is a bakery in Lyon, France. A family bakery in the Croix-Rousse baking sourdough bread and French pastries every morning since 1998.",
      "On its about page, Acme Bakery writes: “Founded in 1998 by two bakers from Savoie.”",
      "Acme Bakery offers a sourdough loaf, a butter croissant and celebration cakes. Each has its own page on this site."
    ].join("\n\n"))
    expect(composeAbout(bare)).toBe("Zorba Studio. More about it is on zorba.example.")
  })

  it("quotes the about page's opening section, not the team's cards and the journal's teaser under the headings after it", () => {
    const story = "Salt & Ember was started in 2017 by two chefs who met cooking at a Bristol restaurant and wanted to teach the way they had learned."
    const about = {
      url: "https://www.acme-bakery.fr/about",
      title: "About us",
      description: "",
      headings: ["Our story", "Meet the chefs", "The journal"],
      text: `Our story ${story} Meet the chefs Priya Nair – knife skills, Thai cookery. Tom Haddon – bread and fish. The journal Notes from the kitchen and seasonal recipes.`
    }
    const withStory: SiteFacts = { ...facts, pages: [facts.pages[0]!, about] }
    expect(composeAbout(withStory).split("\n\n")[1]).toBe(`On its about page, Acme Bakery writes: “${story}”`)
  })

  it("says a product of its own kind is one, from its business, and that its business is open, not the product", () => {
    const van: SiteFacts = {
      ...facts,
      kind: "product",
      name: "Kea 2-berth campervan",
      businessName: "Southbound Campervans",
      category: "campervan",
      place: "Christchurch",
      description: "Our most popular van, easy to park."
    }
    expect(identityLine(van)).toBe("Kea 2-berth campervan is a campervan from Southbound Campervans in Christchurch. Our most popular van, easy to park.")
    expect(composeFaq({ ...van, ownFaq: [], offerings: [] }, ["Campervans open on Tuesday in Christchurch?"]).map((q) => q.answer)).toEqual([
      "On Tuesdays, Southbound Campervans is open 07:00–19:00."
    ])
  })

  it("says a product is made by its business, which is of the category, not that it is one", () => {
    const matcha = { ...facts, kind: "product" as const, name: "Ceremonial Matcha", businessName: "Mistral Tea Co.", category: "tea shop", place: null, description: "Stone-ground from shade-grown tencha." }
    expect(identityLine(matcha)).toBe("Ceremonial Matcha is made by Mistral Tea Co., a tea shop. Stone-ground from shade-grown tencha.")
  })

  it("on a product's site, has its maker offer, price and be reached, and lists the maker's other products without the product itself", () => {
    const offerings = [
      { name: "Ceremonial Matcha", description: null, url: null, price: "36.00", currency: "CAD" },
      { name: "Earl Grey Cream", description: null, url: null, price: "14.00", currency: "CAD" },
      { name: "Matcha whisk", description: null, url: null, price: null, currency: null }
    ]
    const matcha = { ...facts, ownFaq: [], kind: "product" as const, name: "Ceremonial Matcha", businessName: "Mistral Tea Co.", category: "tea shop", place: null, description: "Stone-ground from shade-grown tencha.", offerings }
    expect(composeAbout(matcha).split("\n\n").at(-1)).toBe("Mistral Tea Co. also lists Earl Grey Cream and a matcha whisk.")
    expect(composeFaq(matcha, ["Where can I buy a matcha whisk?", "How much is Earl Grey Cream?"]).map((q) => q.answer)).toEqual([
      "Mistral Tea Co. offers a matcha whisk. Mistral Tea Co. is at 12 rue d'Austerlitz, 69004 Lyon, FR, reachable by phone on +33 4 78 00 00 00 or by e-mail at hello@acme-bakery.fr.",
      "Earl Grey Cream is listed at 14.00 CAD by Mistral Tea Co."
    ])
  })

  it("names the first six of a long catalogue in the sentence, keeps names with capitals further on, and parts names with commas by semicolons", () => {
    const names = ["Practice amps", "Earl Grey tea", "Fret level, crown & polish", "BBQ pack", "Restring", "Gig bags", "Hard cases", "Strings"]
    const many = { ...facts, offerings: names.map((name) => ({ name, description: null, url: null, price: null, currency: null })) }
    expect(composeAbout(many).split("\n\n").at(-1)).toBe(
      "Acme Bakery lists 8 offerings, each with its own page on this site, among them practice amps; Earl Grey tea; fret level, crown & polish; BBQ pack; restring; and gig bags."
    )
  })
})

describe("what the business is", () => {
  it("calls a trade named by its work a business of it ('a catering business', never 'a catering')", () => {
    const caterer = { ...facts, category: "Catering", place: "Ludlow", description: "Whole hogs roasted on site for weddings and parties." }
    expect(identityLine(caterer)).toBe("Acme Bakery is a catering business in Ludlow. Whole hogs roasted on site for weddings and parties.")
    expect(identityLine({ ...caterer, category: "bakery" })).toBe("Acme Bakery is a bakery in Ludlow. Whole hogs roasted on site for weddings and parties.")
  })
})

describe("what the business is, on a site not in English", () => {
  it("names its category beside the name, without an English article, and not at all when its own description says it", () => {
    const pages = [{ ...facts.pages[0]!, text: "Nous réparons les lave-linge et les frigos à domicile, avec le déplacement en 24 h. Le devis est gratuit et nous venons chez vous pour une visite." }]
    const french = { ...facts, name: "Électro Meuse", businessName: "Électro Meuse", category: "Réparation d'électroménager", place: "Liège", pages, description: "Dépannage à domicile depuis 1998." }
    expect(identityLine(french)).toBe("Électro Meuse: Réparation d'électroménager, Liège. Dépannage à domicile depuis 1998.")
    expect(identityLine({ ...french, description: "Réparation d'électroménager à domicile à Liège : lave-linge, frigo, four." })).toBe(
      "Réparation d'électroménager à domicile à Liège : lave-linge, frigo, four."
    )
  })
})

describe("how to reach the business, in an answer", () => {
  it("says where it is and how to reach it, and only how to reach it when neither an address nor a place is known", () => {
    const whisk = [{ name: "Matcha whisk", description: null, url: null, price: null, currency: null }]
    const nowhere = { ...facts, ownFaq: [], address: null, place: null, offerings: whisk }
    expect(composeFaq(nowhere, ["Where can I buy a matcha whisk?"]).map((q) => q.answer)).toEqual([
      "Acme Bakery offers a matcha whisk. Acme Bakery is reachable by phone on +33 4 78 00 00 00 or by e-mail at hello@acme-bakery.fr."
    ])
    expect(composeFaq({ ...nowhere, phone: null, email: null, place: "Lyon" }, ["Where can I buy a matcha whisk?"]).map((q) => q.answer)).toEqual([
      "Acme Bakery offers a matcha whisk. Acme Bakery is based in Lyon."
    ])
  })
})

describe("addresses in an answer", () => {
  it("become links (http(s) only, escaped), the rest of the text stays escaped text", () => {
    const site = renderSite({ ...bakery, faq: [{ question: "Where?", answer: "See https://a.example/menu.html. Or https://b.example/x?q=1&y=<b>2 and javascript:alert(1)" }] })
    expect(/<div class="answer">.*?<\/div>/s.exec(site.get("/faq/index.html")!.body)![0]).toBe(
      `<div class="answer"><p>See <a href="https://a.example/menu.html" rel="noopener">a.example/menu.html</a>. ` +
        `Or <a href="https://b.example/x?q=1&amp;y=" rel="noopener">b.example/x?q=1&amp;y=</a>&lt;b&gt;2 and javascript:alert(1)</p></div>`
    )
  })
})

describe("an offering's name in a sentence", () => {
  it("takes an article when it names one countable thing, and none when it is a plural, a mass noun, a practice or a proper name", () => {
    expect(nameInSentence("Plant-based supper club", "a")).toBe("a plant-based supper club")
    expect(nameInSentence("Oak stool", "the")).toBe("the oak stool")
    expect(nameInSentence("Evening kayak tour", "a")).toBe("an evening kayak tour")
    expect(nameInSentence("Custom ice cream cake", "a")).toBe("a custom ice cream cake")
    expect(nameInSentence("Celebration cakes", "a")).toBe("celebration cakes")
    expect(nameInSentence("Sourdough bread", "a")).toBe("sourdough bread")
    expect(nameInSentence("Bike hire", "a")).toBe("bike hire")
    expect(nameInSentence("Osteopathy", "a")).toBe("osteopathy")
    expect(nameInSentence("Snail Mail Club", "a")).toBe("Snail Mail Club")
    expect(nameInSentence("Thai cooking class", "a")).toBe("a Thai cooking class")
    expect(nameInSentence("Earl Grey tea", "a")).toBe("Earl Grey tea")
    expect(nameInSentence("Kodak Portra 400, 35mm, 36 exposures", "a")).toBe("Kodak Portra 400, 35mm, 36 exposures")
    expect(nameInSentence("Unicorn party package", "a")).toBe("a unicorn party package")
    expect(nameInSentence("Tonkotsu kit for two", "a")).toBe("a tonkotsu kit for two")
    expect(nameInSentence("Box of six macarons", "the")).toBe("the box of six macarons")
    expect(nameInSentence("Bread for the week", "a")).toBe("bread for the week")
  })
})

describe("a page's body text", () => {
  it("drops each heading where it stands, in order, never a word of a sentence that repeats it", () => {
    // The footer's heading "Driftwell" comes after the sentence that opens with the same word.
    const page = {
      headings: ["Switch off. Float.", "Most booked", "Driftwell"],
      text: "Switch off. Float. Driftwell Float Centre has two float pools. Most booked Single float, $89. Driftwell 12 Market St"
    }
    expect(bodyText(page)).toBe("Driftwell Float Centre has two float pools. Single float, $89. 12 Market St")
  })

  it("drops a heading only as whole words ('Float' is no part of 'Floating')", () => {
    expect(bodyText({ headings: ["Intro", "Float"], text: "Intro Floating is calm. Float Sessions from $60." })).toBe("Floating is calm. Sessions from $60.")
  })
})

describe("a page of the site, named in a sentence", () => {
  it("drops the business's name and the separator from the title, and calls the home page its home page", () => {
    expect(itsPage("Ferro & Flux Fabrication - Fabrication & Welding", "Ferro & Flux Fabrication", "https://ferro.example/fabrication.html")).toBe("its page “Fabrication & Welding”")
    expect(itsPage("FAQ | Tarpon Point", "Tarpon Point Charters", "https://tarpon.example/faq")).toBe("its page “FAQ”")
    expect(itsPage("Ferro & Flux Fabrication - Home", "Ferro & Flux Fabrication", "https://ferro.example/index.html")).toBe("its home page")
    expect(itsPage("Welcome to Withy Hollow", "Withy Hollow Baskets", "https://withy.example/")).toBe("its home page")
    expect(itsPage("Withy Hollow Baskets", "Withy Hollow Baskets", "https://withy.example/about.html")).toBe("its page “Withy Hollow Baskets”")
    // A title that is no more than a word of the name keeps it ("Fabrication" is a page, not the business).
    expect(itsPage("Fabrication | Ferro & Flux", "Ferro & Flux Fabrication", "https://ferro.example/fab")).toBe("its page “Fabrication”")
    expect(itsPage("Kids' parties – Castaway Cove – Traverse City", "Castaway Cove Mini Golf", "https://cove.example/parties")).toBe("its page “Kids' parties – Traverse City”")
    expect(itsPage("", "Ferro", "https://ferro.example/prices")).toBe("its page at ferro.example/prices")
    // The site's root is its home page, whatever its title says.
    expect(itsPage("Acme Bakery | Sourdough and pastries in Lyon", "Acme Bakery", "https://www.acme-bakery.fr/")).toBe("its home page")
  })
})

describe("a text's sentences", () => {
  it("does not end one at an abbreviation with a stop inside it ('D.Lgs. 81/08', 'U.S. customers')", () => {
    expect(sentencesOf("Vi mettiamo in regola con il D.Lgs. 81/08: valutazione dei rischi e corsi. Chiamateci.")).toEqual([
      "Vi mettiamo in regola con il D.Lgs. 81/08: valutazione dei rischi e corsi.",
      "Chiamateci."
    ])
    expect(sentencesOf("We ship to U.S. customers. We bake daily.")).toEqual(["We ship to U.S. customers.", "We bake daily."])
    // A sentence that ends with one, before a capital, still ends there.
    expect(sentencesOf("We ship across the U.S. Orders leave daily.")).toEqual(["We ship across the U.S.", "Orders leave daily."])
  })
})
