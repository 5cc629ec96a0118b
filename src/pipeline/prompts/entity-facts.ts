/**
 * What prompt generation knows about an entity, and its extraction from crawled pages. The
 * extraction is pure and deterministic (ties are broken by first appearance, then
 * alphabetically), so the same crawl gives the same facts and, through the built-in generator,
 * the same prompts: a prompt set that changes between runs would make scores incomparable.
 */
import { COMMON_WORDS, isCapitalisedCommonWord, isCommonWord } from "../../domain/common-words.ts"
import { contentWords, fold, GENERIC_WORDS, phraseKey, squish, stem, STOP_WORDS, wordsOf } from "./prompt-text.ts"

export interface PromptFacts {
  /** Business or product name. */
  readonly name: string
  readonly kind: "business" | "product"
  /** For a product, its business; for a business, its own name. */
  readonly businessName: string
  readonly url: string
  /** Services, products or categories on offer, e.g. `["sourdough bread", "wedding cakes"]`. */
  readonly offerings: ReadonlyArray<string>
  /** What the entity is, e.g. `"bakery"`, `"project management software"`. */
  readonly category: string | null
  /** City or region, e.g. `"Lyon"`; null for an online-only entity or when unknown. */
  readonly place: string | null
  /** Who it serves, e.g. `["small businesses", "families"]`. */
  readonly audience: ReadonlyArray<string>
  /** Further salient terms from the crawl. */
  readonly keywords: ReadonlyArray<string>
}

export interface CrawledPageFacts {
  readonly title: string | null
  readonly description: string | null
  readonly headings: ReadonlyArray<string>
  readonly text: string
  readonly jsonLd: ReadonlyArray<unknown>
  readonly products: ReadonlyArray<{ readonly name: string; readonly description?: string | null | undefined }>
}

export interface FactsInput {
  readonly name: string
  readonly kind: "business" | "product"
  readonly businessName: string
  readonly url: string
  readonly pages: ReadonlyArray<CrawledPageFacts>
}

/** Longest list kept per field. */
export const MAX_FACTS_PER_LIST = 12

// ---------------------------------------------------------------------------------------------
// JSON-LD

type Node = Readonly<Record<string, unknown>>

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value)

/** Bounds on the walk: JSON-LD comes from arbitrary sites, and a page may carry megabytes of it. */
const MAX_NODES = 2_000
const MAX_DEPTH = 8

/** Every object in the JSON-LD blocks, in document order (`@graph`, arrays and nested values). */
const jsonLdNodes = (blocks: ReadonlyArray<unknown>): Array<Node> => {
  const nodes: Array<Node> = []
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || nodes.length >= MAX_NODES) return
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1)
      return
    }
    if (!isNode(value)) return
    nodes.push(value)
    for (const key of Object.keys(value)) {
      if (key === "@context") continue
      const child = value[key]
      if (typeof child === "object" && child !== null) walk(child, depth + 1)
    }
  }
  for (const block of blocks) walk(block, 0)
  return nodes
}

const typesOf = (node: Node): Array<string> => {
  const type = node["@type"]
  const raw = typeof type === "string" ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === "string") : []
  // `https://schema.org/Bakery` and `schema:Bakery` name the same type as `Bakery`.
  return raw.map((t) => t.replace(/^.*[/:#]/, ""))
}

const text = (value: unknown): string | undefined => {
  if (typeof value === "string") {
    const clean = squish(value)
    return clean.length > 0 ? clean : undefined
  }
  if (typeof value === "number") return String(value)
  return undefined
}

const nameOf = (value: unknown): string | undefined => (isNode(value) ? text(value["name"]) : text(value))

const asArray = (value: unknown): ReadonlyArray<unknown> => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])

/**
 * schema.org business and product types as everyday words. Types left out are either too vague
 * to be a field (`LocalBusiness`, `Organization`, `Store`) or structural (`WebPage`, `Offer`).
 */
