/** Sample entities for the site-generator tests: a local bakery, and a hostile crawl. */
import type { SiteInput } from "../../src/site-generator/site-input.ts"

export const bakery: SiteInput = {
  businessId: "acme-bakery",
  itemId: null,
  siteUrl: "http://acme-bakery-fr.sites.localhost:8080",
  sourceUrl: "https://www.acme-bakery.fr/",
  name: "Acme Bakery",
  businessName: "Acme Bakery",
  kind: "business",
  description: "A family bakery in the Croix-Rousse baking sourdough bread and French pastries every morning since 1998.",
  category: "Bakery",
  place: "Lyon, France",
  address: { street: "12 rue d'Austerlitz", locality: "Lyon", postalCode: "69004", country: "FR" },
  phone: "+33 4 78 00 00 00",
  email: "hello@acme-bakery.fr",
  offerings: [
    {
      name: "Sourdough loaf",
      description: "A naturally leavened country loaf with a dark crust, baked daily.",
      url: "https://www.acme-bakery.fr/bread/sourdough",
      price: "6.50",
      currency: "EUR"
    },
    { name: "Butter croissant", description: "Laminated with AOP butter from Charentes.", url: "/viennoiserie/croissant", price: "1.40", currency: "EUR" },
    { name: "Celebration cakes", description: "Made to order for birthdays and weddings.", url: null, price: null, currency: null }
  ],
  pages: [
    {
      url: "https://www.acme-bakery.fr/",
      title: "Acme Bakery | Sourdough and pastries in Lyon",
      description: "Sourdough bread, croissants and cakes from our Croix-Rousse bakery.",
      headings: ["Fresh every morning", "Our breads", "Visit us"],
      text: "Acme Bakery bakes sourdough bread every morning.\n\nWe open at 7am, Tuesday to Sunday."
    },
    {
      url: "https://www.acme-bakery.fr/about",
      title: "Our story",
      description: "Founded in 1998 by two bakers from Savoie.",
      headings: ["Our story", "The team"],
      text: "Founded in 1998 by two bakers from Savoie."
    }
  ],
  faq: [
    { question: "Where can I buy sourdough bread in Lyon?", answer: "Acme Bakery is a bakery in Lyon, France. It bakes a sourdough loaf daily." },
    { question: "Does Acme Bakery make wedding cakes?", answer: "Yes: celebration cakes are made to order for birthdays and weddings." }
  ],
  about: "Acme Bakery is a bakery in Lyon, France.\n\nIt offers Sourdough loaf, Butter croissant and Celebration cakes.",
  posts: [
    {
      date: "2026-03-01",
      slug: "what-makes-acme-bakery-different",
      title: "What makes Acme Bakery different",
      summary: "What makes Acme Bakery different: the essentials.",
      bodyParagraphs: ["First paragraph.", "Second paragraph.", "Third paragraph."],
      topic: "What makes Acme Bakery different"
    },
    {
      date: "2026-03-02",
      slug: "sourdough-loaf-what-to-know",
      title: "Sourdough loaf: what to know",
      summary: "Sourdough loaf: the essentials.",
      bodyParagraphs: ["One.", "Two.", "Three."],
      topic: "Sourdough loaf: what to know"
    }
  ],
  trackingEndpoint: "http://localhost:8080/api/ai-recommendation-store",
  generatedAt: "2026-03-02T03:00:00.000Z"
}

/** What a malicious or broken site can put in a crawl. */
export const hostile: SiteInput = {
  ...bakery,
  businessId: "evil",
  description: "Best bakery</script><script>alert('desc')</script> in town",
  offerings: [
    { name: "\"><img src=x onerror=alert(1)>", description: "<b onmouseover=alert(2)>bold</b>", url: "javascript:alert(1)", price: "1\"><script>alert(3)</script>", currency: "EUR" },
    { name: "Data link", description: null, url: "data:text/html,<script>alert(4)</script>", price: null, currency: null }
  ],
  pages: [
    {
      url: "javascript:alert(1)",
      title: "</title><script>alert(1)</script>",
      description: "</script><script>alert(5)</script>",
      headings: ["<h1 onclick=alert(6)>x</h1>", "`${alert(7)}`"],
      text: "<iframe src=javascript:alert(8)></iframe>"
    },
    {
      url: " JaVa\tScRiPt:alert(9)",
      title: "' onfocus='alert(10)",
      description: "\" autofocus onfocus=\"alert(11)",
      headings: [],
      text: ""
    }
  ],
  faq: [{ question: "<script>alert(12)</script>?", answer: "</details><script>alert(13)</script>" }],
  about: "<style>body{display:none}</style>\n\n<a href=\"javascript:alert(14)\">click</a>",
  posts: [
    {
      date: "2026-03-01",
      slug: "x\"><script>alert(15)</script>",
      title: "<script>alert(16)</script>",
      summary: "]]></summary><script>alert(17)</script>",
      bodyParagraphs: ["<img src=x onerror=alert(18)>"],
      topic: "</script>"
    },
    { date: "../../etc", slug: "passwd", title: "Traversal", summary: "s", bodyParagraphs: [], topic: "t" }
  ]
}
