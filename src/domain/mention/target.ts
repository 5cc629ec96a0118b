/**
 * What identifies an entity in an answer (`MentionTarget`), built from its facts, and compiled
 * once into name matchers, domains and page URLs.
 */
import { Option } from "effect"
import { isCapitalisedCommonWord, isCommonWord } from "../common-words.ts"
import { escapeRegExp } from "../regex.ts"
import { bareHost, parseWebUrl, stripWwwPrefix } from "../url.ts"
import { aliasesFor } from "./aliases.ts"
import { foldPlain } from "./fold.ts"
import { CORPORATE_SUFFIXES, GENERIC_BUSINESS_WORDS, GEO_NOUNS, LEGAL_FORMS, MARKETPLACES, SOURCE_NAMES, TRADE_KINDS, TRADE_WORDS } from "./lexicon.ts"
import { shortFormsOf } from "./short-forms.ts"

export interface MentionTarget {
  /** Business or product name(s); the first is the primary name used in `brands`. */
  readonly names: ReadonlyArray<string>
  /** Extra spellings, may be empty. */
  readonly aliases: ReadonlyArray<string>
  /** Hosts such as `acme.com`; an entry with a path is treated like a `urls` entry. */
  readonly domains: ReadonlyArray<string>
  /** Page URLs that identify the entity (a product page); prefix match on host + path. */
  readonly urls: ReadonlyArray<string>
  /**
   * Names that must never count (a namesake, "Hollis Coffee Roasters" for "Hollis Coffee"): a
   * name or alias found inside one of these, written in full, is not a mention. Optional.
   */
  readonly exclusions?: ReadonlyArray<string>
  /**
   * One distinctive word of the name ("Foundry" for "Foundry Coworking") that counts only where
   * the answer presents it as a business (see `judgeMatch`). Optional.
   */
  readonly heads?: ReadonlyArray<string>
  /**
   * The business's own town(s) ("Denver" for a business in Denver, CO), when known: a name that
   * starts with it ("Denver Supply") is told from the town ("Denver supply stores"). Optional.
   */
  readonly places?: ReadonlyArray<string>
}

export interface Matcher {
  readonly kind: "name" | "alias"
  readonly regex: RegExp
  /** Folded word tokens of the name. */
  readonly words: ReadonlyArray<string>
  /** Every word is an ordinary word: "Monday", "Square", "Best Buy". */
  readonly ordinary: boolean
  /** Every word is also capitalised in its ordinary sense: "Monday", "Amazon". */
  readonly calendar: boolean
  /** The folded name with spaces removed, to recognise `name.tld` hosts. */
  readonly compact: string
  /** The name is spelled with a capital letter ("Crumb"), unlike "iwork" or "bol.com". */
  readonly capitalised: boolean
  /** A head: counts only where presented as a business. */
  readonly strict: boolean
  /** The name starts with the business's own town ("Mesa Family Chiropractic" in Mesa). */
  readonly town: boolean
  /** A social handle or hashtag ("@larkspurdental", "#LarkspurDental"): the name written as one word after "@" or "#". */
  readonly handle: boolean
  /**
   * The business's site name spelled as words ("Foxglove Stems" for foxglovestems.example): counts
   * only with each word capitalised, as a name is written.
   */
  readonly site: boolean
  /** Written in capitals ("LDS", "Q&M"): a head so written counts only so written. */
  readonly upper: boolean
  /** A piece of folded text every match holds (its first word as written): no need to scan a text without it. */
  readonly needle: string
}

interface UrlTarget {
  readonly host: string
  readonly path: string
}

const normPath = (path: string): string => path.toLowerCase().replace(/\/+$/, "")