const SCHEMA_TYPE_WORDS: Readonly<Record<string, string>> = {
  Bakery: "bakery", CafeOrCoffeeShop: "café", Restaurant: "restaurant", FastFoodRestaurant: "fast food restaurant",
  BarOrPub: "bar", Brewery: "brewery", Winery: "winery", Distillery: "distillery", IceCreamShop: "ice cream shop",
  FoodEstablishment: "food shop", Dentist: "dentist", Physician: "doctor", MedicalClinic: "medical clinic",
  Optician: "optician", Pharmacy: "pharmacy", Physiotherapy: "physiotherapist", VeterinaryCare: "veterinarian",
  HairSalon: "hair salon", BeautySalon: "beauty salon", NailSalon: "nail salon", DaySpa: "day spa",
  TattooParlor: "tattoo studio", HealthClub: "gym", ExerciseGym: "gym", SportsClub: "sports club",
  YogaStudio: "yoga studio", Plumber: "plumber", Electrician: "electrician", HVACBusiness: "heating and cooling contractor",
  RoofingContractor: "roofing contractor", HousePainter: "house painter", Locksmith: "locksmith",
  GeneralContractor: "general contractor", MovingCompany: "moving company", SelfStorage: "self storage facility",
  AutoRepair: "auto repair shop", AutoDealer: "car dealership", AutoBodyShop: "auto body shop", AutoWash: "car wash",
  GasStation: "gas station", Attorney: "lawyer", LegalService: "law firm", Notary: "notary",
  AccountingService: "accounting firm", FinancialService: "financial advisor", InsuranceAgency: "insurance agency",
  RealEstateAgent: "real estate agent", TravelAgency: "travel agency", Hotel: "hotel", Motel: "motel",
  BedAndBreakfast: "bed and breakfast", Hostel: "hostel", Campground: "campground", Florist: "florist",
  BookStore: "bookstore", BikeStore: "bike shop", ClothingStore: "clothing store", ComputerStore: "computer store",
  ElectronicsStore: "electronics store", FurnitureStore: "furniture store", GardenStore: "garden center",
  GroceryStore: "grocery store", HardwareStore: "hardware store", HobbyShop: "hobby shop", HomeGoodsStore: "home goods store",
  JewelryStore: "jewelry store", LiquorStore: "wine shop", MusicStore: "music store", OfficeEquipmentStore: "office supply store",
  PetStore: "pet store", ShoeStore: "shoe store", SportingGoodsStore: "sporting goods store", ToyStore: "toy store",
  TireShop: "tire shop", MobilePhoneStore: "phone store", ChildCare: "childcare center", Preschool: "preschool",
  School: "school", DryCleaningOrLaundry: "dry cleaner", EmploymentAgency: "recruitment agency",
  RecyclingCenter: "recycling center", TouristInformationCenter: "tourist information center",
  EntertainmentBusiness: "entertainment venue", NightClub: "nightclub", MovieTheater: "cinema", ArtGallery: "art gallery",
  SoftwareApplication: "software", WebApplication: "web app", MobileApplication: "mobile app"
}

/** Types that describe structure, not the business: never a category. */
const STRUCTURAL_TYPES = new Set([
  "Thing", "Organization", "Corporation", "LocalBusiness", "Store", "ProfessionalService", "OnlineBusiness", "OnlineStore",
  "WebPage", "WebSite", "ItemPage", "AboutPage", "ContactPage", "CollectionPage", "FAQPage", "BreadcrumbList", "ListItem",
  "ItemList", "ImageObject", "VideoObject", "Person", "PostalAddress", "GeoCoordinates", "Place", "City", "Country",
  "AdministrativeArea", "Offer", "AggregateOffer", "OfferCatalog", "AggregateRating", "Rating", "Review", "Brand",
  "OpeningHoursSpecification", "ContactPoint", "SearchAction", "ReadAction", "EntryPoint", "Product", "ProductGroup",
  "Service", "Article", "BlogPosting", "NewsArticle", "Event", "Question", "Answer", "HowTo", "Recipe", "Menu",
  "MenuSection", "MenuItem", "PriceSpecification", "UnitPriceSpecification", "QuantitativeValue", "MonetaryAmount",
  "PropertyValue", "SiteNavigationElement", "WPHeader", "WPFooter", "WPSideBar", "Language", "DefinedTerm"
])

