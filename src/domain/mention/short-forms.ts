/**
 * Short forms of a business or product name that answers use without the user ever typing them
 * (`shortFormsOf`): the name without its trailing trade words, common short trade words, and
 * for a product its name after the brand's possessive.
 */
import { isCommonWord } from "../common-words.ts"
import { foldPlain } from "./fold.ts"
import { GEO_NOUNS, GIVEN_NAMES, PLACE_SUFFIXES, REGIONS, set, TRADE_VARIANTS, TRADE_WORDS } from "./lexicon.ts"
import { escapeRegExp } from "../regex.ts"

export interface ShortForms {
  /** Spellings of two words or more, read like any alias. */
  readonly aliases: ReadonlyArray<string>
  /** One distinctive word ("Foundry" for "Foundry Coworking"): counts only where presented as a business. */
  readonly heads: ReadonlyArray<string>
}

// With the European forms ("Viajes Sol S.A.", "Bakkerij B.V.", "Weber AG") and "Limited".
const LEGAL_TAIL = /(?:,?\s+(?:inc|llc|llp|pllc|ltd|limited|corp|co|company|pc|p\.c|pa|p\.a|cpas?|gmbh|ag|plc|pty|s\.a|s\.l|s\.r\.l|sarl|b\.v|n\.v|ltda|lda|eireli|e\.k|gbr|ohg)\.?)+$/i

// A German trade compound ends in its trade: "Dachbau" (roof building), "Holzbau", "Haustechnik",
// "Gartenbau", "Schreinerei".
const GERMAN_TRADE_TAIL = /^\p{L}{3,}(?:bau|technik|handwerk|schreinerei|tischlerei|dachdeckerei)$/u
const isTradeWord = (w: string): boolean => {
  const plain = foldPlain(w).replace(/[^\p{L}\p{N}]/gu, "")
  return TRADE_WORDS.has(plain) || GERMAN_TRADE_TAIL.test(plain)
}

/**
 * Words that end a firm's name without saying what it is, dropped like trade words to find its
 * distinctive word ("Rainier Family Dental" → "Rainier", "Thornbury & Associates" → "Thornbury",
 * "Harrow IT Solutions" → "Harrow IT", "Harrow"), but no trade noun after a name: "an Aspen
 * family trip" is no business, nor "it" a trade.
 */
const NAME_FILLERS = set(`family associates brothers bros sons solutions it`)
const PLURAL_TRADES = set(`locksmith plumber electrician roofer painter cleaner florist jeweler jeweller baker builder barber caterer mechanic glazier landscaper mover`)
const FAMILY = /^(?:sons|daughters|brothers|sisters|partners|associates|friends)$/i
const isDroppable = (w: string): boolean => isTradeWord(w) || NAME_FILLERS.has(foldPlain(w))

const variantsOf = (form: string): Array<string> => {
  const out: Array<string> = []
  for (const [long, short] of TRADE_VARIANTS) {
    for (const [from, to] of [[long, short], [short, long]] as const) {
      const re = new RegExp(`(?<=\\s)${escapeRegExp(from)}$`, "i")
      if (re.test(form)) out.push(form.replace(re, to))
    }
  }
  return out
}

/**
 * `Evergreen Physical Therapy` → aliases `Evergreen PT`, `Evergreen Physical`, `Evergreen
 * Therapy`; head `Evergreen`. `JLM Auto Repair` → `JLM Auto`, head `JLM`. A product keeps its
 * brand and model: `Glowline Vitamin C Serum` → `Glowline Vitamin C`, `Glowline's Vitamin C
 * Serum`, no head. Forms are left out when they are the name itself or made only of trade words.
 */
// A person's name followed by a credential: "Ada Obi, CPA", "Lena Marsh DDS".
const CREDENTIALED = /^(\p{Lu}[\p{Ll}'-]+)\s+(\p{Lu}[\p{Ll}'-]{2,}),?\s+(CPA|EA|CFP|MD|DO|DDS|DMD|DVM|OD|DPM|PhD|PsyD|LCSW|LMFT|LPC|RN|NP|PE|JD|Esq\.?)$/u
const DOCTORS = /^(?:MD|DO|DDS|DMD|DVM|OD|DPM|PhD|PsyD)$/

/**
 * Version 16. A professional named with a credential is a person: the surname is the head (not the
 * given name), and the surname with the credential or a title names them too ("Obi CPA", "Ms.
 * Obi", "Dr. Obi" for a doctor).
 */