const makeMatcher = (name: string, kind: "name" | "alias", strict = false): Matcher | undefined => {
  const folded = foldPlain(name).trim()
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? []
  if (words.length === 0) return undefined
  // Words apart by spaces, or by one line break where a line was wrapped ("Dufresne\n& Ng").
  const spaced = folded.split(/\s+/).map(escapeRegExp).join("(?:[^\\S\\n]+|[^\\S\\n]*\\n[^\\S\\n]*)")
  // The dot of an abbreviation ending a name is often left out: "Mabel & Co" for "Mabel & Co.".
  const pattern = words.length >= 2 && /\p{L}\.$/u.test(folded) ? `${spaced.slice(0, -2)}\\.?` : spaced
  return {
    kind,
    regex: new RegExp(pattern, "gu"),
    words,
    ordinary: words.every(isCommonWord),
    calendar: words.every(isCapitalisedCommonWord),
    compact: folded.replace(/\s+/g, ""),
    capitalised: /\p{Lu}/u.test(name),
    strict,
    town: false,
    handle: false,
    site: false,
    upper: !/\p{Ll}/u.test(name) && (name.match(/\p{Lu}/gu)?.length ?? 0) >= 2,
    needle: folded.split(/\s+/)[0]!,
  }
}

/** A noun for one who does a trade, by its ending: "cleaner", "counselor", "florist", "dietitian". */
const AGENT_NOUN = /^[a-z]{3,}(?:er|or|ist|ian)$/