/** `SelfStorageFacility` → `self storage facility`: for business types the map does not know. */
const typeWords = (type: string): string =>
  type.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").toLowerCase()

/** A node that describes a business (has an address, phone, hours or geo), not a page part. */
const looksLikeBusiness = (node: Node) =>
  ["address", "telephone", "openingHours", "openingHoursSpecification", "geo", "priceRange"].some((k) => node[k] !== undefined)

const categoryFromJsonLd = (nodes: ReadonlyArray<Node>, kind: PromptFacts["kind"]): string | undefined => {
  // Known types first, in document order; an unknown business-like type only when none is known.
  for (const node of nodes) {
    for (const type of typesOf(node)) {
      const word = SCHEMA_TYPE_WORDS[type]
      if (word === undefined) continue
      if (word === "software") {
        // "BusinessApplication" → "business software"; anything else stays "software".
        const sub = text(node["applicationCategory"])?.replace(/Application$/, "")
        return sub !== undefined && /^[A-Za-z]+$/.test(sub) ? `${typeWords(sub)} software` : word
      }
      return word
    }
  }
  if (kind === "product") {
    for (const node of nodes) {
      if (!typesOf(node).includes("Product")) continue
      // `category` may be a path ("Shoes > Running Shoes"): the last step is the most specific.
      const category = text(isNode(node["category"]) ? node["category"]["name"] : node["category"])
      const last = category?.split(/\s*[>/|]\s*/).filter((s) => s.length > 0).at(-1)
      if (last !== undefined && last.length <= 40 && !/^\d+$/.test(last)) return displayPhrase(last)
    }
  }
  for (const node of nodes) {
    if (!looksLikeBusiness(node)) continue
    for (const type of typesOf(node)) {
      if (!STRUCTURAL_TYPES.has(type) && /^[A-Z][A-Za-z]+$/.test(type)) return typeWords(type)
    }
  }
  return undefined
}

const placeFromJsonLd = (nodes: ReadonlyArray<Node>): string | undefined => {
  for (const node of nodes) {
    for (const address of asArray(node["address"])) {
      const locality = isNode(address) ? text(address["addressLocality"]) : undefined
      if (locality !== undefined && locality.length <= 60) return locality
    }
  }
  for (const node of nodes) {
    for (const area of asArray(node["areaServed"])) {
      const name = nameOf(area)
      if (name !== undefined && name.length <= 60) return name
    }
  }
  return undefined
}

/** Names offered through `makesOffer`, `hasOfferCatalog` (nested catalogs too), and Service/Product nodes. */
const offeringsFromJsonLd = (nodes: ReadonlyArray<Node>): Array<string> => {
  const found: Array<string> = []
  const offerName = (offer: unknown) => {
    if (!isNode(offer)) return nameOf(offer)
    return nameOf(offer["itemOffered"]) ?? text(offer["name"])
  }
  const catalog = (value: unknown, depth: number): void => {
    if (depth > 4) return
    for (const entry of asArray(value)) {
      if (!isNode(entry)) continue
      const types = typesOf(entry)
      if (types.includes("OfferCatalog")) {
        const elements = asArray(entry["itemListElement"])
        if (elements.length === 0) {
          const name = text(entry["name"])
          if (name !== undefined) found.push(name)
        }
        catalog(elements, depth + 1)
      } else {
        const name = offerName(entry)
        if (name !== undefined) found.push(name)
      }
    }
  }
  for (const node of nodes) {
    for (const offer of asArray(node["makesOffer"])) {
      const name = offerName(offer)
      if (name !== undefined) found.push(name)
    }
    catalog(node["hasOfferCatalog"], 0)
    const types = typesOf(node)
    if (types.includes("Service")) {
      const name = text(node["serviceType"]) ?? text(node["name"])
      if (name !== undefined) found.push(name)
    }
  }
  return found
}

