import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { type CrawledPageFacts, factsFromPages, MAX_FACTS_PER_LIST, MAX_OFFERINGS } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { validatePrompts } from "../../../src/pipeline/prompts/validate-prompts.ts"

const page = (overrides: Partial<CrawledPageFacts>): CrawledPageFacts => ({
  title: "",
  description: "",
  headings: [],
  text: "",
  jsonLd: [],
  products: [],
  ...overrides
})

const BAKERY_PAGES: ReadonlyArray<CrawledPageFacts> = [
  page({
    title: "Maison Dupont – Artisan Bakery in Lyon | Sourdough & Wedding Cakes",
    description: "Family bakery in Lyon since 1987: sourdough bread, viennoiseries and custom cakes for weddings and birthdays.",
    headings: [
      "Maison Dupont",
      "Our Breads",
      "Wedding Cakes",
      "Viennoiseries",
      "Opening Hours",
      "Contact us",
      "Baked fresh every morning with organic flour from local mills"
    ],
    text:
      "Maison Dupont is an artisan bakery in Lyon. We bake sourdough bread every morning with organic flour. " +
      "Our croissants are made with AOP butter. Custom cakes for weddings and birthdays, perfect for busy families " +
      "and for event planners. Order your wedding cake two weeks ahead. Open Tuesday to Sunday. " +
      "Gluten-free options for people with allergies.",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Bakery",
        name: "Maison Dupont",
        address: {
          "@type": "PostalAddress",
          streetAddress: "12 rue Mercière",
          addressLocality: "Lyon",
          postalCode: "69002",
          addressCountry: "FR"
        },
        telephone: "+33 4 78 00 00 00",
        makesOffer: [{ "@type": "Offer", itemOffered: { "@type": "Product", name: "Sourdough Bread" } }],
        hasOfferCatalog: {
          "@type": "OfferCatalog",
          name: "Cakes",
          itemListElement: [
            { "@type": "Offer", itemOffered: { "@type": "Product", name: "Wedding Cakes" } },
            { "@type": "Offer", itemOffered: { "@type": "Service", name: "Custom Birthday Cakes" } }
          ]
        }
      },
      { "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1, name: "Home" }] }
    ],
    products: [{ name: "Pain de Campagne", description: "A rustic sourdough loaf" }, { name: "Croissant au Beurre", description: null }]
  }),
  page({
    title: "Wedding Cakes – Maison Dupont",
    description: "Tiered wedding cakes designed for your day.",
    headings: ["Wedding Cakes", "How to order", "Tastings"],
    text: "Book a tasting at our shop in Lyon. Our wedding cakes serve 50 to 300 guests. Ideal for couples who want something unique."
  })
]

const bakeryFacts = () =>
  factsFromPages({ name: "Maison Dupont", kind: "business", businessName: "Maison Dupont", url: "https://maison-dupont.fr", pages: BAKERY_PAGES })