const compileTarget = (target: MentionTarget) => {
  const seen = new Set<string>()
  const matchers: Array<Matcher> = []
  const add = (s: string, kind: "name" | "alias", strict = false): void => {
    const key = foldPlain(s).trim().replace(/\s+/g, " ")
    if (key === "" || seen.has(key)) return
    seen.add(key)
    const m = makeMatcher(s, kind, strict)
    if (m !== undefined) matchers.push(m)
  }
  for (const n of target.names) add(n, "name")
  for (const a of target.aliases) add(a, "alias")
  // Derived spellings (suffix stripped, "&"/"and", folded) count as aliases, not as the name; one
  // that is also a head ("Tiffany" for "Tiffany & Co.") counts as a head.
  const headKeys = new Set((target.heads ?? []).map((h) => foldPlain(h).trim().replace(/\s+/g, " ")))
  for (const s of [...target.names, ...target.aliases]) {
    for (const d of aliasesFor(s)) if (!headKeys.has(foldPlain(d).trim().replace(/\s+/g, " "))) add(d, "alias")
  }
  // Version 14. A name of two words or more ending in a singular noun (an ordinary or trade word,
  // or one for who does a trade; not one ending in "y", "x" or "z", whose plural is spelled
  // otherwise) is written in the plural too, for the people or things the business is
  // ("Eastside Window Cleaners", "Northside Vets" for "Northside Vet"); not a one-word name,
  // whose plural is another word ("Crumbs" is not "Crumb").
  for (const s of [...target.names, ...target.aliases]) {
    for (const f of [s, ...aliasesFor(s)]) {
      const words = f.trim().split(/\s+/)
      const last = foldPlain(words[words.length - 1] ?? "")
      if (words.length >= 2 && /^\p{Lu}/u.test(words[words.length - 1]!) && /^[a-z]{2,}[b-df-hj-np-rtvw]$/.test(last) && (isCommonWord(last) || TRADE_WORDS.has(last) || AGENT_NOUN.test(last)))
        add(`${f.trim()}s`, "alias")
    }
  }
  for (const h of target.heads ?? []) add(h, "alias", true)
  // Handles and hashtags: a name or alias written as one word after "@" or "#".
  const handles = new Set<string>()
  for (const m of [...matchers]) {
    if (m.strict || m.compact.length < 4 || !/^[\p{L}\p{N}]+$/u.test(m.compact) || handles.has(m.compact)) continue
    handles.add(m.compact)
    matchers.push({ ...m, kind: "alias", regex: new RegExp(`(?<=[@#])${escapeRegExp(m.compact)}(?![\\p{L}\\p{N}_])`, "gu"), words: [m.compact], handle: true, needle: m.compact })
  }
  // Names that start with the business's own town.
  const towns = (target.places ?? []).map((p) => foldPlain(p).trim().split(/\s+/)).filter((w) => w.length > 0 && w[0] !== "")
  for (let i = 0; i < matchers.length; i++) {
    const m = matchers[i]!
    const town = towns.find((town) => town.length <= m.words.length && town.every((w, k) => m.words[k] === w))
    if (town === undefined) {
      // "The Bexley" in Bexley: the town with an article, flagged so that "the Bexley farmers
      // market" (the town's) is told from the business (see `judgeMatch`).
      if (m.words[0] === "the" && towns.some((w) => w.length === m.words.length - 1 && w.every((x, k) => m.words[k + 1] === x))) matchers[i] = { ...m, town: true }
      continue
    }
    // A spelling that is only the town ("Bexley" for "The Bexley" in Bexley, OH) is the town as
    // often as the business: it counts only where presented as the business, like a head.
    matchers[i] = { ...m, town: true, strict: m.strict || (m.kind === "alias" && !m.handle && town.length === m.words.length) }
  }
  const exclusions: Array<RegExp> = []
  for (const x of target.exclusions ?? []) {
    const m = makeMatcher(x, "alias")
    if (m !== undefined) exclusions.push(m.regex)
  }

  const domains: Array<string> = []
  const urls: Array<UrlTarget> = []
  const addUrl = (raw: string): void => {
    const parsed = Option.getOrUndefined(parseWebUrl(raw))
    if (parsed === undefined) return
    const host = bareHost(parsed.hostname.toLowerCase().replace(/\.$/, ""))
    const path = normPath(parsed.pathname)
    // A "domain" with a path (facebook.com/acme) identifies pages, not the whole host;
    // a URL without a path identifies the whole site.
    if (path === "") domains.push(host)
    else urls.push({ host, path })
  }
  for (const d of target.domains) addUrl(d)
  for (const u of target.urls) addUrl(u)
  const primary = target.names[0] ?? target.aliases[0] ?? target.domains[0] ?? target.urls[0] ?? ""
  // The name the entity's own site goes by ("northbeam" for northbeam.example/products/lamp): the
  // maker of a product, or the business itself.
  const makers = new Set<string>()
  const siteLabel = (host: string): string | undefined => {
    const labels = host.split(".")
    const second = labels.length >= 3 && labels[labels.length - 1]!.length === 2 && labels[labels.length - 2]!.length <= 3
    const label = labels[labels.length - (second ? 3 : 2)]
    return label !== undefined && label.length >= 3 && !SOURCE_NAMES.has(label) && !MARKETPLACES.has(label) ? label : undefined
  }
  for (const host of [...domains, ...urls.map((u) => u.host)]) {
    const label = siteLabel(host)
    if (label !== undefined) makers.add(label)
  }
  // A business's own site name, from its domain (not a product's: its maker's site names the
  // maker): as a handle or hashtag ("@getmargin" for getmargin.example), and spelled as words
  // where it starts with the name's first words ("Foxglove Stems" for foxglovestems.example).
  for (const host of domains) {
    const label = siteLabel(host)
    if (label === undefined || !/^[a-z0-9]{4,}$/.test(label)) continue
    if (!handles.has(label)) {
      handles.add(label)
      matchers.push({ ...makeMatcher(label, "alias")!, regex: new RegExp(`(?<=[@#])${label}(?![\\p{L}\\p{N}_])`, "gu"), handle: true })
    }
    for (const n of target.names) {
      const words = n.trim().split(/\s+/)
      // The site name as one word, written as a name ("QuillBooks" for quillbooks.example, the business "Quill").
      const first = foldPlain(words[0]!).replace(/[^\p{L}\p{N}]/gu, "")
      if (first.length >= 3 && label.startsWith(first) && label.length > first.length && !seen.has(label)) {
        seen.add(label)
        matchers.push({ ...makeMatcher(label, "alias")!, site: true })
      }
      let prefix = ""
      for (let k = 0; k < words.length; k++) {
        prefix += foldPlain(words[k]!).replace(/[^\p{L}\p{N}]/gu, "")
        if (prefix === "" || !label.startsWith(prefix) || label.length === prefix.length) break
        const rest = label.slice(prefix.length)
        if (rest.length < 2 || rest.length > 12) continue
        const spelled = `${words.slice(0, k + 1).join(" ")} ${rest}`
        const key = foldPlain(spelled).trim()
        if (seen.has(key)) continue
        seen.add(key)
        matchers.push({ ...makeMatcher(spelled, "alias")!, site: true })
      }
    }
  }
  // The folded words of the entity's own names and aliases ("orthopedic", "sports" …).
  const ownWords = new Set<string>()
  for (const n of [...target.names, ...target.aliases]) for (const w of foldPlain(n).match(/[\p{L}\p{N}]+/gu) ?? []) ownWords.add(w)
  const siteNames = domains.length === 0 ? siteNamesOf([...target.names, ...target.aliases], ownWords) : new Set<string>()
  const ownKinds = new Set([...ownWords].flatMap((w) => TRADE_KINDS.get(w) ?? []))
  // Whether the entity's names say its trade ("Catering", "Pharmacy"), not only its legal form.
  const ownTrade = [...ownWords].some((w) => TRADE_WORDS.has(w) && !LEGAL_FORMS.has(w) && !CORPORATE_SUFFIXES.has(w))
  // The first word of each of the business's own towns ("nashville"), not one of its names' own.
  const townWords = new Set(towns.map((town) => town[0]!).filter((w) => !ownWords.has(w)))
  // The generic word a name opens with ("studio" for "Studio Odile"), when it does.
  const leadingWords = new Set(target.names.map((n) => foldPlain(n).match(/[\p{L}\p{N}]+/gu)?.[0] ?? "").filter((w) => GENERIC_BUSINESS_WORDS.has(w) && !CORPORATE_SUFFIXES.has(w)))
  return { matchers, exclusions, domains, urls, siteNames, siteLabel, makers, ownWords, ownKinds, ownTrade, townWords, leadingWords, primary: primary.trim() }
}

