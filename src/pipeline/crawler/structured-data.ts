/**
 * Facts a page states about itself in structured form: products (JSON-LD `Product`/`Offer`,
 * microdata, OpenGraph `og:type=product`) and the site's own name (JSON-LD `Organization` or
 * `WebSite`). The input is parsed JSON from a hostile page: walks are bounded in depth and node
 * count, only own data is read, every string is collapsed, capped and stripped of markup, and
 * every URL is resolved and kept only when it is http(s).
 */
import { cleanText, truncateCodePoints } from "../../domain/text.ts"
import { plainText } from "./html-tokens.ts"
import { type JsonLdBounds, typeNamesOf, walkJsonLd } from "./jsonld-walk.ts"
import { currencyOf, PRICE_SOURCE } from "../../domain/money.ts"

export interface ProductHint {
  readonly name: string
  readonly description: string | null
  readonly sku: string | null
  /** As written by the page (`"19.99"`), never parsed into a float. */
  readonly price: string | null
  readonly currency: string | null
  readonly url: string | null
  readonly image: string | null
  /** `listing`: a priced line of a menu, price list or product card; `link`: a link into a shop, menu or services section. */
  readonly source: "json-ld" | "microdata" | "opengraph" | "listing" | "link"
}

export const MAX_PRODUCTS_PER_PAGE = 50
/** Every JSON value counts towards the nodes, scalars and arrays too. */
const BOUNDS: JsonLdBounds = { maxDepth: 12, maxNodes: 5_000, counts: "values" }

type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }
type JsonObject = { readonly [key: string]: Json }

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value)

const own = (object: JsonObject, key: string): Json | undefined =>
  Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined

/** Cut between code points, so no half of an emoji is left. */
const cap = (text: string, max: number): string => text.length > max ? truncateCodePoints(text, max).trimEnd() : text

/** A short plain string from a JSON-LD value: a string, a number, `{ "@value" }`, or the first of a list. */
export const textOf = (value: Json | undefined, max = 300): string | null => {
  let v: Json | undefined = value
  for (let i = 0; i < 3 && v !== undefined; i++) {
    if (Array.isArray(v)) v = v[0]
    else if (isObject(v)) v = own(v, "@value") ?? own(v, "name")
    else break
  }
  if (typeof v === "number" && Number.isFinite(v)) return String(v)
  if (typeof v !== "string") return null
  // Cleaned after decoding: a character reference can name a NUL or a lone surrogate too.
  const text = cap(cleanText(plainText(v.replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/g, ""))), max)
  return text === "" ? null : text
}

export const resolveHttpUrl = (value: string | null | undefined, base: string): string | null => {
  if (value === null || value === undefined || value.trim() === "") return null
  try {
    const url = new URL(value.trim(), base)
    if (url.protocol !== "http:" && url.protocol !== "https:") return null
    url.hash = ""
    return url.href.length > 2048 ? null : url.href
  } catch {
    return null
  }
}

