/**
 * The facts an entity's site and posts are written from: its record (name, source URL) and
 * what its latest crawl found (pages, offerings with their pages, contact details, opening
 * hours, the site's own FAQ). Pure: the same record and crawl give the same facts. Everything
 * here comes from a crawled page, so every field is cleaned and bounded.
 */
import type { SiteCrawled } from "../domain/crawl-events.ts"
import type { SiteFacts } from "../domain/site-events.ts"
import { countPrices, currencyOf as currencyOfSign, FOREIGN_FROM_SOURCE, PRICE_SOURCE } from "../domain/money.ts"
import { escapeRegExp } from "../domain/regex.ts"
import { cleanAndCut, truncateCodePoints } from "../domain/text.ts"
import type { JsonLdObject } from "./crawler/jsonld-walk.ts"
import { hoursFromJsonLd, hoursFromText, mergeHours } from "./opening-hours.ts"
import { ownFaqFrom } from "./own-faq.ts"
import { nameKey, sectionDescription, withoutRunInList, withoutRunInRows } from "./section-description.ts"
import { bodyText, leadSentences, leadText, statesAmount, withoutLeadingPrice } from "../site-generator/text.ts"
import { addressFromText } from "../domain/address-text.ts"
import { siteLanguage, writesEnglish } from "../domain/site-language.ts"
import { factsFromPages } from "./prompts/prompt-facts.ts"
import { jsonLdNodes } from "./prompts/jsonld-facts.ts"

const MAX_SITE_PAGES = 12
const MAX_SITE_PAGE_TEXT = 1_500
const MAX_OFFERINGS = 24

type Page = SiteCrawled["pages"][number]

const text = (value: unknown, max = 200) => {
  const clean = typeof value === "string" ? cleanAndCut(value.replace(/\s+/g, " ").trim(), max) : ""
  return clean === "" ? undefined : clean
}

/** Address and phone from the first JSON-LD node that has them; its e-mail too. */
const contactFromJsonLd = (nodes: ReadonlyArray<JsonLdObject>) => {
  for (const node of nodes) {
    const address = typeof node.address === "object" && node.address !== null && !Array.isArray(node.address) ? node.address as Record<string, unknown> : undefined
    const phone = text(node.telephone)
    if (address === undefined && phone === undefined) continue
    const parts = {
      street: text(address?.streetAddress),
      locality: text(address?.addressLocality),
      region: text(address?.addressRegion),
      postalCode: text(address?.postalCode),
      country: text(typeof address?.addressCountry === "object" && address.addressCountry !== null ? (address.addressCountry as Record<string, unknown>).name : address?.addressCountry)
    }
    const present = Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined))
    return { address: Object.keys(present).length === 0 ? null : present, phone: phone ?? null, email: text(node.email)?.replace(/^mailto:/i, "") ?? null }
  }
  return { address: null, phone: null, email: null }
}