/**
 * Version 18. The site names an entity whose own domain is not known (a product; a business
 * without a site on record) would go by: a name or alias written as one word ("abacusbooks" for
 * "Abacus Books"), or its first word joined to another of its own words or to "hq" or "app"
 * ("ocelotdesk" for "Ocelot O2 Standing Desk", "mortarhq" for "Mortar"). A site so named is the
 * entity's; a longer label ("ocelotdeskdeals") or one with hyphens ("ocelot-desk-deals") is not.
 */
const siteNamesOf = (names: ReadonlyArray<string>, ownWords: ReadonlySet<string>): ReadonlySet<string> => {
  const labels = new Set<string>()
  for (const n of names) {
    const words = foldPlain(n).match(/[\p{L}\p{N}]+/gu) ?? []
    const first = words[0]
    if (first === undefined || first.length < 4 || isCommonWord(first)) continue
    if (words.length > 1) labels.add(words.join(""))
    for (const w of [...ownWords, "hq", "app"]) if (w !== first && /^\p{L}{2,}$/u.test(w)) labels.add(`${first}${w}`)
  }
  return labels
}

export type CompiledTarget = ReturnType<typeof compileTarget>

/** A target is read against every platform's answer: compiled once per target object. */
const compiledTargets = new WeakMap<MentionTarget, CompiledTarget>()
export const compiledTarget = (target: MentionTarget): CompiledTarget => {
  let compiled = compiledTargets.get(target)
  if (compiled === undefined) {
    compiled = compileTarget(target)
    compiledTargets.set(target, compiled)
  }
  return compiled
}

const hostMatchesDomain = (host: string, domain: string): boolean => host === domain || host.endsWith(`.${domain}`)

export const identifies = (t: CompiledTarget, host: string, path: string): boolean => {
  if (t.domains.some((d) => hostMatchesDomain(host, d))) return true
  const h = bareHost(host)
  if (t.siteNames.size > 0) {
    const label = t.siteLabel(h)
    if (label !== undefined && t.siteNames.has(label)) return true
  }
  const p = normPath(path)
  // Prefix on whole path segments: /products/widget matches /products/widget/specs, not /products/widget-pro.
  return t.urls.some((u) => u.host === h && (p === u.path || p.startsWith(`${u.path}/`)))
}

/**
 * What counts as naming an entity in an answer: a business by its name, derived spellings and
 * its domain; a product by its name and its page URL (its business's domain alone is not it).
 */
