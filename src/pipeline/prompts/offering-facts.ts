/**
 * What a site sells, best evidence first: JSON-LD offers, products, services and menus; product
 * hints (structured data, price lists, product cards, links into a shop or menu); the headline of
 * each offering's own page; the section headings of a shop, menu or services page. Headings of
 * pages about the business (about, story, values, contact, FAQ, legal, blog) are never read, and
 * the home page's headings only when nothing better names three offerings. Pure.
 */
import { isCommonWord } from "../../domain/common-words.ts"
import { escapeRegExp } from "../../domain/regex.ts"
import { hasPrice, PRICE_SOURCE, PRICE_START_SOURCE } from "../../domain/money.ts"
import { displayPhrase, isDescriptiveName, singularOf } from "./english.ts"
import { jsonLdNodes, offeringsFromJsonLd } from "./jsonld-facts.ts"
import type { CrawledPageFacts } from "./prompt-facts.ts"
import { isDetailPage, isFaqPage, type PageKind, pageKind, pathSegments, samePage } from "./site-pages.ts"
import { isSiteLabel, withoutPeopleMet } from "./site-labels.ts"
import { fold, phraseKey, squish, stem, STOP_WORDS, wordsOf } from "./prompt-text.ts"
import { aloneNotAnOffering, AUDIENCE_HEADS, englishSideOf, headingOfferings, moreEnglishTitle, NAMED_SPACES, WHAT_WE_DO } from "./text-facts.ts"

/** Home-page teasers naming a feature or a day ("Gluten-free Fridays", "Dog-friendly patio"). */
const FEATURE_OR_DAY =
  /\b(?:gluten|vegan|vegetarian|dairy|halal|kosher|dog|pet|kid|family|friendly|wheelchair|parking|patio|terrace|delivery|shipping|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends?|reviews?|stars)\b/i

/** Openings a headline carries that are not part of the offering's name (`Our croissants`). */
const HEADLINE_OPENING = /^(?:our|the|all|fresh|handmade|homemade|house|signature)\s+/i

/** The title up to the site name: `Online Invoicing for Freelancers | Ledgerly` → `Online Invoicing for Freelancers`. */
const titleHead = (page: CrawledPageFacts): string => (page.title ?? "").split(/\s+[|–—-]\s+|\s*[|–—]\s*/)[0] ?? ""

const headlineOfferingsOf = (text: string, proper: ReadonlySet<string>): Array<string> => {
  // "The clinic", "Our story": a label read whole, before its opening is dropped ("clinic" alone may be sold).
  if (isSiteLabel(text)) return []
  let headline = text.trim()
  for (let i = 0; i < 2; i++) headline = headline.replace(HEADLINE_OPENING, "")
  if (kindsOfWorkOnly(headline)) return []
  return headingOfferings(headline, proper)
}

/**
 * A headline joining kinds of work and nothing else ("Hire and servicing", "Sales & repairs")
 * heads a page of several offerings, each named in its own section ("Wheelchair hire", "Scooter
 * servicing and repairs"): no customer asks for "hire and servicing".
 */
const kindsOfWorkOnly = (headline: string): boolean => {
  // ("Repair service" is one kind: the kinds are joined by "and", "&", "or" or a comma.)
  if (!/\s(?:and|&|or)\s|,\s/iu.test(headline)) return false
  const words = wordsOf(headline).filter((w) => w !== "and" && w !== "or")
  return words.length >= 2 && words.every((w) => w === "sales" || SERVICE_HEAD.test(w) || SERVICE_HEAD.test(singularOf(w)))
}

/**
 * The offering a page is about: its first heading, else (a slogan such as "Invoicing that does the
 * boring parts for you", or no heading) its title without the audience ("for Freelancers").
 */