// Only schema.org's own URL prefix is dropped (prompt facts drop any): `schema:Product` is not read as a product here.
const typesOf = (object: JsonObject): ReadonlyArray<string> =>
  typeNamesOf(object).map((t) => t.replace(/^https?:\/\/schema\.org\//i, ""))

const PRODUCT_TYPES = new Set(["Product", "ProductGroup", "IndividualProduct", "ProductModel", "SomeProducts"])
const OFFER_TYPES = new Set(["Offer", "AggregateOffer"])

const isProduct = (object: JsonObject) => typesOf(object).some((t) => PRODUCT_TYPES.has(t))

const urlOf = (value: Json | undefined, base: string): string | null => {
  let v = value
  if (Array.isArray(v)) v = v[0]
  if (isObject(v)) v = own(v, "url") ?? own(v, "contentUrl")
  return typeof v === "string" ? resolveHttpUrl(v, base) : null
}

const priceOf = (offer: JsonObject): { price: string | null; currency: string | null } => {
  const spec = own(offer, "priceSpecification")
  const specObject = isObject(spec) ? spec : Array.isArray(spec) && isObject(spec[0]) ? spec[0] : undefined
  const price = textOf(own(offer, "price"), 40) ?? textOf(own(offer, "lowPrice"), 40) ??
    (specObject === undefined ? null : textOf(own(specObject, "price"), 40))
  const currency = textOf(own(offer, "priceCurrency"), 10) ??
    (specObject === undefined ? null : textOf(own(specObject, "priceCurrency"), 10))
  return { price, currency }
}

const firstOffer = (value: Json | undefined): JsonObject | undefined => {
  const list = Array.isArray(value) ? value : [value]
  const offers = list.filter(isObject)
  return offers.find((o) => priceOf(o).price !== null) ?? offers[0]
}

const productFrom = (product: JsonObject, offer: JsonObject | undefined, base: string): ProductHint | undefined => {
  const name = textOf(own(product, "name"))
  if (name === null) return undefined
  const { currency, price } = offer === undefined ? { price: null, currency: null } : priceOf(offer)
  return {
    name,
    description: textOf(own(product, "description"), 2000),
    sku: textOf(own(product, "sku"), 100) ?? textOf(own(product, "mpn"), 100) ?? textOf(own(product, "productID"), 100),
    price,
    currency,
    url: urlOf(own(product, "url"), base) ?? (offer === undefined ? null : urlOf(own(offer, "url"), base)),
    image: urlOf(own(product, "image"), base),
    source: "json-ld"
  }
}

/** Fills the gaps of one hint with another's values (the same product seen twice). */
const merge = (a: ProductHint, b: ProductHint): ProductHint => ({
  name: a.name,
  description: a.description ?? b.description,
  sku: a.sku ?? b.sku,
  price: a.price ?? b.price,
  currency: a.currency ?? b.currency,
  url: a.url ?? b.url,
  image: a.image ?? b.image,
  source: a.source
})

/** Adds hints to `into`, folding the same product (name and sku) into one. */
export const addProducts = (into: Array<ProductHint>, hints: ReadonlyArray<ProductHint>): void => {
  for (const hint of hints) {
    const at = into.findIndex((p) => p.name === hint.name && (p.sku === hint.sku || p.sku === null || hint.sku === null))
    if (at >= 0) into[at] = merge(into[at]!, hint)
    else if (into.length < MAX_PRODUCTS_PER_PAGE) into.push(hint)
  }
}

export const productsFromJsonLd = (blocks: ReadonlyArray<unknown>, base: string): ReadonlyArray<ProductHint> => {
  const found: Array<ProductHint> = []
  walkJsonLd(blocks, BOUNDS, (node) => {
    // Parsed JSON: every object in it is a JSON object.
    const object = node as JsonObject
    if (isProduct(object)) {
      const hint = productFrom(object, firstOffer(own(object, "offers")), base)
      if (hint !== undefined) addProducts(found, [hint])
    } else if (typesOf(object).some((t) => OFFER_TYPES.has(t))) {
      const offered = own(object, "itemOffered")
      const item = Array.isArray(offered) ? offered.find(isObject) : offered
      if (isObject(item) && isProduct(item)) {
        const hint = productFrom(item, object, base)
        if (hint !== undefined) addProducts(found, [hint])
      }
    }
  })
  return found
}

// Organization and its common subtypes (LocalBusiness has over a hundred: the suffixes and the
// usual standalone names cover what business sites use).
const ORGANIZATION_SUFFIX = /(Organization|Organisation|Business|Store|Shop|Restaurant|Agency|Clinic|Salon|Contractor)$/
const ORGANIZATION_TYPES = new Set([
  "Corporation", "NGO", "Airline", "Consortium", "SportsTeam", "School", "CollegeOrUniversity", "Bakery", "BarOrPub",
  "Brewery", "CafeOrCoffeeShop", "Distillery", "Winery", "FoodEstablishment", "Dentist", "Physician", "Hospital",
  "Pharmacy", "Optician", "Attorney", "Notary", "BankOrCreditUnion", "RealEstateAgent", "Electrician", "Plumber",
  "Locksmith", "MovingCompany", "HousePainter", "RoofingContractor", "AutoRepair", "AutoDealer", "AutoBodyShop",
  "BeautySalon", "HairSalon", "DaySpa", "NailSalon", "TattooParlor", "HealthClub", "ExerciseGym", "Hotel", "Motel",
  "BedAndBreakfast", "Hostel", "Resort", "Campground", "ChildCare", "DryCleaningOrLaundry", "Library", "Florist",
  "VeterinaryCare", "AnimalShelter", "ArtGallery", "MovieTheater", "NightClub", "BowlingAlley", "GolfCourse",
  "SkiResort", "TravelAgency", "InsuranceAgency", "AccountingService", "LegalService", "ProfessionalService",
  "MedicalClinic", "Optometric", "FinancialService", "EmergencyService"
])
const isOrganization = (type: string) => ORGANIZATION_TYPES.has(type) || ORGANIZATION_SUFFIX.test(type)

export interface SiteNames {
  readonly organization: string | null
  readonly website: string | null
}

/**
 * The site's name as its top-level JSON-LD nodes (or `@graph` members) state it. Nested nodes
 * are not read: a product's `manufacturer` is somebody else's organization.
 */
export const siteNamesFromJsonLd = (blocks: ReadonlyArray<unknown>): SiteNames => {
  let organization: string | null = null
  let website: string | null = null
  const topLevel: Array<JsonObject> = []
  for (const block of blocks.slice(0, 50)) {
    const items = Array.isArray(block) ? block : [block]
    for (const item of items.slice(0, 100)) {
      if (!isObject(item)) continue
      topLevel.push(item)
      const graph = own(item, "@graph")
      if (Array.isArray(graph)) topLevel.push(...graph.slice(0, 100).filter(isObject))
    }
  }
  for (const node of topLevel) {
    const types = typesOf(node)
    if (organization === null && types.some(isOrganization)) organization = textOf(own(node, "name"))
    if (website === null && types.includes("WebSite")) website = textOf(own(node, "name"))
  }
  return { organization, website }
}

// ---------------------------------------------------------------------------------------------
// Offerings a page lists without structured data: priced lines and links into a shop

/** Path segments of sections that list what a site sells (`/products/…`, `/menu/…`, `/services/…`), in the languages sites are written in (`/diensten`, `/tarifs`, `/servicios`). */
export const OFFERING_SECTION =
  /^(?:products?|shop|store|boutique|menu|menus|carte|services?|treatments?|collections?|catalog(?:ue)?|classes|courses|workshops|offerings?|pricing|prices|price-list|rates|rooms|suites|packages|plans|repairs?|practice-areas?|what-we-do|solutions|teas?|coffees?|wines?|cakes|breads?|pastries|items?|diensten|onze-diensten|tarieven|prijzen|producten|behandelingen|leistungen|unsere-leistungen|dienstleistungen|preise|produkte|behandlungen|kurse|prestations|nos-prestations|nos-services|tarifs|produits|soins|servicios|nuestros-servicios|precios|tarifas|productos|tratamientos|cursos|servizi|i-nostri-servizi|prezzi|listino|prodotti|trattamenti|corsi|servicos|serviços|os-nossos-servicos|precos|preços|produtos|tratamentos|winkel|webwinkel)$/

/** A price as written: `$4.25`, `€ 12`, `12,50 €`, `19 CAD`, `₹340`, `R550`, `35 MAD` (money.ts). */
const PRICE = new RegExp(PRICE_SOURCE, "u")
/** Longest line read as a priced item: beyond it the price sits in a paragraph of prose. */
const MAX_LISTING_LINE = 200
const NOT_A_NAME = /^(?:from|only|total|subtotal|tax|vat|gst|shipping|delivery|price|prices|now|was|save|starting|add|buy|per|each|incl|excl)\b/i
const GENERIC_LINK = /^(?:shop|shop now|buy|buy now|view|view all|see all|see more|more|details|learn more|read more|order|order now|add to cart|add to basket|book|book now|home|menu|products?|services?|all|next|previous|back)$/i

/** A call to take something free: "Order free samples", "Request a free quote", "Claim your free sample". */
const FREE_CALL = /^(?:order|get|request|claim|download|grab|book)\s+(?:(?:a|an|your|our|the)\s+)?free\b/iu

/** A code standing for an item: capitals and figures run together ("HLTAID010", "SKU-2231"), no word of its own. */
const CODE = /^(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9-]{4,}$/u

/** A short plain name: no parenthetical, first of `–`/`·`/`|`-separated parts (after a code), 1–6 words. */
const itemName = (raw: string): string | null => {
  // "Facial acupuncture (cosmetic), 75 min": the comma stays on the name once the gloss is gone.
  const parts = cleanText(raw).replace(new RegExp(PRICE.source, "gu"), " ").replace(/\s*\([^)]*\)(?=\s*[,;])/g, "").replace(/\([^)]*\)/g, " ").split(/\s[–—-]\s|\s·\s|\s\|\s|:\s/u)
  // "HLTAID010 | Provide advanced first aid | 2 days | $395": a row opening with its code (a unit,
  // a SKU) is named in the cell after it.
  const name = parts[CODE.test(parts[0]!.replace(/^[\s|]+|[\s|]+$/gu, "")) && parts.length > 1 ? 1 : 0]!
    .replace(/\s+/g, " ").replace(/^[\s\-–—:•·|*,.…]+|[\s\-–—:•·|*,.…]+$/gu, "")
  // "from" before the price in other languages too: "Kinogutschein ab 10 €", "Bono desde 20 €", "à partir de".
  // A card's title and its "from" price with no space between them in the markup
  // (`<a>Roman blinds</a><span>from €119</span>`) run together: "Roman blindsfrom".
  const clean = name.replace(/\s+(?:from|only|starting(?: at)?|each|per \p{L}+|and up|\+|ab|dès|à partir de|desde|a partir de|da|vanaf|fra|från|od)$/iu, "")
    .replace(/(?<!\b(?:there|where))(?<=\p{Ll}{3})from$/u, "")
  const words = clean.split(" ").filter((w) => /\p{L}/u.test(w))
  // A name starts with a word (or a count of one) and has one of its own: "6-inch 8–10 servings" (a size) does not.
  if (!(/^\p{L}/u.test(clean) || opensWithCountedName(clean) || MACHINE_WEIGHT.test(clean)) || !words.some((w) => /^\p{L}{3,}$/u.test(w)) ||
    words.length > 6 || clean.length > 60 || NOT_A_NAME.test(clean)) {
    return null
  }
  return clean
}

