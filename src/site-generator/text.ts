/** Plain-text helpers shared by the renderers. They shape text; escaping is the renderers' job. */
import { PRICE_SOURCE } from "../domain/money.ts"
import { oneLine, safeUrl, stripUnsafeChars } from "./html.ts"
import type { PageRef } from "./copy-words.ts"

/** Paragraphs of a text: split on blank lines, each on one line, empty ones dropped. */
export const paragraphs = (text: string): ReadonlyArray<string> =>
  stripUnsafeChars(text)
    .split(/\n[ \t]*\n/)
    .map(oneLine)
    .filter((p) => p !== "")

/**
 * At most `max` characters (code points, so no surrogate pair is split), cut at a word boundary
 * when one is near, with an ellipsis when anything was cut.
 */
export const truncate = (text: string, max: number): string => {
  const chars = Array.from(oneLine(text))
  if (chars.length <= max) return chars.join("")
  const cut = chars.slice(0, max - 1).join("")
  const space = cut.lastIndexOf(" ")
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, "")}…`
}

/** The first sentence of a text (or the whole of it, truncated). */
export const firstSentence = (text: string, max = 200): string => {
  const line = oneLine(text)
  // "Yes." or "Of course." says nothing alone: it goes with the sentence after it.
  const match = /^((?:\S+\s?){1,2}[.!?]\s+)?(.+?[.!?])(\s|$)/.exec(line)
  return truncate(match === null ? line : `${match[1] ?? ""}${match[2]}`, max)
}

/** An absolute http(s) URL, resolved against `base` when relative; null for anything else. */
export const externalUrl = (url: string | null, base: string): string | null => {
  if (url === null || oneLine(url) === "") return null
  let resolved: string
  try {
    resolved = new URL(url.replace(/[\t\n\r]/g, "").trim(), base).href
  } catch {
    return null
  }
  const safe = safeUrl(resolved)
  return /^https?:\/\//i.test(safe) ? safe : null
}

/** The host of a URL without `www.`, for display; the URL itself when it does not parse. */
export const displayHost = (url: string): string => {
  try {
    return new URL(url).host.replace(/^www\./i, "")
  } catch {
    return oneLine(url)
  }
}

// A home page's own title once the business's name is off it ("Home", "Welcome to …"), in the
// languages of sites around us.
const HOME_TITLE = /^(?:home(?:\s?page)?|welcome(?: to)?|inicio|startseite|willkommen|accueil|bienvenue|home page|forside|hjem|startsida|início|bem-vindo|benvenuti|welkom)$/iu
const TITLE_SEPARATOR = /\s+[-|–—·:»]\s+/u
const nameWords = (text: string): Array<string> => text.toLowerCase().replace(/&/g, " and ").match(/[\p{L}\p{N}']+/gu) ?? []

/**
 * How a sentence names a page of the site: `its page “Fabrication & Welding”` for a title
 * "Ferro & Flux Fabrication - Fabrication & Welding" (the business's name and the separator off
 * it), `its home page` for the site's root or a title that says home, `its page at host/path` for a
 * page without a title.
 */
export const itsPage = (title: string, businessName: string, url: string): string => {
  const ref = pageRefOf(title, businessName, url)
  return ref.kind === "home" ? "its home page" : ref.kind === "at" ? `its page at ${ref.where}` : `its page “${ref.title}”`
}

/** What `itsPage` says, before it is worded: the home page, a page by its title, or a page by its address. */
export const pageRefOf = (title: string, businessName: string, url: string): PageRef => {
  const own = new Set(nameWords(businessName))
  const parts = oneLine(title).split(TITLE_SEPARATOR).map((p) => p.trim()).filter((p) => p !== "")
  const isOwn = (part: string) => nameWords(part).length >= Math.min(2, own.size) && nameWords(part).every((w) => own.has(w))
  const rest = parts.filter((p) => !isOwn(p))
  // "Welcome to Withy Hollow": what the title says before the name.
  const tokens = (rest.length === 1 ? rest[0]! : "").split(/\s+/u)
  while (tokens.length > 0 && nameWords(tokens.at(-1)!).every((w) => own.has(w))) tokens.pop()
  const words = tokens.join(" ")
  let path = ""
  try {
    path = new URL(url).pathname
  } catch {
    path = ""
  }
  if (HOME_TITLE.test(words) || /^\/(?:index\.html?)?$/u.test(path)) return { kind: "home" }
  const name = rest.length > 0 ? rest.join(" – ") : parts.join(" – ")
  if (name === "") return { kind: "at", where: `${displayHost(url)}${path === "/" ? "" : path}` }
  return { kind: "titled", title: truncate(name, 80) }
}

/** Lists `a`, `a and b`, `a, b and c`. */
export const listSentence = (items: ReadonlyArray<string>): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`