const headlineOfferings = (page: CrawledPageFacts, proper: ReadonlySet<string>, names: ReadonlySet<string>): Array<string> => {
  const heading = withoutNames(page.headings, names)[0]
  // "Kids" over a page titled "Children's books": a headline naming only whom the page is for; the
  // title says what is sold to them.
  const forWhom = heading !== undefined && wordsOf(heading).length === 1 && AUDIENCE_HEADS.has(wordsOf(heading)[0]!) &&
    wordsOf(titleHead(page)).length >= 2 && !names.has(phraseKey(titleHead(page)))
  const first = forWhom ? titleHead(page) : heading
  const fromHeading = first === undefined ? [] : headlineOfferingsOf(moreEnglishTitle(first, titleHead(page)), proper)
  if (fromHeading.length > 0) return fromHeading
  // "Locked out? Call 087 ..." over "Our emergency lockout service runs 24 hours a day": under a
  // question or a call, the first sentence's subject names the service.
  const at = first === undefined || !/[?!]|\d{3}/u.test(first) ? -1 : page.text.indexOf(first)
  const subject = at < 0 ? undefined
    : /^(?:our|the)\s+((?:[\p{L}'-]+\s+){1,3}(?:service|repairs?|installation|servicing|cleaning|removal|hire|rental|delivery|care))\s+(?:runs|is|are|covers|includes|starts|comes|takes|costs)\b/iu
      .exec(page.text.slice(at + first!.length).trim())?.[1]
  const said = subject === undefined ? [] : headingOfferings(subject, proper)
  const title = titleHead(page)
  if (names.has(phraseKey(title))) return said
  return [...said, ...headlineOfferingsOf(title.replace(/\s+for\s+[\p{L}' -]+$/u, ""), proper)]
}

/**
 * Lists that name what is on offer: under a heading such as "Plumbing services", "Practice areas",
 * "Classes" or "Packages", or anywhere on a listing page (a pricing page's plans list features).
 */
const OFFERING_HEADING =
  /\b(?:services?|practice areas?|what we do|what we offer|treatments?|classes|courses|lessons|tours|rentals|programm?es|workshops|packages|menu|specialt(?:y|ies)|specialit(?:y|ies)|expertise|offerings?|solutions|features|repairs|help(?:s)? with|also)\b/i

/** A price list's own heading, in the languages sites are written in: its rows name what is sold. */
const PRICE_LIST_HEADING =
  /^\s*(?:our\s+)?(?:prices|pricing|price\s+list|preise|preisliste|tarifs|nos\s+tarifs|precios|tarifas|lista\s+de\s+precios|prezzi|listino(?:\s+prezzi)?|tarieven|prijzen|prijslijst|pre[cç]os|tabela\s+de\s+pre[cç]os|cennik|ceny|priser|prislista|prisliste|hinnasto)\s*$/iu


/** "Tyres we stock", "Brands we carry", "Cakes we bake": a heading over what is sold, by the verb of selling it. */
const WE_SELL = /^\s*[\p{L}\d' &-]{2,40}\s+we\s+(?:stock|sell|carry|make|fit|supply|install|repair|fix|service|offer|teach|grow|bake|brew|roast|rent|hire out)\s*$/iu

/**
 * A heading over the extras sold beside the page's main offering, in the languages sites are
 * written in: "Extras", "Add-ons", "Optional extras", "Upgrades", "Zusatzleistungen".
 */
const EXTRAS_HEADING =
  /^\s*(?:optional\s+|paid\s+|other\s+|useful\s+)?(?:extras|add-?ons|add\s+ons|upgrades|extra\s+services|zusatzleistungen|extras?\s+y\s+complementos|complementos|extra)\s*$/iu

/**
 * A priced line that names a condition of the sale, not a thing sold: who or what more it is for
 * ("Extra child", "Additional hour"), how far or when ("Travel beyond 50 miles", "Weekend
 * surcharge", "Rush fee"), or a payment ("Deposit", "Cancellation charge").
 */
const PRICED_CONDITION =
  /^(?:(?:each\s+)?(?:extra|additional|another|second)\s+(?:child|children|kids?|adults?|persons?|people|guests?|dogs?|pets?|hours?|days?|nights?|miles?|km)\b|(?:travel|mileage|rush|weekend|after[- ]hours|out[- ]of[- ]hours|cancell?ation|call[- ]?out)\b)|\b(?:fees?|surcharges?|deposits?|supplements?|charges?|beyond)\b/iu

/** Lists of the towns a business serves, not of what it sells ("Service areas", "Neighbourhoods we serve"). */
const AREA_HEADING = /\b(?<!practice )(?:areas?|we serve|serving|locations?|cities|towns|neighbou?rhoods|suburbs|counties|regions)\b/i

/** Where a list item's name ends: a dash, a colon, a price in any currency ("Masala chai ₹90"). */
const LIST_ITEM_BREAK = new RegExp(String.raw`\s[–—-]\s|:\s|\s(?=${PRICE_START_SOURCE})|[$€£]\d|,\s+(?:from\s+)?(?=${PRICE_START_SOURCE})`, "u")

/**
 * A list item's name: before its price, its details in brackets, its description after a dash or
 * colon, or whom and how it is for ("Travel health certificates for flying with your dog",
 * "Prescription diets through our online pharmacy").
 */
const listItemName = (text: string): string => {
  const name = squish(text.replace(/\([^)]*\)?/g, " ")).split(LIST_ITEM_BREAK)[0]!
    .replace(/(\S\s+\S+)\s+(?:for|through|via|to help|so|para|pour|für|per)\s.*$/iu, "$1")
    .replace(/[\s.,;]+$/u, "")
  // "Family portrait sessions on the beach at Inchydoney, spring and autumn only", "Engagement shoots
  // in Cork or at your venue": too long for a name, the thing is what comes before where and when
  // ("Ventilation with heat recovery" is short enough to be one).
  // ("Encuadernación de tesis en tapa dura", "Cajas de conservación a medida": the same in the
  // languages sites are written in, where "de" is part of the name.)
  if (wordsOf(name).length <= 4) return name
  return name.split(/,\s/u)[0]!.replace(/(\S\s+\S+)\s+(?:on|in|at|of|from|with|by|over|during|every|en(?!\s+(?:ligne|l[ií]nea)\b)|con|avec|sur|dans|mit|com|em|a(?=\s+(?:medida|mano|mão|mao)\b))\s.*$/iu, "$1")
    // "Bespoke suits cut and sewn in our back room": how it is made, a participle and what follows.
    .replace(/(\S\s+\S+)\s+(?:\p{L}+ed|cut|sewn|made|built|bound|grown|done|kept)\s+(?:and|&|or|by|to)\s.*$/iu, "$1")
}

/**
 * Items of a plan that state its limits, not a feature: "1 user", "Up to 5 users", "Unlimited
 * users", "Everything in Solo", "Multiple farms and run-offs", "10GB storage", "1-hour lesson" (a
 * length). A number run into letters is a name's own ("4x4 and SUV tyres", "3D printing", "2-stroke oil").
 */
const PLAN_LIMIT = /^\s*(?:\d[\d.,/]*(?:\s|$|[kmgt]b\b|k\b|-(?:hour|hr|minute|min|day|week|night|month|year)s?\b)|up to\b|unlimited\b|multiple\b|everything\b|all\b|any\b|no\b|one\b|two\b|three\b|single\b)/i

/** A line opening with a day or a date: one event of a programme or a schedule. */
const DATED_LINE = /^\s*(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\b|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|(?:january|february|march|april|june|july|august|september|october|november|december)\s+\d)/iu

/** The months, for dates of posts. */
const DATE = /\b(?:\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4})\b/gi

/** A post's title opening with its date, without a year, before a colon: "November 14: sails are here". */
const POST_TITLE = /^\s*(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?):\s+\p{L}/iu

/**
 * A journal: a page of dated posts ("By Dean · 3 October 2026", or titles such as "November 14:
 * sails are here"), whatever its address says ("/chair-talk.html"). Its headings are post titles,
 * never offerings.
 */
const isJournal = (page: CrawledPageFacts): boolean =>
  (page.text.match(DATE)?.length ?? 0) >= 2 || page.headings.filter((h) => POST_TITLE.test(h)).length >= 2

/**
 * Headings that are not sections of their own: a testimonial block ("Word on the street" followed
 * by a quotation), a teaser of posts ("From the journal: <title>... Read more").
 */
const introducesQuotes = (page: CrawledPageFacts, heading: string): boolean => {
  const at = heading.length > 0 ? page.text.indexOf(heading) : -1
  if (at < 0) return false
  const after = page.text.slice(at + heading.length, at + heading.length + 80)
  // Right under it, or under a line that says whose words they are ("Reference" over "What our
  // customers say" and their quotes: testimonials, in whatever language the heading is).
  return /^\s*["“”«„']/u.test(after) || /^[^."“”«„]{0,60}\b(?:say|says|said|think|thinks|reviews?|words)\s*:?\s*["“”«„]/iu.test(after)
}

/** Headings other than the site's own name (a logo or site title marked up as a heading). */
const withoutNames = (headings: ReadonlyArray<string>, names: ReadonlySet<string>) =>
  headings.filter((h) => !names.has(phraseKey(h)))

export interface OfferingSources {
  /** Headlines of offerings' own pages (`/croissants.html`: "Butter Croissants"). */
  readonly headlines: ReadonlyArray<string>
  /** JSON-LD offers, services and menu items. */
  readonly stated: ReadonlyArray<string>
  /** Section headings of listing pages (`/services`, `/menu`). */
  readonly sections: ReadonlyArray<string>
  /**
   * What an offering's own page breaks it into (`/divorce`: "Divorce mediation"; `/invoicing`:
   * "Recurring invoices"), and the items of lists that name offerings ("Plumbing services": "Leak detection").
   */
  readonly parts: ReadonlyArray<string>
  /** Product hints of listing pages (a menu, a price list, a shop) and the home page. */
  readonly items: ReadonlyArray<string>
  /** Product hints of an offering's own page (the fillings of its breakfast tacos): read last. */
  readonly detailItems: ReadonlyArray<string>
  /** The home page's section headings ("Secondhand bikes", "VAT reports"): read last. */
  readonly home: ReadonlyArray<string>
  /** Offers announced in a line of prose ("Christmas Market breaks: 3 nights for the price of 2"). */
  readonly announced: ReadonlyArray<string>
}

/**
 * A page's product hints, each by the name a customer knows it by: a menu line glossed in brackets
 * with the word its section is named for (`Pescado (fish taco)` under "Tacos") is a fish taco.
 */
const itemsOf = (page: CrawledPageFacts, proper: ReadonlySet<string>): Array<string> => {
  // "The Meadow", "The Bruntsfield": a card's own name for one item, not a kind of thing.
  // "Normal", "Ermäßigt (Studierende)", "Adults", "Second dog, same family": who pays which price, not what is sold.
  return page.products.filter((p) => !/^[Tt]he\s+\p{Lu}[\p{L}'-]*$/u.test(squish(p.name)) && !aloneNotAnOffering(p.name) && !pricesWhom(p.name)).map((p) => {
    const name = squish(p.name)
    // The sections' words, not the item's own line ("Olive & rosemary (Saturdays only) – $11").
    const headingStems = new Set(page.headings.filter((h) => !h.includes(name)).flatMap((h) => wordsOf(h).map(stem)))
    const at = page.text.indexOf(`${name} (`)
    if (at >= 0) {
      const gloss = /^\(([\p{L}' -]{3,40})\)/u.exec(page.text.slice(at + name.length + 1))?.[1]
      const words = gloss === undefined ? [] : wordsOf(gloss)
      // "Nail repair (per nail)": how the line is priced, not another name for it.
      const unit = /^(?:per|each|a|an|every|for|from|with|plus|incl|including|up|min|max)$/u.test(words[0] ?? "")
      if (!unit && words.length >= 1 && words.length <= 3 && words.some((w) => headingStems.has(stem(w)))) return displayPhrase(gloss!, proper)
    }
    return displayPhrase(name, proper)
  })
}

/** Who a price row is for, by its name's head before a comma ("Second dog, same family", "Extra child"). */
const WHO_HEADS = new Set(["dog", "dogs", "cat", "cats", "pet", "pets", "child", "children", "kid", "kids", "person", "people", "guest", "guests", "adult", "adults", "sibling", "siblings", "member", "members", "student", "students", "senior", "seniors"])
const pricesWhom = (name: string): boolean => {
  const words = wordsOf(name.split(",")[0]!.replace(/\([^)]*\)/gu, " "))
  return words.length >= 1 && words.length <= 3 && WHO_HEADS.has(words.at(-1)!)
}

/** A headline that names the page a price list: "Prices", "Price list", "Prices & memberships", "Our rates". */
const PRICE_LIST_HEADLINE = /^(?:our\s+)?(?:prices|price list|pricing|rates|tariffs?)(?:\s*(?:&|and)\s*[\p{L} ]+)?$/iu

/**
 * A section of a page headed as its price list, in the languages sites are written in: "Price
 * list", "Listino prezzi", "Preise", "Tarifs 2026", "Price list (inc GST)" (a year or a note in
 * brackets aside).
 */
/** A menu's courses as its sections are headed, in English or the languages sites are written in. */
const MENU_COURSE =
  /^(?:to (?:drink|eat)|drinks|food|snacks|starters|mains|desserts|bebidas|comidas?|para (?:tomar|beber|comer)|boissons|a boire|a manger|getranke|speisen|bevande|da bere|da mangiare)$/u

/** A price list's line that prices time worked, not a thing done: labour, a call-out, an hourly rate. */
const RATE_OF_WORK = /(?<![\p{L}])(?:labou?r|call-?outs?|hourly rates?|travel time)(?![\p{L}])/iu

const isPriceListSection = (heading: string): boolean =>
  PRICE_LIST_HEADING.test(heading.replace(/\([^)]*\)|\b(?:19|20)\d\d\b/gu, " ").replace(/\s+/gu, " "))

/** Heads of a line that names a service done to something ("light seal replacement", "lens cleaning"). */
const SERVICE_HEAD = /^(?:replacement|cleaning|repair|hire|rental|installation|removal|servicing|service|inspection|restoration|fitting|tuning|adjustment|alignment|calibration|check|diagnostics?)$/u

/** A headline of everything sold: "All packaging", "Shop all", "Our range", "Full catalogue". */
const EVERYTHING_HEADLINE = /^(?:all|shop all|browse all|our full|the full|our whole)\s+\p{L}|^(?:our\s+|the\s+|full\s+)?(?:range|catalogue|catalog|sortiment)\b/iu

/**
 * A title or headline that calls the page a menu or a price list wherever the word stands, in
 * English or the languages sites are written in: "Snack Bar Menu", "Bowling & Prices", "Preise",
 * "Carta", "Honorarios".
 */
const MENU_OR_PRICES_WORD =
  /(?<![\p{L}])(?:menu|menus|prices|price list|rates|tariffs?|preise|preisliste|speisekarte|getrankekarte|tarifs|carte|precios|tarifas|honorarios|carta|prezzi|listino|precos|meny|prisliste|priser|cennik)(?![\p{L}])/u

/**
 * The lines of an offering's own page that are kinds of it ("Almond croissant" on the croissants
 * page). Lines that do not name it are its fillings, sizes or extras ("Bean & cheese" on the
 * breakfast tacos page, "Sink, tub or shower drain" on the drain cleaning page): without the
 * page around them they name nothing a customer asks for.
 */
const kindsOf = (page: CrawledPageFacts, items: ReadonlyArray<string>, proper: ReadonlySet<string>, names: ReadonlySet<string>) => {
  // "Prices", "Prices & memberships": a price list's every line is on offer, not only the memberships.
  if ([page.headings[0] ?? "", titleHead(page)].some((h) => PRICE_LIST_HEADLINE.test(h.trim()) || MENU_OR_PRICES_WORD.test(fold(h)) || EVERYTHING_HEADLINE.test(h.trim()))) return items
  // "Restauro e riparazioni" over a section "Listino prezzi": the page's own price list, whose every
  // line is sold ("Regolazione completa", "Ponticello nuovo"), though none names the headline's word.
  // (Not its rates of work in general: "Workshop labour", "Call-out + first hour".)
  if (page.headings.slice(1).some(isPriceListSection)) return items.filter((item) => !RATE_OF_WORK.test(item))
  // "Tasting room" over "To drink" and "To eat": sections named for a menu's courses make the page a menu.
  if (page.headings.slice(1).some((h) => MENU_COURSE.test(fold(englishSideOf(h)).trim()))) return items
  // "Trees", "Fabric", "The collection": a page headed by one word is the page of a whole range, and
  // its lines are kinds on offer ("Japanese maple", "Flannel"), when most are named in two words or
  // more; lines of one word each ("Single", "Double", "King" under "Headboards") are its sizes.
  // (A line opening with a day, "Tuesday night league", is one night of a schedule, not a kind; the
  // business's word and one more, "Lark Pale" at Lark Brewing, is its own name for one of them.)
  // ("Nuestros mezcales / Our mezcals": a headline in two languages, by its English side.)
  const headline = withoutNames(page.headings, names).map(englishSideOf)[0]
  const named = items.filter((item) => wordsOf(item).length >= 2).length
  const range = headline !== undefined && wordsOf(headline.trim().replace(/^(?:our|the|all)\s+/iu, "")).length === 1
  // "Tobalá", "Tepextate" under "Our mezcals": one word no English dictionary has is a variety's own
  // name, not a size ("Double", "King").
  const varieties = items.every((item) => wordsOf(item).length >= 2 || !isCommonWord(wordsOf(item)[0] ?? ""))
  if (range && (named * 2 >= items.length || varieties)) {
    const ownWords = new Set([...names].map((name) => wordsOf(name)[0]))
    return items.filter((item) => !DATED_LINE.test(item) && !(wordsOf(item).length === 2 && ownWords.has(wordsOf(item)[0])))
      .map(designNamedWithRange(page, headline))
  }
  const headlines = headlineOfferings(page, proper, names)
  // "Cookware", "Climbing gear": a collective noun is never in its things' names ("Carbon steel wok").
  if (headlines.some((h) => wordsOf(h).some((w) => COLLECTIVE_NOUN.test(w)))) return items
  // "Livery packages", "Grooming options": the head words how the kinds are sold, the word before it
  // what they are ("Full livery", "Nail trim").
  const heads = new Set(headlines.flatMap((h) => {
    const words = wordsOf(h.split(",")[0]!)
    const head = words.at(-1) ?? ""
    return GROUPING_HEAD.test(head) && words.length >= 2 ? [stem(head), stem(words.at(-2)!)] : [stem(head)]
  }))
  if (heads.size === 0) return items
  // "Tool hire" over "Wallpaper steamer", "Pressure washer": a hire page's lines are the things hired,
  // each asked for as "<thing> hire". (A line that is also a section's heading, "Standard unit", is
  // read as that section already.)
  const hired = headlines.map((h) => wordsOf(h).at(-1) ?? "").find((w) => HIRE_WORD.test(w))
  const sectionKeys = new Set(page.headings.map(phraseKey))
  if (hired !== undefined) {
    return items.filter((item) => !sectionKeys.has(phraseKey(item)))
      .map((item) => (wordsOf(item).some((w) => HIRE_WORD.test(w)) ? item : `${item} ${hired}`))
  }
  // "Light seal replacement", "Lens cleaning" on a servicing page: a service of its own, not a filling or size.
  return items.filter((item) => wordsOf(item).some((w) => heads.has(stem(w))) || (wordsOf(item).length >= 2 && SERVICE_HEAD.test(wordsOf(item).at(-1)!)))
}

/**
 * A design's own name on the page of a range ("Roundhay Birds", "Ilkley Moor Heather" on the
 * wallpaper page): a name in capitals opening with a word of no dictionary says which one, not
 * what it is, and a customer asks for it with the range's word ("Roundhay Birds wallpaper").
 */
const designNamedWithRange = (page: CrawledPageFacts, headline: string) => {
  const rangeWord = singularThing(fold(headline.trim().replace(/^(?:our|the|all)\s+/iu, "")))
  // (A line linked to a page of its own, "Decorator's Bundle", is named there; a card headed by its
  // name, "Gafr Las", says below it what it is.)
  const headed = new Set(page.headings.map(phraseKey))
  const designs = new Set(page.products.filter((p) => (p.url === null || p.url === undefined) && !headed.has(phraseKey(p.name))).map((p) => squish(p.name)).filter((name) => {
    const words = name.split(/\s+/u)
    return words.length >= 2 && words.every((w) => /^\p{Lu}/u.test(w)) && !isCommonWord(fold(words[0]!))
  }).map(phraseKey))
  return (item: string): string =>
    designs.has(phraseKey(item)) && !wordsOf(item).some((w) => stem(w) === stem(rangeWord)) ? `${item} ${rangeWord}` : item
}

/** The word a hire business names its trade by ("Tool hire", "Equipment rental"). */
const HIRE_WORD = /^(?:hire|rental)$/u

/**
 * A headline calling its page a list of services, in the languages sites are written in, alone or
 * after one word ("Other services", "Øvrige ydelser", "Weitere Leistungen", "Nos prestations").
 */
const SERVICES_HEADLINE =
  /^(?:\p{L}+\s+)?(?:services|ydelser|tjenester|tjanster|leistungen|dienstleistungen|prestations|servicios|servizi|servicos|diensten|uslugi|sluzby|hizmetler|hizmetlerimiz|palvelut)$/u

/** Heads naming how a kind of thing is sold or chosen, not what it is: "packages", "options". */
const GROUPING_HEAD = /^(?:packages?|options?|plans?|choices?|types?|kinds?|levels?|tiers?)$/u

/**
 * Nouns for a collection of things of different names, in English and the languages sites are
 * written in: "cookware", "tableware", "workwear", "gear", "equipment", "Zubehör", "accesorios".
 * Software is one product, not a collection.
 */
const COLLECTIVE_NOUN =
  /^(?:\p{L}*(?<!soft|firm|mal|spy|share|free|middle|ground)ware|\p{L}+wear|gear|equipment|supplies|accessories|essentials|utensils|homewares|zubehör|ausrüstung|equipamiento|accesorios|utensilios|attrezzatura|accessori|matériel|accessoires|ustensiles)$/u

/** Plural nouns a page of kinds is headed by ("Our lessons", "Tours"): the kind every section is one of. */
const KIND_NOUN = /^(?:lessons|classes|courses|tours|treatments|services|repairs|rentals|workshops|sessions|programm?es|shoots|massages|therapies|cleans|installations)$/u

/**
 * The one-word sections of a page headed by the plural noun of their kind ("Our lessons" over
 * "Guitar", "Singing", "Drums"): each is a kind of it, "guitar lessons", "drum lessons". Alone,
 * "Guitar" names an instrument, not a lesson.
 */
const kindsUnder = (page: CrawledPageFacts, below: ReadonlyArray<string>, proper: ReadonlySet<string>, names: ReadonlySet<string>) => {
  const first = withoutNames(page.headings, names)[0]
  if (first === undefined) return []
  const headline = wordsOf(first.trim().replace(/^(?:our|the|all)\s+/iu, ""))
  if (headline.length !== 1 || !KIND_NOUN.test(headline[0]!)) return []
  const noun = headline[0]!
  return below.filter((h) => wordsOf(h).length === 1 && /^\p{L}+$/u.test(h.trim()))
    .flatMap((h) => headingOfferings(`${singularOf(fold(h.trim()))} ${noun}`, proper))
}

/** Plural endings of the languages that write a kind as one word (German, Dutch, Scandinavian) and of English. */
const PLURAL_ENDING = /(?:en|er|ar|or|es|e|n|s)$/u

/** Endings English words share without being kinds of one thing ("Installation", "Consultation"). */
const DERIVED_ENDING = /(?:ation|ition|ion|ment|ness|ship|ance|ence|ity|ing|ure|age|ery)$/u

/**
 * The one-word sections of an offering's own page written as compounds of its headline's word
 * ("Abendfahrt", "Familienfahrt" under "Unsere Ballonfahrten"; "Masterclass" beside "Classes"):
 * each is a kind of it. Two or more such sections make the series; an ending English words
 * share ("-ation") is no word of its own.
 */
const compoundKinds = (page: CrawledPageFacts, below: ReadonlyArray<string>, proper: ReadonlySet<string>, names: ReadonlySet<string>) => {
  const first = withoutNames(page.headings, names)[0]
  const head = first === undefined ? undefined : wordsOf(first).at(-1)
  if (head === undefined || head.length < 4) return []
  const base = head.replace(PLURAL_ENDING, "")
  const compounds = below.filter((h) => {
    if (!/^\p{L}+$/u.test(h.trim())) return false
    const word = fold(h.trim()).replace(PLURAL_ENDING, "")
    let shared = 0
    while (shared < Math.min(word.length, base.length) && word.at(-1 - shared) === base.at(-1 - shared)) shared++
    const tail = base.slice(base.length - shared)
    return word !== base && word.length >= shared + 3 && (shared === base.length ? shared >= 3 : shared >= 5) && !DERIVED_ENDING.test(tail)
  })
  return compounds.length >= 2 ? compounds.flatMap((h) => headingOfferings(h, proper)) : []
}

/**
 * The one-word sections of an offering's own page, as the text under each names them with the
 * headline's last word: "Quarterly pest control" over "Ants" ("... ant control is part of every
 * plan") and "Roaches" ("Cockroach control for ...") → ant control, cockroach control. A section
 * its text does not name so ("Price") is a facet of the headline, not a kind.
 */
const sectionsWithHead = (page: CrawledPageFacts, below: ReadonlyArray<string>, proper: ReadonlySet<string>, names: ReadonlySet<string>) => {
  const first = withoutNames(page.headings, names)[0]
  const head = first === undefined ? undefined : wordsOf(first).at(-1)
  if (head === undefined || head.length < 3 || STOP_WORDS.has(head)) return []
  const found: Array<string> = []
  for (const heading of below) {
    if (wordsOf(heading).length !== 1 || !/^\p{L}+$/u.test(heading.trim())) continue
    const at = page.text.indexOf(heading)
    if (at < 0) continue
    const next = below.map((h) => page.text.indexOf(h, at + heading.length)).filter((i) => i > at).reduce((a, b) => Math.min(a, b), page.text.length)
    const text = page.text.slice(at + heading.length, next)
    const word = singularOf(fold(heading.trim()))
    const named = new RegExp(`(?<![\\p{L}])(\\p{L}*${escapeRegExp(word)})\\s+${escapeRegExp(head)}(?![\\p{L}])`, "iu").exec(text)
    if (named !== null) found.push(...headingOfferings(`${fold(named[1]!)} ${head}`, proper))
  }
  return found
}

/** A deal in the words after the colon: a price, "3 nights for the price of 2", "20% off". */
const DEAL = new RegExp(
  String.raw`${PRICE_START_SOURCE}|\d\s?(?:%|(?:zł|kr|kč|chf|pln|sek|nok|dkk)(?![\p{L}]))|\bfor the price of\b|\b\d+\s+(?:nights?|sessions?|classes|visits?)\b`,
  "iu"
)
/** Leads that introduce a fee, a contact or a register line, not something on offer. */
const NOT_A_DEAL =
  /\b(?:fees?|charges?|e-?mail|phone|tel|support|register|vat|address|hours|filter|offers?|specials?|discounts?|sales?|deals?|promo|coupons?|deposit|minimum|total|subtotal|tax|tips?|payment)\b/iu

/**
 * Offers a page announces in a line of its own prose or a list, "<name>: <deal>", after its section heading
 * (the home page's "News: Christmas Market breaks: 3 nights for the price of 2 from 20 November").
 */
const LISTED_WITH_PRICE = new RegExp(String.raw`^(\p{Lu}[\p{L}'-]*(?:\s+[\p{Ll}&][\p{L}'&-]*){0,6}),\s+(?:from\s+)?${PRICE_SOURCE}\.?$`, "u")

const announcedOffers = (page: CrawledPageFacts, proper: ReadonlySet<string>): Array<string> => {
  // A line opens a sentence or a section (the text runs on from the heading before it).
  // A list's priced line too ("Private hire of the whole venue: from 2,400 zł").
  const openings = [
    ...page.text.split(/(?<=[.!?])\s+/),
    ...(page.listItems ?? []).map((item) => item.text),
    // A paragraph after a heading or after a list ("... (weekly pickup) Rush service: same-day
    // hemming, +$15") opens there, with no full stop before it.
    ...[...page.headings, ...(page.listItems ?? []).map((item) => item.text)].flatMap((h) => {
      const at = h.length > 0 ? page.text.indexOf(`${h} `) : -1
      return at < 0 ? [] : [page.text.slice(at + h.length + 1, at + h.length + 200)]
    })
  ]
  return openings.flatMap((opening) => {
    // "House-made root beer and sparkling water, $3.": a line of things and their price, nothing else.
    const listed = LISTED_WITH_PRICE.exec(opening.trim())
    if (listed !== null && !NOT_A_DEAL.test(listed[1]!)) return headingOfferings(listed[1]!, proper)
    // "Tasting flight of four 5 oz pours: $14": the thing, before how much of it.
    const match = /^(\p{Lu}[\p{L}'-]*(?:\s+[\p{L}'-]+){0,5}|\p{Lu}[\p{L}'-]*(?:\s+[\p{L}'-]+){0,2}\s+of\s+(?:\d+|one|two|three|four|five|six|eight|ten|twelve)\s+[^:]{1,30}):\s+([^.!?]{3,120})/u
      .exec(opening.trim().replace(/^(\p{Lu}[\p{L}'-]*(?:\s+[\p{L}'-]+){0,2})\s+of\s+(?:\d+|one|two|three|four|five|six|eight|ten|twelve)\s+[^:]{1,30}:/u, "$1:"))
    // "Blade: 210mm Weight: about 190g Price: $420": a spec sheet's lines, each label's value up to the next label.
    const deal = match === null ? "" : match[2]!.split(/\s(?=\p{Lu}\p{Ll}+(?:\s+\p{Ll}+)?:\s)/u)[0]!
    if (match === null || !DEAL.test(deal) || NOT_A_DEAL.test(match[1]!)) return []
    // "Average escape rate: 31%", "Pass rate: 87%": a figure about the business, not a deal.
    if (/^\d+(?:[.,]\d+)?\s?%\s*$/u.test(deal.trim())) return []
    // "Private hire of the whole venue": the thing, before what it is of.
    return headingOfferings(match[1]!.replace(/\s+(?:of|for)\s+(?:the|our|a|an|your)\s+.*$/iu, ""), proper)
  })
}

/**
 * A list item whose description says it costs nothing ("Phone booths – free for members",
 * "Walking tour: included"): an extra that comes with what is sold, not something on offer.
 */
const FREE_DETAIL = /^[^–—:(]*?\S(?:\s[–—-]\s|:\s|\s\()\s*(?:free|included|complimentary|no charge)\b/iu

/**
 * A heading whose first sentence denies it ("Hydrotherapy" followed by "We don't have a pool ...
 * but we can refer you"): the page names it to say it is not offered.
 */
/**
 * The text right under a heading, up to the next heading and at most `max` characters; null when
 * the page's text does not have the heading.
 */
const textBelow = (page: CrawledPageFacts, heading: string, max: number): string | null => {
  const at = heading.length > 0 ? page.text.indexOf(`${heading} `) : -1
  if (at < 0) return null
  const after = page.text.slice(at + heading.length + 1)
  const next = page.headings.map((h) => after.indexOf(` ${h} `)).filter((i) => i >= 0)
  return after.slice(0, Math.min(max, ...next))
}

const deniedBelow = (page: CrawledPageFacts, heading: string): boolean => {
  const at = heading.length > 0 ? page.text.indexOf(`${heading} `) : -1
  if (at < 0) return false
  const sentence = page.text.slice(at + heading.length + 1, at + heading.length + 240).split(/(?<=[.!?])\s/)[0] ?? ""
  // "Mower of the Month: a 1979 Masport ... Not for sale": a thing shown, said anywhere in its section.
  return DENIES_OWN_OFFER.test(sentence) || NOT_FOR_SALE.test(textBelow(page, heading, 240) ?? "")
}

/** "Not for sale", in the languages sites are written in: a thing shown, never one sold. */
const NOT_FOR_SALE = /(?<![\p{L}])(?:not for sale|nicht zu verkaufen|nicht verkäuflich|pas à vendre|no está a la venta|no se vende|não está à venda|não se vende|niet te koop|non in vendita|ikke til salg|inte till salu)(?![\p{L}])/iu

/** Whether the text right under a heading, before the next heading, states a price. */
const pricedBelow = (page: CrawledPageFacts, heading: string): boolean => {
  const below = textBelow(page, heading, 160)
  return below !== null && hasPrice(below)
}

/** A time that comes round again: "First Thursday of the month", "every Sunday", "Sunday mornings", "free Sunday rides". */
const RECURRING =
  /\b(?:(?:every|each|first|second|third|fourth|last)\s+(?:other\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekend|month)|of (?:the|each|every) month|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s|free (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday) (?:mornings|evenings|nights|afternoons))\b/iu

/**
 * Whether the text under a heading tells of a free gathering that comes round again ("Bike Night"
 * over "First Thursday of the month ... free tea ... All welcome"): the business's community
 * night or club run, not something it sells. A price under it makes it a class or a session sold.
 */
const freeGatheringBelow = (page: CrawledPageFacts, heading: string): boolean => {
  const below = textBelow(page, heading, 240)
  return below !== null && FREE.test(below) && (RECURRING.test(below) || ON_A_DAY.test(below)) && !hasPrice(below)
}

/** Free, in the languages sites are written in ("Entrance free", "gratis Klettern für alle Helfer"). */
const FREE = /(?<![\p{L}-])(?:free|no fees?|all welcome|everyone welcome|gratis|kostenlos|gratuit|gratuite|gratuito|gratuita|entrada libre|entrée libre|eintritt frei|ingresso libero|gratuitamente)(?![\p{L}-])/iu

/**
 * A day in the calendar or a time of the year ("Am 12. April", "in May", "twice a year"), in the
 * languages sites are written in: a free one is an event the business holds, not a thing it sells.
 */
const ON_A_DAY = /(?<![\p{L}])(?:(?:in|on|am|le|el|il|em|op|i|w)\s+(?:\d{1,2}\.?\s+(?:de\s+)?)?(?:january|february|march|april|may|june|july|august|september|october|november|december|januar|februar|märz|mai|juni|juli|oktober|dezember|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre)|(?:once|twice|three times) a year|every (?:spring|summer|autumn|fall|winter|year))(?![\p{L}])/iu

/**
 * Whether the text under a one-word heading names its word again as a kind ("Tents" over
 * "Backpacking tents from one to four people", "Saddles" over "Leather and synthetic saddles"):
 * the section sells them. A facet of the page ("Prices" over "Our prices start at ...") is named
 * after a small word, if at all.
 */
const kindsNamedBelow = (page: CrawledPageFacts, heading: string): boolean => {
  if (aloneNotAnOffering(heading)) return false
  const below = textBelow(page, heading, 240)
  if (below === null) return false
  const word = heading.trim().toLowerCase()
  return [...below.matchAll(new RegExp(`([\\p{L}-]+)\\s+${escapeRegExp(word)}(?![\\p{L}])`, "gu"))]
    // (A capital only where the text opens: "Google reviews" is a name.)
    .some((m) => (/^\p{Ll}/u.test(m[1]!) || m.index === 0) && m[1]!.length >= 3 && !STOP_WORDS.has(fold(m[1]!)) && !isCommonWord(m[1]!))
}

/**
 * What the business says it does not do, or what is not to be had ("cannot come" is the customer's),
 * and the same said in the languages sites are written in: a "not" before a verb in the "we" form
 * ("Non organizziamo più", "Nie prowadzimy", "Ya no alquilamos", "Não fazemos", "Nous ne
 * proposons plus"), or "we" with a verb and then "not" ("Vi reparerar inte", "Wir verleihen keine",
 * "Wij doen geen").
 */
const DENIES_OWN_OFFER = new RegExp(
  [
    String.raw`\bwe\s+(?:[\p{L}']+\s+)?(?:don'?t|do not|no longer|cannot|can'?t|won'?t|refer)\b|\b(?:sold out|not offered|not available|unavailable|out of stock|discontinued)\b`,
    String.raw`(?<![\p{L}])(?:non|nie|no|não|nao)\s+(?:(?:più|piu|już|juz|ya|mai|więcej|wiecej|más|mas|mais)\s+)?\p{L}+(?:iamo|amo|emo|imy|amy|emy|ymy|my|amos|emos|imos|mos)(?![\p{L}])`,
    String.raw`(?<![\p{L}])nous\s+ne\s+\p{L}+ons\s+(?:pas|plus)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:vi|wir|wij|we|vi)\s+(?:[\p{L}]+\s+){1,2}(?:inte|ej|icke|ikke|nicht|keine?[nms]?|niet|geen)(?![\p{L}])`
  ].join("|"),
  "iu"
)

/** Stronger than a sentence with "no" in it ("No appointment needed"): what is said not to be on offer. */
const DENIES_OFFER =
  /\b(?:don'?t|do not|doesn'?t|does not|not offered|not available|no longer|cannot|can'?t|won'?t|refer(?:s|red)?|sold out|unavailable|out of stock|discontinued)\b/iu

/** A sentence saying what the business does not do, no longer has, or sends elsewhere. */
const DENIED =
  /\b(?:not|don'?t|doesn'?t|didn'?t|never|no longer|cannot|can'?t|won'?t|isn'?t|aren'?t|refer(?:s|red)?|sold out|unavailable|out of stock|discontinued)\b|\bno\s+(?!\.)/iu

/** A verb a thing's price follows: "start from £12,500", "range from $40". */
const PRICE_VERB = /^(?:start|starts|begin|begins|range|ranges)$/iu

/** Prepositions that put what follows in a place or with someone: "in the old town", "with Mari". */
const PLACE_PREPOSITIONS = new Set(["in", "at", "near", "on", "by", "with"])

/** A sentence offering extras to add to something else. */
const ADD_ON = /\b(?:add|add-ons?|addons?|extras?)\b/iu

/** Words that end a noun phrase read backwards from a price: verbs of selling and function words. */
const PHRASE_BREAK = new Set(
  `we you they i it our own your their its a an the this these those and or but with of in on at to for from by also
  install installs make makes offer offers sell sells do does fit fits provide provides stock stocks carry carries supply
  use uses try take add adds order get buy book is are was were be plus including include includes then other
  what which that`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

/**
 * Things the prose sells with a price beside them: "our own matte clay (£14)", "Gift vouchers from
 * £20 are sold in the shop", "We also install remote starters (from $399 installed)". The words
 * before the price, back to a verb or a function word, name the thing; the site's own name is not
 * part of it ("Brooklyn beard oil" → "beard oil"). Sentences that deny something ("we don't",
 * "sold out", "we refer") sell nothing.
 */
const PRICED_PHRASE = new RegExp(String.raw`([^\s(),;:.!?]+(?:\s+[^\s(),;:.!?]+){0,5})\s+(?:\(\s*(?:from\s+)?|from\s+)${PRICE_START_SOURCE}`, "giu")
/** The same, for a yes or no: no state kept between calls. */
const PRICED_PHRASE_ANYWHERE = new RegExp(PRICED_PHRASE.source, "iu")

/**
 * A sentence of a page's text without the headings run into its start: the first paragraph under a
 * heading follows the heading's words (and the menu above it) in the page's text, with no stop
 * between them. `afterHeading` says whether a heading stood before it.
 */
const underHeading = (page: CrawledPageFacts, sentence: string): { readonly line: string; readonly afterHeading: boolean } => {
  const after = page.headings.filter((h) => h !== "" && sentence.includes(`${h} `)).map((h) => sentence.lastIndexOf(`${h} `) + h.length + 1)
  return { line: sentence.slice(Math.max(0, ...after)), afterHeading: after.length > 0 }
}

/** A line's label run in before a colon: a capital, then up to five words ("Wedding guest transport:"). */
const PRICED_LABEL = /^\s*(\p{Lu}[\p{L}'&-]*(?:\s+[\p{L}'&-]+){0,4}):\s/u
/** Labels that introduce a remark, a fact or a day, not a thing sold ("Note:", "Prices:", "Monday:", "Q:"). */
const NOT_A_LABEL = /^(?:note|nb|please note|important|tip|update|news|new|prices?|pricing|rates?|hours|opening hours|open|closed|address|phone|tel|email|e-mail|contact|ps|q|a|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays|weekends?|mon|tue|wed|thu|fri|sat|sun|parking|location|directions|website|web)$/iu
/** A label that is a clause, in the business's or reader's voice ("Take home what we use:"). */
const LINE_LABEL_CLAUSE = /\b(?:we|you|our|your|us|i|what|how|why|when)\b/iu

/** A time of the day or week, said after "on", "at", "in" or "during": "on weekend mornings", "at weekends". */
const TIME_OF_WEEK = /^(?:weekends?|weekdays?|week|morning|mornings|afternoons?|evenings?|nights?|lunchtimes?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|school|holidays?|term-time)$/iu
const WHEN_PREPOSITIONS = new Set(["on", "at", "in", "during"])

/**
 * The last token before a time the thing is sold at ("Kids' birthday parties on weekend mornings",
 * "... during the school holidays"): the words before the price say when, the thing is named before them.
 */
const lastBeforeWhen = (tokens: ReadonlyArray<string>): number => {
  let i = tokens.length - 1
  let times = 0
  for (; i >= 0 && (TIME_OF_WEEK.test(tokens[i]!) || (times > 0 && fold(tokens[i]!) === "the")); i--) if (TIME_OF_WEEK.test(tokens[i]!)) times++
  return times > 0 && i > 0 && WHEN_PREPOSITIONS.has(fold(tokens[i]!)) ? i - 1 : tokens.length - 1
}

/**
 * Up to four words that end at `last` and name a thing, read back to a verb, a function word, a
 * number or the site's own name; `stop` is where the reading stopped.
 */
const wordsBefore = (tokens: ReadonlyArray<string>, last: number, nameWords: ReadonlySet<string>): { kept: Array<string>; stop: number } => {
  const kept: Array<string> = []
  let stop = -1
  for (let i = last; i >= 0 && kept.length < 4; i--) {
    const token = tokens[i]!
    const key = fold(token).replace(/[^\p{L}\p{N}/'-]/gu, "")
    stop = i
    // "Zipper replacement | $22 Wedding dress alterations from $250": a price ends the name before it.
    if (key === "" || PHRASE_BREAK.has(key) || nameWords.has(key) || /\d/u.test(token)) break
    // "... and consultation Treatment from $3,900": a capital after a lower-case word starts a new line.
    if (kept.length > 0 && /^\p{Lu}/u.test(kept[0]!) && /^\p{Ll}/u.test(token)) break
    kept.unshift(token)
  }
  return { kept, stop }
}

const pricedPhrases = (page: CrawledPageFacts, proper: ReadonlySet<string>, nameWords: ReadonlySet<string>): Array<string> =>
  // "You can add a vase (£15) or a candle (£18)": extras added to what is bought, not sold alone.
  page.text.split(/(?<=[.!?])\s+/).filter((sentence) => !DENIED.test(sentence) && !ADD_ON.test(sentence)).flatMap((sentence) => {
    // "Match day travel: return coach to Croke Park or the LIT Gaelic Grounds from €980": a line run
    // in after its label prices the label; the words before the price say where it goes.
    const { line } = underHeading(page, sentence)
    const label = PRICED_LABEL.exec(line)
    const labelled = label !== null && !NOT_A_LABEL.test(label[1]!) && !LINE_LABEL_CLAUSE.test(label[1]!) &&
      PRICED_PHRASE_ANYWHERE.test(line.slice(label[0].length))
    const named = labelled ? headingOfferings(label[1]!, proper) : []
    if (named.length > 0) return named
    let clauseStart = 0
    return [...sentence.matchAll(PRICED_PHRASE)].flatMap((m) => {
      const clause = sentence.slice(clauseStart, m.index + m[1]!.length)
      clauseStart = m.index + m[0].length
      // "Koi pond builds start from £12,500": the verb before the price is no part of the thing.
      const tokens = m[1]!.split(/\s+/).filter((t, i, all) => i < all.length - 1 || !PRICE_VERB.test(t))
      // (The clause's words, not the match's last six: the time may take most of those.)
      const clauseTokens = clause.trim().split(/\s+/u)
      const whenAt = lastBeforeWhen(clauseTokens)
      const read = whenAt < clauseTokens.length - 1 ? clauseTokens : tokens
      const { kept, stop } = wordsBefore(read, read === tokens ? tokens.length - 1 : whenAt, nameWords)
      // "a flamenco dance class in a hall in the old town (€20)", "an Andalusian cooking class with
      // Mari, where you make and eat tortilla (€30)": the words before the price say where, with whom
      // or what happens there; the price is the clause's, whose thing is its first "a ...".
      const before = read.slice(Math.max(0, stop - 1), stop + 1).map((t) => fold(t))
      const described = before.some((t) => PLACE_PREPOSITIONS.has(t)) || /\bwhere\b/iu.test(clause)
      const thing = /(?<![\p{L}])(?:a|an)\s+((?:[\p{L}'-]+\s+){1,2}[\p{L}'-]+?)(?=\s+(?:in|at|with|near|where|on|for|from|by)\b|\s*[,(]|$)/u
        .exec(clause)?.[1]
      if (described && thing !== undefined) return headingOfferings(thing, proper)
      // One word ("a tasting ($35)") is a fee for a step, not a thing on offer.
      return kept.length >= 2 ? headingOfferings(kept.join(" "), proper) : thing === undefined ? [] : headingOfferings(thing, proper)
    })
  })

/**
 * Three lines or more in a row, each run in after its label ("Wedding guest transport: …", "School
 * tours: from €6 per pupil …", "Corporate shuttles: priced per day."), one of them priced: a list of
 * what is sold, every label an offering, priced or not.
 */
const labelledRuns = (page: CrawledPageFacts, proper: ReadonlySet<string>): Array<string> => {
  const labels: Array<{ label: string; priced: boolean }> = []
  const found: Array<string> = []
  const flush = () => {
    if (labels.length >= 3 && labels.some((l) => l.priced)) found.push(...labels.flatMap((l) => headingOfferings(l.label, proper)))
    labels.length = 0
  }
  for (const sentence of page.text.split(/(?<=[.!?])\s+/u)) {
    const { line, afterHeading } = underHeading(page, sentence)
    // A heading before the line starts a new run.
    if (afterHeading) flush()
    const label = PRICED_LABEL.exec(line)
    if (label === null || NOT_A_LABEL.test(label[1]!) || LINE_LABEL_CLAUSE.test(label[1]!) || DENIED.test(line)) {
      flush()
      continue
    }
    labels.push({ label: label[1]!, priced: hasPrice(line.slice(label[0].length)) })
  }
  flush()
  return found
}

/** Where a shop keeps a few of something: "a small shelf of", "a rack of", "a few". */
const STOCK_PLACE = String.raw`(?:an?\s+(?:small\s+|little\s+|big\s+|large\s+|good\s+|wide\s+)?(?:shelf|shelves|rack|range|selection|corner|wall|few)\b(?:\s+of\b)?)`

/**
 * Verbs of what a business makes, does or has for sale; "keep" and "have" only with where a shop
 * keeps a few of something ("we keep a rack of ukuleles"; "we have a crew on call" names no thing).
 */
const WORK_VERBS = `(?:make|offer|design|build|install|do|sell|provide|run|host|teach|repair|fit|roast|bake|brew|grow|ship|add|stock|carry out|carry|supply|fix|replace|arrange|deliver|plant|choreograph|(?:keep|have)(?=\\s+${STOCK_PLACE}))`
const WORK_VERB = new RegExp(`^${WORK_VERBS}\\b`, "iu")

/**
 * A thing named by the work done ("vestibular rehabilitation", "fabric sourcing"): after a
 * preposition's list ("for tendon problems and vestibular rehabilitation") it is one more thing
 * done, where a plain noun ("for shows and vet visits") is one more of whom or what it is for.
 */
const SERVICE_LIKE = /(?:ion|ing|ment|ance|ence|sis|therapy|care|repairs?|services?|hire|rental|treatments?|calculations?|returns)$/u

/** Prepositions that open a phrase of whom, where or what for after a thing ("for farms", "in our lorry", "anywhere in the US"). */
const PREPOSITION = /^(?:for|to|in|at|on|with|from|by|across|around|near|throughout|within|into|anywhere|everywhere)$/u

/** What a verb's own object opens with: after "we install carries", "carries" is the next verb, not a thing. */
const CLAUSE_OBJECT = /^(?:a|an|the|its|their|your|our|no|every|with|up)$/u

/** Words that end an object read after a verb: how often, when or where ("twice a week", "every Monday", "anywhere in the UK"). */
const OBJECT_BREAK = new Set(["twice", "once", "daily", "weekly", "monthly", "yearly", "every", "each", "here", "there", "anywhere", "everywhere", "now", "today"])

/** How a thing is done, said after it ("brew our teas fresh", "make our syrup in-house"): not part of its name. */
const DONE_HOW = new Set(["fresh", "freshly", "in-house", "to-order", "on-site", "onsite", "yourself", "ourselves"])

/**
 * Openings of an object that are not its name: an article, a possessive, a length of time ("a
 * two-hour"; "test-day car hire" is a name), where a shop keeps them ("a small shelf of").
 */
const OBJECT_OPENING = new RegExp(
  String.raw`^(?:${STOCK_PLACE}\s+)?(?:(?:a|an|the|our|your|some)\s+)?(?:(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|half|full|multi)-(?:hour|day|week|minute|night|month)s?\s+)?`,
  "iu"
)

/**
 * A member of the team as the subject of the work, and the verb's "-s": "our physio, Tamsin, runs",
 * "our head baker makes" (a name set off by commas, or none).
 */
const STAFF_SUBJECT = String.raw`our\s+(?:head\s+|own\s+|resident\s+)?\p{Ll}+(?:,\s+\p{Lu}\p{L}+,)?(?=\s+(?:(?:also|now|still|even)\s+)?${WORK_VERBS}(?:s|es)\b)`

/**
 * Paragraphs that open with their subject as a run-in label, a dash, then what it covers
 * ("Custom steel fabrication – mild steel, galvanised and stainless."): each label names an
 * offering. A label of one word is a size or a tier ("Single – from £240"), and a dash followed by
 * a clause or a price ("Bring it back unwashed – we clean it") is not a description.
 */
const RUN_IN_LABEL = /^(\p{Lu}[\p{L}'&-]*(?:\s+[\p{L}'&-]+){1,3})\s+[–—]\s+(?!(?:we|you|it|they|i|he|she|from)\b)\p{Ll}/u

/**
 * A label that is a person, the dash followed by their role ("Shannon Pike – owner and Course
 * Director", "Ally Nguyen – our resident underwater photographer"): who works there, not what is sold.
 */
const ROLE_AFTER_DASH = /\s[–—]\s+(?:(?:our|the|a|an|co-?|head|senior|junior|lead|chief|resident)[\s-]+)*(?:[\p{L}-]+\s+)?(?:owners?|founders?|co-?founders?|directors?|managers?|instructors?|teachers?|coaches?|trainers?|skippers?|captains?|chefs?|partners?|principals?|therapists?|technicians?|engineers?|designers?|photographers?|guides?|stylists?|consultants?|advisers?|advisors?|specialists?|assistants?|apprentices?|receptionists?|practitioners?|physiotherapists?|dentists?|doctors?|nurses?|vets?|brokers?|agents?|solicitors?|accountants?)(?=[.,;]|\s+(?:and|&)\s|\s*$)/iu

const runInLabels = (page: CrawledPageFacts, proper: ReadonlySet<string>): Array<string> =>
  page.text.split(/(?<=[.!?])\s+/u).flatMap((sentence) => {
    const paragraph = underHeading(page, sentence).line
    const label = RUN_IN_LABEL.exec(paragraph)?.[1]
    // ("Coffee or tea – free, ask at the desk": an extra given, not sold.)
    return label === undefined || DENIED.test(paragraph) || ROLE_AFTER_DASH.test(paragraph) || FREE_DETAIL.test(paragraph) ? [] : headingOfferings(label, proper)
  })

/**
 * Whether "I" in a sentence is the business's own voice, a sole trader's ("I also make wedding
 * guest books"): not a customer's question ("Can I add wine?") nor a quoted customer's words.
 */
const ownVoice = (sentence: string): boolean => !/\?\s*$/u.test(sentence) && !/^\s*["“”«„]/u.test(sentence)

/** A line's label of what else there is: "Also:", "Also in the studio:", "Also from the dairy:". */
const ALSO_LABEL = String.raw`(?<![\p{L}])also(?:\s+[\p{L}'-]+){0,3}:`

/**
 * The statement pattern for a sentence: "I" counts in the business's own voice only, and on pages
 * other than home and FAQ only "also" does. Four variants, built once, not once per sentence.
 */
const STATED_WORK = new Map<string, RegExp>()
const statedWorkPattern = (ownVoiceSentence: boolean, alsoOnly: boolean): RegExp => {
  const key = `${ownVoiceSentence}:${alsoOnly}`
  let pattern = STATED_WORK.get(key)
  if (pattern === undefined) {
    pattern = new RegExp(`(?:\\b(?:we|${STAFF_SUBJECT}${ownVoiceSentence ? "|i" : ""})\\s+${alsoOnly ? "(?:can\\s+)?also\\s+" : "(?:(?:also|now|still|even)\\s+)?"}${WORK_VERBS}(?:s|es)?|${ALSO_LABEL})\\s+([^.!?]+)`, "giu")
    STATED_WORK.set(key, pattern)
  }
  return pattern
}

/**
 * What the home page or the FAQ says the business makes or does, in its own sentences: "We make
 * custom tableware for restaurants", "we do A/C recharges", "We now offer shockwave therapy for
 * tendon problems and vestibular rehabilitation", "In July we run a summer course for teenagers",
 * a sole trader's "I also make wedding guest books".
 * On any other page only what it "also" does is read ("We also do long-distance moves" on the house
 * removals page): the word announces one more offering beside the page's own, where the page's
 * other sentences tell how its own is done ("we make each frame to order"). A line labelled so
 * ("Also in the studio: small stained glass hearts, €25") names one more too.
 * Each object, to a function word or a bracket; after the first, only those that follow "and",
 * "or" or a comma with no article ("and the European Union" is where, not what).
 */
const statedWork = (page: CrawledPageFacts, proper: ReadonlySet<string>, alsoOnly = false): Array<string> =>
  page.text.split(/(?<=[.!?])\s+/).filter((sentence) => !DENIED.test(sentence)).flatMap((sentence) =>
    [...sentence.matchAll(statedWorkPattern(ownVoice(sentence), alsoOnly))]
      // ("Visits also include meal preparation: ...": a label opens its line with a capital.)
      .filter((m) => !m[0].startsWith("also"))
      .flatMap((m) => {
        // "runs pelvic floor yoga: small classes ...": what follows a colon describes the thing.
        const objects = m[1]!.split(/:\s/u)[0]!.replace(/\([^)]*\)?/gu, " ").split(/,\s+(?:and\s+|or\s+)?|\s+(?:and|or)\s+/iu)
        const found: Array<string> = []
        let first = 0
        let governed = false
        for (const [i, object] of objects.entries()) {
          // "... and ship whole beans or ground coffee": a second verb starts a list of its own.
          const verb = WORK_VERB.exec(object.trim())
          if (verb !== null) first = i
          else if (i > first && /^(?:a|an|the|our|your|their|its|this|these|\p{Lu})/u.test(object.trim())) break
          const words: Array<string> = []
          const tokens = object.trim().slice(verb?.[0].length ?? 0).trim().replace(OBJECT_OPENING, "").split(/\s+/)
          // "we install throughout Wake County": where, not what. "Every system we install carries a
          // lifetime warranty": the clause ends at "install" and a verb of its own follows.
          if (i === first && (PREPOSITION.test(fold(tokens[0] ?? "")) || (/s$/u.test(tokens[0] ?? "") && CLAUSE_OBJECT.test(fold(tokens[1] ?? ""))))) break
          for (const token of tokens) {
            const key = fold(token)
            if (STOP_WORDS.has(key) || OBJECT_BREAK.has(key) || (words.length > 0 && DONE_HOW.has(key))) break
            words.push(token)
            if (words.length === 4) break
          }
          // "small production runs for farms, builders, cafes and factories right across Geelong",
          // "horse transport for shows and vet visits": after a preposition the list goes on with
          // whom or what the thing is for, unless an item names work done ("... for tendon problems
          // and vestibular rehabilitation").
          if (verb === null && governed && !SERVICE_LIKE.test(fold(words.at(-1) ?? ""))) continue
          // "we roast lighter than ...": a comparison, not a thing.
          if (tokens[words.length] !== undefined && fold(tokens[words.length]!) === "than") continue
          governed = tokens[words.length] !== undefined && PREPOSITION.test(fold(tokens[words.length]!))
          // "we add a 10% service charge": a figure, not a thing on offer.
          if (words.some((w) => /\d/u.test(w))) continue
          if (words.length >= (i === first ? 1 : 2)) found.push(...headingOfferings(words.join(" "), proper))
        }
        return found
      })
  )

/**
 * "Gift cards are available in any amount", "Yes, ukulele lessons are available with our guitar
 * teachers", "Rush testing is available for an additional 50%": the subject of "is available" or
 * "are available", from the sentence's start or a comma, to a preposition ("for any workshop"),
 * names a thing to be had. A subject of one word ("Visits", "Sessions in English") is a time or
 * a manner of what is sold, not a thing; one opening with a determiner ("All sessions", "Every
 * bottle") speaks of things already named; financing and payment plans are ways to pay.
 */
const AVAILABLE_SUBJECT = /(?:^|,\s+)(?:(?:yes|and|but)\s*,?\s+)?([^,;:()]{3,60}?)\s+(?:is|are)\s+(?:(?:also|now|only|still)\s+)?available\b(?!\s+as\b)/giu
const NOT_A_THING_AVAILABLE = /^(?:all|every|each|any|most|some|our|the|this|these|those|it|they|there|a|an)$|^(?:financing|finance|payment|payments|credit|instalments?|installments?|parking|wifi|wi-fi)$/iu

const availableThings = (page: CrawledPageFacts, proper: ReadonlySet<string>): Array<string> =>
  page.text.split(/(?<=[.!?])\s+/u).filter((sentence) => !DENIED.test(sentence)).flatMap((sentence) =>
    [...sentence.matchAll(AVAILABLE_SUBJECT)].flatMap((m) => {
      const words: Array<string> = []
      for (const token of m[1]!.trim().split(/\s+/u)) {
        if (PREPOSITION.test(fold(token))) break
        words.push(token)
      }
      if (words.length < 2 || words.length > 5 || words.some((w) => /\d/u.test(w) || NOT_A_THING_AVAILABLE.test(fold(w)))) return []
      return headingOfferings(words.join(" "), proper)
    })
  )

/**
 * The verb after a thing a sentence is about, when it says what the thing is, costs, gives or
 * when it runs: "Our digital perm gives ...", "Our kids clay classes run on Saturdays ...".
 */
const SUBJECT_THING_VERB = String.raw`(?:is|are|costs?|starts?|runs?|gives?|comes?|includes?|lasts?|leaves?|sells?|goes|takes?|makes?)`

/**
 * "Our X <verb>" opening a sentence or a clause after a colon ("Two therapists working in step: our
 * four-hands massage is ..."): group 1 the words between "our" and the verb.
 */
const OUR_SUBJECT = new RegExp(String.raw`(?:^|[:;–—]\s+)(?:(?:and|but)\s+)?our\s+(?:own\s+)?((?:[\p{L}'&-]+\s+){0,5}?[\p{L}'&-]+)(?:\s*\([^)]*\))?\s+${SUBJECT_THING_VERB}(?![\p{L}])`, "iu")

/** A capitalised sentence's subject, then its price: "Spanish subtitles are $200 per video", "Tile repairs start at $225". */
const PRICED_SUBJECT = new RegExp(String.raw`^(\p{Lu}[\p{L}'&-]*(?:\s+[\p{L}\d'&-]+){1,5}?)(?:\s*\([^)]*\))?\s+(?:is|are|costs?|(?:starts?|begins?)\s+(?:at|from))\s+(?:(?:only|just|from)\s+)?${PRICE_START_SOURCE}`, "u")

/**
 * Words that make a priced subject a sum or a term of sale ("Our minimum order is $50", "Our
 * hourly rate is $60", "Our most popular package is $99"), or which of several ("Each extra hour",
 * "Additional guests"), not a thing on offer.
 */
const NOT_A_PRICED_THING = /^(?:minimum|maximum|rate|rates|price|prices|cost|costs|total|budget|quote|charge|fee|fees|deposit|most|best|cheapest|first|next|last|each|every|extra|additional|any|all|other|average|team|staff|own|postage|shipping|delivery|carriage|travel|calls?|call-out|callout|bins?|shelf|shelves|racks?|wall|corner|section)$/u

/** A sentence that is a price, said of the sentence before it: "From RM 380, including a cut." */
const PRICE_OPENING = new RegExp(String.raw`^(?:(?:[Ff]rom|[Oo]nly|[Jj]ust)\s+)?${PRICE_START_SOURCE}`, "u")

/**
 * A thing a sentence of the business's own prose is about, where the sentence prices it: "Our
 * digital perm gives loose waves ... From RM 380", "Our fish soup is sold frozen from the hatch:
 * 189 kr per litre", "Spanish subtitles are $200 per video", "Tile repairs start at $225". The
 * subject, to its first function word ("Rush framing in 48 hours is $40 extra" → "rush framing"),
 * of two words or more; a sum, a term of sale or whom a price is for ("Our hourly rate", "Extra
 * guests", "Second dog") is none. Sentences denying something and questions sell nothing.
 */
const pricedSubjects = (page: CrawledPageFacts, proper: ReadonlySet<string>): Array<string> =>
  page.text.split(/(?<=[.!?])\s+/u).flatMap((sentence, i, sentences) => {
    // (The line after a heading: a price list's prices run into the heading's sentence before it.)
    const line = underHeading(page, sentence).line.trim()
    if (!ownVoice(sentence) || DENIED.test(line) || !(hasPrice(line) || PRICE_OPENING.test(sentences[i + 1] ?? ""))) return []
    const subject = OUR_SUBJECT.exec(line)?.[1] ?? PRICED_SUBJECT.exec(line)?.[1]
    if (subject === undefined) return []
    const tokens = subject.split(/\s+/u)
    const words: Array<string> = []
    for (const token of tokens) {
      if (STOP_WORDS.has(fold(token))) break
      words.push(token)
    }
    // "Fish soup by the litre", "clay by the bag": how it is sold is part of its name.
    const measure = /^by the \p{L}+$/u.test(tokens.slice(words.length).join(" ").toLowerCase()) ? ` ${tokens.slice(words.length).join(" ").toLowerCase()}` : ""
    if (words.length < 2 || words.length > 4 || words.some((w) => /\d/u.test(w) || NOT_A_PRICED_THING.test(fold(w)) || NOT_A_THING_AVAILABLE.test(fold(w)))) return []
    if (pricesWhom(words.join(" "))) return []
    // "Private guided walks" over "... Private guiding starts at $650 a day": the section's own
    // offering, priced in other words, is no second one.
    const at = page.text.indexOf(sentence)
    const section = page.headings.filter((h) => h !== "" && !h.trim().endsWith("?") && page.text.lastIndexOf(h, at) >= 0)
      .sort((a, b) => page.text.lastIndexOf(b, at) - page.text.lastIndexOf(a, at))[0]
    const root = (w: string) => stem(fold(w)).slice(0, 4)
    const sectionRoots = new Set(wordsOf(section ?? "").map(root))
    if (words.every((w) => wordsOf(w).every((part) => sectionRoots.has(root(part))))) return []
    return headingOfferings(words.join(" "), proper).map((o) => `${o}${measure}`)
  })

/** Plurals English does not make with an -s: "knives", "shelves" (for the thing a service is done to). */
const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  knives: "knife", wives: "wife", lives: "life", leaves: "leaf", loaves: "loaf", shelves: "shelf", halves: "half",
  scarves: "scarf", hooves: "hoof", calves: "calf", wolves: "wolf", feet: "foot", teeth: "tooth", geese: "goose",
  mice: "mouse", men: "man", women: "woman", children: "child", theses: "thesis", analyses: "analysis", diagnoses: "diagnosis"
}

/** A thing's name in the singular, as it stands before the work done to it ("knives" → "knife sharpening"). */
const singularThing = (phrase: string): string => {
  const words = phrase.split(/\s+/u)
  const last = fold(words.at(-1)!)
  const irregular = IRREGULAR_PLURALS[last]
  return irregular !== undefined ? [...words.slice(0, -1), irregular].join(" ") : singularOf(phrase)
}

/** Verbs that start a clause of their own inside a list of things ("..., and replace zips on bags"). */
const CLAUSE_VERB = /^(?:replace|remove|fix|check|collect|deliver|take|help|travel|come|send|post|supply|stock|carry|hire|rent|use|keep|sell|buy|offer|give)$/u

/**
 * The -ing words a site names its services by, as the last word of a heading, a title's part or
 * one side of "&" ("Custom framing", "Knives & sharpening", "Sharpening – Ironbark"); not "Moving
 * day notes", nor "boiling" in a sentence of the history.
 */
const serviceGerundsOf = (pages: ReadonlyArray<CrawledPageFacts>): Set<string> =>
  new Set(pages.flatMap((page) => [page.title ?? "", ...page.headings]).flatMap((text) => text.split(/\s+[|–—·-]\s+|\s*(?:&|\band\b|,|\/)\s*/u))
    .map((part) => wordsOf(part).at(-1) ?? "").filter((word) => /\p{L}{3,}ing$/u.test(word)))

/**
 * What the home page says the business does to its customers' things, in a verb whose -ing its
 * site names a service by ("Sharpening prices", "Custom framing"): "I also sharpen knives, scissors and garden tools" → knife sharpening,
 * scissor sharpening, garden tool sharpening; "We frame mirrors to your size, replace broken
 * glass ..., and frame finished jigsaw puzzles" → mirror framing, jigsaw puzzle framing. Each
 * object to a function word, of three words at most; a verb the other rules read ("make", "sell")
 * or one naming no work on a thing ("help", "travel") is not read here.
 */
const workOnThings = (page: CrawledPageFacts, proper: ReadonlySet<string>, serviceNames: ReadonlySet<string>): Array<string> =>
  page.text.split(/(?<=[.!?])\s+/u).filter((sentence) => !DENIED.test(sentence)).flatMap((sentence) =>
    [...sentence.matchAll(new RegExp(`\\b(?:we${ownVoice(sentence) ? "|i" : ""})\\s+(?:(?:also|now|still|even|can)\\s+)?(\\p{L}+)\\s+([^.!?:;]+)`, "giu"))]
      .flatMap((m) => {
        const serviceVerb = (word: string) =>
          !WORK_VERB.test(word) && !NOT_A_SERVICE_VERB.test(word) && !STOP_WORDS.has(word) && word.length >= 3 && serviceNames.has(gerund(word))
        let verb = fold(m[1]!)
        if (!serviceVerb(verb)) return []
        const found: Array<string> = []
        for (const [i, object] of m[2]!.replace(/\([^)]*\)?/gu, " ").split(/,\s+(?:and\s+|or\s+)?|\s+(?:and|or)\s+/iu).entries()) {
          let tokens = object.trim().split(/\s+/u)
          // "..., and frame finished jigsaw puzzles": a verb starts a list of its own; one the rule does not read ends it.
          const next = fold(tokens[0] ?? "")
          if (i > 0 && tokens.length >= 2 && (serviceVerb(next) || WORK_VERB.test(next) || CLAUSE_VERB.test(next))) {
            if (!serviceVerb(next)) break
            verb = next
            tokens = tokens.slice(1)
          } else if (i > 0 && /^(?:a|an|the|our|your|their|its|this|these|\p{Lu})/u.test(object.trim())) break
          const words: Array<string> = []
          let ended = false
          // ("finished jigsaw puzzles": what state it is in, not which thing.)
          for (const token of tokens.join(" ").replace(OBJECT_OPENING, "").split(/\s+/u).filter((t, j) => j > 0 || !/^\p{L}+ed$/u.test(t))) {
            const key = fold(token)
            // "I paint butterflies and unicorns with skin-safe paints, twist balloons …": after "with" the
            // list is what the work is done with, not more things it is done to.
            if (/^(?:with|using)$/u.test(key)) ended = true
            if (key.length === 0 || STOP_WORDS.has(key) || OBJECT_BREAK.has(key) || /^(?:including|like|such)$/u.test(key) || /\d/u.test(token)) break
            words.push(token)
          }
          // ("We wrap everything": no thing named.)
          if (words.length === 0 || words.length > 3 || /^(?:everything|anything|something|whatever|ones?)$/iu.test(words[0]!) || (tokens.length > 0 && /\d/u.test(tokens[0]!))) continue
          found.push(...headingOfferings(`${singularThing(words.join(" "))} ${gerund(verb)}`, proper))
          if (ended) break
        }
        return found
      })
  )

/**
 * A FAQ's "Q:" and "A:" labels, in the languages sites are written in ("Q: Do you post? A: Yes,
 * ..."): the question starts a sentence of its own and the answer follows it, as on a FAQ without them.
 */
const withoutAnswerLabels = (text: string): string =>
  text.replace(/(?<![\p{L}\d])(?:Q|Question|P|Pregunta|Frage|Domanda|Pergunta)\s*[:.]\s+(?=¿|\p{Lu})/gu, ". ")
    .replace(/\?\s+(?:A|Answer|R|Respuesta|Réponse|Antwort|Risposta|Resposta)\s*[:.]\s+/gu, "? ")

/** A FAQ's text with each question heading starting a sentence of its own ("Frequently asked questions Do you have an API?"). */
const questionsApart = (page: CrawledPageFacts): string =>
  withoutAnswerLabels(page.headings.filter((h) => h.endsWith("?")).reduce((text, h) => text.replace(` ${h}`, `. ${h}`), page.text))

/** A question asking whether the business offers something: "Do you sell ...?", "Can I buy ...?". */
const OFFER_QUESTION =
  /(?:^|[.!?]\s+)(?:(?:(?:do|does) (?:you|they|it)|can (?:i|we|you)|could (?:i|we|you))\s+(?:also\s+)?(sell|offer|run|have|do|make|provide|teach|host|buy|book|hire|order|get|use|rent|keep|manage|arrange|organi[sz]e)\b|(?:is|are) there)([^?]*)\?\s+yes\b[,.:!]?\s+([^.!?;]+)/giu

/**
 * "Do you ...? Yes" in French, Spanish, German, Italian and Portuguese: the question's object, its
 * article aside ("Faites-vous le test angine ? Oui." → "test angine"; "¿Ofrecen terapia online? Sí").
 */
const YES_ABROAD = [
  /(?:^|[.!?]\s+)(?:faites|proposez|vendez|réalisez|realisez|fabriquez|offrez|louez|organisez)-vous\s+(?:aussi\s+)?(?:le |la |les |l['’]|des |du |de la |de l['’]|un |une )?([^?.!]{3,40}?)\s*\?\s+oui(?![\p{L}])/giu,
  /¿(?:hacen|ofrecen|venden|hacéis|ofrecéis|vendéis|realizan|alquilan|organizan|dan|dais|dictan|imparten)\s+(?:también\s+)?(?:el |la |los |las |un |una )?([^?.!]{3,40}?)\?\s+sí(?![\p{L}])/giu,
  /(?:^|[.!?]\s+)(?:bieten|verkaufen|machen|vermieten|organisieren)\s+sie\s+(?:auch\s+)?(?:den |die |das |einen |eine )?([^?.!]{3,40}?)(?:\s+an)?\s*\?\s+ja(?![\p{L}])/giu,
  /(?:^|[.!?]\s+)(?:fate|offrite|vendete|organizzate|noleggiate)\s+(?:anche\s+)?(?:il |lo |la |i |gli |le |l['’])?([^?.!]{3,40}?)\?\s+sì(?![\p{L}])/giu,
  /(?:^|[.!?]\s+)(?:vocês\s+)?(?:fazem|oferecem|vendem|alugam|organizam)\s+(?:também\s+)?(?:o |a |os |as )?([^?.!]{3,40}?)\?\s+sim(?![\p{L}])/giu
]

/** How much is sold at a time ("¿Venden por tonelada?", "Vendez-vous au kilo ?"): a term of sale, not a thing. */
const PER_UNIT = /^(?:por|per|au|à la|al|pro|je|by the)\s/iu

const answeredYesAbroad = (page: CrawledPageFacts, proper: ReadonlySet<string>): Array<string> => {
  const text = questionsApart(page)
  return YES_ABROAD.flatMap((pattern) =>
    [...text.matchAll(pattern)].filter((m) => !PER_UNIT.test(m[1]!.trim())).flatMap((m) => headingOfferings(m[1]!.trim(), proper))
  )
}

/** An answer saying the thing costs nothing on top of what is bought. */
const AT_NO_COST = /\b(?:at no (?:extra |additional )?(?:cost|charge)|free of charge|for free|no extra charge)\b/iu

/** Verbs of a question that name what is on offer as their object ("Do you sell gift vouchers?"). */
const OFFERING_VERBS = new Set(["sell", "offer", "run", "do", "make", "provide", "teach", "host", "hire", "rent"])

/** How or where a thing is done, said after it ("the consultation online"), never its name's last word. */
const DONE_WHERE = /^(?:online|remotely|virtually|in-person|onsite|on-site|here)$/u

/** Words that open a clause's verb after its subject ("The waitlist keeps your queue ..."). */
const AFTER_VERB = new Set(["your", "the", "a", "an", "our", "their", "its", "his", "her", "my", "it", "them", "you"])

/**
 * What the FAQ says yes to: the thing the answer names first ("Do you sell gift cards? Yes, gift
 * cards from $50"; "Do you run games outside the rooms? Yes, our outdoor city game, ..."), to a
 * function word, a comma or the verb before an object, and only when it shares a word with the
 * question (the answer restates what was asked, not something else).
 */
const answeredYes = (page: CrawledPageFacts, proper: ReadonlySet<string>): Array<string> =>
  // A question right after the page's title ("Frequently asked questions Do you have an API?")
  // starts a sentence of its own, though no full stop says so.
  [...questionsApart(page).matchAll(OFFER_QUESTION)].flatMap((m) => {
    // "Do you keep my formula? Yes, your formula is kept on file": the customer's own thing, not one sold.
    if (/^\s*(?:my|our)\s/iu.test(m[2]!) && !OFFERING_VERBS.has(fold(m[1] ?? ""))) return []
    // "Can you teach us a game? Yes, our games gurus will teach any game ... at no extra cost": a free
    // extra, done by the staff, is nothing sold.
    if (AT_NO_COST.test(m[3]!)) return []
    const asked = new Set(wordsOf(m[2]!).map(stem))
    // "A WDO (wood destroying organism) inspection": a bracket explains, the name runs on after it.
    const tokens = m[3]!.replace(/\([^)]*\)?/gu, " ").split(/,/u)[0]!.trim().replace(OBJECT_OPENING, "").split(/\s+/)
    const words: Array<string> = []
    for (const [i, token] of tokens.entries()) {
      const key = fold(token)
      if (STOP_WORDS.has(key) || OBJECT_BREAK.has(key) || /^\d/u.test(token)) break
      if (i + 1 < tokens.length && AFTER_VERB.has(fold(tokens[i + 1]!))) break
      // "Yes, online lessons work well once ...": the thing ends where its verb begins.
      if (words.length > 0 && SUBJECT_VERB.test(key) && VERB_FOLLOWER.test(fold(tokens[i + 1] ?? ""))) break
      if (words.length > 0 && DONE_WHERE.test(key)) break
      words.push(token)
      if (words.length === 4) break
    }
    const restated = words.length > 0 && words.some((w) => wordsOf(w).some((part) => asked.has(stem(part))))
    // A yes that does not restate the thing ("Do you sell gift vouchers? Yes, for any amount"), or
    // names less of it ("Do you do WDO inspections? Yes. A WDO (wood ...) inspection"): the
    // question's own object names it, to a function word ("for home sales").
    const object = OFFERING_VERBS.has(fold(m[1] ?? "")) ? questionObject(m[2]!) : []
    const fuller = object.length >= 2 && (!restated || words.every((w) => wordsOf(w).every((part) => object.some((o) => stem(fold(o)) === stem(part)))))
    if (fuller) return headingOfferings(object.join(" "), proper)
    return restated ? headingOfferings(words.join(" "), proper) : []
  })

/** Any yes-or-no question of a FAQ and the first sentence of a yes to it ("Do you clean gutters? Yes. Gutter clearing ..."). */
const YES_ANSWER = /(?:^|(?<=[.!?])\s+)((?:do|does|can|could|will|would)\s+(?:you|we|i|they)\s+[^?]{2,160})\?\s+yes\b[,.:!]?\s+([^.!?;]+)/giu

/** Verbs that end an answer's subject ("Key holding is free", "Archival mounting uses acid-free board"). */
const SUBJECT_VERB =
  /^(?:uses|costs?|starts?|runs?|takes?|comes?|includes?|covers?|means|works?|arrives?|needs?|gets?|makes?|lasts?|goes|keeps?|happens?|applies|depends|begins?|ends?|sits?|stays?|anywhere|everywhere)$/u

/** What follows a verb, not a noun: "work well", "start at", "run every", "take place". */
const VERB_FOLLOWER = /^(?:well|best|fine|great|better|from|at|on|in|every|for|about|around|place|only|just|online|weekly|monthly|daily)$/u

/** Nouns in -ly ("Family bible restoration", "assembly"), which are no adverb ending a subject. */
const NOUNS_IN_LY = new Set(["family", "assembly", "supply", "jelly", "belly", "rally", "lily", "holly", "butterfly", "ally", "fly", "monopoly", "anomaly", "italy", "sicily", "bully", "gully", "trolley"])

/** An adverb by its -ly ("usually", "only"), not a noun that ends so. */
const isAdverb = (word: string): boolean => /ly$/u.test(word) && !NOUNS_IN_LY.has(word)

/**
 * Openings of an answer that name no thing: a pronoun, a quantity, a courtesy ("Yes, every room
 * must ..."), or what the customer is told to do ("Yes. Bring area rugs to our plant").
 */
const NOT_A_SUBJECT = /^(?:it|they|you|this|that|these|those|there|every|all|most|some|any|both|each|only|just|please|of|sure|absolutely|definitely|usually|mostly|normally|always|as|if|when|on|in|at|for|from|but|and|no|bring|send|drop|email|e-mail|ask|visit|come|contact|pop|leave|simply)$/iu

/** "Niamh offers a clipping service": a name that is no everyday word, a verb of work in its "-s" form, and its object. */
const PERSON_DOES = new RegExp(`^(\\p{Lu}\\p{Ll}+)\\s+(?:(?:also|now|still)\\s+)?(${WORK_VERBS}(?:s|es))\\s+(.*)$`, "u")
const personDoes = (opening: string): { readonly verb: string; readonly object: string } | null => {
  const m = PERSON_DOES.exec(opening)
  return m === null || isCommonWord(m[1]!) ? null : { verb: m[2]!, object: m[3]! }
}

/** Words of the answer's opening that say how big or complete, not what ("the whole visa service"). */
const WHOLE = /^(?:whole|full|entire|complete|private|written|personal|dedicated|separate)$/iu

/**
 * What a FAQ's yes names, to any yes-or-no question: the thing the answer opens with ("Do you
 * clean gutters? Yes. Gutter clearing with a vacuum pole ... from $60"; "Can we book a tasting for a
 * birthday? Yes. A private 60-minute birthday tasting ... costs €90"), or the object of
 * "we <verb>" ("Can babies come? Yes, we have high chairs"). Kept only when the answer restates
 * a word of the question or states a price: "Yes, every room must be booked" names nothing sold,
 * nor does "Yes, parking is free" after "Is there parking?" (a feature the question asked about is
 * no price and the usable filter drops it).
 */
const yesAnswerSubjects = (page: CrawledPageFacts, proper: ReadonlySet<string>): Array<string> =>
  // A question right after a heading ("FAQ Do you ...?") starts a sentence of its own.
  [...withoutAnswerLabels(page.headings.reduce((text, h) => text.replace(`${h} `, h.endsWith("?") ? `. ${h} ` : `${h}. `), page.text)).matchAll(YES_ANSWER)]
    .flatMap((m) => {
      const answer = m[2]!
      // "Yes, $2 million public liability cover": an amount, not a thing sold.
      // "Travel within the county is included": what comes with the rest is no thing sold.
      if (DENIED.test(answer) || /^[^\p{L}]*\d|^\p{Sc}/u.test(answer.trim()) || /\b(?:included|includes)\b/iu.test(answer)) return []
      // "Yes, your formula is kept on file": the customer's own thing, not one sold.
      if (/^(?:your|my)\s/iu.test(answer.trim())) return []
      const opening = answer.replace(/\([^)]*\)?/gu, " ").split(/,/u)[0]!.trim()
      // "Yes, Niamh offers a clipping service from €45": one of the team said by name does the work, as "we" do.
      const we = /^we\s+(?:(?:also|can|do|will|now|still)\s+)?(\p{L}+)\s+(.*)$/iu.exec(opening)
      const said = we === null ? personDoes(opening) : { verb: we[1]!, object: we[2]! }
      const rest = said === null ? opening : said.object
      // "Do you sweep biomass boilers? Yes, we sweep biomass boiler flues": a yes in the question's own
      // verb is read by doneToThings, as the site names that work.
      const askedVerb = /^\S+\s+\S+\s+(?:also\s+)?(\p{L}+)/u.exec(m[1]!)?.[1]
      if (said !== null && (/^(?:are|were|need|ask|recommend|suggest|do)$/iu.test(said.verb) || fold(said.verb) === fold(askedVerb ?? ""))) return []
      const tokens = rest.replace(OBJECT_OPENING, "").split(/\s+/u).filter((t) => !/\d/u.test(t) && !WHOLE.test(t))
      if (tokens.length === 0 || NOT_A_SUBJECT.test(tokens[0]!)) return []
      const words: Array<string> = []
      for (let i = 0; i < tokens.length; i++) {
        const key = fold(tokens[i]!)
        // "Pickup and return across town": two single words joined are one service.
        if (key === "and" && words.length === 1 && tokens[i + 2] !== undefined && (STOP_WORDS.has(fold(tokens[i + 2]!)) || SUBJECT_VERB.test(fold(tokens[i + 2]!)))) {
          words.push(tokens[i]!, tokens[i + 1]!)
          break
        }
        if (STOP_WORDS.has(key) || OBJECT_BREAK.has(key) || SUBJECT_VERB.test(key) || isAdverb(key) || key.length === 0) break
        words.push(tokens[i]!)
        if (words.length === 4) break
      }
      if (words.length === 0 || words.length === 4 || words.some((w) => /^\p{Lu}/u.test(w) && words.indexOf(w) > 0 && !proper.has(fold(w)))) return []
      const asked = wordsOf(m[1]!).filter((w) => !STOP_WORDS.has(w) && w.length >= 4)
      const restates = words.some((w) => wordsOf(w).some((part) => part.length >= 4 && asked.some((a) => a.slice(0, 5) === part.slice(0, 5))))
      // One word ("Ana is a trained diver ... for €80") must restate the question.
      if (!restates && (!hasPrice(answer) || words.length === 1)) return []
      return headingOfferings(words.join(" "), proper)
    })

/** The object of a question's verb, to a function word: " WDO inspections for home sales" → WDO inspections. */
const questionObject = (asked: string): Array<string> => {
  const words: Array<string> = []
  for (const token of asked.trim().replace(OBJECT_OPENING, "").split(/\s+/)) {
    const key = fold(token)
    if (key.length === 0 || STOP_WORDS.has(key) || OBJECT_BREAK.has(key) || /^\d/u.test(token)) break
    // "Can I do the consultation online?": how it is done, after the thing, is no part of it.
    if (words.length > 0 && DONE_WHERE.test(key)) break
    words.push(token)
  }
  return words.length <= 4 ? words : []
}

/**
 * What a sentence says a thing is, when it opens by saying so: "The mobile app for scaffolding
 * crews ..." → "mobile app", "A self-guided route of 22 km ..." → "self-guided route". The words
 * before the first "for", "of", "with", "that" or comma; none with a digit ("A 30-page, ...").
 */
const whatItIs = (sentence: string, proper: ReadonlySet<string>, needsArticle: boolean): Array<string> => {
  // (Its length first, "Six-day guided walk", is one word more of it.)
  const m = /^((?:a|an|the|our)\s+)?((?:(?:\p{L}+|\d+)-(?:hour|day|night|week|weekend|month)\s+)?(?:[\p{L}'-]+\s+){0,3}[\p{L}'-]+?)\s*(?:\s(?:for|of|with|that|which|from|through|to|in|on)\b|[,:;(])/iu.exec(sentence.trim())
  // In running text only a sentence opening with an article says what a thing is ("Sibling discount: 10%" does not).
  if (m === null || (needsArticle && m[1] === undefined)) return []
  // "Our flagship course", "our best-selling blend": praise says which one, not what kind of thing.
  const said = m[2]!.replace(PRAISE, "")
  // ("four-week" is one word of the name, not the function word "four".)
  const words = said.split(/\s+/u).map((w) => (w.includes("-") ? w.toLowerCase() : fold(w)))
  // "Stock and yard management" is two things of one kind; any other function word starts a clause.
  if (words.length < 2 || words.some((w) => STOP_WORDS.has(w) && w !== "and")) return []
  const named = headingOfferings(said, proper)
  // A name too long with its length ("Three-day beginner scuba diving course") is named without it.
  const unmeasured = said.replace(/^\S+-(?:hour|day|night|week|weekend|month)\s+/iu, "")
  return named.length > 0 || unmeasured === said ? named : headingOfferings(unmeasured, proper)
}

/** Words of praise before a kind: "flagship", "signature", "best-selling", "most popular". */
const PRAISE_WORD = /^(?:flagship|signature|best-?selling|most|popular|favou?rite|award-winning|newest|latest)$/iu
const PRAISE = new RegExp(`^(?:(?:${PRAISE_WORD.source.slice(1, -1)})\\s+)+`, "iu")

/** A page's products that are its own: those at its address, or at none. */
const ownProducts = (page: CrawledPageFacts, url: string | null | undefined) =>
  page.products.filter((p) => samePage(p.url, url) || p.url === null || p.url === undefined)

/**
 * What a page says its thing is: its product's or its own description ("Mobile app for
 * scaffolding crews"), else the sentences after its headline (the cookie banner and the menu come
 * before it).
 */
const pageSaysItIs = (page: CrawledPageFacts, url: string | null | undefined, proper: ReadonlySet<string>): Array<string> => {
  const said = [
    ...ownProducts(page, url).map((p) => p.description ?? ""),
    page.description ?? ""
  ].flatMap((sentence) => whatItIs(sentence, proper, false))
  const headline = page.headings[0]
  const at = headline === undefined ? -1 : page.text.indexOf(headline)
  const opening = at < 0 ? [] : page.text.slice(at + headline!.length).trim().split(/(?<=[.!?])\s+/).slice(0, 2)
  return [...said, ...opening.flatMap((sentence) => whatItIs(sentence, proper, true))]
}

/** "Scaffold Field" sold by Scaffold: the business's name and one word name a model, not a kind of thing ("fields"). */
const isBrandModel = (name: string, names: ReadonlySet<string>): boolean => {
  const words = wordsOf(name.replace(/^the\s+/iu, ""))
  return words.length === 2 && [...names].some((n) => !n.includes(" ") && n === words[0])
}

/** Prepositions after a name's head in Spanish, French, Italian and Portuguese ("chocolate para beber", "huile d'olive"). */
const HEAD_FIRST = /^(?:para|de|del|della|delle|dei|di|du|des|d|con|com|au|aux|alla|allo|al|à|sur|per|na|no|da|do)$/u

/**
 * The head noun of a product's name: its last word in English ("Butter croissant"), the word before
 * the preposition in a language that puts the head first ("Chocolate para beber", "Pâte à
 * tartiner", "Olio di oliva"), when the name is written in it (no English word after the
 * preposition) and what follows it describes, in lower case.
 */
const headWordOf = (name: string): string | undefined => {
  const plain = name.replace(/\s*\([^)]*\)/gu, "").replace(/['’]/gu, " ")
  const words = wordsOf(plain)
  const at = words.findIndex((w, i) => i > 0 && i < words.length - 1 && HEAD_FIRST.test(w))
  // "Mezcal de Pechuga": a capital after the preposition names which one; the head is not for English to ask by.
  const after = plain.split(/\s+/u).slice(at + 1)
  if (at <= 0 || words.slice(at + 1).some((w) => isCommonWord(w)) || after.some((w) => /^\p{Lu}/u.test(w))) return words.at(-1)
  return words[at - 1]
}

/** Other names a page gives the kind of thing a product is: "wedding album", "parent albums" beside "The Heirloom Album". */
const kindNamesIn = (text: string, head: string, proper: ReadonlySet<string>): Array<string> =>
  [...text.matchAll(/(?<![\p{L}'-])(\p{Ll}[\p{L}'-]{2,})(?=\s+(\p{L}+)(?![\p{L}]))/gu)]
    .filter((m) => [head, `${head}s`, `${head}es`].includes(fold(m[2]!)) && /^\p{Ll}+$/u.test(m[2]!))
    .filter((m) => !STOP_WORDS.has(fold(m[1]!)) && !PRAISE_WORD.test(m[1]!) && !/^(?:inch|cm|mm|page|each|every|one|other|same|this|that|your|our|their|including|excluding|following|regarding|during|concerning)$/iu.test(m[1]!))
    .flatMap((m) => headingOfferings(`${m[1]} ${m[2]}`, proper))

/** A pricing page by its address or title ("/pricing", "Plans | Acme"). */
const PLAN_PAGE_SEGMENT = /^(?:pricing|plans|prices|price-list|tarifs|preise)$/
const PLAN_PAGE_TITLE = /^(?:pricing|plans|prices)\b/iu

/**
 * A subscription's price: "per month", "/ month", "monthly", "per user", "plans" ("Payment plans
 * available" is a way to pay a course's fee, not a subscription's tiers).
 */
const SUBSCRIPTION = /\b(?:per|\/)\s*(?:month|year|user|seat)\b|\bmonthly\b|(?<!\b(?:payment|instal?lment|finance|financing)\s)\bplans?\b/iu

/** A one-word line before its price or "on request": "Starter €149", "Enterprise on request". */
const TIER_LINE = new RegExp(String.raw`(?<![\p{L}'-])(\p{Lu}\p{Ll}+)\s+(?:(?:from\s+)?${PRICE_START_SOURCE}|\d[\d.,]*\s?(?:€|kr|zł|kč|chf|sek|nok|dkk)(?![\p{L}])|on request|contact us|custom pricing|let's talk)`, "gu")

/**
 * A subscription's tiers, each "<Name> plan" as customers say it: the one-word lines of a pricing
 * page that prices by the month or the user ("Starter €149", "Enterprise on request"), the
 * one-word offers of an app's or a product's JSON-LD, and "the Marina plan" in prose. A tier's
 * word alone ("Pro", "Marina") names nothing a customer asks for.
 */
const planTiers = (pages: ReadonlyArray<CrawledPageFacts>, nodes: ReadonlyArray<Record<string, unknown>>, proper: ReadonlySet<string>): Array<string> => {
  const tiers: Array<string> = []
  for (const page of pages) {
    const segment = (pathSegments(page.url) ?? []).at(-1) ?? ""
    const planPage = (PLAN_PAGE_SEGMENT.test(segment) || PLAN_PAGE_TITLE.test(titleHead(page).trim())) && SUBSCRIPTION.test(page.text)
    if (planPage) tiers.push(...[...page.text.matchAll(TIER_LINE)].map((m) => m[1]!))
    tiers.push(...[...page.text.matchAll(/\bthe\s+(\p{Lu}\p{Ll}+)\s+plan\b/gu)].map((m) => m[1]!))
  }
  for (const node of nodes) {
    const offers = Array.isArray(node["offers"]) ? node["offers"] : []
    const names = offers.map((offer) => (typeof offer === "object" && offer !== null ? (offer as Record<string, unknown>)["name"] : undefined))
      .filter((name): name is string => typeof name === "string" && /^\p{Lu}\p{Ll}+$/u.test(name.trim()))
    if (names.length >= 2) tiers.push(...names.map((name) => name.trim()))
  }
  return [...new Set(tiers)].filter((tier) => !STOP_WORDS.has(fold(tier))).flatMap((tier) => headingOfferings(`${tier} plan`, proper))
}

/** "Can you hem curtains? Yes, we hem curtains and drapes": a yes that repeats the question's own verb. */
const SAME_VERB_YES =
  /(?:^|[.!?]\s+)(?:do|can|could|will) (?:you|they)\s+(?:also\s+)?(\p{L}+)\s+([^?]{2,60})\?\s+yes\b[,.]?\s+we\s+(?:also\s+|can\s+|do\s+)?(\p{L}+)\s+([^.!?;,]+)/giu

/** Verbs the other rules read, or that name no service done to a thing. */
const NOT_A_SERVICE_VERB = /^(?:sell|offer|run|have|do|make|provide|teach|host|buy|book|hire|order|get|use|rent|keep|manage|arrange|organi[sz]e|take|accept|work|come|go|travel|open|deliver|ship|help|speak|need|see|charge|still)$/iu

/** "hem" → "hemming", "repair" → "repairing", "resole" → "resoling". */
const gerund = (verb: string): string =>
  /^[^aeiou]*[aeiou][^aeiouwxy]$/iu.test(verb) ? `${verb}${verb.at(-1)}ing` : /[^e]e$/iu.test(verb) ? `${verb.slice(0, -1)}ing` : `${verb}ing`

/**
 * What the FAQ says yes to doing, in the question's own verb: "Can you hem curtains? Yes, we hem
 * curtains and drapes" → curtain hemming (the thing before "and", a comma or a preposition), when
 * the site names its service by that verb's -ing ("pants hemming"): "Do you represent buyers?"
 * does not make "buyer representing".
 */
const doneToThings = (page: CrawledPageFacts, proper: ReadonlySet<string>, siteWords: ReadonlySet<string>): Array<string> =>
  [...questionsApart(page).matchAll(SAME_VERB_YES)]
    .flatMap((m) => {
      const verb = fold(m[1]!)
      if (verb !== fold(m[3]!) || NOT_A_SERVICE_VERB.test(verb) || !siteWords.has(gerund(verb))) return []
      const object = m[4]!.replace(OBJECT_OPENING, "").split(/\s+(?:and|or|for|in|on|at|with|from|by|to|priced|if|when)\b/iu)[0]!.trim()
      const words = wordsOf(object)
      if (words.length === 0 || words.length > 3 || words.some((w) => STOP_WORDS.has(w)) || /\d/u.test(object)) return []
      return headingOfferings(`${singularOf(object)} ${gerund(verb)}`, proper)
    })

/** Below the crawler's cap on a page's text (20,000 characters), the text is the page's whole content. */
const TEXT_KEPT = 19_000

/** Offering candidates of a business, by kind of evidence. */
export const businessOfferings = (
  pages: ReadonlyArray<CrawledPageFacts>,
  proper: ReadonlySet<string>,
  names: ReadonlySet<string>
): OfferingSources => {
  const kinds: ReadonlyArray<PageKind> = pages.map((page) => {
    const kind = pageKind(page)
    return kind !== "home" && isJournal(page) ? "business" : kind
  })
  const readable = pages.filter((_, i) => kinds[i] !== "business")
  const nameWords = new Set([...names].flatMap((name) => name.split(" ")))
  const siteWords = new Set(pages.flatMap((p) => [p.text, ...p.headings].flatMap(wordsOf)))
  const serviceGerunds = serviceGerundsOf(pages)
  // A heading on most pages (a newsletter box, "Studio letter") is the site's furniture; the
  // headline of a page about the business ("Chair talk" on the journal) names that page.
  const seenOn = new Map<string, number>()
  for (const page of pages) for (const key of new Set(page.headings.map(phraseKey))) seenOn.set(key, (seenOn.get(key) ?? 0) + 1)
  const furniture = new Set([
    ...[...seenOn].filter(([, n]) => n >= 3 && n * 2 >= pages.length).map(([key]) => key),
    ...pages.filter((_, i) => kinds[i] === "business").flatMap((page) => [page.headings[0] ?? "", titleHead(page)].map(phraseKey))
  ])
  const aboutTheBusiness = new Set(pages.filter((_, i) => kinds[i] === "business").flatMap((page) => page.headings.map(phraseKey)))
  // (The people a "Meet the team" section names are who works there, not what is sold.)
  const ownHeadings = (page: CrawledPageFacts) =>
    withoutNames(withoutPeopleMet(page.headings), names).filter((h) => !furniture.has(phraseKey(h)) && !introducesQuotes(page, h) && !deniedBelow(page, h))
  const headlines: Array<string> = []
  const sections: Array<string> = []
  const parts: Array<string> = []
  const home: Array<string> = []
  const offeringsIn = (headings: ReadonlyArray<string>) => headings.flatMap((h) => headingOfferings(h, proper))
  pages.forEach((page, i) => {
    const kind = kinds[i]!
    if (page.url === undefined || page.url === null) {
      // A page without an address (a stored crawl of an older shape): its headings, as read before.
      if (kind !== "business") sections.push(...offeringsIn(page.headings))
      return
    }
    if (kind === "business") return
    const listing = kind !== "home" && !isDetailPage(page)
    for (const item of page.listItems ?? []) {
      // "Lo que hacemos / What we do": a heading in two languages, by its English side.
      const heading = englishSideOf(item.heading ?? "")
      // "How to prepare", "What to bring": steps and tips, not offerings; "Areas we serve": towns.
      // "What we tattoo", "What we fix" on the home page name the business's offerings (on an
      // offering's own page, "What we design" lists its parts).
      const whatWeDo = kind === "home" && WHAT_WE_DO.test(heading)
      if ((/^\s*(?:how|what|why|when|where|who|which|tips)\b/i.test(heading) && !whatWeDo) || AREA_HEADING.test(heading)) continue
      if (PLAN_LIMIT.test(item.text) || DENIES_OFFER.test(item.text) || FREE_DETAIL.test(item.text)) continue
      // "Thursday 4 December, 6 pm – book launch ...": one dated event of a programme, not a kind of thing sold.
      if (DATED_LINE.test(item.text)) continue
      // "Clay by the bag – $38" under "Extras" on the membership's own page: an extra sold beside it
      // (not "Extra child – $10" or "Travel beyond 20 miles", which price a condition of the sale).
      const extra = EXTRAS_HEADING.test(heading) && hasPrice(item.text) && !PRICED_CONDITION.test(listItemName(item.text))
      if (listing || whatWeDo || extra || OFFERING_HEADING.test(heading) || PRICE_LIST_HEADING.test(heading) || WE_SELL.test(heading)) parts.push(...headingOfferings(listItemName(item.text), proper))
    }
    if (kind === "home") {
      // After the hero's slogan, each section of the home page introduces something: a service
      // listed nowhere else ("Secondhand bikes", "VAT reports"), or a teaser naming a feature or a
      // day ("Dog-friendly patio", "Gluten-free Fridays"), which is not an offering.
      // A teaser of a post or a section of a page about the business ("Launch day", "Recipe library"
      // on the home page and the news or about page) is no offering either.
      // A heading outside the page's own content (a sidebar's widget: "Kletterwald-Putztag" beside
      // the main column) is the site's furniture, whose text the crawler does not keep.
      // (Only when the text holds the page's headline and most of its headings: the text of a page
      // without a main element but with one article is that article's alone.)
      const textHoldsPage = page.text.length < TEXT_KEPT && page.text.includes(page.headings[0] ?? "\u0000") &&
        page.headings.filter((h) => page.text.includes(h)).length * 2 > page.headings.length
      const inContent = (h: string) => !textHoldsPage || page.text.includes(h)
      home.push(...offeringsIn(ownHeadings(page).slice(1).filter((h) => !FEATURE_OR_DAY.test(h) && !freeGatheringBelow(page, h) && !aboutTheBusiness.has(phraseKey(h)) && inContent(h))))
      return
    }
    // A model's page ("Scaffold Field") says what the model is ("the mobile app for crews").
    // (A page of its own headed as a list of services, "Weitere Leistungen", is named by its sections, not its headline.)
    const servicesPage = isDetailPage(page) && SERVICES_HEADLINE.test(fold(withoutNames(page.headings, names)[0] ?? "").trim())
    // ("TIDY NEST" over "Downsizing" on every page: a logo set as a heading is the site's furniture, not the page's headline.)
    const headed = { ...page, headings: page.headings.filter((h) => !furniture.has(phraseKey(h))) }
    if (!servicesPage) headlines.push(...headlineOfferings(headed, proper, names).flatMap((h) => isBrandModel(h, names) ? pageSaysItIs(page, page.url, proper).slice(0, 1) : [h]))
    // ("Education evenings" over "We host free evenings for GPs twice a year": a free event, not a thing sold.)
    const below = ownHeadings(page).slice(1).filter((h) => !freeGatheringBelow(page, h))
    // A listing page (`/services`, `/menu`, `/cakes`): its sections, after its own title, name what
    // is on offer; on a price list that names its items ("Hair", "Combos" above priced lines), a
    // section of one word is a group of them.
    // A word followed by its price ("Solo $39 /month", "Station $189") names a plan tier.
    const priced = page.products.filter((p) => p.price !== undefined && p.price !== null).length >= 3
    const tier = (h: string) => {
      const at = page.text.indexOf(h)
      return at >= 0 && hasPrice(page.text.slice(at + h.length, at + h.length + 24))
    }
    if (!isDetailPage(page)) {
      // "Suits & jackets", "Wedding & special" over a price list's lines: two groups joined, whose
      // lines name what is sold ("Two-piece suit", "Wedding dress cleaning").
      const group = (h: string) => priced && /\s(?:&|and)\s/u.test(h) && wordsOf(h).length <= 4 && !/\s/u.test(h.split(/\s(?:&|and)\s/u).at(-1)!.trim())
      sections.push(...below.filter((h) => (wordsOf(h).length >= 2 || !(priced || tier(h))) && !group(h)).flatMap((h) => headingOfferings(h, proper)))
    }
    // An offering's own page: its sections of two words or more are its kinds ("Divorce mediation",
    // "Recurring invoices"); a single word ("Repair", "Cost") is a facet of the headline.
    // ("Homestay with a Spanish family" is a kind, "homestay", though one word is left of it.)
    else {
      parts.push(...offeringsIn(below.filter((h) => wordsOf(h).length >= 2)))
      // "Øvrige ydelser" over "Flisearbejde", "Skorstensreparation": a page headed as a list of
      // services is no one offering's own page, and each of its one-word sections is a service.
      if (servicesPage) parts.push(...offeringsIn(below.filter((h) => wordsOf(h).length === 1)))
      // "Crowlers" over "32 oz cans filled at the bar: $14–$16": a thing sold in its own section, by its price.
      parts.push(...offeringsIn(below.filter((h) => wordsOf(h).length === 1 && /^\p{L}{4,}[^s]s$/u.test(h.trim()) && pricedBelow(page, h))))
      parts.push(...offeringsIn(below.filter((h) => wordsOf(h).length === 1 && /^\p{L}{3,}[^s]s$/u.test(h.trim()) && kindsNamedBelow(page, h))))
      parts.push(...kindsUnder(page, below, proper, names))
      parts.push(...compoundKinds(page, below, proper, names))
      parts.push(...sectionsWithHead(page, below, proper, names))
    }
    parts.push(...runInLabels(page, proper))
  })
  return {
    headlines,
    stated: offeringsFromJsonLd(jsonLdNodes(readable.flatMap((page) => page.jsonLd))).map((o) => displayPhrase(o, proper)),
    sections,
    items: readable.filter((page) => !isDetailPage(page)).flatMap((page) => itemsOf(page, proper)),
    detailItems: readable.filter((page) => isDetailPage(page)).flatMap((page) => kindsOf(page, itemsOf(page, proper), proper, names)),
    parts,
    home,
    announced: [
      ...readable.flatMap((page) => announcedOffers(page, proper)),
      ...readable.flatMap((page) => pricedPhrases(page, proper, nameWords)),
      ...readable.flatMap((page) => labelledRuns(page, proper)),
      // The FAQ answers what else is on offer ("In July we run a summer course for teenagers").
      ...pages.filter((page, i) => kinds[i] === "home" || isFaqPage(page)).flatMap((page) => statedWork(page, proper)),
      // Any other page says what the business "also" does ("We also do long-distance moves").
      ...pages.filter((page, i) => kinds[i] !== "home" && kinds[i] !== "business" && !isFaqPage(page)).flatMap((page) => statedWork(page, proper, true)),
      // "Gift cards are available in any amount at the counter."
      ...pages.filter((page, i) => kinds[i] !== "business" || isFaqPage(page)).flatMap((page) => availableThings(page, proper)),
      // "Our digital perm gives loose waves ... From RM 380", "Spanish subtitles are $200 per video."
      ...pages.filter((page, i) => kinds[i] !== "business" || isFaqPage(page)).flatMap((page) => pricedSubjects(page, proper)),
      // (A FAQ's yes in the question's own verb is doneToThings': "Yes, we hem curtains and drapes" names curtain hemming.)
      ...pages.filter((_, i) => kinds[i] === "home").flatMap((page) => workOnThings(page, proper, serviceGerunds)),
      ...pages.filter(isFaqPage).flatMap((page) => answeredYes(page, proper)),
      ...pages.filter(isFaqPage).flatMap((page) => answeredYesAbroad(page, proper)),
      ...pages.filter(isFaqPage).flatMap((page) => yesAnswerSubjects(page, proper)),
      ...pages.filter(isFaqPage).flatMap((page) => doneToThings(page, proper, siteWords)),
      // Plans are how the rest is sold: named last, so they take fewer prompts than what they include.
      ...planTiers(readable, jsonLdNodes(readable.flatMap((page) => page.jsonLd)), proper)
    ]
  }
}

/** Most words of a name a customer types; a longer one is a label's full wording. */
const MAX_NAME_WORDS = 6

/**
 * A described product's name as a customer types it: what it is before what it comes with
 * ("Lakeside Cabin with Wood-Fired Hot Tub" → "Lakeside Cabin"), and a name still too long keeps
 * its first two words, which say which one, and its last two, the head ("Cold Pressed Single Estate
 * Arbequina Olive Oil" → "Cold Pressed Olive Oil"). A name of six words or fewer is kept as it is.
 */
export const shortProductName = (name: string): string => {
  if (wordsOf(name).length <= MAX_NAME_WORDS) return name
  const before = name.split(/\s+(?:with|for|incl\.?|including)\s+|\s+[–—-]\s+/iu)[0]!.trim()
  if (wordsOf(before).length >= 2 && wordsOf(before).length <= MAX_NAME_WORDS) return before
  const tokens = before.split(/\s+/u)
  return tokens.length > 4 ? [...tokens.slice(0, 2), ...tokens.slice(-2)].join(" ") : before
}

/**
 * Offering candidates of a product: the product itself as its own page names it (structured
 * data, product hints, headline), never the business's other products.
 */
export const productOfferings = (
  fullName: string,
  url: string,
  pages: ReadonlyArray<CrawledPageFacts>,
  proper: ReadonlySet<string>,
  names: ReadonlySet<string>
): OfferingSources => {
  const own = pages.filter((page) => samePage(page.url, url))
  const productNamed = pages.flatMap((page) => page.products.filter((p) => samePage(p.url, url)))
  // Its own section of a shared page: the heading that is its name, or names it in quotes after
  // its kind ("Atelier « Mon premier automate »"); a name in quotes is a title, not a description.
  const ownKey = phraseKey(fullName)
  const quotedIn = (h: string) => [...h.matchAll(/[«“„"‘'‹]\s*([^«»“”„"‘’'‹›]+?)\s*[»”“"’'›]/gu)].some((m) => phraseKey(m[1]!) === ownKey)
  const titled = own.some((page) => page.headings.slice(1).some(quotedIn))
  // Its name is an offering when it describes the product ("Butter croissant"), not when it is a
  // model name ("Trail Runner 3", "iPhone"): prompts naming a model are navigational.
  const brandModel = isBrandModel(fullName, names)
  // "Studio A", "Room 2": a label of one of several of a kind, named by its letter or number, not a kind
  // of thing; its own description says what it is, as a model's does.
  const lettered = /^\p{L}[\p{L}'-]*\s+(?:\p{Lu}|\d{1,2})$/u.test(squish(fullName))
  const looksDescriptive = isDescriptiveName(fullName) && !brandModel && !titled && !lettered
  // "The Harbour Cover", "Walling Day": ordinary words the site writes as a name, whose page says in
  // other words what the thing is ("our full winter cover", "a hand-built shepherd's hut"), name one
  // thing as a model's name does: a customer asks for what it is, and for it by its name.
  // (Said of it by name, and of its own kind: "Pass Plus is a six-module course", "The Garden Room
  // ... Wisteria House" say what it is like, and its name is what customers ask for.)
  // A heading that gives the name and then what it is ("Making Space: an 8-week anxiety group")
  // says both outright.
  const headedAs = looksDescriptive ? own.flatMap((page) => kindInItsHeading(page, fullName, proper)) : []
  const kindsOfNamed = headedAs.length > 0 ? headedAs : looksDescriptive && writtenAsName(fullName, pages)
    ? [...definedAs(fullName, own, proper), ...own.flatMap((page) => [...saidUnderItsName(page, fullName, proper), ...byThePeriod(page, fullName)])]
      .filter((kind) => (sharesAWordWith(kind, fullName) || bothSpaces(kind, fullName)) && !repeatsName(kind, fullName))
    : []
  const descriptive = looksDescriptive && kindsOfNamed.length === 0
  // (Named so, it is written as the site writes it, and a heading that says its name again in lower
  // case ("walling day course") is no other thing.)
  const namedThing = kindsOfNamed.length > 0
  const notTheNameAgain = (phrase: string) => !namedThing || !repeatsName(phrase, fullName)
  const name = descriptive ? shortProductName(fullName) : fullName
  const items = [
    ...productNamed.map((p) => displayPhrase(p.name, proper)),
    ...own.flatMap((page) => page.products.map((p) => displayPhrase(p.name, proper)))
  ]
  const headlines = own.flatMap((page) => headlineOfferings(page, proper, names))
  // What the page says the product is ("The mobile app for scaffolding crews", "A self-guided
  // route of 22 km"), and the other names it gives its kind of thing ("wedding album").
  // A product sharing its page with others ("Learn to Boulder" on the courses page) is described
  // by the sentence after its own heading ("A four-week beginner course, ...").
  const ownHeadingOf = (page: CrawledPageFacts) => page.headings.slice(1).find((h) => phraseKey(h) === ownKey || quotedIn(h))
  const underOwnHeading = own.flatMap((page) => {
    const heading = ownHeadingOf(page)
    const at = heading === undefined ? -1 : page.text.indexOf(`${heading} `)
    // "Build-your-own automaton workshop: in two hours ...": a label before a colon says what it is, as an article's sentence does.
    return at < 0 ? [] : page.text.slice(at + heading!.length).trim().split(/(?<=[.!?])\s+/).slice(0, 1).flatMap((sentence) => {
      const label = /^([\p{L}'-]+(?:\s+[\p{L}'-]+){1,3}):\s/u.exec(sentence)?.[1]
      if (label === undefined) return whatItIs(sentence, proper, true)
      const said = whatItIs(sentence, proper, false)
      // "Build-your-own automaton workshop": a compound is one word of the label.
      return said.length > 0 ? said : label.split(/\s+/u).some((w) => STOP_WORDS.has(fold(w))) ? [] : [displayPhrase(label, proper)]
    })
  })
  // "Die 10er-Karte (ten-visit card)": the English the page glosses its name with, in lower case and
  // more than one word ("(Sand)" after a tent's name is its colour).
  const glossed = own.flatMap((page) => [...page.text.matchAll(new RegExp(`${escapeRegExp(squish(fullName))}\\s+\\(([\\p{L}' -]{3,40})\\)`, "gu"))])
    .map((m) => m[1]!).filter((gloss) => /^\p{Ll}/u.test(gloss) && wordsOf(gloss).length >= 2 && wordsOf(gloss).length <= 4 && wordsOf(gloss).some((w) => isCommonWord(w)) && !/^(?:per|each|from|incl|including|ab)\b/iu.test(gloss))
    // The page's own name for it, as written ("visit" would be furniture in a heading).
    .map((gloss) => displayPhrase(gloss, proper))
  // A section of a shared page: the page's headline names the others too ("Tickets & Preise").
  const shares = own.some((page) => ownHeadingOf(page) !== undefined)
  const described = [...glossed, ...(titled ? underOwnHeading : [])]
  const selfDescribed = [...own.flatMap((page) => pageSaysItIs(page, url, proper)), ...underOwnHeading]
  const nameHead = headWordOf(name)
  // Not the business itself ("Wisteria House" at Wisteria House B&B), nor what was done to one ("requested room").
  const siteWords = new Set([...names].flatMap((n) => n.split(" ")))
  // (A title's last word is not a kind: "La petite horloge" is a workshop, not a clock.)
  const sameKind = (nameHead === undefined || titled ? [] : own.flatMap((page) => kindNamesIn(page.text, nameHead, proper)))
    .filter((phrase) => !wordsOf(phrase).every((w) => siteWords.has(w)) && !/^\S+ed\s/u.test(phrase))
    // "Dress cleaning" beside "Wedding dress cleaning": a service done to more than the product's own
    // thing, not another name for it ("harbour app" beside "Guest Harbour App" is one).
    .filter((phrase) => !(/(?:ing|ion|ment)$/u.test(phrase) && ` ${wordsOf(name).join(" ")}`.endsWith(` ${wordsOf(phrase).join(" ")}`)))
  const selfDescribedOwn = selfDescribed.filter((phrase) => !wordsOf(phrase).every((w) => siteWords.has(w)))
  const modelKind = descriptive || titled ? [] : [...kindAfterModelCode(fullName, own, proper), ...definedAs(fullName, own, proper), ...describedModel(fullName, own, url, proper), ...kindsOfNamed]
  // A described product shares its page with others ("Personal income tax returns" on a page about
  // tax returns, VAT and provisional tax): only what names its own kind of thing is about it.
  const head = stem(headWordOf(name) ?? "")
  // A name that is not a kind of thing ("BIAB") on a price list of many: the lines that name it
  // ("BIAB overlay on natural nails", "BIAB infill") are about it, the list's others are not.
  const nameWordsOwn = wordsOf(name.replace(/\s*\([^)]*\)/gu, ""))
  const naming = (phrase: string) => nameWordsOwn.length > 0 && nameWordsOwn.every((w) => wordsOf(phrase).includes(w)) && phraseKey(phrase) !== phraseKey(name)
  const named = !descriptive && !brandModel && items.filter(naming).length >= 1 && items.length >= 4
  // A model's page that sells other models too ("Restored Sansui AU-317 integrated amplifier" beside
  // the Technics turntable): a line named by a maker's or a model's word the product's name does not
  // hold is another thing.
  const modelWords = new Set(modelWordsOf(fullName))
  const anotherModel = (phrase: string) => {
    if (descriptive || modelWords.size === 0) return false
    const its = modelWordsOf(phrase)
    return its.length > 0 && !its.some((w) => modelWords.has(w))
  }
  const ofItsKind = (phrase: string) => !anotherModel(phrase) && (named ? naming(phrase) : !descriptive || wordsOf(phrase).some((w) => stem(w) === head))
  // A name in a language that puts its head first ("Chocolate para beber") is asked about, in
  // English, by the English its page gives the same thing ("drinking chocolate"): that comes first.
  const headFirst = nameHead !== undefined && nameHead !== wordsOf(name.replace(/\s*\([^)]*\)/gu, "")).at(-1)
  return {
    headlines: [
      ...(headFirst && descriptive ? sameKind : []),
      ...described,
      ...(descriptive ? [displayPhrase(name, proper)] : namedThing ? [squish(fullName)] : []),
      // (A model with its own section of a shared page: the page's headline is the page's subject
      // ("Adult tennis" above the "Cardio Tennis 10-Class Pass"), unless it names the same kind of
      // thing ("Custom & modular exhibition stands" above the "Modular 3x3 Stand").)
      ...(shares && described.length > 0 ? [] : headlines.filter((h) => ofItsKind(h) && notTheNameAgain(h) && !(brandModel && phraseKey(h) === phraseKey(name)) &&
        !(shares && !descriptive && !wordsOf(h).some((w) => stem(w) === head))))
    ],
    stated: [],
    sections: [],
    items: items.filter((h) => ofItsKind(h) && notTheNameAgain(h) && !(brandModel && phraseKey(h) === phraseKey(name))),
    detailItems: [],
    // (A named thing's own kinds first: the products' templates ask for the first.)
    parts: [...(namedThing ? kindsOfNamed : []), ...selfDescribedOwn, ...sameKind, ...modelKind].filter(notTheNameAgain),
    home: [],
    announced: []
  }
}

/** A model's size before its kind ("a 30 litre rimless tank", "a 14-foot skiff"): which one, not what it is. */
const MEASURE = /^\d+(?:[.,]\d+)?[- ]?(?:litres?|liters?|l|feet|foot|ft|cm|mm|inch|inches|metres?|meters?|m|kg|g|ml)\s+/iu

/**
 * What a model's own page says it is in a sentence defining it, with its name or its name's last
 * word as the subject: "The Nano Scape Kit 30 is a 30 litre rimless tank with ..." → "rimless
 * tank"; "The peapod is the double-ended rowing boat of the Maine coast" → "double-ended rowing
 * boat". A customer who has not settled on the model asks for that.
 */
const definedAs = (fullName: string, own: ReadonlyArray<CrawledPageFacts>, proper: ReadonlySet<string>): Array<string> => {
  const tokens = squish(fullName.replace(/\([^)]*\)/gu, " ")).split(/\s+/u)
  const last = tokens.filter((t) => !/\d/u.test(t)).at(-1)
  const subjects = [tokens.join(" "), ...(last === undefined || STOP_WORDS.has(fold(last)) ? [] : [last])].map(escapeRegExp)
  // (A sentence's opening, its capital kept: a heading runs into the page's text without a stop.)
  // ("WellCheck is our annual well maintenance plan": a name is the subject without an article too.)
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:(?:the|our|this)\\s+(?:${subjects.join("|")})|${subjects[0]})\\s+is\\s+(a|an|the|our)\\s+([^.!?]+)`, "giu")
  return own.flatMap((page) => [...page.text.matchAll(pattern)]).filter((m) => /^\p{Lu}/u.test(m[0]))
    .flatMap((m) => whatItIs(`${m[1]} ${m[2]!.replace(MEASURE, "")}`, proper, true))
}

/**
 * Whether the site writes a product's name of ordinary words in title case as a name: opening
 * with "The" ("The Kestrel Hut"), with its capitals after a word of a sentence ("on our Walling Day
 * course", "Ask for a Harbour Cover quote") or as the subject saying what it is ("Walling Day is
 * our ..."). A name that only heads its page ("Butter Croissant") may be the thing's description.
 */
const writtenAsName = (fullName: string, pages: ReadonlyArray<CrawledPageFacts>): boolean => {
  const name = squish(fullName).replace(/^the\s+/iu, "")
  const words = name.split(" ")
  if (words.length < 2 || !words.every((w) => /^\p{Lu}\p{Ll}/u.test(w))) return false
  if (/^the\s/iu.test(squish(fullName))) return true
  const said = new RegExp(`(?<![\\p{L}\\p{N}])(?:\\p{Ll}[\\p{L}'-]*\\s+${escapeRegExp(name)}(?![\\p{L}\\p{N}])|${escapeRegExp(name)}\\s+is\\s+(?:a|an|the|our)\\s)`, "u")
  return pages.some((page) => said.test(page.text))
}

/** What a heading of a page says a product is after its name and a colon: "Making Space: an 8-week anxiety group" → "anxiety group". */
const kindInItsHeading = (page: CrawledPageFacts, fullName: string, proper: ReadonlySet<string>): Array<string> => {
  const name = squish(fullName).replace(/^the\s+/iu, "")
  const opening = new RegExp(`^(?:the\\s+)?${escapeRegExp(name)}\\s*:\\s+(.+)$`, "iu")
  return page.headings.flatMap((heading) => {
    const rest = opening.exec(squish(heading))?.[1]
    // (Its length, "8-week", says which one, not what it is.)
    const kind = rest?.replace(/^(?:a|an|the|our)\s+/iu, "").replace(/^\S+-(?:hour|day|night|week|weekend|month)\s+/iu, "")
    return kind === undefined ? [] : whatItIs(`a ${kind},`, proper, true).filter((k) => !repeatsName(k, fullName))
  })
}

/** What the sentence under a page's headline that is a product's name says it is ("The Kestrel Hut. A hand-built shepherd's hut for two ..."). */
const saidUnderItsName = (page: CrawledPageFacts, fullName: string, proper: ReadonlySet<string>): Array<string> => {
  // Its page's headline, or its own heading on a page it shares ("Lantern Suite" on the rooms page).
  const heading = page.headings.find((h) => phraseKey(h.replace(/^the\s+/iu, "")) === phraseKey(fullName.replace(/^the\s+/iu, "")))
  if (heading === undefined) return []
  const at = page.text.indexOf(`${heading} `)
  return at < 0 ? [] : page.text.slice(at + heading.length).trim().split(/(?<=[.!?])\s+/).slice(0, 1).flatMap((sentence) => whatItIs(sentence, proper, true))
}

/** Heads of a thing paid for by the month or year ("Meeple Pass: £15 a month"). */
const PERIOD_HEADS = new Set(["pass", "membership", "card", "plan", "subscription", "club"])

/**
 * "Meeple Pass: £15 a month, free play every visit": a pass, card or membership of a one-word name,
 * priced by the month or year right after its name, is a monthly or annual one. (A longer name says
 * what it is itself: "Unlimited Cryo Membership".)
 */
const byThePeriod = (page: CrawledPageFacts, fullName: string): Array<string> => {
  const name = squish(fullName).replace(/^the\s+/iu, "")
  const head = fold(name.split(" ").at(-1)!)
  if (name.split(" ").length !== 2 || !PERIOD_HEADS.has(head)) return []
  const m = new RegExp(`${escapeRegExp(name)}\\s*[:–—-]?\\s*(?:from\\s+)?${PRICE_START_SOURCE}[^\\s,;.]*\\s*(?:a|per|each|/)\\s*(month|year)\\b`, "u").exec(page.text)
  return m === null ? [] : [`${m[1] === "month" ? "monthly" : "annual"} ${head}`]
}

/** "Lantern Suite", "our party room": a named room or suite said to be a room of another name. */
const bothSpaces = (kind: string, fullName: string): boolean => [kind, fullName].every((phrase) => {
  const last = wordsOf(phrase).at(-1) ?? ""
  return NAMED_SPACES.has(last) || NAMED_SPACES.has(last.replace(/s$/u, ""))
})

/** Whether a kind holds a word of a name: "winter cover" of the Harbour Cover, "dry stone walling course" of Walling Day. */
const sharesAWordWith = (kind: string, fullName: string): boolean => {
  const nameStems = new Set(wordsOf(fullName.replace(/^the\s+/iu, "")).map(stem))
  // ("The full treatment" for the Full Teddy Bear Restoration: how much is no word of what.)
  return wordsOf(kind).some((w) => nameStems.has(stem(w)) && !WHOLE.test(w))
}

/** Whether a phrase says a name's words in a run: "walling day course" is Walling Day again, "dry stone walling course" is not. */
const repeatsName = (phrase: string, fullName: string): boolean =>
  ` ${wordsOf(phrase).map(stem).join(" ")} `.includes(` ${wordsOf(fullName.replace(/^the\s+/iu, "")).map(stem).join(" ")} `)

/** A figure's unit after it ("600 W", "70 g", "35 mm"): part of the figure, not of the kind. */
const UNIT = /^(?:w|kw|v|g|kg|ml|l|mm|cm|m|in|ft|sq|gb|tb|mp|x)$/iu

/** How a thing was had before it is sold again ("Used", "Fully serviced"): its state, not its kind. */
const STATE = /^(?:used|new|pre-owned|second-hand|secondhand|refurbished|reconditioned|restored|serviced|tested|vintage|boxed)$/iu

/**
 * What a model's own description says it is once the model is taken out: "Used Nikon FM2 35mm SLR
 * body, tested" → "SLR body"; "Fully serviced mechanical Bernina 1008 sewing machine with a
 * guarantee" → "mechanical sewing machine"; "600 W daylight LED light rental kit" for the "Aputure
 * LS 600d Lighting Kit" → "daylight LED light". The name's own words, figures and their units, a state
 * ("used", "restored") and how it is had ("rental") are not the kind; a customer who has not settled
 * on the model asks for what is left.
 */
const describedModel = (fullName: string, own: ReadonlyArray<CrawledPageFacts>, url: string, proper: ReadonlySet<string>): Array<string> => {
  const modelWords = new Set(modelWordsOf(fullName))
  // Its own Product's description only: a page's description is as often about the business.
  const descriptions = own.flatMap((page) => ownProducts(page, url).map((p) => p.description ?? ""))
  return descriptions.flatMap((description) => {
    const opening = /^([^,;:(.!?]+?)(?:\s(?:for|of|with|that|which|from|to|in|on|and|plus)\b|[,;:(.!?]|$)/iu.exec(description.trim().replace(/(\d)[,.](\d)/gu, "$1$2"))?.[1] ?? ""
    const tokens = opening.split(/\s+/u).filter((t) => t.length > 0)
    const kept = tokens.filter((t, i) => {
      const words = wordsOf(t)
      const figure = /\d/u.test(t) || t === "%"
      // ("1,800 sq ft": a unit of two words after its figure.)
      const unitOfFigure = UNIT.test(t) && (/\d/u.test(tokens[i - 1] ?? "") || (UNIT.test(tokens[i - 1] ?? "") && /\d/u.test(tokens[i - 2] ?? "")))
      const ofModel = words.length > 0 && words.every((w) => modelWords.has(w))
      return !(figure || unitOfFigure || ofModel || /^(?:rental|hire)$/iu.test(t))
    })
    while (kept.length > 0 && (/^(?:a|an|the|our|this|these)$/iu.test(kept[0]!) || STATE.test(kept[0]!) || PRAISE_WORD.test(kept[0]!) || /^\p{L}+ly$/u.test(kept[0]!))) kept.shift()
    if (kept.length === 0 || kept.length > 4 || !kept.every((t) => /^[\p{L}][\p{L}'-]*$/u.test(t) && !STOP_WORDS.has(fold(t)))) return []
    // One word alone is a kind only when it is a common word ("turntable"); "Body" alone is no kind.
    if (kept.length === 1 && !isCommonWord(fold(kept[0]!))) return []
    // ("north-light daylight photo studio" is too long to ask for: its last three words name it.)
    const said = headingOfferings(kept.join(" "), proper)
    return said.length > 0 || kept.length <= 3 ? said : headingOfferings(kept.slice(-3).join(" "), proper)
  })
}

/**
 * The words that name a maker or a model ("Technics", "SL-1200MK2", "FX3"): figures, and capitalised
 * words that are no common word or state ("Restored" is a state, "Lighting" a common word).
 */
const modelWordsOf = (phrase: string): Array<string> =>
  squish(phrase).split(/\s+/u).filter((t) => /\d/u.test(t) || (/^\p{Lu}/u.test(t) && !isCommonWord(fold(t)) && !STATE.test(t))).flatMap((t) => wordsOf(t))

/**
 * The kind of thing a model is, from the words after its code ("Ridge S3 Safety Boot" → "safety
 * boot", "Halo X2 Standing Desk" → "standing desk"): words that its own page also writes in lower
 * case ("S3 composite toe safety boot, waterproof"), so a code's own suffix ("Canon AE-1 Program")
 * is no kind. A customer who has not settled on the model asks for the kind.
 */
const kindAfterModelCode = (fullName: string, own: ReadonlyArray<CrawledPageFacts>, proper: ReadonlySet<string>): Array<string> => {
  const tokens = squish(fullName.replace(/\([^)]*\)/gu, " ")).split(/\s+/u)
  const code = tokens.map((t) => /\d/u.test(t)).lastIndexOf(true)
  // "1.5 Tonne Mini Digger Hire": the weight's unit belongs to the figure, and hire is how the kind
  // is had; the page writes the kind itself ("the KX015 mini digger").
  const unit = /^(?:t|tonnes?|tons?|kg)$/iu.test(tokens[code + 1] ?? "") ? 1 : 0
  const hired = /^(?:hire|rental)$/iu.test(tokens.at(-1) ?? "") && tokens.length - (code + 1 + unit) >= 3 ? 1 : 0
  const tail = tokens.slice(code + 1 + unit, tokens.length - hired)
  if (code < 0 || tail.length === 0 || tail.length > 3 || !tail.every((t) => /^\p{L}{3,}$/u.test(t) && !STOP_WORDS.has(fold(t)))) return []
  // "Wren 2-berth campervan", "Tarn 6-person tent": a count run into a word is a measure of the
  // kind, not the model's code ("2-berth campervan" is what a customer asks for).
  const measure = /^\d+-\p{Ll}{3,}$/u.test(tokens[code]!) ? [tokens[code]!] : []
  const kind = [...measure, ...tail].map((t) => t.toLowerCase()).join(" ")
  const said = own.flatMap((page) => [page.text, page.description ?? "", ...page.products.map((p) => p.description ?? "")])
  const pattern = new RegExp(`(?<![\\p{L}])${escapeRegExp(kind)}(?:s|es)?(?![\\p{L}])`, "u")
  return said.some((text) => pattern.test(text)) ? headingOfferings(kind, proper) : []
}