const credentialedForms = (name: string): ShortForms | undefined => {
  const m = CREDENTIALED.exec(name.trim())
  if (m === null) return undefined
  const [, given, surname, credential] = m as unknown as [string, string, string, string]
  if (isCommonWord(foldPlain(surname)) || isDroppable(surname)) return undefined
  const titles = DOCTORS.test(credential) ? ["Dr."] : ["Mr.", "Ms.", "Mrs."]
  return { aliases: [`${given} ${surname}`, `${surname} ${credential.replace(/\.$/, "")}`, ...titles.map((t) => `${t} ${surname}`)], heads: [surname] }
}

export const shortFormsOf = (name: string, product: boolean, town = ""): ShortForms => {
  if (!product) {
    const person = credentialedForms(name)
    if (person !== undefined) return person
  }
  const words = name.trim().replace(LEGAL_TAIL, "").split(/\s+/).filter((w) => w !== "")
  const aliases: Array<string> = []
  const heads: Array<string> = []
  // "Mabel & Co.", "Pruitt and Company": the "& Co." names the firm after a person, so the
  // person's name alone is the person as often as the firm; it counts only as a head. The firm
  // writes itself "Mabel + Co" too.
  if (words.length >= 2 && isConnector(words[words.length - 1]!)) {
    while (words.length > 0 && isConnector(words[words.length - 1]!)) words.pop()
    if (words.length === 1) {
      if (!product && words[0]!.length >= 3) heads.push(words[0]!)
      const plus = name.trim().replace(/\s+(?:&|and)\s+(?=(?:co|company)\.?$)/i, " + ")
      if (plus !== name.trim()) aliases.push(plus)
      return { aliases, heads }
    }
  }
  if (words.length === 0) return { aliases, heads }
  const addAlias = (s: string): void => {
    if (s !== name && !aliases.includes(s) && s.split(" ").some((w) => !isTradeWord(w))) aliases.push(s)
  }
  const full = words.join(" ")
  addAlias(full)
  for (const v of variantsOf(full)) addAlias(v)
  // A tradesperson's noun at the end is written in the plural too: "Keystone Locksmiths".
  if (!product && words.length >= 2 && PLURAL_TRADES.has(words[words.length - 1]!.toLowerCase())) addAlias(`${full}s`)
  // A plural noun at the end is written in the singular too: "Harbor Garage Door" for "Harbor Garage Doors".
  // Not a family firm's "Brothers", "Sons" (one brother is not the firm), a filler ("Solutions"),
  // nor a name joining two ("Roofing & Gutters").
  if (!product && words.length >= 2 && /^\p{Lu}\p{Ll}+[^su]s$/u.test(words[words.length - 1]!) && !FAMILY.test(words[words.length - 1]!) && !NAME_FILLERS.has(foldPlain(words[words.length - 1]!)) &&
    !words.some(isConnector))
    addAlias(full.slice(0, -1))
  // Trailing trade words (and the connectors between them) dropped one by one, never the first word.
  for (let n = words.length - 1; n >= 1 && (isDroppable(words[n]!) || (n < words.length - 1 && isConnector(words[n]!))); n--) {
    const prefix = words.slice(0, n)
    if (isConnector(prefix[prefix.length - 1]!)) continue
    if (prefix.length >= 2) {
      addAlias(prefix.join(" "))
      for (const v of variantsOf(prefix.join(" "))) addAlias(v)
    } else if (!product && !isTradeWord(prefix[0]!) && prefix[0]!.length >= 3 && !heads.includes(prefix[0]!)) heads.push(prefix[0]!)
    if (product) break
  }
  // Version 18. A name of two trades joined by "&", the first after a word of its own, is written
  // with the first trade alone: "Ogden Heating & Air" → "Ogden Heating".
  const last = words.length - 1
  if (!product && words.length >= 4 && isConnector(words[last - 1]!) && !isConnector(words[last]!) && isTradeWord(words[last - 2]!) && !isTradeWord(words[0]!))
    addAlias(words.slice(0, last - 1).join(" "))
  // A run of two or more trailing trade words written as its initials: "Summit Ridge Urgent
  // Care" → "Summit Ridge UC" (as "Physical Therapy" is "PT").
  let runStart = words.length
  while (runStart > 1 && isTradeWord(words[runStart - 1]!)) runStart--
  // Only after two words or more: one distinctive word is already a head.
  if (!product && runStart >= 2 && words.length - runStart >= 2 && !isConnector(words[runStart - 1]!) && /^\p{L}/u.test(words[runStart]!)) {
    addAlias(`${words.slice(0, runStart).join(" ")} ${words.slice(runStart).map((w) => w[0]!.toUpperCase()).join("")}`)
  }
  // A firm named after a person, a given name and a surname, keeps the surname with its trade:
  // "Anna Keller Design" → "Keller Design" (the surname no ordinary word).
  if (!product && words.length === 3 && isTradeWord(words[2]!) && !isDroppable(words[0]!) && !isDroppable(words[1]!) &&
    /^\p{Lu}\p{Ll}+$/u.test(words[0]!) && /^\p{Lu}\p{Ll}+$/u.test(words[1]!) && GIVEN_NAMES.has(foldPlain(words[0]!)) && !isCommonWord(foldPlain(words[1]!)))
    addAlias(`${words[1]} ${words[2]}`)
  // Version 15. The name's distinctive first word, whatever words follow it ("Brackwell Pottery
  // Barn" → "Brackwell", "Quorra Wayfinding" → "Quorra"): answers shorten a business to the word
  // that is its own, not only when the rest is a trade word the lexicon knows. Counts only where
  // presented as a business, like any head. Not an ordinary word, a region ("Vermont Maple
  // Depot"), the business's own town, the business's kind, nor a given name that opens a
  // person's full name.
  if (!product && words.length >= 2 && !words.some(isConnector)) {
    const head = distinctiveLead(words)
    if (head !== undefined && !heads.includes(head) && foldPlain(head) !== foldPlain(town)) heads.push(head)
  }
  // A leading trade word dropped: "Café Lumière" → "Lumière".
  if (!product && words.length === 2 && isTradeWord(words[0]!) && !isTradeWord(words[1]!) && words[1]!.length >= 3) heads.push(words[1]!)
  // The distinctive first word with the last trade word: "Koda Dog Training" → "Koda Training".
  if (!product && words.length === 3 && isTradeWord(words[2]!) && words[0]!.length >= 2) addAlias(`${words[0]} ${words[2]}`)
  if (product && words.length >= 2) addAlias(`${words[0]}'s ${words.slice(1).join(" ")}`)
  if (product) {
    const forms = productForms(words)
    for (const form of forms.aliases) addAlias(form)
    heads.push(...forms.heads)
  }
  // A firm named after two partners keeps their names without its trade: "Quillon & Marsh
  // Bookbinders" → "Quillon & Marsh", "Quillon Marsh", and their initials "Q&M" as a head.
  if (!product && words.length >= 3 && isConnector(words[1]!) && /^\p{Lu}/u.test(words[0]!) && /^\p{Lu}/u.test(words[2]!) && !isDroppable(words[0]!) && !isDroppable(words[2]!) &&
    !/^(?:sons?|daughters?|brothers|sisters|bros)$/i.test(words[2]!)) {
    if (words.length >= 4) {
      addAlias(`${words[0]} ${words[1]} ${words[2]}`)
      addAlias(`${words[0]} ${words[2]}`)
    }
    heads.push(`${words[0]![0]}&${words[2]![0]}`)
  }
  // A name of three words or more, by its initials, counts where presented as the business:
  // "LDS is the practice I'd pick" for "Larkspur Dental Studio".
  const significant = words.filter((w) => !isConnector(w) && !/^(?:of|the)$/i.test(w) && /^\p{L}/u.test(w))
  if (!product && significant.length >= 3 && significant.length === words.filter((w) => !isConnector(w)).length) {
    heads.push(significant.map((w) => w[0]!.toUpperCase()).join(""))
  }
  // "Matheson & Kuo" is written "Matheson Kuo" too.
  if (!product && words.length === 3 && words[1] === "&") addAlias(`${words[0]} ${words[2]}`)
  // A distinctive first word with trade words joined by "&"/"and" ("Seaview Orthopedic & Sports
  // Medicine"): the first word with each run of trade words ("Seaview Orthopedic", "Seaview
  // Sports Medicine") and their usual short forms ("Seaview Ortho").
  const rest = words.slice(1)
  if (!product && words.length >= 4 && !isTradeWord(words[0]!) && rest.some(isConnector) && rest.every((w) => isConnector(w) || isTradeWord(w))) {
    const runs: Array<Array<string>> = [[]]
    for (const w of rest) {
      if (isConnector(w)) runs.push([])
      else runs[runs.length - 1]!.push(w)
    }
    for (const run of runs) {
      if (run.length === 0) continue
      const form = `${words[0]} ${run.join(" ")}`
      addAlias(form)
      for (const v of variantsOf(form)) addAlias(v)
    }
    if (words[0]!.length >= 3 && !heads.includes(words[0]!)) heads.push(words[0]!)
  }
  return { aliases, heads }
}