describe("factsFromPages", () => {
  it("reads a bakery's JSON-LD, headings and text", () => {
    expect(bakeryFacts()).toEqual({
      name: "Maison Dupont",
      kind: "business",
      businessName: "Maison Dupont",
      url: "https://maison-dupont.fr",
      // JSON-LD offers and catalog first, then the headings of pages without an address, then product names.
      offerings: [
        "sourdough bread",
        "wedding cakes",
        "custom birthday cakes",
        "viennoiseries",
        "tastings",
        "pain de campagne",
        "croissant au beurre"
      ],
      category: "bakery",
      place: "Lyon",
      audience: ["event planners", "busy families", "couples"],
      keywords: ["artisan", "organic", "flour", "mills", "tiered", "rustic", "loaf", "bake", "butter", "gluten", "allergies", "guests"],
      features: ["gluten-free", "organic"],
      // "Open Tuesday to Sunday": weekend first.
      openDays: ["Sunday", "Saturday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      // Nothing says it only ships: a place customers visit.
      visitable: true,
      atCustomer: false,
      inEnglish: true,
      language: "en"
    })
  })

  it("reads offerings from what the site sells, never from the headings of its about, FAQ or contact pages", () => {
    const site = "https://crumb.example"
    const pages: ReadonlyArray<CrawledPageFacts> = [
      page({ url: `${site}/`, title: "Crumb – bakery in Asheville", headings: ["Baked before sunrise", "Community"] }),
      page({ url: `${site}/about.html`, title: "About us", headings: ["Our story", "Community", "Local grain, long fermentation"] }),
      page({ url: `${site}/faq.html`, title: "FAQ", headings: ["Do you deliver?", "Gift cards"] }),
      page({ url: `${site}/croissants.html`, title: "Butter croissants | Crumb", headings: ["Crumb", "Butter croissants"] }),
      page({
        url: `${site}/menu.html`,
        title: "Menu",
        headings: ["Menu", "Bread", "Gluten-free (Fridays)"],
        products: [{ name: "Cinnamon roll" }, { name: "Cast iron teapot, 600 ml" }]
      })
    ]
    const facts = factsFromPages({ name: "Crumb", kind: "business", businessName: "Crumb", url: `${site}/`, pages })
    // Offering pages' headlines, then listing sections (a feature is not one), then listed items without their details.
    expect(facts.offerings).toEqual(["butter croissants", "bread", "cinnamon roll", "cast iron teapot"])
  })

  it("reads services from lists, an offering page's sections and the home page's sections, never towns, plan tiers or people", () => {
    const site = "https://range.example"
    const pages: ReadonlyArray<CrawledPageFacts> = [
      page({
        url: `${site}/`,
        title: "Range Plumbing | Plumber in Denver",
        headings: ["Denver's plumber, day or night", "Plumbing services", "Areas we serve", "Secondhand water softeners", "Dog-friendly office"],
        listItems: [
          { heading: "Plumbing services", text: "Leak detection" },
          { heading: "Plumbing services", text: "Water heater repair & installation" },
          { heading: "Areas we serve", text: "Arvada" }
        ]
      }),
      page({ url: `${site}/divorce.html`, title: "Divorce | Range", headings: ["Divorce", "Divorce mediation", "Cost", "Getting here"] }),
      page({ url: `${site}/pricing.html`, title: "Pricing", headings: ["Pricing", "Solo", "Team"], listItems: [{ heading: "Solo", text: "DATEV export" }] }),
      page({ url: `${site}/attorneys.html`, title: "Our firm", headings: ["Our firm", "Grace Osei, Partner"] }),
      page({ url: `${site}/invoicing.html`, title: "Online Invoicing for Freelancers | Range", headings: ["Invoicing that does the boring parts for you"] }),
      page({ url: `${site}/custody.html`, title: "Custody", headings: ["Child custody and child support"] })
    ]
    const facts = factsFromPages({ name: "Range", kind: "business", businessName: "Range", url: `${site}/`, pages })
    // Headlines (a slogan replaced by the title, two services joined by "and" split), the home page's
    // sections, then lists and an offering page's sections; "divorce" alone says less than "divorce mediation".
    expect(facts.offerings).toEqual([
      "online invoicing", "child custody", "child support", "secondhand water softeners", "leak detection",
      "water heater repair & installation", "divorce mediation", "DATEV export"
    ])
  })

  it("tells a place customers visit from software and a shop that only ships", () => {
    const visitable = (pages: ReadonlyArray<CrawledPageFacts>) =>
      factsFromPages({ name: "X", kind: "business", businessName: "X", url: "https://x.example/", pages }).visitable
    expect(visitable([page({ url: "https://x.example/", title: "X – bakery in Lyon", text: "Visit us on rue de la Paix." })])).toBe(true)
    expect(visitable([page({ url: "https://x.example/", title: "X – loose leaf tea", text: "We ship across Canada." })])).toBe(false)
    expect(visitable([page({ url: "https://x.example/", title: "X – tea shop", text: "We ship across Canada. Visit us in Vancouver." })])).toBe(true)
    const software = factsFromPages({
      name: "Ledger",
      kind: "business",
      businessName: "Ledger",
      url: "https://x.example/",
      pages: [page({
        url: "https://x.example/",
        title: "Ledger – Invoicing software for freelancers",
        jsonLd: [{ "@type": "SoftwareApplication", name: "Ledger", applicationCategory: "BusinessApplication" }]
      })]
    })
    expect({ category: software.category, visitable: software.visitable }).toEqual({ category: "invoicing software", visitable: false })
  })

  it("gives a product the facts of its own page, with the business's place", () => {
    const site = "https://crumb.example"
    const facts = factsFromPages({
      name: "Butter Croissant",
      kind: "product",
      businessName: "Crumb",
      url: `${site}/croissants.html`,
      pages: [
        page({ url: `${site}/`, title: "Crumb – bakery in Asheville", text: "Based in Asheville.", products: [{ name: "Custom cakes" }] }),
        page({ url: `${site}/croissants.html`, headings: ["Butter croissants"], products: [{ name: "Almond croissant" }] }),
        page({ url: `${site}/cakes.html`, headings: ["Custom cakes"], products: [{ name: "Wedding cake" }] })
      ]
    })
    expect(facts.offerings).toEqual(["butter croissant", "almond croissant"])
    expect(facts.place).toBe("Asheville")
    const prompts = builtinPrompts(facts)
    expect(prompts).toHaveLength(100)
    expect(prompts.filter((p) => !/croissant/i.test(p))).toEqual([])
  })

  it("is deterministic", () => {
    expect(JSON.stringify(bakeryFacts())).toBe(JSON.stringify(bakeryFacts()))
  })

  it("finds the category in headings and the place in 'in <Place>' phrases without JSON-LD", () => {
    const facts = factsFromPages({
      name: "Bright Smile",
      kind: "business",
      businessName: "Bright Smile",
      url: "https://brightsmile.example",
      pages: [
        page({
          title: "Bright Smile Dental – Family Dentist in Boston",
          description: "Gentle dental care for kids and adults. Teeth whitening, implants and Invisalign in Boston.",
          headings: ["Teeth Whitening", "Dental Implants", "Invisalign", "Meet the Team", "Why choose us?"],
          text:
            "We are a family dentist based in Boston. Our clinic welcomes new patients in January. " +
            "Dental implants for seniors. Emergency appointments available."
        })
      ]
    })
    expect(facts.category).toBe("family dentist")
    expect(facts.place).toBe("Boston")
    expect(facts.offerings).toEqual(["teeth whitening", "dental implants", "invisalign"])
    expect(facts.audience).toEqual(["kids", "adults", "seniors"])
  })

  it("takes areaServed when there is no address, and a product's own category", () => {
    const facts = factsFromPages({
      name: "Trail Runner 3",
      kind: "product",
      businessName: "Stride Co",
      url: "https://stride.example/products/trail-runner-3",
      pages: [
        page({
          title: "Trail Runner 3 – Stride Co",
          headings: ["Trail Runner 3", "Grip on any terrain"],
          text: "A lightweight shoe for trail runners and hikers, made for long distances.",
          jsonLd: [
            {
              "@context": "https://schema.org",
              "@graph": [
                { "@type": "Organization", name: "Stride Co", areaServed: [{ "@type": "Country", name: "Canada" }] },
                {
                  "@type": "Product",
                  name: "Trail Runner 3",
                  category: "Shoes > Running Shoes > Trail Running Shoes",
                  offers: { "@type": "Offer", price: "129.00", priceCurrency: "CAD" }
                }
              ]
            }
          ]
        })
      ]
    })
    expect(facts.category).toBe("trail running shoes")
    expect(facts.place).toBe("Canada")
    expect(facts.audience).toEqual(["trail runners", "hikers"])
    // The product's own name is not one of its offerings.
    expect(facts.offerings).not.toContain("trail runner 3")
  })

  it("names a country served that is written as its code as a customer writes it", () => {
    const shop = (areaServed: unknown) => factsFromPages({
      name: "Veldkos",
      kind: "business",
      businessName: "Veldkos",
      url: "https://veldkos.example/",
      pages: [page({ title: "Veldkos", headings: ["Veldkos"], text: "Rooibos face oil, made by hand.", jsonLd: [{ "@type": "OnlineStore", name: "Veldkos", areaServed }] })]
    })
    expect(shop("ZA").place).toBe("South Africa")
    expect(shop({ "@type": "Country", name: "GB" }).place).toBe("United Kingdom")
    expect(shop("Western Cape").place).toBe("Western Cape")
  })

  it("names a software application's field from its applicationCategory", () => {
    const facts = factsFromPages({
      name: "Taskly",
      kind: "business",
      businessName: "Taskly",
      url: "https://taskly.io",
      pages: [
        page({
          title: "Taskly – project planning for small teams",
          jsonLd: [{ "@context": "https://schema.org", "@type": "SoftwareApplication", name: "Taskly", applicationCategory: "BusinessApplication" }]
        })
      ]
    })
    expect(facts.category).toBe("business software")
    expect(facts.place).toBeNull()
    expect(facts.audience).toEqual(["small teams"])
  })

  it("ignores weak place mentions, months and the entity's own name", () => {
    const facts = factsFromPages({
      name: "Acme Studio",
      kind: "business",
      businessName: "Acme Studio",
      url: "https://acme.example",
      pages: [page({ text: "Founded in March. We believe in Acme values. Our work was featured in Wired once." })]
    })
    expect(facts.place).toBeNull()
  })

  it("caps every list (offerings at 24, the others at 12) and survives junk structured data", () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `Gift box number ${i + 1}` }))
    const cyclic: Record<string, unknown> = { "@type": "Bakery" }
    cyclic["self"] = cyclic
    const facts = factsFromPages({
      name: "Box Shop",
      kind: "business",
      businessName: "Box Shop",
      url: "https://box.example",
      pages: [
        page({
          text: Array.from({ length: 40 }, (_, i) => `keyword${String.fromCharCode(97 + (i % 26))}word for builders${i % 3 === 0 ? "" : " and gardeners"}`).join(". "),
          products: many,
          jsonLd: [null, 42, "text", [[[]]], cyclic, { "@type": ["Thing", 7], name: 3 }]
        })
      ]
    })
    expect(MAX_OFFERINGS).toBe(24)
    expect(facts.offerings.length).toBe(MAX_OFFERINGS)
    expect(facts.keywords.length).toBeLessThanOrEqual(MAX_FACTS_PER_LIST)
    expect(facts.audience.length).toBeLessThanOrEqual(MAX_FACTS_PER_LIST)
    expect(facts.category).toBe("bakery")
  })

  it("gives only a name and a URL when the crawl found nothing", () => {
    const facts = factsFromPages({ name: "Acme", kind: "business", businessName: "Acme", url: "https://acme.example", pages: [] })
    expect(facts).toEqual({
      name: "Acme",
      kind: "business",
      businessName: "Acme",
      url: "https://acme.example",
      offerings: [],
      category: null,
      place: null,
      audience: [],
      keywords: [],
      features: [],
      openDays: [],
      visitable: true,
      atCustomer: false,
      inEnglish: true,
      language: "en"
    })
  })

  it("feeds the built-in generator with facts that give 100 valid prompts", () => {
    const facts = bakeryFacts()
    const prompts = builtinPrompts(facts)
    expect(prompts).toHaveLength(100)
    expect(validatePrompts(prompts, facts).rejected).toEqual([])
  })

  it("reads things the prose sells with a price or says it makes, never journals, testimonials, repeated boxes or denied features", () => {
    const o = "https://shop.example"
    const facts = factsFromPages({
      name: "Northside Barbers",
      kind: "business",
      businessName: "Northside Barbers",
      url: `${o}/`,
      pages: [
        page({
          url: `${o}/`,
          title: "Northside Barbers",
          headings: ["Sharp cuts in Leeds", "Skin fades", "Word on the street", "Shop talk", "Letters from the shop"],
          text:
            "Sharp cuts in Leeds Skin fades From a tidy taper to a skin fade. Take home our own matte clay (£14) and Northside beard oil (£12). " +
            "Gift vouchers from £20 are sold in the shop. We also install nothing else. We make custom wedding grooming for groups. " +
            "Word on the street “Best fade in Leeds.” – Tom Shop talk Read more Letters from the shop Sign up. " +
            "We don't do emergency call-outs. Walk-ins welcome."
        }),
        page({
          url: `${o}/shop-talk.html`,
          title: "Shop talk | Northside Barbers",
          headings: ["Shop talk", "Fade or taper", "Ten years in Leeds", "Letters from the shop"],
          text: "Fade or taper By Dean · 3 October 2026 A taper only ... Ten years in Leeds By Dean · 2 June 2026 Thank you."
        }),
        page({ url: `${o}/contact.html`, title: "Contact", headings: ["Find us", "Letters from the shop"], text: "12 Briggate, Leeds." })
      ]
    })
    expect(facts.offerings).toEqual(["skin fades", "matte clay", "beard oil", "gift vouchers", "custom wedding grooming"])
    // "emergency" is denied ("We don't do emergency call-outs"); walk-ins are stated.
    expect(facts.features).toEqual(["walk-in service"])
  })

  it("takes the kind of business from its own sentence when no known category word is found, and no audience as its kind", () => {
    const o = "https://studio.example"
    const facts = factsFromPages({
      name: "Olaria Rosa",
      kind: "business",
      businessName: "Olaria Rosa",
      url: `${o}/`,
      pages: [
        page({
          url: `${o}/`,
          title: "Olaria Rosa | Handmade stoneware from Braga",
          headings: ["Handmade stoneware, thrown in Braga", "For restaurants and hotels"],
          text: "Olaria Rosa is a small ceramics studio in Braga's old town. We make custom tableware for restaurants and hotels. " +
            "Free shipping in Portugal over €80. Shipping in Portugal is €6."
        })
      ]
    })
    expect({ category: facts.category, place: facts.place, offerings: facts.offerings }).toEqual({
      category: "ceramics studio",
      place: "Braga",
      offerings: ["custom tableware"]
    })
  })
})
