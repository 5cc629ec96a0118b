/**
 * Facts a customer filters by: the days the business opens (JSON-LD opening hours, or lines like
 * "Sat 8:00–14:00", "Open Monday to Saturday") and features the site states in its own words
 * (dietary options, accessibility, delivery, emergencies). Only what the pages say: a day is open
 * when a time or "open" is given for it and it is not marked closed. Pure.
 */
import { isJsonLdObject, type JsonLdObject } from "../crawler/jsonld-walk.ts"
import { fold } from "./prompt-text.ts"

export const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const

const DAY_INDEX: Readonly<Record<string, number>> = Object.fromEntries(
  DAYS.flatMap((day, i) => {
    const d = day.toLowerCase()
    return [[d, i], [d.slice(0, 3), i], [d.slice(0, 2), i], [`${d}s`, i]]
  }).concat([["tues", 1], ["wed", 2], ["thur", 3], ["thurs", 3]])
)

const DAY_WORD = "(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun|mo|tu|we|th|fr|sa|su)s?\\b\\.?"
const RANGE = new RegExp(`\\b${DAY_WORD}(?:\\s*(?:-|–|—|to|through|thru)\\s*${DAY_WORD})?`, "g")
const TIME = /^[\s:,]*(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|h)?\s*(?:-|–|—|to)|open\b|opens\b)/
const CLOSED = /^[\s:,]*(?:closed|ferme)/
/** Two-letter day codes only in hour notations ("Mo-Sa 07:00-19:00"), never in prose ("we", "to"). */
const SHORT = new Set(["mo", "tu", "we", "th", "fr", "sa", "su"])

const expand = (from: number, to: number): Array<number> => {
  const out: Array<number> = []
  for (let i = from; out.length < 7; i = (i + 1) % 7) {
    out.push(i)
    if (i === to) break
  }
  return out
}

/** Days with a time or "open" after them ("Sun 8–14", "Monday to Saturday 7am–7pm", "open Sundays"). */
const daysInText = (text: string): { open: Set<number>; closed: Set<number> } => {
  const open = new Set<number>()
  const closed = new Set<number>()
  const folded = fold(text)
  for (const match of folded.matchAll(RANGE)) {
    const first = match[1]!
    const last = match[2]
    if ((SHORT.has(first) || (last !== undefined && SHORT.has(last))) && !/\d/.test(folded.slice(match.index + match[0].length, match.index + match[0].length + 8))) continue
    const from = DAY_INDEX[first]
    const to = last === undefined ? from : DAY_INDEX[last]
    if (from === undefined || to === undefined) continue
    const days = expand(from, to)
    const after = folded.slice(match.index + match[0].length, match.index + match[0].length + 30)
    const before = folded.slice(Math.max(0, match.index - 12), match.index)
    if (CLOSED.test(after) || /closed\s+(?:on\s+)?$/.test(before)) days.forEach((d) => closed.add(d))
    else if (TIME.test(after) || /\bopen(?:\s+on)?\s+$/.test(before) || /\d\s*$/.test(after.slice(0, 3))) days.forEach((d) => open.add(d))
  }
  return { open, closed }
}