/**
 * Words English writes with a capital wherever they stand: peoples, languages and cuisines, days,
 * months and feasts ("Thai street food", "Sunday roast", "Christmas hamper").
 */
const ALWAYS_CAPITALISED = new Set(
  `Thai Indian Chinese Japanese Korean Vietnamese Mexican Italian French Spanish Greek Turkish Lebanese Moroccan
  Ethiopian American British English Irish Scottish Welsh Cornish German Dutch Belgian Swiss Austrian Polish Russian
  Ukrainian Portuguese Brazilian Argentinian Peruvian Cuban Jamaican Caribbean African Asian European Mediterranean
  Nordic Scandinavian Swedish Norwegian Danish Finnish Icelandic Hungarian Czech Persian Arabic Israeli Hawaiian
  Cajun Canadian Australian Filipino Indonesian Malaysian Nepalese Tibetan Pakistani Afghan Armenian Latin Catalan
  Basque Sicilian Neapolitan Tuscan Provençal Parisian Bavarian Victorian Edwardian
  Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August
  September October November December Christmas Easter Halloween`.split(/\s+/).filter((w) => w !== "")
)

/** Whether a name's first word keeps its capital inside a sentence ("Thai street food"). */
export const opensWithProperWord = (name: string): boolean => ALWAYS_CAPITALISED.has(/^[\p{L}]+/u.exec(name)?.[0] ?? "")

/**
 * An offering's name inside a sentence: a name written in sentence case ("Practice amps") starts in
 * lower case there; one with capitals further on ("Earl Grey tea", "BBQ pack") or opening with a
 * word English always capitalises ("Thai street food") is kept as written.
 */
export const inProse = (name: string): string =>
  /^\p{Lu}[^\p{Lu}]*$/u.test(name) && !opensWithProperWord(name) ? name[0]!.toLowerCase() + name.slice(1) : name

/**
 * Heads of names that are one countable thing, so English puts an article before them in a
 * sentence ("offers a butter croissant", "no price for the supper club"). A closed list: a mass or
 * practice noun ("sourdough bread", "bike hire", "osteopathy") reads right without one, and a
 * wrong "a" is worse than a missing one.
 */
const COUNTABLE_HEADS = new Set(
  `club class course tour package session workshop party kit box hamper set bundle bag basket consultation lesson plan
  card voucher certificate subscription visit assessment check inspection survey report programme program membership pass
  ticket experience trip cruise excursion safari platter cake loaf croissant pie tart bouquet wreath garland arch
  saddle bridle violin viola cello guitar clock watch sign board table chair stool bed sofa lamp mirror frame print poster
  notebook planner journal pen whisk knife bike boat canoe kayak van car trailer tent costume dress suit gown ring necklace
  bracelet service day night evening weekend retreat camp getaway break stay room suite cabin cottage menu dinner lunch
  breakfast brunch tasting flight quote estimate appointment audit review test exam screening scan
  check-up checkup makeover facial manicure pedicure haircut cut wash blow-dry trim shave`.split(/\s+/).filter((w) => w !== "")
)

/**
 * An offering's name in a sentence with the article a countable thing takes: "a plant-based supper
 * club", "the butter croissant", "a Thai cooking class". Proper names ("Risiti Pay", "Earl Grey tea"), plurals, names with
 * a qualifier after a comma and mass nouns stay as they are.
 */