const isConnector = (w: string): boolean => w === "&" || w.toLowerCase() === "and"

// A surname's particles: "Van der Berg", "de la Cruz", "Mac Aodha".
const PARTICLES = set(`van von der den de del della di da dos du la le ten ter`)

/**
 * The distinctive word (or a surname with its particles, "Van der Berg") that opens a name of
 * two words or more, when there is one: capitalised, not an ordinary word, a region, a trade
 * word or a filler, and not a given name followed by a surname ("Anna Keller Design").
 */
const distinctiveLead = (words: ReadonlyArray<string>): string | undefined => {
  let k = 0
  while (k < words.length - 1 && PARTICLES.has(words[k]!.toLowerCase()) && k < 3) k++
  const lead = words.slice(0, k + 1).join(" ")
  if (k + 1 >= words.length) return undefined
  const w = words[k]!
  const plain = foldPlain(w).replace(/[^\p{L}\p{N}]/gu, "")
  // Capitals alone ("ATX", "SLC") are as often a town's code; a place noun after it makes a place ("Ellis Park").
  if (!/^\p{Lu}\p{Ll}/u.test(w) || plain.length < 3 || !/^\p{L}+$/u.test(plain)) return undefined
  const then = foldPlain(words[k + 1]!)
  if (GEO_NOUNS.has(then) || PLACE_SUFFIXES.has(then)) return undefined
  if (isCommonWord(plain) || isDroppable(w) || REGIONS.has(plain) || isConnector(w)) return undefined
  if (k === 0 && GIVEN_NAMES.has(plain) && words.length >= 3 && /^\p{Lu}/u.test(words[1]!) && !isDroppable(words[1]!)) return undefined
  return lead
}