const daysInJsonLd = (nodes: ReadonlyArray<JsonLdObject>): Set<number> => {
  const open = new Set<number>()
  for (const node of nodes) {
    const specs = node["openingHoursSpecification"]
    for (const spec of Array.isArray(specs) ? specs : [specs]) {
      if (!isJsonLdObject(spec)) continue
      const raw = spec["dayOfWeek"]
      for (const day of Array.isArray(raw) ? raw : [raw]) {
        if (typeof day !== "string") continue
        const index = DAY_INDEX[day.replace(/^.*[/:#]/, "").toLowerCase()]
        if (index !== undefined) open.add(index)
      }
    }
    const hours = node["openingHours"]
    for (const line of Array.isArray(hours) ? hours : [hours]) {
      if (typeof line === "string") daysInText(line).open.forEach((d) => open.add(d))
    }
  }
  return open
}

/** Open days, weekend first (what people ask about), then Monday to Friday. */
export const openDaysOf = (nodes: ReadonlyArray<JsonLdObject>, texts: ReadonlyArray<string>): Array<string> => {
  const open = daysInJsonLd(nodes)
  if (open.size === 0) {
    const closed = new Set<number>()
    for (const text of texts) {
      const found = daysInText(text)
      found.open.forEach((d) => open.add(d))
      found.closed.forEach((d) => closed.add(d))
    }
    closed.forEach((d) => open.delete(d))
  }
  return [6, 5, 0, 1, 2, 3, 4].filter((d) => open.has(d)).map((d) => DAYS[d]!)
}

const ONLINE_TYPES = new Set(["SoftwareApplication", "WebApplication", "MobileApplication", "OnlineStore", "OnlineBusiness", "WebSite"])
const SOFTWARE = /\b(?:software|app|apps|platform|saas)\b/
/** "Ships across Canada", "shipped to your door", "free shipping": goods sent, not collected. */
const SHIPS = /\bship(?:s|ped|ping)?\s+(?:free|across|to|throughout|nationwide|worldwide|anywhere|within)\b|\bfree shipping\b|\bonline[\s-]only\b/
/**
 * Customers walking in ("Walk-ins welcome"), not a thing named so ("walk-in coolers", "a walk-in
 * shower panel") nor a denial ("no walk-in shop", "no walk-ins").
 */
const WALK_IN =
  /(?<!\bno\s)\bwalk[\s-]ins?\b(?!\s+(?:coolers?|freezers?|fridges?|refrigerators?|chillers?|cold rooms?|closets?|wardrobes?|robes?|showers?|baths?|bathtubs?|tubs?|panels?|pantry|pantries)\b)/

/** A place customers come to: "visit us", "walk-ins welcome", "our shop is on...", a showroom. */
const VISITED = new RegExp(String.raw`\bvisit us\b|\bcome (?:in|by|and visit|see us)\b|${WALK_IN.source}|\bdrop[\s-]in\b|\b(?:our|the) (?:shop|store|studio|showroom|tasting room|cafe|bakery|clinic|office|salon|taproom) (?:is|at|on)\b|\bshowroom\b`)

/**
 * Whether customers come to a place of the business. Software is used where its customers are,
 * and a shop whose pages say it ships and never that customers visit is an online shop: neither
 * gets "near me" or opening-hours prompts. Anything else (a bakery, a plumber who comes to you, a
 * law office) is a place people look for nearby.
 */
export const visitableOf = (nodes: ReadonlyArray<JsonLdObject>, texts: ReadonlyArray<string>, category: string | null): boolean => {
  const types = nodes.flatMap((node) => {
    const type = node["@type"]
    return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === "string").map((t) => t.replace(/^.*[/:#]/, ""))
  })
  if (category !== null && SOFTWARE.test(fold(category))) return false
  if (types.some((t) => t !== "WebSite" && ONLINE_TYPES.has(t)) && !types.some((t) => t === "LocalBusiness" || t === "Store")) return false
  const all = fold(texts.join(" \n "))
  return !(SHIPS.test(all) && !VISITED.test(all))
}

/**
 * Trades whose work is done where the customer is: a roofer's or a caterer's office hours are no
 * opening hours, and nobody asks whether roofers are open on Tuesday.
 */
const AT_CUSTOMER_KIND = new RegExp(String.raw`\b(?:contractors?|plumb(?:er|ers|ing)|electricians?|roof(?:er|ers|ing)|(?<!boat )builders?|landscap(?:er|ers|ing)|arborists?|tree surgeons?|gardeners?|cleaners|cleaning (?:company|companies|service|services)|movers|moving (?:company|companies)|removals?|couriers?|cater(?:er|ers|ing)|photographers?|videographers?|djs?|magicians?|entertainers?|musicians?|quartets?|organi[sz]ers?|dog walkers?|pet sitters?|home care|carers?|surveyors?|painters?|decorators?|handym[ae]n|locksmiths?|glaziers?|fencing|pav(?:er|ers|ing)|gutters?|septic|pest control|chimney sweeps?|farriers?|thatchers?|installers?|hvac|garage doors?|pyrotechnics?|fireworks?|doulas?|photo booths?|event hire|wall(?:er|ers|ing)|drill(?:er|ers|ing)|(?:bird|damp|pest) proofing|proofing (?:company|companies|service|services)|shear(?:er|ers|ing)(?: gangs?)?|reglazing|resurfacing|tilers?|plasterers?|bricklayers?|scaffolders?|floor (?:sanding|refinishing|restoration)|house[\s-]?sitt(?:er|ers|ing)|babysitt(?:er|ers|ing)|nann(?:y|ies)|sleep consultan(?:t|ts|cy|cies)|(?:private|personal) chefs?|chefs? a domicilio|cuochi? a domicilio|(?:holiday|christmas) light(?:s|ing)?|lighting (?:company|companies))\b`)

/**
 * Pages saying the work is done at the customer's: "we come to you", "areas we cover", a call-out
 * fee. ("Private sessions at your home" beside classes at a hall is one way of several.)
 */
const AT_CUSTOMER_WORDS =
  /\bwe come to (?:you|your)\b|\bmobile (?:service|unit|van|workshop|mechanic)s?\b|\bareas? we (?:serve|cover)\b|\bservice areas?\b|\bcall[\s-]?out (?:fee|charge)s?\b/

/** Customers walking in or seeing goods: "visit us", "walk-ins welcome", "our showroom" (a dog walker's "drop-in visits" are its own). */
const WALKED_INTO = new RegExp(String.raw`\bvisit us\b|\bcome (?:in|by|and visit|see us)\b|${WALK_IN.source}|\bshowroom\b`)

/**
 * Whether the business does its work where its customers are, so that it keeps no opening hours
 * anyone asks about: its kind is such a trade, or its pages say it comes to them, and they never
 * invite customers in. A bicycle workshop with a mobile van that also says "walk-ins welcome" is
 * still a place customers go to.
 */
export const atCustomerOf = (texts: ReadonlyArray<string>, category: string | null): boolean => {
  const all = fold(texts.join(" \n "))
  if (WALKED_INTO.test(all)) return false
  // ("We don't do dog walking at your home": a sentence denying it says the opposite.)
  return (category !== null && AT_CUSTOMER_KIND.test(fold(category))) ||
    all.split(/(?<=[.!?])\s+|\n/).some((sentence) => AT_CUSTOMER_WORDS.test(sentence) && !DENIES.test(sentence))
}

/** Features customers filter by, as they would type them, with the words a site uses for each. */
const FEATURES: ReadonlyArray<readonly [string, RegExp]> = [
  ["gluten-free", /\bgluten[\s-]?free\b/],
  ["vegan", /\bvegan\b/],
  ["vegetarian", /\bvegetarian\b/],
  ["dairy-free", /\b(?:dairy|lactose)[\s-]?free\b/],
  ["nut-free", /\bnut[\s-]?free\b/],
  ["sugar-free", /\bsugar[\s-]?free\b/],
  ["organic", /\borganic\b/],
  ["halal", /\bhalal\b/],
  ["kosher", /\bkosher\b/],
  ["wheelchair accessible", /\bwheelchair\b|\bstep[\s-]free\b/],
  ["dog-friendly", /\b(?:dog|pet)s?[\s-]friendly\b|\bdogs (?:are )?welcome\b/],
  ["kid-friendly", /\b(?:kid|child|family)[\s-]friendly\b/],
  ["outdoor seating", /\b(?:outdoor seating|terrace|patio)\b/],
  ["free parking", /\bfree parking\b/],
  ["delivery", /\b(?:we deliver|home delivery|local delivery|delivery available|free delivery)\b/],
  ["free shipping", /\bfree shipping\b/],
  ["takeout", /\b(?:takeout|take-out|takeaway|take-away)\b/],
  // As the site words it: "same-day delivery" is what a customer of a shop that delivers types.
  ["same-day delivery", /\bsame[\s-]day (?:\p{L}+ )?delivery\b/u],
  ["same-day service", /\bsame[\s-]day\b(?! (?:\p{L}+ )?delivery\b)/u],
  ["emergency", /\bemergenc(?:y|ies)\b/],
  ["24/7", /\b24\/7\b|\b24 hours a day\b/],
  ["online booking", /\b(?:book|booking|reserve|schedule) online\b|\bonline booking\b/],
  ["walk-in service", WALK_IN],
  ["free consultation", /\bfree (?:initial )?consultations?\b/],
  ["evening appointments", /\bevening appointments?\b/],
  ["weekend appointments", /\b(?:weekend|saturday) appointments?\b/],
  ["beginner-friendly", /\bbeginners?\b/],
  ["private sessions", /\bprivate (?:sessions?|lessons?|classes)\b/],
  ["fair trade", /\bfair[\s-]?trade\b/],
  ["locally sourced", /\blocally[\s-]sourced\b|\blocal (?:farms|farmers|ingredients|suppliers)\b/],
  ["free estimates", /\bfree (?:estimates?|quotes?)\b/],
  ["licensed and insured", /\blicensed (?:and|&) insured\b/],
  ["free trial", /\bfree trial\b/],
  ["breakfast included", /\bbreakfast (?:is )?included\b/]
]

/** A sentence that says the business does not do something, or sends it elsewhere. */
const DENIES = /\b(?:not|dont|don't|doesnt|doesn't|never|no longer|cannot|cant|can't|wont|won't|refer|refers|referred)\b/

/**
 * Features the texts state, in the table's order, at most `limit`. A feature a sentence denies
 * ("We don't see emergencies after hours", "we refer emergencies to...") is not one, whatever
 * other sentences say about it.
 */
export const featuresOf = (texts: ReadonlyArray<string>, limit: number): Array<string> => {
  const all = fold(texts.join(" \n "))
  // "They are open 24/7" (after "call the emergency hospital"): a business speaks of itself as "we".
  const denying = all.split(/(?<=[.!?])\s+|\n/).filter((sentence) => DENIES.test(sentence) || /^\s*they\b/.test(sentence))
  return FEATURES.filter(([, pattern]) => pattern.test(all) && !denying.some((sentence) => pattern.test(sentence)))
    .map(([name]) => name).slice(0, limit)
}

/** Whether a phrase is one of the features ("gluten-free", "vegan"), not a thing on offer. */
export const isFeature = (phrase: string): boolean => {
  const folded = fold(phrase).trim()
  return FEATURES.some(([name, pattern]) => folded === fold(name) || (pattern.test(folded) && folded.replace(pattern, "").trim() === ""))
}