export const nameInSentence = (name: string, article: "a" | "the"): string => {
  const phrase = inProse(name)
  const common = /^\p{Ll}/u.test(phrase) || (opensWithProperWord(phrase) && !/\s.*\p{Lu}/u.test(phrase))
  if (!common || /[,(]/.test(phrase)) return phrase
  // The head comes before what qualifies it: "tonkotsu kit for two", "box of six".
  const head = /([\p{L}-]+)(?:\s+(?:for|with|of|to)\s+[^,]+)?$/u.exec(phrase)?.[1]?.toLowerCase() ?? ""
  if (!COUNTABLE_HEADS.has(head)) return phrase
  return article === "the" ? `the ${phrase}` : `${/^[aeiou]/i.test(phrase) && !/^(?:uni|eu|one)/i.test(phrase) ? "an" : "a"} ${phrase}`
}

/**
 * Whether a noun phrase takes a plural verb: "Bass guitars are", "Glass is", "Physics is". A guess
 * from its last word's ending, which is what a plural name on a price list looks like.
 */
export const isPlural = (noun: string): boolean => {
  // A name's head comes before what qualifies it: "Kodak Portra 400, 35mm, 36 exposures" is one film.
  const head = noun.split(/,\s|\s\(|\s[–—-]\s/)[0]!.trim()
  return /[^s]s$/i.test(head) && !/(?:ics|news|ss)$/i.test(head)
}

/** "is" or "are" (or another pair) for a noun phrase, as it is plural or not. */
export const agree = (noun: string, singular = "is", plural = "are"): string => (isPlural(noun) ? plural : singular)

/** A name's possessive: `Acme Bakery's`, and `Fretwork Guitars'` for a name ending in s, as with a plural. */
export const possessive = (name: string): string => (/s$/i.test(name) ? `${name}'` : `${name}'s`)

/** Whether a text states this amount: "$11,500 – $16,000" states 11500, "from $12.50 per sq ft" 12.50. */
export const statesAmount = (text: string, amount: string): boolean => {
  const wanted = Number(amount.replace(/,(?=\d{3}\b)/g, ""))
  const found = text.replace(/(\d),(?=\d{3}\b)/g, "$1").match(/\d+(?:\.\d+)?/g) ?? []
  return Number.isFinite(wanted) ? found.some((n) => Number(n) === wanted) : text.includes(amount)
}

/** A sentence ends with punctuation. */
export const sentence = (text: string): string => {
  const t = oneLine(text)
  return t === "" || /[.!?…]["'”’)]?$/.test(t) ? t : `${t}.`
}

// Page chrome after the content: a footer's bullets, the copyright line, a cookie notice.
const CHROME_AFTER = /\s•\s|©|\b(?:uses|use of|accept(?: all)?|we use (?:a few |some |only (?:essential |necessary )?)?) cookies\b|\bcookie (?:policy|settings|notice)\b/i
// A footer's "Shop · 12 High St · 0117 555 0193" too; in a page's body "5,50 € · 70 g" is a product's line.
const CHROME_AFTER_PIPES = new RegExp(CHROME_AFTER.source.replace("\\s•\\s", "\\s[•|·]\\s"), "i")
// A cookie banner's label ("Cookies: we use a few to…"): capitalised with its colon, as "our cookies: oat" is not.
const COOKIE_LABEL = /(?:^|\s)Cookies?:\s/

/**
 * Where page chrome (footer bullets, the copyright, a cookie notice) starts in a text, or -1; with
 * `pipes`, a " | " or " · " separator counts as footer chrome too (in an FAQ answer, not in a page's body).
 */
export const chromeStart = (text: string, pipes = false): number => {
  const found = [(pipes ? CHROME_AFTER_PIPES : CHROME_AFTER).exec(text)?.index, COOKIE_LABEL.exec(text)?.index].filter((i): i is number => i !== undefined)
  return found.length === 0 ? -1 : Math.min(...found)
}

/** Where `phrase` first stands as whole words in `text` at or after `from`, or -1. */
const wholeWordsAt = (text: string, phrase: string, from: number): number => {
  if (phrase === "") return -1
  for (let at = text.indexOf(phrase, from); at >= 0; at = text.indexOf(phrase, at + 1)) {
    const before = text.slice(0, at).at(-1) ?? " "
    const after = text.at(at + phrase.length) ?? " "
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return at
  }
  return -1
}

/**
 * A crawled page's content on one line: without its headings (the crawler keeps them inline),
 * without what comes before its first heading when that heading opens the content (a top bar
 * and menu read as text on a page without `<main>`), and cut where footer chrome starts.
 */
export const bodyText = (page: { readonly headings: ReadonlyArray<string>; readonly text: string }): string => {
  let text = page.text
  const first = page.headings[0]?.trim() ?? ""
  // The heading as the content's title is its last mention in the first half (a menu may name it first).
  const start = first === "" ? -1 : text.lastIndexOf(first, Math.floor(text.length / 2))
  if (start > 0) text = text.slice(start)
  // Headings stand in the text in document order: each is looked for after the one before, as
  // whole words, so a footer's "Driftwell" is not cut from "Driftwell Float Centre has …" above it.
  // One out of order (a menu's heading the text repeats further on) is looked for from the start.
  let from = 0
  for (const heading of page.headings) {
    const h = heading.trim()
    const inOrder = wholeWordsAt(text, h, from)
    const at = inOrder >= 0 ? inOrder : wholeWordsAt(text, h, 0)
    if (at < 0) continue
    text = `${text.slice(0, at)} ${text.slice(at + h.length)}`
    if (inOrder >= 0) from = at + 1
  }
  const chrome = chromeStart(text)
  if (chrome > 0) text = text.slice(0, chrome)
  return text.replace(/\s+/g, " ").trim()
}

/**
 * A page's opening section as `bodyText` gives it: its text up to the next heading, so a home
 * page's lead does not run on into its cards and their buttons ("… cuciture. Scopri Copia chiavi
 * …"). The whole body when that section holds no sentence.
 */
export const leadText = (page: { readonly headings: ReadonlyArray<string>; readonly text: string }): string => {
  const first = page.headings[0]?.trim() ?? ""
  const start = first === "" ? -1 : page.text.lastIndexOf(first, Math.floor(page.text.length / 2))
  const from = Math.max(0, start) + (start >= 0 ? first.length : 0)
  let end = page.text.length
  for (const heading of page.headings.slice(1)) {
    const h = heading.trim()
    const at = h === "" ? -1 : page.text.indexOf(h, from)
    if (at > from && at < end) end = at
  }
  const lead = bodyText({ headings: page.headings, text: page.text.slice(Math.max(0, start), end) })
  return /[.!?](?:\s|$)/u.test(lead) ? lead : bodyText(page)
}

const AMOUNT = String.raw`${PRICE_SOURCE}(?:\s?[A-Z]{3}\b)?(?:\s*\([^()]{1,30}\))?`
// A price line: amounts, each with a few lower-case words of what it is for, and no sentence's end.
// A dollar sign may carry its country's letters ("A$34", "NZ$12", "US$5").
const LEADING_PRICE = new RegExp(String.raw`^(?:(?:[Ff]rom|[Pp]rice:?)\s+)?(?:[A-Z]{1,2}(?=\$))?${AMOUNT}(?:[^.!?\p{Lu}\d]{1,30}?${AMOUNT})*(?:[^.!?\p{Lu}]{0,30}?)\s+(?=\p{Lu})`, "u")

/**
 * A product page's text without its price line run into the first sentence ("$36.00 CAD
 * Stone-ground …", "¥68,000 (tax included) The …", "¥3,300 a roll · ¥15,800 for a 5-pack The …").
 */
export const withoutLeadingPrice = (text: string): string => text.replace(LEADING_PRICE, "")

// A stop inside a word or number (`4.50`, `example.com`) does not end a sentence.
const SENTENCE = /(?:[^.!?]|[.!?](?![\s.!?]|$))+[.!?]+(?=\s|$)/g

/** Words whose stop is an abbreviation's, not a sentence's end (`Dr. Brandt`). */
const ABBREVIATION = /(?:^|\s)(?:dr|mr|mrs|ms|st|ave|no|inc|ltd|jr|sr|vs|approx|e\.g|i\.e|etc|mt|ft)\.$/i

/** A word with a stop inside it (`D.Lgs.`, `U.S.`): an abbreviation when no capital follows. */
const DOTTED_WORD = /(?:^|\s)\p{L}+\.\p{L}+\.$/u

/** A text's sentences, an abbreviation's stop joined to what follows. */
export const sentencesOf = (text: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (const m of oneLine(text).match(SENTENCE) ?? []) {
    const last = out.length - 1
    const joins = last >= 0 && (ABBREVIATION.test(out[last]!) || (DOTTED_WORD.test(out[last]!) && /^[\p{Ll}\p{N}]/u.test(m.trim())))
    if (joins) out[last] = `${out[last]} ${m.trim()}`
    else out.push(m.trim())
  }
  return out
}

/**
 * The first whole sentences of a text, up to about `max` characters (at least one sentence). A
 * question after the first ends them: in a page's lead it is the next section's heading ("See
 * what's in stock Clearing out a cupboard?"), run in after a button's label.
 */
export const leadSentences = (text: string, max: number): string => {
  // A sentence ends at `.`, `!` or `?` before a space: `shop.example` is no end.
  const sentences = oneLine(text).split(/(?<=[.!?]["”’)]?)\s+/).filter((x) => /[.!?]["”’)]?$/.test(x))
  let out = ""
  for (const s of sentences) {
    if (out !== "" && (out.length + s.length > max || /\?["”’)]?$/.test(s))) break
    out = `${out} ${s.trim()}`.trim()
  }
  return out
}

/** "listed at $12", and "listed from $350" for a price the site gives as a starting point. */
export const listedAt = (price: string): string => (/^(?:from|starting at)\s/iu.test(price) ? `listed ${price}` : `listed at ${price}`)
