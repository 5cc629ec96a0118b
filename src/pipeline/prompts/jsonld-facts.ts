/**
 * Prompt facts from JSON-LD: the category (a schema.org business type in everyday words), the
 * place (an address or area served) and the offerings (offers, catalogs, services). JSON-LD comes
 * from arbitrary sites, so the walk over it is bounded.
 */
import { isJsonLdObject, type JsonLdBounds, type JsonLdObject, typeNamesOf, walkJsonLd } from "../crawler/jsonld-walk.ts"
import { displayPhrase } from "./english.ts"
import type { PromptFacts } from "./prompt-facts.ts"
import { squish } from "./prompt-text.ts"

/** Objects only, never the vocabulary in `@context`. */
const BOUNDS: JsonLdBounds = { maxDepth: 8, maxNodes: 2_000, counts: "objects", skipKeys: new Set(["@context"]) }

/** Every object in the JSON-LD blocks, in document order (`@graph`, arrays and nested values). */
export const jsonLdNodes = (blocks: ReadonlyArray<unknown>): Array<JsonLdObject> => {
  const nodes: Array<JsonLdObject> = []
  walkJsonLd(blocks, BOUNDS, (node) => nodes.push(node))
  return nodes
}

// `https://schema.org/Bakery` and `schema:Bakery` name the same type as `Bakery`.
const typesOf = (node: JsonLdObject): Array<string> => typeNamesOf(node).map((t) => t.replace(/^.*[/:#]/, ""))

const text = (value: unknown): string | undefined => {
  if (typeof value === "string") {
    const clean = squish(value)
    return clean.length > 0 ? clean : undefined
  }
  if (typeof value === "number") return String(value)
  return undefined
}

const nameOf = (value: unknown): string | undefined => (isJsonLdObject(value) ? text(value["name"]) : text(value))

const asArray = (value: unknown): ReadonlyArray<unknown> => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])

/**
 * schema.org business and product types as everyday words. Types left out are either too vague
 * to be a field (`LocalBusiness`, `Organization`, `Store`) or structural (`WebPage`, `Offer`).
 */
export const SCHEMA_TYPE_WORDS: Readonly<Record<string, string>> = {
  Bakery: "bakery", CafeOrCoffeeShop: "café", Restaurant: "restaurant", FastFoodRestaurant: "fast food restaurant",
  BarOrPub: "bar", Brewery: "brewery", Winery: "winery", Distillery: "distillery", IceCreamShop: "ice cream shop",
  FoodEstablishment: "food shop", Dentist: "dentist", Physician: "doctor", MedicalClinic: "medical clinic",
  Optician: "optician", Pharmacy: "pharmacy", Physiotherapy: "physiotherapist", VeterinaryCare: "veterinarian",
  HairSalon: "hair salon", BeautySalon: "beauty salon", NailSalon: "nail salon", DaySpa: "day spa",
  TattooParlor: "tattoo studio", HealthClub: "gym", ExerciseGym: "gym", SportsClub: "sports club",
  YogaStudio: "yoga studio", Plumber: "plumber", Electrician: "electrician", HVACBusiness: "HVAC company",
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

/**
 * schema.org's umbrella types read as words ("educational organization", "home and construction
 * business", "sports activity location", "college or university"): the vocabulary's own filing
 * names, which no customer types. They mark a business whose own words must say what it is.
 */
export const isJargonType = (words: string): boolean =>
  /\s(?:or|and)\s/u.test(words) || /\s(?:organization|organisation|business|service|location|establishment|structure|group|scheme|system)$/u.test(words)

/** A node that describes a business (has an address, phone, hours or geo), not a page part. */
const looksLikeBusiness = (node: JsonLdObject) =>
  ["address", "telephone", "openingHours", "openingHoursSpecification", "geo", "priceRange"].some((k) => node[k] !== undefined)

/**
 * What a site typed as a travel agency (one that sells others' trips) is when its own words say it
 * leads the trips itself ("Small-group guided walks in Tasmania", "We run guided kayak tours"): a
 * walking tour operator for walks, hikes and treks, a "<what> tour operator" for other trips
 * ("food tours" → a food tour operator).
 */
const OWN_TRIPS =
  /\b(?:guided|small[- ]group|we (?:run|lead|guide|operate)(?: our own)?)\s+((?:[\p{L}-]+\s+){0,2}?)(walks?|walking|hikes?|hiking|treks?|trekking|tours?|trips?|expeditions?|safaris?|excursions?)\b/iu

/** In a page's prose "guided" may be someone else's trip sold ("flights, hotels and guided tours"): only leading them counts. */
const LEADS_TRIPS =
  /\b(?:small[- ]group|we (?:run|lead|guide|operate)(?: our own)?)\s+((?:[\p{L}-]+\s+){0,2}?)(walks?|walking|hikes?|hiking|treks?|trekking|tours?|trips?|expeditions?|safaris?|excursions?)\b/iu

/** Words before a trip that say how it is run or for how long, not what it is about. */
const TRIP_DETAIL = /^(?:private|daily|day|half-day|full-day|multi-day|local|best|small|group|our|own|the|and|of|in|expert|exclusive|custom|tailored|luxury|relaxed)$/u

/** An outing named by what is done on it, in a title or description: "Whale watching from Húsavík", "Cave diving". */
const OUTING = /\b(\p{L}{3,}\s+)(watching|spotting|diving|snorkell?ing|fishing|rafting|kayaking|canoeing)\b/iu

/** `texts`: the home page's title and description and the JSON-LD's descriptions; `prose`: the home page's text. */
export const operatorOfOwnTrips = (texts: ReadonlyArray<string>, prose = ""): string | undefined => {
  // "Whale watching from Húsavík" under a travel agency's type: it takes people whale watching itself.
  for (const text of texts) {
    const outing = OUTING.exec(text)
    if (outing !== null && !TRIP_DETAIL.test(outing[1]!.trim().toLowerCase())) return `${outing[1]!.trim().toLowerCase()} ${outing[2]!.toLowerCase()} tour operator`
  }
  for (const [text, pattern] of [...texts.map((t) => [t, OWN_TRIPS] as const), [prose, LEADS_TRIPS] as const]) {
    const found = pattern.exec(text)
    if (found === null) continue
    const trip = found[2]!.toLowerCase()
    if (/^(?:walk|hik|trek)/u.test(trip)) return "walking tour operator"
    // "Small-group food tours" → a food tour operator; "guided private tours" → a tour operator.
    const what = found[1]!.trim().split(/\s+/u).at(-1)?.toLowerCase() ?? ""
    return /^\p{Ll}{3,}$/u.test(what) && !TRIP_DETAIL.test(what) ? `${what} tour operator` : "tour operator"
  }
  return undefined
}

export const categoryFromJsonLd = (nodes: ReadonlyArray<JsonLdObject>, kind: PromptFacts["kind"]): string | undefined => {
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
      const category = text(isJsonLdObject(node["category"]) ? node["category"]["name"] : node["category"])
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

export const placeFromJsonLd = (nodes: ReadonlyArray<JsonLdObject>): string | undefined => {
  for (const node of nodes) {
    for (const address of asArray(node["address"])) {
      const locality = isJsonLdObject(address) ? text(address["addressLocality"]) : undefined
      if (locality !== undefined && locality.length <= 60) return locality
    }
  }
  for (const node of nodes) {
    for (const area of asArray(node["areaServed"])) {
      const name = nameOf(area)
      if (name !== undefined && name.length <= 60) return countryName(name)
    }
  }
  return undefined
}

const REGIONS = new Intl.DisplayNames(["en"], { type: "region" })

/** A country served, written as its ISO code ("ZA"), is named as a customer writes it ("South Africa"). */
const countryName = (place: string): string => {
  if (!/^[A-Z]{2}$/.test(place)) return place
  try {
    return REGIONS.of(place) ?? place
  } catch {
    return place
  }
}

/** Names offered through `makesOffer`, `hasOfferCatalog` (nested catalogs too), Service nodes and menu items. */
export const offeringsFromJsonLd = (nodes: ReadonlyArray<JsonLdObject>): Array<string> => {
  const found: Array<string> = []
  const offerName = (offer: unknown) => {
    if (!isJsonLdObject(offer)) return nameOf(offer)
    return nameOf(offer["itemOffered"]) ?? text(offer["name"])
  }
  const catalog = (value: unknown, depth: number): void => {
    if (depth > 4) return
    for (const entry of asArray(value)) {
      if (!isJsonLdObject(entry)) continue
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
    // A menu's dishes; a section only when it lists none (then its name is all there is).
    if (types.includes("MenuItem") || (types.includes("MenuSection") && node["hasMenuItem"] === undefined)) {
      const name = text(node["name"])
      if (name !== undefined) found.push(name)
    }
  }
  return found
}