// ---------------------------------------------------------------------------------------------
// Text

/**
 * A phrase as it should read inside a sentence: Title Case lowered (`Wedding Cakes` → `wedding
 * cakes`), acronyms and camel-cased names kept (`SEO`, `iPhone`), and trailing punctuation dropped.
 */
const displayPhrase = (phrase: string, proper: ReadonlySet<string> = new Set()): string =>
  squish(phrase)
    .replace(/^[\s\-–—:•·|*#]+|[\s\-–—:•·|*.!?,;]+$/gu, "")
    .split(" ")
    .map((word) => {
      if (/^\p{Lu}{2,}s?$/u.test(word) || /\p{Ll}\p{Lu}/u.test(word) || /\d/u.test(word)) return word
      // The place keeps its capital (`sourdough from Lyon`).
      if (/^\p{Lu}\p{Ll}+$/u.test(word) && proper.has(fold(word))) return word
      return word.toLowerCase()
    })
    .join(" ")

/** Headings that are page furniture, never an offering. */
const NOT_AN_OFFERING = new Set(
  `about contact welcome story team hours opening faq faqs blog news testimonials testimonial reviews review newsletter
  follow location locations find privacy cookie cookies terms copyright login sign cart menu home gallery careers jobs
  subscribe why who mission values partners press shipping returns delivery account search categories category
  featured popular bestsellers sellers new arrivals sale shop collection collections our your us we get call book
  visit order questions help support links social share related recent latest more info information`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

/** A heading short enough, and plain enough, to name something on offer (`Wedding Cakes`). */
const headingOffering = (heading: string, proper: ReadonlySet<string>): string | undefined => {
  const clean = squish(heading).replace(/[\s:|–—-]+$/u, "")
  if (clean.length === 0 || clean.length > 50 || /[?!]$/.test(clean) || /[@/\\]|https?:|\d{3,}/.test(clean)) return undefined
  const words = wordsOf(clean)
  if (words.length === 0 || words.length > 4) return undefined
  if (words.some((w) => NOT_AN_OFFERING.has(w))) return undefined
  // At least one word must carry meaning of its own.
  if (!words.some((w) => w.length >= 3 && !STOP_WORDS.has(w) && !GENERIC_WORDS.has(w))) return undefined
  return displayPhrase(clean, proper)
}

/** Heads of audience phrases: people and organisations a business serves. */
const AUDIENCE_HEADS = new Set(
  `people families family kids children parents couples students teams businesses companies startups start-ups
  freelancers professionals beginners seniors adults women men athletes runners cyclists developers agencies enterprises
  homeowners landlords tenants renters pets dogs cats travelers travellers tourists brides grooms patients clients
  retailers restaurants schools teachers nonprofits charities creators designers marketers engineers nurses doctors
  musicians gamers vegans vegetarians organizations organisations individuals entrepreneurs founders owners buyers
  homebuyers sellers investors drivers riders golfers skiers hikers climbers photographers artists writers makers
  hobbyists collectors gardeners cooks chefs bakers babies toddlers teens teenagers youth juniors groups communities
  smes planners organizers organisers hosts guests shoppers users managers coaches trainers executives employers
  employees workers contractors builders architects agents brokers`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

/** Heads too vague to be an audience on their own ("for people with allergies"): kept only with a modifier. */
const VAGUE_HEADS = new Set(["people", "individuals", "clients", "users", "groups", "owners", "family"])

const AUDIENCE_DETERMINERS = new Set(["our", "your", "the", "all", "every", "any", "those", "these", "their", "its", "my"])

/**
 * "for busy families", "ideal for small businesses and startups": the noun phrases after "for"
 * that end in a people or organisation noun, a second one joined by "and"/"or" included.
 */
const audiencePhrases = (source: string): Array<string> => {
  const found: Array<string> = []
  for (const match of source.matchAll(/\bfor\s+(?=((?:[\p{L}'-]+[\s,]+){0,5}[\p{L}'-]+))/giu)) {
    const words = match[1]!.split(/[\s,]+/).filter((w) => w.length > 0)
    let start = 0
    for (let i = 0; i < words.length; i++) {
      if (!AUDIENCE_HEADS.has(fold(words[i]!))) continue
      let from = start
      while (from < i && (AUDIENCE_DETERMINERS.has(fold(words[from]!)) || fold(words[from]!) === "for")) from++
      const phrase = words.slice(from, i + 1)
      // Modifiers must be plain words ("small", "busy", "growing"), not the rest of a clause.
      const plain = phrase.length <= 3 && phrase.slice(0, -1).every((w) => !STOP_WORDS.has(fold(w)) && !AUDIENCE_HEADS.has(fold(w)))
      if (plain && !(phrase.length === 1 && VAGUE_HEADS.has(fold(phrase[0]!)))) found.push(phrase.map((w) => w.toLowerCase()).join(" "))
      // Only "X and Y" continues the phrase list; anything else ends it.
      const joiner = words[i + 1] === undefined ? "" : fold(words[i + 1]!)
      if (joiner !== "and" && joiner !== "or") break
      start = i + 2
    }
  }
  return found
}

const MONTHS_AND_DAYS = /^(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i

/** "in Lyon", "based in New York": capitalised names after "in", with their strength. */
const placeMentions = (source: string, nameWords: ReadonlySet<string>): Array<{ place: string; weight: number }> => {
  const found: Array<{ place: string; weight: number }> = []
  for (const match of source.matchAll(/\b(based|located|situated|serving|near)?\s*\bin\s+(\p{Lu}[\p{L}'-]+(?:[ -]\p{Lu}[\p{L}'-]+){0,2})/gu)) {
    const place = match[2]!
    const words = place.split(/[ -]/)
    if (words.every((w) => isCommonWord(fold(w)) || STOP_WORDS.has(fold(w)))) continue
    if (words.some((w) => MONTHS_AND_DAYS.test(w) || isCapitalisedCommonWord(w) || nameWords.has(fold(w)))) continue
    found.push({ place, weight: match[1] === undefined ? 1 : 3 })
  }
  return found
}

// ---------------------------------------------------------------------------------------------
// Ranking

/** Distinct phrases by first appearance, keyed by their folded form, at most `limit`. */
const distinct = (phrases: ReadonlyArray<string>, limit: number, exclude: ReadonlySet<string> = new Set()): Array<string> => {
  const seen = new Set<string>(exclude)
  const out: Array<string> = []
  for (const phrase of phrases) {
    const key = phraseKey(phrase)
    if (key === "" || seen.has(key)) continue
    seen.add(key)
    out.push(phrase)
    if (out.length >= limit) break
  }
  return out
}

/** By count (descending), then first appearance: stable for the same input. */
const byFrequency = (items: ReadonlyArray<{ key: string; value: string; weight: number }>): Array<string> => {
  const tally = new Map<string, { value: string; score: number; first: number }>()
  items.forEach((item, index) => {
    const entry = tally.get(item.key)
    if (entry === undefined) tally.set(item.key, { value: item.value, score: item.weight, first: index })
    else entry.score += item.weight
  })
  return [...tally.values()].sort((a, b) => b.score - a.score || a.first - b.first).map((e) => e.value)
}

/** The known category words, longest first, for finding a category in headings and titles. */
const CATEGORY_WORDS: ReadonlyArray<string> = [...new Set(Object.values(SCHEMA_TYPE_WORDS))]
  .concat([
    "boulangerie", "patisserie", "pastry shop", "coffee shop", "pizzeria", "bistro", "brasserie", "wine bar", "catering",
    "caterer", "photographer", "photography studio", "architect", "interior designer", "web design agency",
    "marketing agency", "digital agency", "consultancy", "law firm", "dental clinic", "orthodontist", "chiropractor",
    "massage therapist", "barber", "barbershop", "salon", "spa", "gym", "fitness studio", "pilates studio", "dance studio",
    "driving school", "language school", "tutoring", "daycare", "kennel", "pet groomer", "dog groomer", "landscaper",
    "gardener", "cleaning company", "cleaner", "carpenter", "builder", "painter", "tailor", "cobbler", "butcher",
    "butcher shop", "fishmonger", "cheese shop", "deli", "delicatessen", "chocolatier", "ice cream parlour", "tea room",
    "guest house", "vacation rental", "boutique", "bookshop", "print shop", "printer", "garage", "mechanic",
    "estate agent", "accountant", "bookkeeper", "therapist", "psychologist", "nutritionist", "veterinary clinic", "vet",
    "crm", "erp", "saas", "app", "platform"
  ])
  .sort((a, b) => b.length - a.length || a.localeCompare(b))

const categoryFromText = (sources: ReadonlyArray<{ text: string; weight: number }>): string | undefined => {
  const hits: Array<{ key: string; value: string; weight: number }> = []
  for (const source of sources) {
    const key = ` ${phraseKey(source.text)} `
    for (const word of CATEGORY_WORDS) {
      const k = phraseKey(word)
      // Plurals count too ("bakeries" in a heading names the field as well as "bakery").
      const plural = k.endsWith("y") ? `${k.slice(0, -1)}ies` : `${k}s`
      if (key.includes(` ${k} `) || key.includes(` ${plural} `)) hits.push({ key: k, value: word, weight: source.weight * (1 + k.split(" ").length) })
    }
  }
  return byFrequency(hits)[0]
}

/** Everyday words that rank high on many sites and name no field. */
const KEYWORD_FILLER = new Set(
  `morning evening afternoon night weekend weekends meet choose chosen ideal designed want wants something someone
  ahead fresh freshly gentle welcome welcomes inside outside hand handmade each every since together many make makes
  enjoy discover explore visit visiting feel looking look love loved find found provide provides offering offered
  include includes including need needs help helps like just really well also always here there open closed opening
  hours minutes today tomorrow daily available right left full part whole small large big little options option
  book booking call email write read save serve serves served`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

// ---------------------------------------------------------------------------------------------

/**
 * Facts for prompt generation from the crawled pages:
 * - category: the first schema.org business type with an everyday word (`Bakery` → "bakery"),
 *   a product's own `category`, an unknown business type split into words; otherwise the most
 *   frequent known category word in titles, headings and the description (weighted).
 * - place: `address.addressLocality`, then `areaServed`, then the most frequent "in <Capitalised>"
 *   ("based in", "located in" count triple), when seen twice or stated as "based in".
 * - offerings: JSON-LD offers and catalogs, product names, then short plain headings.
 * - audience: "for <noun phrase>" where the phrase ends in a people or organisation noun.
 * - keywords: content words by weighted frequency (title ×3, description and headings ×2, text ×1),
 *   without stop words, web furniture, the entity's own name or words already in the offerings.
 */
export const factsFromPages = (input: FactsInput): PromptFacts => {
  const pages = input.pages
  const nodes = jsonLdNodes(pages.flatMap((page) => page.jsonLd))
  const nameWords = new Set([...wordsOf(input.name), ...wordsOf(input.businessName)])

  // Place first: it decides which capitalised words are proper names in offerings.
  const jsonLdPlace = placeFromJsonLd(nodes)
  let place: string | null = jsonLdPlace ?? null
  if (place === null) {
    const mentions = pages.flatMap((page) =>
      [page.title ?? "", page.description ?? "", ...page.headings, page.text].flatMap((s) => placeMentions(s, nameWords))
    )
    const ranked = byFrequency(mentions.map((m) => ({ key: phraseKey(m.place), value: m.place, weight: m.weight })))
    const best = ranked[0]
    if (best !== undefined) {
      const score = mentions.filter((m) => phraseKey(m.place) === phraseKey(best)).reduce((sum, m) => sum + m.weight, 0)
      if (score >= 2) place = best
    }
  }
  const proper: ReadonlySet<string> = new Set(place === null ? [] : wordsOf(place))

  const headingSources = pages.flatMap((page) => [
    { text: page.title ?? "", weight: 3 },
    { text: page.description ?? "", weight: 2 },
    ...page.headings.map((h) => ({ text: h, weight: 2 }))
  ])
  const category = categoryFromJsonLd(nodes, input.kind) ?? categoryFromText([{ text: input.name, weight: 3 }, ...headingSources]) ?? null

  const nameKey = phraseKey(input.name)
  const businessKey = phraseKey(input.businessName)
  const offeringCandidates = [
    ...offeringsFromJsonLd(nodes).map((o) => displayPhrase(o, proper)),
    ...pages.flatMap((page) => page.products.map((p) => displayPhrase(p.name, proper))),
    ...pages.flatMap((page) => page.headings.map((h) => headingOffering(h, proper)).filter((h): h is string => h !== undefined))
  ].filter((o) => {
    const key = phraseKey(o)
    const words = key.split(" ")
    // The entity's own name and the category itself are not offerings; neither are long blurbs.
    return key !== nameKey && key !== businessKey && key !== phraseKey(category ?? "") && words.length <= 6 && o.length <= 60
  })
  const offerings = distinct(offeringCandidates, MAX_FACTS_PER_LIST)

  const audienceSources = pages.flatMap((page) => [page.title ?? "", page.description ?? "", ...page.headings, page.text])
  const audience = byFrequency(
    audienceSources.flatMap(audiencePhrases).map((phrase) => ({ key: phraseKey(phrase), value: phrase, weight: 1 }))
  ).slice(0, MAX_FACTS_PER_LIST)

  const covered = new Set(
    [
      ...nameWords,
      ...offerings.flatMap((o) => wordsOf(o)),
      ...wordsOf(category ?? ""),
      ...wordsOf(place ?? ""),
      // Audience words are who, not what: they stay out of the field's terms.
      ...audience.flatMap((a) => wordsOf(a))
    ].map(stem)
  )
  const weighted: Array<{ key: string; value: string; weight: number }> = []
  const addWords = (source: string, weight: number) => {
    for (const word of contentWords(source)) {
      if (word.length < 4 || covered.has(stem(word)) || /\d/.test(word)) continue
      // "baked", "opening", "welcomes": inflected everyday verbs say little about the field.
      if (/(?:ed|ing|es)$/.test(word) && isCommonWord(word) && !COMMON_WORDS.has(word)) continue
      if (KEYWORD_FILLER.has(word)) continue
      weighted.push({ key: word, value: word, weight })
    }
  }
  for (const page of pages) {
    addWords(page.title ?? "", 3)
    addWords(page.description ?? "", 2)
    for (const heading of page.headings) addWords(heading, 2)
    for (const product of page.products) {
      addWords(product.name, 2)
      addWords(product.description ?? "", 1)
    }
    addWords(page.text, 1)
  }
  const keywords = byFrequency(weighted).slice(0, MAX_FACTS_PER_LIST)

  return {
    name: squish(input.name),
    kind: input.kind,
    businessName: squish(input.businessName),
    url: input.url,
    offerings,
    category,
    place,
    audience,
    keywords
  }
}