export interface MentionFacts {
  readonly itemId: string | null
  /** The business name, or for a product its display name (null: derived from the item id). */
  readonly name: string | null
  /** The business website, or the product page. */
  readonly url: string | null
  /** Where the business is, "Denver, CO" or "Denver": its town is the part before a comma. Optional. */
  readonly place?: string | null | undefined
}

const hostOf = (url: string | null) => {
  if (url === null) return undefined
  const parsed = parseWebUrl(url)
  return parsed._tag === "Some" ? stripWwwPrefix(parsed.value.hostname.toLowerCase()) : undefined
}

/** `trail-runner-3` → `Trail Runner 3` */
const humanize = (slug: string) => slug.split("-").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ")

const UMLAUTS: Readonly<Record<string, string>> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss" }
const UMLAUT = /[äöüÄÖÜß]/u
const UMLAUT_ALL = /[äöüÄÖÜß]/gu

export const mentionTargetOf = (facts: MentionFacts): MentionTarget => {
  const name = facts.name ?? (facts.itemId === null ? "" : humanize(facts.itemId))
  const names = name === "" ? [] : [name]
  const product = facts.itemId !== null
  const town = facts.place?.split(",")[0]?.trim() ?? ""
  const short = names.map((n) => shortFormsOf(n, product, town))
  // A short form made only of ordinary words, trade words aside ("Pacific Crest" for "Pacific
  // Crest Orthodontics", "Golden Hour") is as often a place or a phrase: it counts only where
  // presented as a business, like a head.
  // So does one ending in a noun of geography ("Boulder Creek", "Sierra Vista").
  const ordinary = (form: string): boolean => {
    const words = foldPlain(form).match(/[\p{L}\p{N}]+/gu) ?? []
    return words.every((w) => isCommonWord(w) && !TRADE_WORDS.has(w)) || GEO_NOUNS.has(words[words.length - 1] ?? "")
  }
  // Short forms take the derived spellings a name does ("Sable & Stone" → "Sable and Stone").
  const shortAliases = [...new Set(short.flatMap((f) => f.aliases.flatMap((a) => [a, ...aliasesFor(a)])))]
  // A derived spelling that is also a head ("Tiffany" for "Tiffany & Co.") is one.
  const shortHeads = new Set(short.flatMap((f) => f.heads).map((h) => foldPlain(h)))
  const derived = [...names.flatMap((n) => aliasesFor(n)), ...shortAliases.filter((a) => !ordinary(a))]
  // German umlauts are written out where a keyboard lacks them: "Schäfer" as "Schaefer".
  const writtenOut = [...names, ...derived].filter((a) => UMLAUT.test(a)).map((a) => a.replace(UMLAUT_ALL, (c) => UMLAUTS[c]!))
  // A one-word business written as one word with "HQ" or "App" ("TrellisHQ", "PantryApp"), as
  // software firms name their sites and accounts.
  const joined = product ? [] : names.filter((n) => /^\p{Lu}[\p{L}]{2,}$/u.test(n.trim())).flatMap((n) => [`${n.trim()}HQ`, `${n.trim()}App`])
  // Version 13: the one word of a business's "The <Word>" ("Montauk" for "The Montauk") is as often
  // a place or a word as the business: it counts only where presented as the business, like a head.
  const theWord = product ? undefined : /^the\s+(\S+)$/iu.exec(name.trim())?.[1]
  const theKey = theWord === undefined ? undefined : foldPlain(theWord)
  const aliases = [...new Set([...derived, ...writtenOut, ...joined])]
    .filter((alias) => !names.includes(alias) && !shortHeads.has(foldPlain(alias)) && foldPlain(alias) !== theKey)
  const heads = [...short.flatMap((f) => f.heads), ...shortAliases.filter((a) => ordinary(a) && !names.includes(a))]
  if (theWord !== undefined && !heads.some((h) => foldPlain(h) === theKey)) heads.push(theWord)
  if (product) {
    return { names, aliases, heads, domains: [], urls: facts.url === null ? [] : [facts.url] }
  }
  const host = hostOf(facts.url)
  return { names, aliases, heads, domains: host === undefined ? [] : [host], urls: [], ...(town === "" ? {} : { places: [town] }) }
}