/**
 * A machine named by its weight in tonnes, then its kind: "3t Digger", "1.5 tonne Mini Excavator"
 * (a hire fleet's rows). The weight says which machine; the words after it are its name.
 */
const MACHINE_WEIGHT = /^\d{1,2}(?:\.\d)?\s?(?:t|tonnes?)\s+\p{L}{3,}/u

/** A figure a name may open with: a count or ratio ("10", "1:1"), not a time, range or year. */
const LEADING_FIGURE = /^(\d{1,3}(?::\d{1,2})?)(?:-|\s)(\p{L}+)(?:\s+|$)/u
/** What follows a figure when the text is a date, a time, a size or a length rather than a name. */
const NOT_A_COUNTED_WORD = /^(?:x|by|am|pm|h|hrs?|hours?|min|mins|minutes?|cm|mm|m|km|in|inch|inches|ft|kg|g|lb|lbs|oz|ml|l|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|st|nd|rd|th)$/i

/**
 * A name that opens with a count of something and goes on in words: "10-visit pass", "3 month
 * membership", "1:1 coaching session". The figure's word must be followed by a word of the
 * name's own, so a bare quantity ("8 servings"), a size ("12 x 30 cm", "6-inch 8–10
 * servings"), a date ("12 March") or a time ("10:00-18:00") is no name. A session's length
 * ("2-hour lesson", "30-minute one-to-one lesson") is a price variant of what the site offers
 * under its own name ("driving lessons"), as a size is, so it is no name either.
 */