/**
 * A product written shorter: its brand (the first word) with its last word and any of the words
 * between, in order ("Northpaw Orthopedic Dog Bed" → "Northpaw Bed", "Northpaw Orthopedic Bed",
 * "Northpaw's Dog Bed" …), and a model code in it (a word of letters and digits: "SR-40")
 * with the brand, and without its hyphen ("SR40"); alone it is a head.
 */
const productForms = (words: ReadonlyArray<string>): ShortForms => {
  const out: Array<string> = []
  const heads: Array<string> = []
  const [brand, ...rest] = words
  if (brand === undefined || rest.length === 0) return { aliases: out, heads }
  const last = rest[rest.length - 1]!
  const middle = rest.slice(0, -1)
  if (middle.length <= 3 && /^\p{L}+$/u.test(last)) {
    for (let mask = 0; mask < 1 << middle.length; mask++) {
      const kept = middle.filter((_, i) => (mask & (1 << i)) !== 0)
      if (kept.length === middle.length) continue
      const tail = [...kept, last].join(" ")
      out.push(`${brand} ${tail}`, `${brand}'s ${tail}`)
    }
  }
  for (const w of rest) {
    if (!/\p{L}/u.test(w) || !/\d/.test(w) || w.length < 2) continue
    // "T7" is written "T-7" too (version 15), and "SR-40" "SR40".
    const codes = w.includes("-") ? [w, w.replace(/-/g, "")] : /^\p{L}+\d+$/u.test(w) ? [w, w.replace(/^(\p{L}+)(?=\d)/u, "$1-")] : [w]
    // Alone, a code counts only where presented as the product ("**SR-40** – …").
    for (const code of codes) {
      heads.push(code)
      out.push(`${brand} ${code}`, `${brand}'s ${code}`, `${code} from ${brand}`, `${code} by ${brand}`)
    }
  }
  // The brand with its model number, the kind of product dropped: "Brisa 360 Tower Fan" → "Brisa 360".
  let lastNumbered = rest.length - 1
  while (lastNumbered >= 0 && !/\d/.test(rest[lastNumbered]!)) lastNumbered--
  if (lastNumbered !== -1 && lastNumbered < rest.length - 1) {
    const model = rest.slice(0, lastNumbered + 1).join(" ")
    out.push(`${brand} ${model}`, `${brand}'s ${model}`, `${model} from ${brand}`, `${model} by ${brand}`)
  }
  // The product named before its maker: "the Trail Runner 3 from Veloria", "the Rower 2 by Cadence".
  if (rest.some((w) => /\p{Lu}|\d/u.test(w))) out.push(`${rest.join(" ")} from ${brand}`, `${rest.join(" ")} by ${brand}`)
  return { aliases: out, heads }
}