const EMAIL = /[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63})*\.\p{L}{2,24}\b/u
// A labelled number ("Phone: ...", "Tel ...", "Call us on ...") or a number written the international way.
const LABELLED_PHONE = /\b(?:phone|tel(?:ephone)?|call(?: us)?(?: on| at)?|ph)\s*[.:]?\s*(\+?[\d(][\d\s().\-/]{5,22}\d)/i
const INTERNATIONAL_PHONE = /(?<![\w+])(\+\d{1,3}[\s.-]?\(?\d{1,4}\)?(?:[\s.-]?\d{2,4}){2,4})(?!\w)/

const digitCount = (s: string) => s.replace(/\D/g, "").length

const withoutLeadingName = (address: string, name: string): string => {
  const rest = address.startsWith(`${name} `) ? address.slice(name.length).trim() : address
  return rest === "" ? address : rest
}

/** An e-mail address and a phone number stated in visible text, the contact pages read first. */
const contactFromText = (pages: ReadonlyArray<Page>) => {
  const ordered = [...pages.filter((p) => /contact|about|impressum|imprint/i.test(`${p.url} ${p.title}`)), ...pages]
  let email: string | null = null
  let phone: string | null = null
  let address: string | null = null
  for (const page of ordered) {
    email ??= EMAIL.exec(page.text)?.[0] ?? null
    address ??= addressFromText(page.text)
    if (phone === null) {
      const found = LABELLED_PHONE.exec(page.text)?.[1] ?? INTERNATIONAL_PHONE.exec(page.text)?.[1]
      if (found !== undefined && digitCount(found) >= 7 && digitCount(found) <= 15) phone = found.trim()
    }
    if (email !== null && phone !== null && address !== null) break
  }
  return {
    email: email === null ? null : cleanAndCut(email, 200),
    phone: phone === null ? null : cleanAndCut(phone, 40),
    address: address === null ? null : cleanAndCut(address, 140)
  }
}


/** A dietary or feature word is a filter on offerings, not one ("Gluten-free", "Vegan"). */
const NOT_AN_OFFERING = /^(?:gluten[- ]free|vegan|vegetarian|organic|dairy[- ]free|nut[- ]free|halal|kosher|local|seasonal|fresh|new)$/i


/** The crawled page about an offering: its first heading or its title names it. */
const pageNaming = (pages: ReadonlyArray<Page>, name: string): Page | undefined => {
  const k = nameKey(name)
  if (k === "") return undefined
  return pages.slice(1).find((p) => nameKey(p.headings[0] ?? "") === k) ??
    pages.slice(1).find((p) => nameKey(p.title).startsWith(k) || nameKey(p.headings[0] ?? "").startsWith(k))
}

/**
 * An offering's description: its own (JSON-LD), else, on a page about it, that page's meta
 * description unless it is the site's general one repeated on every page, else its first sentence.
 */
const ownDescription = (stated: string | null, page: Page, home: Page | undefined, name: string): string | null => {
  // A product card's price line run into its text ("5,50 € · 70 g Nuestra tableta …") is shown as the price.
  if (stated !== null && stated.trim() !== "") return withoutLeadingPrice(stated.trim())
  // A page listing many (a menu) describes none of them: only the offering's own page does.
  const k = nameKey(name)
  if (!nameKey(`${page.headings[0] ?? ""} ${page.title}`).includes(k)) return null
  if (page.description !== "" && page.description !== home?.description) return withoutHook(page.description)
  return firstSentence(withoutHook(withoutLeadingPrice(withoutRunInRows(withoutRunInList(bodyText(page), page), page))))
}

/**
 * A text without the question it opens with, when a statement follows: "Blocked ears, muffled
 * hearing …? Our audiologists remove earwax by microsuction …" is described by its answer.
 */
const withoutHook = (s: string): string => /^[^.!?]{3,200}\?\s+(?=\p{Lu})/u.exec(s) !== null && /[.!]/.test(s.replace(/^[^?]*\?/, "")) ? s.replace(/^[^?]*\?\s+/, "") : s

const firstSentence = (s: string) => /^(.{20,300}?[.!?])(\s|$)/.exec(s)?.[1] ?? null

const SAYS_WHAT_IT_IS = String.raw`(?:includes?|is|are|covers?|comes? with|gets?|means?|takes?|starts? with)`

/**
 * A sentence of a page that opens with the offering's name (or "a", "our", "every" … and it) and
 * says what it is ("Full setups include truss rod adjustment, …"): on a price list, the one line
 * that describes a row. It must
 * open the sentence (a capital), so a mention inside another sentence is not taken for one.
 */
const describingSentence = (page: Page, name: string): string | null => {
  const words = name.trim().replace(/\s+/g, " ")
  if (words.length < 3 || words.length > 80) return null
  const pattern = new RegExp(String.raw`(?<![\p{L}\p{N}])((?:(?:a|an|the|our|every|each)\s+)?${escapeRegExp(words)}(?:s|es)?\s+${SAYS_WHAT_IT_IS}\s[^.!?]{8,260}[.!?])(?=\s|$)`, "iu")
  const found = pattern.exec(bodyText(page).slice(0, 20_000))?.[1]
  return found === undefined || !/^\p{Lu}/u.test(found) ? null : found
}

// A price as a row writes it: "from $350", "$450 – $900", and its unit: "$240/month", "$42 per
// student per hour", "from $12.50 per sq ft", "800 baht each".
const PRICE_UNIT = String.raw`(?:\s?(?:\/\s?|per\s+|a\s+)(?:sq(?:uare)?\.?\s(?:ft|feet|foot|m|metre|meter)|\p{L}+)(?:\s+per\s+\p{L}+)?|\s(?:each|pp|per person))?`
// "From" in English and in the languages of sites around us, its first letter in either case.
const FROM_WORDS = ["from|up to|starting at", FOREIGN_FROM_SOURCE].join("|").split("|")
  .map((word) => `[${word[0]!.toUpperCase()}${word[0]}]${word.slice(1)}`).join("|")
// A range in the words of the site's language: "de 18 € à 60 €", "von 10 € bis 20 €", "da 5 € a 9 €",
// "van € 10 tot € 20" (its "from" is a word that is no "from" alone: "Vins de Bourgogne").
const LOCAL_RANGE = String.raw`(?<!\p{L})(?:[Dd]e|[Vv]on|[Vv]an|[Dd]a|[Dd]esde)\s+${PRICE_SOURCE}\s+(?:à|a|bis|tot|al|até|ao)\s+${PRICE_SOURCE}`
const ROW_PRICE = String.raw`(?:${LOCAL_RANGE}|(?:(?<!\p{L})(?:${FROM_WORDS})\s+)?${PRICE_SOURCE}(?:\s?(?:–|—|-|to)\s?${PRICE_SOURCE})?)${PRICE_UNIT}`

/**
 * A price list's row as the page writes it: its price as written ("$85", "from $350", "$240/month")
 * and, when it says more than the offering's name and an amount, the whole row ("Homework Club,
 * Mon–Thu 3:30–5:30, grades 3–8: $240/month": when, for whom, and per what the price is, which
 * an amount alone does not say). Null when the page does not write the row's price after its name.
 */
const rowAsWritten = (page: Page, rowName: string, price: string): { readonly row: string | null; readonly price: string } | null => {
  const lead = rowName.split(/\s*[,(]/)[0]!.trim()
  if (lead.length < 3) return null
  const pattern = new RegExp(String.raw`${escapeRegExp(lead)}[^$€£¥₹฿\n]{0,120}?(${ROW_PRICE})`, "u")
  const m = pattern.exec(page.text.slice(0, 20_000))
  if (m === null || !statesAmount(m[1]!, price)) return null
  // The words between name and price end in no separator of their own ("one Saturday morning, €45",
  // "Japanese maple (Acer palmatum) — €65"), and the price in no comma ("€45, bring your own tree").
  const before = m[0].slice(0, m[0].length - m[1]!.length).replace(/[\s:;,–—-]+$/u, "")
  const written = m[1]!.trim().replace(/[,;]+$/u, "")
  const says = before.length > lead.length + 2 || !new RegExp(String.raw`^${PRICE_SOURCE}$`, "u").test(written)
  return { row: says ? `${before}: ${written}` : null, price: written }
}

const pageKey = (url: string | null) => {
  if (url === null) return null
  try {
    const u = new URL(url)
    return `${u.host}${u.pathname.replace(/\/+$/, "")}`
  } catch {
    return null
  }
}

/** How much a product record says: a price, a description, and being read on its own page. */
const richness = (p: { readonly product: Page["products"][number]; readonly page: Page }) =>
  (p.product.price !== null ? 2 : 0) + (p.product.description !== null ? 1 : 0) + (pageKey(p.product.url ?? p.page.url) === pageKey(p.page.url) ? 1 : 0)

/** Whether a page is about the named thing: its first heading or its title says the name. */
const namesPage = (page: Page, name: string): boolean => {
  const k = nameKey(name)
  return k !== "" && (nameKey(page.headings[0] ?? "").includes(k) || nameKey(page.title).includes(k))
}

/** A country's dollar, for a price written with a bare "$" on a site whose address is in it. */
const DOLLARS: Readonly<Record<string, string>> = {
  us: "USD", usa: "USD", "united states": "USD", ca: "CAD", canada: "CAD", au: "AUD", australia: "AUD",
  nz: "NZD", "new zealand": "NZD", sg: "SGD", singapore: "SGD", hk: "HKD", "hong kong": "HKD", mx: "MXN", mexico: "MXN"
}

/**
 * A product's currency: as read, else, for an amount the page writes after a bare "$", the dollar of
 * the site's country, else "$" itself (shown as written, never guessed to be any one dollar).
 */
const currencyOf = (row: { readonly product: Page["products"][number]; readonly page: Page }, country: string | null): string | null => {
  const { price, currency } = row.product
  if (currency !== null || price === null) return currency
  if (!new RegExp(String.raw`\$\s?${escapeRegExp(price)}(?!\d)`).test(row.page.text)) return null
  return (country === null ? undefined : DOLLARS[country.trim().toLowerCase()]) ?? "$"
}

const CROWNS = new Set(["SEK", "NOK", "DKK", "ISK"])

/**
 * A structured price as its page writes it ("R395" for 395.00 ZAR, "$5" for 5.00 CAD): the page's
 * first price of that amount whose sign fits the currency; null when the page writes none.
 */
const writtenOnPage = (page: Page, price: string | null, currency: string | null): string | null => {
  if (price === null) return null
  for (const m of page.text.slice(0, 20_000).matchAll(new RegExp(PRICE_SOURCE, "gu"))) {
    if (!statesAmount(m[0], price)) continue
    const sign = currencyOfSign(m[0], m[3])
    const written = m[0].trim()
    const fits = currency === null || sign === currency ||
      (sign === null && (written.startsWith("$") ? Object.values(DOLLARS).includes(currency) || currency === "$" : CROWNS.has(currency)))
    if (fits) return cleanAndCut(written, 60)
  }
  return null
}

/**
 * A description as the site shows it, cleaned and bounded; none when it is a price list run
 * together (three prices or more: "Menu Per guest Classic buffet … £18 Wedding Feast … £28 …").
 */
const asDescription = (text: string | null): string | null => (text === null || countPrices(text) >= 3 ? null : cleanAndCut(text, 300))

/**
 * A name as the site writes it, found in its headings, then its text ("Saalmiete & private
 * Vorstellungen" for "saalmiete & private vorstellungen"); null when it is not written there, or
 * only in capitals.
 */
const asWritten = (pages: ReadonlyArray<Page>, name: string): string | null => {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "iu")
  for (const source of [pages.flatMap((p) => p.headings), pages.map((p) => p.text)]) {
    for (const t of source) {
      const found = pattern.exec(t)?.[0]
      if (found !== undefined && /\p{Ll}/u.test(found)) return found
    }
  }
  return null
}

/** The words a title writes in lower case between its capitalised ones. */
const TITLE_SMALL_WORDS = new Set(["a", "an", "the", "and", "or", "nor", "but", "of", "by", "for", "in", "on", "at", "to", "with", "from", "into", "over", "per", "vs"])

/**
 * A lowered English name with the words the site writes only with a capital, inside its sentences
 * too, given their capital back: days, months, places, the business's own name ("Friday or Sunday
 * wedding", "Weddings at Hollow Oak"), never a word it also writes in lower case.
 */
const withProperNouns = (pages: ReadonlyArray<Page>, name: string): string => {
  const text = pages.map((p) => p.text).join("\n")
  const capital = (words: string) => words.replace(/(?<![\p{L}\p{N}])\p{Ll}/gu, (c) => c.toUpperCase())
  const proper = (words: string) => {
    const lower = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(words)}(?![\\p{L}\\p{N}])`, "u")
    // Written with its capitals after a word in lower case: inside a sentence, not only opening one
    // or in a heading's title case ("Screen Hire & Private Screenings").
    const inside = new RegExp(`([\\p{L}'’]+\\s+)?(?<![\\p{L}\\p{N}])(\\p{Ll}+)[,;:]?\\s+${escapeRegExp(capital(words))}(?![\\p{L}\\p{N}])`, "gu")
    // A small word inside a title is no sentence: "Fresh Pasta by Hand" gives "hand" no capital.
    const inSentence = (m: RegExpMatchArray) => !(TITLE_SMALL_WORDS.has(m[2]!) && /^\p{Lu}/u.test(m[1] ?? ""))
    return !lower.test(text) && [...text.matchAll(inside)].some(inSentence)
  }
  // Two words first ("hollow oak", though "oak" alone is written in lower case), at every word
  // ("bread day at wapping wharf" pairs "wapping wharf"), then one.
  const parts = name.split(/(\s+)/u)
  for (let i = 0; i + 2 < parts.length; i += 2) {
    const two = `${parts[i]}${parts[i + 1]}${parts[i + 2]}`
    if (/^\p{Ll}[\p{L}'’]*\s\p{Ll}[\p{L}'’]*$/u.test(two) && proper(two)) {
      parts[i] = capital(parts[i]!)
      parts[i + 2] = capital(parts[i + 2]!)
    }
  }
  return parts.join("").replace(/(?<![\p{L}\p{N}])\p{Ll}[\p{L}'’]*/gu, (word) => (word.length >= 3 && proper(word) ? capital(word) : word))
}

/**
 * Every offering: the crawl's products first (one per page: a link to a product and the
 * product's own page are the same offering, and the record saying the most is kept), then
 * the other offerings the facts name, each with the page about it when the crawl has one. The
 * rows of a price list or menu (several on a page, without pages of their own) price the named
 * offerings they name, and are not offerings of their own: a row is as often a size or a
 * variant ("Up to 50 guests", "Extra hour") as a thing sold.
 */
const offeringsOf = (pages: ReadonlyArray<Page>, named: ReadonlyArray<string>, country: string | null, kind: SiteFacts["kind"]): SiteFacts["offerings"] => {
  // Read from the page, a name is lowered for English prompts; in German a noun keeps its capital.
  const english = writesEnglish(pages.slice(0, MAX_SITE_PAGES).map((p) => p.text.slice(0, MAX_SITE_PAGE_TEXT)))
  const groups = new Map<string, Array<{ readonly product: Page["products"][number]; readonly page: Page }>>()
  const rows = new Map<string, { readonly product: Page["products"][number]; readonly page: Page }>()
  for (const page of pages) {
    const listed = page.products.filter((product) => product.url === null).length > 1
    for (const product of page.products) {
      // A row without a page: one of several, or one that is not what its page is about.
      if (product.url === null && (listed || !namesPage(page, product.name))) {
        if (!rows.has(nameKey(product.name))) rows.set(nameKey(product.name), { product, page })
        continue
      }
      const k = pageKey(product.url ?? page.url) ?? `name:${nameKey(product.name)}`
      groups.set(k, [...(groups.get(k) ?? []), { product, page }])
    }
  }
  const out: Array<SiteFacts["offerings"][number]> = []
  const seen = new Set<string>()
  const usedPages = new Set<string>()
  for (const group of groups.values()) {
    const best = group.reduce((a, b) => (richness(b) > richness(a) ? b : a))
    const k = nameKey(best.product.name)
    if (k === "" || seen.has(k)) continue
    seen.add(k)
    const description = ownDescription(best.product.description, best.page, pages[0], best.product.name) ?? describingSentence(best.page, best.product.name)
    const currency = currencyOf(best, country)
    const written = writtenOnPage(best.page, best.product.price, currency)
    out.push({
      ...best.product,
      url: best.product.url ?? best.page.url,
      description: asDescription(description),
      currency,
      ...(written === null ? {} : { writtenPrice: written })
    })
    for (const p of group) usedPages.add(pageKey(p.product.url ?? p.page.url) ?? "")
  }
  const priced: Array<SiteFacts["offerings"][number]> = []
  // A product's site lists what its maker sells beside it, never words of its own page ("facial
  // oil", "baobab oils" on a face oil's page): only what has a page or a price.
  const unpriced: Array<SiteFacts["offerings"][number]> = []
  for (const name of named) {
    // "our sourdough" is the "Sourdough loaf" already listed.
    const k = nameKey(name).replace(/^(?:our|the|my|your)\s+/, "")
    if (k === "" || [...seen].some((s) => s === k || ` ${s} `.includes(` ${k} `) || ` ${k} `.includes(` ${s} `))) continue
    seen.add(k)
    if (NOT_AN_OFFERING.test(name.trim())) continue
    const own = pageNaming(pages, name)
    // A product already listed with this page is this offering under another name.
    if (own !== undefined && usedPages.has(pageKey(own.url) ?? "")) continue
    // The row saying the name, or saying more after it ("Loose joint, reglued" prices the loose joint).
    const row = rows.get(k) ?? [...rows].find(([rowKey]) => rowKey.startsWith(`${k} `))?.[1]
    // A heading naming it on another page, and the text under it ("Ice machine repair" on the refrigeration page).
    const section = own === undefined ? sectionOf(pages, name) : undefined
    // Without a page of its own, the page that lists it (a menu, a price list), or has a section on it.
    const page = own ?? row?.page ?? section?.page ?? pages.slice(1).find((p) => nameKey(p.text).includes(` ${k} `) || nameKey(p.text).startsWith(`${k} `))
    const ownWords = (own === undefined ? null : ownDescription(null, own, pages[0], name)) ?? section?.description ??
      (page === undefined ? null : describingSentence(page, name))
    const asRow = row === undefined || row.product.price === null ? null : rowAsWritten(row.page, row.product.name, row.product.price)
    const description = ownWords ?? asRow?.row ?? null
    if (own !== undefined) usedPages.add(pageKey(own.url) ?? "")
    // A name cut from a row keeps no dangling comma ("Online tutoring,").
    const clean = name.trim().replace(/[\s,;:–-]+$/u, "")
    const shown = english ? withProperNouns(pages, clean) : asWritten(pages, clean) ?? clean
    const offering = {
      name: shown[0]!.toUpperCase() + shown.slice(1),
      description: asDescription(description),
      url: page?.url ?? null,
      price: row?.product.price ?? null,
      currency: row === undefined ? null : currencyOf(row, country),
      ...(asRow === null ? {} : { writtenPrice: cleanAndCut(asRow.price, 60) })
    }
    if (offering.price !== null) priced.push(offering)
    else if (kind === "business" || own !== undefined) unpriced.push(offering)
  }
  // Priced first: a thing with a price on a list is surely sold; a name read from prose may not be.
  return [...out, ...priced, ...unpriced].slice(0, MAX_OFFERINGS)
}

/** The first page with a section on the named offering, and that section's description. */
const sectionOf = (pages: ReadonlyArray<Page>, name: string): { readonly page: Page; readonly description: string } | undefined => {
  for (const page of pages.slice(1)) {
    const description = sectionDescription(page, name)
    if (description !== null) return { page, description }
  }
  return undefined
}

/** The first sentences of a page's body, up to ~240 characters; null when it has none. */
const leadOf = (page: Page): string | null => {
  // About 240 characters at most: further on, a home page's text runs into its buttons and
  // teasers. A product page's price, run into its first sentence, is left out.
  const lead = leadSentences(withoutLeadingPrice(leadText(page)), 240)
  return lead === "" ? null : cleanAndCut(lead, 400)
}

/** A page that says when and where to come: the hours anywhere on it are the place's. */
const VISITING = /contact|hours|opening|visit|location|find-us|directions|about|impressum|kontakt|contacto/i

const PRIORITY = /about|our-story|story|contact|faq|question|hours|visit|menu|price|service/i

/** The pages the copy may quote: the start page, then the ones that say who and how, then the rest. */
const sitePages = (pages: ReadonlyArray<Page>): ReadonlyArray<Page> => {
  const [first, ...rest] = pages
  if (first === undefined) return []
  const preferred = rest.filter((p) => PRIORITY.test(`${p.url} ${p.title}`))
  return [first, ...preferred, ...rest.filter((p) => !preferred.includes(p))].slice(0, MAX_SITE_PAGES)
}

export interface SiteFactsInput {
  readonly name: string
  readonly businessName: string
  readonly kind: "business" | "product"
  readonly sourceUrl: string
  readonly crawl: SiteCrawled | undefined
}

/** The site facts of an entity from its record and latest crawl. */
export const siteFactsFrom = ({ name, businessName, kind, sourceUrl, crawl }: SiteFactsInput): SiteFacts => {
  const pages = crawl?.pages ?? []
  const extracted = factsFromPages({ name, kind, businessName, url: sourceUrl, pages })
  const nodes = jsonLdNodes(pages.flatMap((page) => page.jsonLd))
  const structured = contactFromJsonLd(nodes)
  const visible = contactFromText(pages)
  const hours = mergeHours(hoursFromJsonLd(nodes), ...pages.map((page, i) => hoursFromText(page.text, i > 0 && !VISITING.test(`${page.url} ${page.title}`))))
  const ownFaq = ownFaqFrom(pages)
  // Decided here once, from the same page texts the prompts' facts decide it from (prompt-facts.ts).
  const language = siteLanguage(pages.map((page) => page.text))
  return {
    name,
    businessName,
    kind,
    sourceUrl,
    // The home page's meta description, else its own first sentences.
    description: pages[0] === undefined ? null : pages[0].description !== "" ? pages[0].description : leadOf(pages[0]),
    category: extracted.category,
    place: extracted.place,
    // Without JSON-LD, the labelled address as the site writes it, whole.
    // A contact block's address opens with the business's name ("Pennycress Hog Roasts Lower Pennycress Farm …"): the name is not the address.
    address: structured.address ?? (visible.address === null ? null : { street: withoutLeadingName(visible.address, businessName) }),
    phone: structured.phone ?? visible.phone,
    email: structured.email ?? visible.email,
    offerings: offeringsOf(pages, extracted.offerings, typeof structured.address?.country === "string" ? structured.address.country : null, kind),
    pages: sitePages(pages).map((page) => ({
      url: page.url,
      title: page.title,
      description: page.description,
      headings: page.headings.slice(0, 12),
      text: truncateCodePoints(page.text, MAX_SITE_PAGE_TEXT)
    })),
    ...(hours.length === 0 ? {} : { hours }),
    ...(ownFaq.length === 0 ? {} : { ownFaq }),
    ...(language === "en" ? {} : { language })
  }
}

/** Whether the facts hold anything to publish: a crawled page, or a description of the entity. */
export const hasFacts = (facts: SiteFacts): boolean =>
  facts.pages.some((p) => p.text.trim() !== "" || p.description.trim() !== "") || (facts.description ?? "").trim() !== ""