const opensWithCountedName = (text: string): boolean => {
  const figure = LEADING_FIGURE.exec(text)
  if (figure === null || /^\d:\d{2}$|^\d{2}:\d{2}$/.test(figure[1]!) || NOT_A_COUNTED_WORD.test(figure[2]!)) return false
  return /^\p{L}{3,}/u.test(text.slice(figure[0].length))
}

/** What may follow a line's price: a unit, then a few words of note after a comma ("per night, courtyard view"). */
const PRICE_UNIT_AND_NOTE = /^(?:each|per \p{L}+|\/\s*\p{L}+|pp|for (?:one|two|2))?\s*(?:,\s*\p{L}[\p{L}' -]{0,38})?\.?$/iu
const TITLED_NAME_WITH = /^((?:\p{Lu}[\p{L}'-]*\s+){1,4}\p{Lu}[\p{L}'-]*)\s+with\s+\p{Ll}/u

/** Longest paragraph read as one priced line: a name, a dash and a price. */
const MAX_PARAGRAPH_LINE = 90

/**
 * A paragraph that is one line of a shop or price list: a short name, a dash or a colon, and the
 * price ending it ("Card holder, three pockets – $48", "Gift card – $25 to $250"); prose that
 * mentions a price ("Glow nights run ...: $45 per lane per hour, ...") is not one.
 */
export const paragraphLineHint = (text: string): ProductHint | undefined => {
  const line = cleanText(text).replace(/\s+/g, " ").trim()
  if (line.length > MAX_PARAGRAPH_LINE) return undefined
  const match = PRICE.exec(line)
  if (match === null) return undefined
  const before = line.slice(0, match.index)
  const after = line.slice(match.index + match[0].length).trim()
  // A separator before the price: a dash, colon or bar, or a price list's dot leaders ("Upper lip .......... $45").
  if (!/\S\s*(?:[–—:|]|\s-|\.{3,}|…+)\s*(?:from\s+)?$/iu.test(before)) return undefined
  // After the price, only a range's other end, or a unit and a short note ("to $250", "each", "per
  // night, courtyard view").
  if (!(after === "" || new RegExp(`^(?:to|–|-)\\s*${PRICE.source}$`, "u").test(after) || PRICE_UNIT_AND_NOTE.test(after))) return undefined
  // "Loft Suite with roll-top bath and balcony – from £260": a name in capitals, then what it has.
  const titled = TITLED_NAME_WITH.exec(before)
  return listingHint(titled === null ? line : `${titled[1]} ${line.slice(match.index)}`)
}

/** Longest part of a run-on line read as one item: a name, a note in brackets, a size and a price. */
const MAX_RUN_ON_PART = 90
/** Dots and bars a menu sets between the items of one line. */
const RUN_ON_BREAK = /\s[·•|]\s/u
/** A price a menu leaves to the day instead of a figure ("Sliced ham priced daily"). */
const PRICE_OF_THE_DAY = /\s+(?:priced daily|daily price|market price|seasonal price|price on request)$/iu

/**
 * A paragraph written as a menu's run-on line: items set apart by middle dots, bullets or bars,
 * each with its price ("Reuben on rye $13.50 · Pastrami on rye $14 · Żurek soup $6"). Two or more
 * priced parts make the line a list, and each part is read as a line of its own; a part whose
 * price is left to the day ("Sliced deli meats and cheeses priced daily") is an item too. Prose
 * that happens to hold a dot is not read: every part must be a short item named before its price
 * (or priced by the day), so one thing's prices side by side ("$12 a roll · $55 for five") are no list.
 */
export const paragraphLineHints = (text: string): ReadonlyArray<ProductHint> => {
  const single = paragraphLineHint(text)
  if (single !== undefined) return [single]
  const parts = cleanText(text).replace(/\s+/g, " ").trim().split(RUN_ON_BREAK).map((part) => part.trim())
  if (parts.length < 2 || parts.some((part) => part.length > MAX_RUN_ON_PART)) return []
  const hints = parts.map((part): ProductHint | undefined => {
    // A menu line names each item before its price; "$12 a jar · $55 for a case of six" prices one thing twice.
    const price = PRICE.exec(part)
    if (price !== null) return /\p{L}/u.test(part.slice(0, price.index)) ? listingHint(part) : undefined
    if (!PRICE_OF_THE_DAY.test(part)) return undefined
    const name = itemName(part.replace(PRICE_OF_THE_DAY, ""))
    return name === null ? undefined : { name, description: null, sku: null, price: null, currency: null, url: null, image: null, source: "listing" }
  })
  const named = hints.filter((hint): hint is ProductHint => hint !== undefined)
  return named.length === parts.length && named.filter((hint) => hint.price !== null).length >= 2 ? named : []
}

/** Words a line of prices may hold beside them: sizes and units ("$6.75 / $7.75", "from £4", "€3 each"). */
const PRICE_LINE_WORDS = /^(?:from|each|per|person|pp|regular|large|small|medium|half|full|dozen|single|double|or|and|to)$/iu

/**
 * A card written as paragraphs, as site builders lay out menus and price lists: the item's name
 * alone on its line, maybe a line describing it, then a line of nothing but its price or prices
 * ("Taro Milk Tea" · "Real taro, jasmine tea." · "$6.25 / $7.25"). The name is a short line with
 * no sentence's full stop; anything else before the price line is no such card.
 */
export const nameNotePriceHint = (lines: ReadonlyArray<string>, priceLine: string): ProductHint | undefined => {
  const price = PRICE.exec(priceLine)
  if (price === null || lines.length === 0 || lines.length > 2) return undefined
  const rest = priceLine.replace(new RegExp(PRICE_SOURCE, "gu"), " ").split(/[\s/·|,–-]+/u).filter((w) => w !== "")
  if (rest.some((w) => !PRICE_LINE_WORDS.test(w))) return undefined
  const name = lines[0]!
  // ("Home / Refurbished / iPhone 12" above a product's price is the page's breadcrumb trail.)
  if (name.length > 60 || name.split(/\s+/u).length > 6 || /[.!?:]$/u.test(name) || /[/›»>|]/u.test(name) || !/^[\p{Lu}\d]/u.test(name)) return undefined
  const hint = listingHint(`${name} ${price[0]}`)
  return hint === undefined ? undefined : { ...hint, description: lines[1] === undefined ? null : lines[1] }
}

/** A menu line, price-list row or product card naming an item and its price (`Butter croissant $4.25`). */
export const listingHint = (text: string): ProductHint | undefined => {
  const line = cleanText(text).replace(/\s+/g, " ").trim()
  if (line.length === 0 || line.length > MAX_LISTING_LINE) return undefined
  const match = PRICE.exec(line)
  if (match === null) return timedPriceHint(line)
  const before = line.slice(0, match.index)
  const name = itemName(/\p{L}/u.test(before) ? before : line.slice(match.index + match[0].length))
  if (name === null) return undefined
  return {
    name,
    description: null,
    sku: null,
    price: (match[1] ?? match[2] ?? "").replace(/,(?=\d{3}\b)/g, ""),
    currency: currencyOf(match[0], match[3]),
    url: null,
    image: null,
    source: "listing"
  }
}

/**
 * A comparison table's column heading as an item without a price ("Mega Party", "Blown-in
 * cellulose"). A timetable's or a rate card's columns say when or per what ("Monday", "Evening",
 * "Weekends & school holidays", "Per night"), and a word alone ("Starter", "Growth") is a tier's
 * label, not a name a customer asks for; neither names an item, nor a heading with a price.
 */
const WHEN_COLUMN = /(?<![\p{L}])(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?s?|morning|afternoon|evening|lunch|night|nights|weekends?|weekdays?|holidays?|term|time|season|summer|winter|spring|autumn|per)(?![\p{L}])/iu

export const comparedHint = (text: string): ProductHint | undefined => {
  const line = cleanText(text).replace(/\s+/g, " ").trim()
  if (line.length === 0 || PRICE.test(line) || WHEN_COLUMN.test(line) || line.split(" ").filter((w) => /\p{L}{2,}/u.test(w)).length < 2) return undefined
  const name = itemName(line)
  return name === null ? undefined : { name, description: null, sku: null, price: null, currency: null, url: null, image: null, source: "listing" }
}

/**
 * A service menu's row priced by time with the currency said once for the page ("Prices in Thai
 * baht"): "Foot reflexology | 60 min 350 · 90 min 500". A length of time followed by a bare amount
 * is a price; the name is the row's first part.
 */
const TIMED_PRICE = /(?:^|\s)\d{1,3}\s?(?:min|mins|minutes|hr|hrs|hours?|h)\.?\s+(\d{2,6}(?:[.,]\d{2})?)(?=$|\s*[·|/,;]|\s+\d{1,3}\s?(?:min|h))/iu

const timedPriceHint = (line: string): ProductHint | undefined => {
  const match = TIMED_PRICE.exec(line)
  if (match === null) return undefined
  const name = itemName(line.slice(0, match.index))
  if (name === null) return undefined
  return { name, description: null, sku: null, price: match[1]!.replace(",", "."), currency: null, url: null, image: null, source: "listing" }
}

/** Longest note under a term read as what the term comes in and costs, not as a description of it. */
const MAX_TERM_NOTE = 80

/**
 * A definition list's term priced in the note under it: the note gives only a price, or a price
 * beside a few words of what the term comes in ("oak · walnut from $2,900", "£4 per person"),
 * so the term is the name. A note written as sentences names the term's price when the price
 * stands as a clause of its own, opening the note or after a comma or full stop ("€160 per week.
 * Stable, feed and hay.", "With a bow handle, $140", "Gowns, ruffs. Premium, $75."). A price
 * inside a clause ("Ages 5 to 12, with an instructor at $12 a session.", "Yes, the $15 fee is
 * waived") is about something the note mentions, not the term. A question is no name.
 */
export const termPriceHint = (term: string, note: string): ProductHint | undefined => {
  const line = cleanText(note).replace(/\s+/g, " ").trim()
  const match = PRICE.exec(line)
  if (match === null || /\?\s*$/u.test(term)) return undefined
  const words = line.replace(new RegExp(PRICE.source, "gu"), " ").trim()
  if (words.length <= MAX_TERM_NOTE && !/[.,;!?]/u.test(words)) return listingHint(`${term} ${line.slice(match.index)}`)
  // "Regency" over "Empire-line dresses, tailcoats. Premium, $75.": a one-word term over a
  // description names a group of what the note lists, not a thing asked for by that word.
  if (term.trim().split(/\s+/u).filter((w) => /\p{L}/u.test(w)).length < 2) return undefined
  const prices = new RegExp(PRICE.source, "gu")
  for (let price = prices.exec(line); price !== null; price = prices.exec(line)) {
    if (!OWN_CLAUSE.test(line.slice(0, price.index))) continue
    return listingHint(`${term} ${price[0]}`)
  }
  return undefined
}

/**
 * A term that names an attribute of one thing, not a thing: a definition list with one is a spec
 * sheet ("Lead time: about 7 months", "Deposit: $500", "Weight: 1.2 kg"), and its priced terms
 * are prices of the page's product, not offerings of their own.
 */
export const isAttributeTerm = (term: string): boolean =>
  /^(?:price|prices|cost|fee|fees|deposit|bond|lead time|turnaround|delivery|delivery time|shipping|weight|size|sizes|dimensions|measurements|length|width|height|depth|materials?|colou?rs?|finish(?:es)?|capacity|warranty|guarantee|care|includes|included|what'?s included|availability|duration|time needed|wood|woods|fabric|fit)$/iu
    .test(cleanText(term).replace(/\s+/g, " ").trim().replace(/\s*:$/u, ""))

/** The text before a price that stands as a clause of its own: nothing, or a comma or full stop (and "from"). */
const OWN_CLAUSE = /(?:^|[.,;:]\s)\s*(?:from\s+|only\s+)?$/iu

/** A link into an offering section (`/products/gift-box.html`) named by its text. */
export const linkHint = (text: string, url: string | null): ProductHint | undefined => {
  if (url === null) return undefined
  let segments: Array<string>
  try {
    segments = new URL(url).pathname.split("/").filter((s) => s.length > 0).map((s) => s.toLowerCase())
  } catch {
    return undefined
  }
  const section = segments.findIndex((s) => OFFERING_SECTION.test(s))
  if (section < 0 || section === segments.length - 1) return undefined
  const name = itemName(text.replace(/^\s*(?:(?:our|the|all|shop)\s+){1,3}/i, ""))
  // "Order free samples", "Get a free quote": what is given away is not sold.
  if (name === null || GENERIC_LINK.test(name) || FREE_CALL.test(name)) return undefined
  return { name, description: null, sku: null, price: null, currency: null, url, image: null, source: "link" }
}
