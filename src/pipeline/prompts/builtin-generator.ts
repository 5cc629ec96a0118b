/**
 * The built-in prompt generator, used when no language model is configured and to top up a
 * model's answer: sentence templates, each tagged with the intent it measures, filled with the
 * entity's category, offerings, place and audience.
 *
 * Deterministic by construction (no randomness, no clock): the same facts always give the same
 * prompts in the same order, so a re-run keeps scores comparable. A stable hash of the facts only
 * rotates which template and which offering come first, so two entities in the same field do not
 * get the same opening prompts.
 *
 * The set is spread over intents by quota (see `INTENT_WEIGHTS`), interleaved so that any prefix
 * is mixed too. Every prompt passes `validate-prompts`; brand prompts stay at 5% (the validator
 * allows 10%, the rest of the set is about the field).
 */
import { isCommonWord } from "../../domain/common-words.ts"
import { escapeRegExp } from "../../domain/regex.ts"
import { isMass, isPlural, namesOne, offeringForm, pluralOf, PRACTICE_WORD, singularOf, withArticle } from "./english.ts"
import type { PromptFacts } from "./prompt-facts.ts"
import { contentWords, fnv1a, fold, phraseKey, saysTwice, squish, stem, STOP_WORDS, wordsOf } from "./prompt-text.ts"
import { isLocalLanguage, localProductPrompts, localTemplates } from "./local-templates.ts"
import { bookedAlike, frameFit, isAppointment, isAppointmentLed, isRemote } from "./offering-frames.ts"
import { isServiceProduct, namedCandidates, productArticle, productCandidates } from "./product-templates.ts"
import {
  INTENT_WEIGHTS,
  PRODUCT_QUALIFIERS,
  PROMPT_INTENTS,
  type PromptIntent,
  type PromptTemplate,
  isCondition,
  QUALIFIERS,
  stacksOnFrame,
  TEMPLATES,
  VISIT_QUALIFIERS
} from "./templates.ts"
import {
  DEFAULT_PROMPT_COUNT,
  jaccard,
  makePromptValidator,
  namesEntity,
  NEAR_DUPLICATE_SIMILARITY,
  type PromptValidator,
  shapeOf
} from "./validate-prompts.ts"

interface Category {
  readonly category: string
  readonly aCategory: string
  readonly categories: string
  readonly countable: boolean
}

/** What is booked at a business, not the business: a "snowboard lesson" is given by a snowboard school. */
const BOOKED_HEAD = /^(.+?)\s+(?:lesson|lessons|class|classes|course|courses)$/u

const categoryOf = (given: string): Category => {
  // A practice is not a kind of business: "acupuncture clinics", never "acupunctures" ("Which
  // osteopathy near me is open?" asks for a clinic).
  const booked = BOOKED_HEAD.exec(given)
  const phrase = PRACTICE_WORD.test(wordsOf(given).at(-1) ?? "") ? `${given} clinic` : booked !== null ? `${booked[1]} school` : given
  const mass = isMass(phrase)
  const plural = isPlural(phrase)
  const countable = !mass && !plural
  return { category: phrase, aCategory: countable ? withArticle(phrase) : phrase, categories: pluralOf(phrase), countable }
}

const GENERIC_CATEGORIES: Readonly<Record<PromptFacts["kind"], ReadonlyArray<string>>> = {
  business: ["local business", "service provider", "small business", "specialist", "company"],
  // Who sells a product: "Which shop in Osu do locals recommend for refurbished phones?" ("Which
  // product option in Osu ..." is nobody's question).
  product: ["shop", "store", "brand", "seller"]
}

/** Who else sells a product of a known kind of business, after that kind: fits a caterer and a shop alike. */
const KNOWN_KIND_SELLERS: ReadonlyArray<string> = ["company", "specialist"]

/** Stand-in categories for software, which is no local business or service provider. */
const SOFTWARE_CATEGORIES: ReadonlyArray<string> = ["software tool", "app"]

/** Offerings named by what is done: "invoicing", "crew planning", "contract tracking", "stock management". */
const ACTIVITY = /(?:ing|ment|tion|sion|ance|ence|ysis)$/u

const GENERIC_OFFERINGS: Readonly<Record<PromptFacts["kind"], ReadonlyArray<string>>> = {
  business: ["professional services", "expert advice", "local services", "same-day service"],
  product: ["quality products", "good value products", "premium options", "everyday essentials"]
}

const GENERIC_AUDIENCES: Readonly<Record<PromptFacts["kind"], ReadonlyArray<string>>> = {
  business: ["families", "first-time customers", "people on a budget"],
  product: ["beginners", "people on a budget", "families"]
}

/** Gift cards, vouchers and certificates, and the templates that ask for them as people do. */
const GIFT = /\bgift (?:cards?|vouchers?|certificates?)\b/iu
const GIFT_TEMPLATES: ReadonlySet<string> = new Set(["local-where-near-me", "local-buy-near-me", "discovery-order-online", "discovery-recommend", "brand-offering"])

/** Words for hiring a thing, in English and the languages sites are written in. */
const HIRE_WORD = /^(?:hire|rental|rentals|rent|alquiler|verleih|vermietung|location|noleggio|aluguel)$/u

/**
 * A product that is hired, not bought: another of its names says so ("bouncy castle hire"), or
 * hiring is what its pages say most beside its names (its first keyword: "hire" on a campervan's
 * page; a coffee blend's page that also mentions the van for hire is still about beans).
 */
const isHired = (names: ReadonlyArray<string>, keywords: ReadonlyArray<string>): boolean =>
  names.some((name) => HIRE_WORD.test(wordsOf(name).at(-1) ?? "")) || HIRE_WORD.test(fold(keywords[0] ?? ""))

/** Features that read before an offering: "gluten-free croissants", "vegan tacos". */
const DIETARY = new Set(["gluten-free", "vegan", "vegetarian", "dairy-free", "nut-free", "sugar-free", "organic", "halal", "kosher", "fair trade", "locally sourced"])
/** Features that read before the category: "emergency dentist", "dog-friendly restaurant". */
const ADJECTIVES = new Set([...DIETARY, "wheelchair accessible", "dog-friendly", "kid-friendly", "emergency", "24/7", "beginner-friendly", "licensed and insured"])

/**
 * A phrase without the business's name in it, or undefined when nothing else is left. A
 * product's own name stays: it describes what its prompts are about ("butter croissant").
 */
const withoutName = (phrase: string, facts: PromptFacts): string | undefined => {
  let out = ` ${phrase} `
  for (const name of facts.kind === "product" ? [facts.businessName] : [facts.name, facts.businessName]) {
    const words = squish(name).split(" ").filter((w) => w.length > 0)
    if (words.length === 0) continue
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join("\\s+")}(?![\\p{L}\\p{N}])`, "giu")
    // "Liquid chalk" at a gym named Chalk: the name as the last word after a word of the thing's
    // own is its head noun, not the brand ("Chalk liquid" would be).
    out = out.replace(pattern, (match: string, at: number, whole: string) => {
      const before = wordsOf(whole.slice(0, at)).at(-1)
      const last = whole.slice(at + match.length).trim() === ""
      return last && before !== undefined && !STOP_WORDS.has(before) && match === match.toLowerCase() ? match : " "
    })
  }
  const clean = squish(out).replace(/^[\s,&'-]+|[\s,&'-]+$/g, "")
  return wordsOf(clean).length > 0 ? clean : undefined
}

/**
 * A product's prompt with the words of its business's name that open its own name written as the
 * name writes them: "a Southern Hide bifold wallet kit", "Where can I buy a Back Cove dozen?" (in
 * lower case, "a southern hide bifold wallet kit" reads as a kind of hide). Said right after the
 * business's name, they are not said twice ("Brass Rail Hobbies keystone starter set reviews").
 * Two words of the name at least: one alone may be the kind's own word ("a harbour tour" at Harbour
 * Distillers is a kind of tour, "escuela de verano" at Escuela Infantil Pequeñitos a summer school).
 */
export const brandCased = (prompt: string, facts: Pick<PromptFacts, "name" | "businessName">): string => {
  const words = squish(facts.businessName).replace(/^the\s+/iu, "").split(" ")
  for (let k = words.length; k >= 2; k--) {
    const run = words.slice(0, k)
    // ("Crate & Needle": a joining word inside the run, never at its end.)
    if (!run.every((w, i) => /^\p{Lu}[\p{Ll}\p{Lu}'’-]*$/u.test(w) || (i > 0 && i < k - 1 && /^(?:&|and|y|et|und)$/u.test(w)))) continue
    const proper = run.join(" ")
    if (!new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(proper)}(?![\\p{L}\\p{N}])`, "u").test(facts.name)) continue
    const lower = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(proper.toLowerCase())}(?![\\p{L}\\p{N}])`, "gu")
    if (!lower.test(prompt)) continue
    const business = squish(facts.businessName)
    return prompt
      .replace(new RegExp(`(?<![\\p{L}\\p{N}])(${escapeRegExp(business)})\\s+${escapeRegExp(proper.toLowerCase())}(?![\\p{L}\\p{N}])`, "gu"), "$1")
      .replace(lower, proper)
  }
  return prompt
}

/** Whether `phrase` holds `name`'s words (a leading article aside) as a run. */
const holdsName = (phrase: string, name: string): boolean => {
  const words = squish(name).replace(/^(?:the|a|an)\s+/i, "").split(" ").filter((w) => w.length > 0)
  return words.length > 0 &&
    new RegExp(`(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join("\\s+")}(?![\\p{L}\\p{N}])`, "iu").test(phrase)
}

/**
 * A business's offerings without the headings that group them: two words joined by "&" whose
 * words the other offerings say again ("classes & workshops" beside "puppy classes" and "recall
 * workshops"): "I need classes & workshops on short notice" is nobody's question. A heading naming
 * something said nowhere else ("cover-ups & reworks") is kept.
 */
const sectionsAside = (offerings: ReadonlyArray<string>, facts: PromptFacts): Array<string> => {
  const pair = (o: string) => /^[\p{L}-]+ & [\p{L}-]+$/u.test(o)
  if (facts.kind !== "business") return [...offerings]
  const stems = new Set(offerings.filter((o) => !pair(o)).flatMap((o) => wordsOf(o).map(stem)))
  return offerings.filter((o) => !pair(o) || !wordsOf(o).every((w) => stems.has(stem(w))))
}

/** Usable phrases: name removed, 1–6 words, no URLs, deduplicated, in order. */
const phrases = (values: ReadonlyArray<string>, facts: PromptFacts): Array<string> => {
  const seen = new Set<string>()
  const out: Array<string> = []
  for (const value of values) {
    const phrase = withoutName(squish(value), facts)
    if (phrase === undefined) continue
    const words = wordsOf(phrase).length
    if (words === 0 || words > 6 || /https?:|www\./i.test(phrase)) continue
    const key = phraseKey(phrase)
    if (seen.has(key)) continue
    seen.add(key)
    out.push(phrase)
  }
  return out
}

const rotate = <A>(items: ReadonlyArray<A>, by: number): Array<A> =>
  items.length === 0 ? [] : [...items.slice(by % items.length), ...items.slice(0, by % items.length)]

/** The hash of the facts in a fixed field order: equal facts, equal rotations. */
const factsHash = (facts: PromptFacts): number =>
  fnv1a(
    JSON.stringify([
      facts.name, facts.kind, facts.businessName, facts.url, facts.offerings, facts.category, facts.place, facts.audience, facts.keywords,
      facts.features ?? [], facts.openDays ?? []
    ])
  )

// ---------------------------------------------------------------------------------------------
// Generation

export interface TaggedPrompt {
  readonly prompt: string
  readonly intent: PromptIntent
  readonly template: string
}

/** A slot value with its tier: 0 from the facts, higher for weaker stand-ins (keywords, generic words). */
interface Tiered<A> {
  readonly value: A
  readonly tier: number
}

interface Offering {
  readonly text: string
  readonly plural: boolean
}

interface Pools {
  readonly categories: ReadonlyArray<Tiered<Category>>
  readonly offerings: ReadonlyArray<Tiered<Offering>>
  readonly audiences: ReadonlyArray<Tiered<string>>
  readonly features: ReadonlyArray<Tiered<string>>
  readonly days: ReadonlyArray<Tiered<string>>
}

const tiered = <A>(values: ReadonlyArray<A>, tier: number): Array<Tiered<A>> => values.map((value) => ({ value, tier }))

/** A product named as a model (a name that is its brand) whose page says the kind of thing it is. */
const modelWithKind = (offerings: ReadonlyArray<string>, facts: PromptFacts): boolean =>
  offerings[0] !== undefined && namesEntity(offerings[0], facts) && offerings.slice(1).some((o) => !namesEntity(o, facts))

/**
 * The values each slot can take, best first: the facts' own (rotated by the hash), then stand-ins
 * (keywords for missing offerings, "<offering> specialist" for a missing category), then generic
 * words, reached only when the better ones are used up or rejected by the validator. A product's
 * own name comes before the other things its page lists: its prompts are about it.
 */
/**
 * A kind of one word ("school", "studio") is what the business's own name says it is when the
 * name ends in it after a word of what for: "Harbour Cookery School" is a cookery school ("Which
 * schools near me are open?" asks for any school).
 */
const namedKind = (category: string | undefined, businessName: string): string | undefined => {
  if (category === undefined || !/^\p{Ll}+$/u.test(category) || isMass(category)) return category
  const words = businessName.split(/\s+/u)
  const before = words.at(-2) ?? ""
  // "Saffron & Salt Catering": a word after "&" or "and" is the name's own, not what for.
  return fold(words.at(-1) ?? "") === category && /^\p{Lu}\p{Ll}{2,}$/u.test(before) && !STOP_WORDS.has(before.toLowerCase()) && words.length >= 3 &&
      !/^(?:&|and|und|et|y|e)$/iu.test(words.at(-3) ?? "")
    ? `${before.toLowerCase()} ${category}`
    : category
}

const poolsOf = (facts: PromptFacts, hash: number, lastResort = false): Pools => {
  const offerings = sectionsAside(phrases(facts.offerings, facts), facts)
  const offeringKeys = new Set(offerings.map(phraseKey))
  // A product whose only offerings hold its own name has every prompt about them naming it (a brand
  // prompt, capped): as the last resort its page's words stand in, or the set could not be filled.
  const onlyOwnName = lastResort && facts.kind === "product" && offerings.every((o) => holdsName(o, facts.name))
  const keywords = offerings.length >= (facts.kind === "product" ? 1 : 2) && !onlyOwnName
    ? []
    : phrases(facts.keywords.slice(0, 6), facts).filter((k) => !offeringKeys.has(phraseKey(k)))
  const category = namedKind(facts.category === null ? undefined : phrases([facts.category], facts)[0], facts.businessName)
  const derived = category !== undefined
    ? []
    // (Not from a thing had at a distance: "closest video consultation specialist to me" asks for a call's place.)
    : [...offerings, ...keywords].filter((o) => !isRemote(o, facts.inEnglish !== false)).slice(0, 3)
      .map((o) => `${singularOf(o)} ${facts.kind === "business" ? "specialist" : "brand"}`)
  const own = facts.kind === "product" ? offerings.slice(0, 1) : rotate(offerings, hash >>> 3)
  const categoryWords = new Set(contentWords(category ?? "").map(stem))
  const more = facts.kind === "product" ? offerings.slice(1) : []
  const inEnglish = facts.inEnglish !== false
  return {
    categories: [
      ...tiered(category === undefined ? [] : [categoryOf(category)], 0),
      ...tiered(rotate(derived, hash).map(categoryOf), 1),
      // A product of a known kind of business is asked about by that kind: "stores" or "brands" for a
      // caterer's package or a workshop's tune-up read as nonsense; the generic sellers stand in only
      // when no kind is known; after its own kind, "company" and "specialist" fit any trade.
      ...tiered((isSoftware(category === undefined ? undefined : categoryOf(category))
        ? SOFTWARE_CATEGORIES
        : facts.kind === "product" && category !== undefined ? KNOWN_KIND_SELLERS : GENERIC_CATEGORIES[facts.kind]).map(categoryOf), 2)
    ],
    offerings: [
      // A problem keeps its own form: "back pain", never "back pains".
      ...tiered(own.map((o) => (facts.kind === "product" ? productForm(o, inEnglish) : isCondition(o) ? { text: o, plural: isPlural(o) } : offeringForm(o, inEnglish))), 0),
      // What is booked at a business whose kind named it ("snowboard lesson" for a snowboard school) is one of its offerings.
      ...tiered(facts.kind === "business" && category !== undefined && BOOKED_HEAD.test(category) && !offeringKeys.has(phraseKey(category)) &&
          !offeringKeys.has(phraseKey(offeringForm(category, inEnglish).text))
        ? [offeringForm(category, inEnglish)]
        : [], 0),
      ...tiered(more.map((o) => offeringForm(o, inEnglish)), 1),
      ...tiered(rotate(keywords, hash >>> 4).map((o) => offeringForm(o, inEnglish)), 1),
      // With no offering known, what the category itself offers; generic words only when even that is unknown.
      // (A product with an offering of its own keeps to it: "bed and breakfasts" is not the Garden Room.)
      ...tiered(category === undefined || (facts.kind === "product" && offerings.length > 0) ? [] : [categoryOffering(facts.kind, categoryOf(category))], 1),
      // (A product with a second thing of its own, its kind ("standing desk" for the Halo X2 Standing
      // Desk), is asked about it with qualifiers before any generic word: those only as the last resort.)
      ...tiered(category === undefined && !(facts.kind === "product" && !lastResort && modelWithKind(offerings, facts)) ? GENERIC_OFFERINGS[facts.kind].map((text) => ({ text, plural: true })) : [], 2),
      // A product that names one thing only may run out of distinct prompts about it: the category,
      // then generic words, as the very last resort, so that a set is always filled.
      ...tiered(lastResort && category !== undefined && facts.kind === "product" && offerings.length > 0 ? [categoryOffering(facts.kind, categoryOf(category))] : [], 3),
      ...tiered(lastResort && category !== undefined ? GENERIC_OFFERINGS[facts.kind].map((text) => ({ text, plural: true })) : [], 4)
    ],
    audiences: [...tiered(rotate(phrases(facts.audience, facts), hash >>> 5), 0), ...tiered(GENERIC_AUDIENCES[facts.kind], 1)],
    // A feature the category already says ("breakfast included" for a bed and breakfast) adds nothing.
    features: tiered((facts.features ?? []).filter((f) => !contentWords(f).some((w) => categoryWords.has(stem(w)))), 0),
    // Opening days are asked about a place customers visit; software's support hours are not.
    days: tiered(facts.visitable === false ? [] : facts.openDays ?? [], 0)
  }
}

/**
 * A product's own name as the general templates ask for it: in the plural like any offering that
 * takes an article, but a name of one uncommon word is a proper name and keeps its form
 * ("carcassonne", not "carcassonnes").
 */
const productForm = (name: string, inEnglish: boolean): Offering => {
  if (!inEnglish) return offeringForm(name, false)
  const words = wordsOf(name)
  if (words.length === 1 && !isCommonWord(words[0]!)) return { text: name, plural: false }
  // "Harbour tour & tasting": two things sold as one keep their form ("tour & tastings" is neither).
  // (Plural when either is: "export crates & pallet collars are", "a harbour tour & tasting is".)
  if (/\s(?:&|and)\s/u.test(name)) return { text: name, plural: offeringForm(name).plural }
  const form = offeringForm(name)
  // "a knife skills course", "a new patient consultation": one of many, so asked for in the
  // plural ("good knife skills courses"), not as a mass ("good knife skills course").
  return !form.plural && productArticle(name).aProduct !== name ? { text: pluralOf(name), plural: true } : form
}

/** "florist services", "running shoes": a category standing in for the offerings nobody listed. */
const categoryOffering = (kind: PromptFacts["kind"], category: Category): Offering =>
  kind === "business" && category.countable ? { text: `${category.category} services`, plural: true } : { text: category.categories, plural: true }

const isSoftware = (category: Category | undefined) => category !== undefined && /\b(?:software|app|platform|tool|saas|crm|erp)s?$/.test(category.category)

/** Kinds named by a place: "Can I get an auto repair shop on a Saturday?" asks for a building. */
const PLACE_KIND = /\b(?:shop|store|centre|center|studio|clinic|salon|workshop|garage|school|hall|yard|lab|laboratory)$/u

const applies = (template: PromptTemplate, facts: PromptFacts, category: Category, pools: Pools): boolean =>
  (template.needs ?? []).every((need) => {
    switch (need) {
      case "place":
        // Software used online is not chosen by town: "podcast hosting software in Lisbon" is
        // nobody's question. (A shop that only ships is still of its town: "coffee roasters in Turin".)
        return facts.place !== null && (facts.visitable !== false || facts.kind === "product" || !isSoftware(pools.categories[0]?.value))
      case "local":
        // "Near me" suits a place customers go to (a business, or a product sold somewhere in
        // particular); not software or a shop that only ships.
        return facts.visitable !== false && (facts.kind === "business" || facts.place !== null)
      case "online":
        return facts.visitable === false
      case "visit":
        return facts.visitable !== false
      case "premises":
        return facts.atCustomer !== true
      case "callout":
        return facts.atCustomer === true && facts.visitable !== false
      case "trade":
        return !PLACE_KIND.test(category.category)
      // What the entity is, by its best category (not the stand-in being tried).
      case "software":
        return isSoftware(pools.categories[0]?.value)
      case "goods":
        // A software feature ("recurring invoices") is not bought, compared or priced on its own.
        return !isSoftware(pools.categories[0]?.value)
      case "countable":
        return category.countable
      case "business":
        return facts.kind === "business"
      case "product":
        // "Where can I buy ... near me": not for a thing hired, nor a service ("concrete cylinder testing", "legal couriers").
        return facts.kind === "product" && !isHired(facts.offerings, facts.keywords) && !isServiceProduct(facts.offerings[0] ?? facts.name)
      case "other":
      case "alike":
        return pools.offerings.filter((o) => o.tier === 0).length >= 2
      case "day":
        return pools.days.length > 0
      case "weekend":
        return pools.days.some((d) => d.value === "Saturday" || d.value === "Sunday")
      case "activity":
      case "distinct":
      case "present":
      case "dated":
      case "urgent":
      case "problem":
        // Judged per offering (variantsOf).
        return true
      case "dietary":
      case "adjective":
      case "with":
        return featuresFor(template, pools).length > 0
    }
  })

const featuresFor = (template: PromptTemplate, pools: Pools): ReadonlyArray<Tiered<string>> => {
  const needs = template.needs ?? []
  if (needs.includes("dietary")) return pools.features.filter((f) => DIETARY.has(f.value))
  if (needs.includes("adjective")) return pools.features.filter((f) => ADJECTIVES.has(f.value))
  if (needs.includes("with")) return pools.features.filter((f) => !ADJECTIVES.has(f.value))
  return pools.features
}

const ONE = [{ value: "", tier: 0 }] as const

/**
 * The offering to weigh `offering` against: the first of the facts' own after `from` that is of
 * the same kind, sharing a word with it ("shio ramen" and "tonkotsu ramen", "board bags" and
 * "board socks"). Two things of different kinds are no alternatives: "Which is better, bike
 * rentals or airport transfers?" is nobody's question.
 */
const alternativeTo = (
  offering: string,
  offerings: ReadonlyArray<Tiered<Offering>>,
  from: number,
  appointmentLed: boolean,
  inEnglish: boolean
): Tiered<Offering> | undefined => {
  const stems = new Set(contentWords(offering).map(stem))
  const booked = (o: string) => appointmentLed || isAppointment(o, inEnglish) || isRemote(o, inEnglish)
  for (let i = 0; i < offerings.length; i++) {
    const other = offerings[(from + i) % offerings.length]!
    if (other.tier > 0 || !pairs(offering, other.value.text)) continue
    if (!contentWords(other.value.text).some((w) => stems.has(stem(w)))) continue
    // Two booked things are alternatives when they are one kind had two ways ("video consultation",
    // "home visit consultation"), not two treatments sharing a word ("laser hair removal", "carbon laser peel").
    if ((booked(offering) || booked(other.value.text)) && !bookedAlike(offering, other.value.text, inEnglish)) continue
    return other
  }
  return undefined
}

/** Whether a business's (or a product's) own offerings are work booked for a time, judged once per pools. */
const appointmentLedCache = new WeakMap<Pools, boolean>()
const appointmentLedOf = (facts: PromptFacts, pools: Pools): boolean => {
  let led = appointmentLedCache.get(pools)
  if (led === undefined) {
    const own = pools.offerings.filter((o) => o.tier === 0).map((o) => o.value.text)
    led = isAppointmentLed(own, [facts.category, facts.siteCategory], facts.inEnglish !== false)
    appointmentLedCache.set(pools, led)
  }
  return led
}

/**
 * Whether two offerings can be named together: neither is a gift card (bought for someone, not
 * chosen between), and neither says all the other says ("windscreen replacement" and "windscreen
 * replacement, most cars" are one thing).
 */
const pairs = (offering: string, other: string): boolean => {
  if (GIFT.test(other) || GIFT.test(offering)) return false
  const within = (a: string, b: string) => {
    const stems = new Set(wordsOf(b).map(stem))
    return wordsOf(a).every((w) => STOP_WORDS.has(w) || stems.has(stem(w)))
  }
  return !within(offering, other) && !within(other, offering)
}

const categoryStemCache = new WeakMap<Category, ReadonlySet<string>>()
const categoryStems = (category: Category): ReadonlySet<string> => {
  let stems = categoryStemCache.get(category)
  if (stems === undefined) {
    stems = new Set(contentWords(category.category).map(stem))
    categoryStemCache.set(category, stems)
  }
  return stems
}

/**
 * The candidates of one template, lazily, best values first: every combination whose tiers sum
 * to 0 (the facts' own values only), then to 1, and so on up to `maxTotal`. Offerings vary
 * fastest, from a per-template offset so that neighbouring templates start on different ones.
 */
function* variantsOf(
  template: PromptTemplate,
  facts: PromptFacts,
  pools: Pools,
  offset: number,
  maxTotal: number,
  spread: number
): Generator<{ readonly text: string; readonly offering: string | undefined }> {
  const offerings = template.usesOffering ? pools.offerings : pools.offerings.slice(0, 1).map((o) => ({ ...o, tier: 0 }))
  const audiences = template.usesAudience ? pools.audiences : pools.audiences.slice(0, 1).map((a) => ({ ...a, tier: 0 }))
  const features = template.usesFeature ? featuresFor(template, pools) : ONE
  const days = template.usesDay ? pools.days : ONE
  const fitting = pools.categories.filter((c) => applies(template, facts, c.value, pools))
  const categories = template.usesCategory ? fitting : fitting.slice(0, 1).map((c) => ({ ...c, tier: 0 }))
  if (offerings.length === 0 || categories.length === 0 || features.length === 0 || days.length === 0) return
  const pick = <A>(items: ReadonlyArray<A>, i: number) => items[(i + offset) % items.length]!
  const needs = template.needs ?? []
  const inEnglish = facts.inEnglish !== false
  const led = appointmentLedOf(facts, pools)
  for (let total = 0; total <= maxTotal; total++) {
    for (const category of categories) {
      for (let d = 0; d < days.length; d++) {
        const day = pick(days, d)
        // "Can I get a roofer on a Tuesday?": a trade is asked about the weekend only.
        if (needs.includes("callout") && day.value !== "" && day.value !== "Saturday" && day.value !== "Sunday") continue
        for (let f = 0; f < features.length; f++) {
          const feature = pick(features, f)
          for (let a = 0; a < audiences.length; a++) {
            for (let o = 0; o < offerings.length; o++) {
              const offering = pick(offerings, o)
              // The audience turns with the offering, and each template of an intent starts on the next
              // one: the first prompts of an intent reach as many audiences as there are templates.
              const audience = audiences[(a + o + spread) % audiences.length]!
              if (category.tier + audience.tier + offering.tier + feature.tier + day.tier !== total) continue
              // "gluten-free gluten-free brownies": a feature the offering already names.
              if (feature.value !== "" && offering.value.text.includes(feature.value)) continue
              // "closest bed and breakfast to me for breakfasts": an offering the category already says.
              if (template.usesCategory && contentWords(offering.value.text).every((w) => categoryStems(category.value).has(stem(w)))) continue
              // "réparation d'électroménager pour réparation de lave-linge": a word of the category said again.
              if ((template.needs ?? []).includes("distinct") && contentWords(offering.value.text).some((w) => categoryStems(category.value).has(stem(w)))) continue
              // "invoicing software with invoicing software options": a software template needs a feature of its own.
              if ((template.needs ?? []).includes("software") && offering.value.text.includes(category.value.category)) continue
              // A gift card is bought for someone, not judged, compared or learnt about: "How can I tell if
              // gift certificates are good quality?", "washi tapes vs gift cards" are nobody's questions.
              if (GIFT.test(offering.value.text) && !GIFT_TEMPLATES.has(template.id)) continue
              if (template.id.startsWith("comparison-") && GIFT.test(offerings[(o + offset + 1) % offerings.length]!.value.text)) continue
              // "What is the best way to handle mobile apps?": only something done is handled.
              if ((template.needs ?? []).includes("activity") && !ACTIVITY.test(offering.value.text)) continue
              // "video consultations near me", "tongue-tie assessment on a Thursday", "audios on short notice":
              // a frame the offering is not had in.
              if (needs.includes("present") || needs.includes("dated") || needs.includes("urgent")) {
                const fit = frameFit(offering.value.text, led, inEnglish)
                if ((needs.includes("present") && !fit.present) || (needs.includes("dated") && !fit.dated) || (needs.includes("urgent") && !fit.urgent)) continue
              }
              // A problem ("fears & phobias") is helped with, never got, bought or rated: it fills its own frames and
              // those that ask for something for it; a thing sold never fills a problem's frame.
              const problem = template.usesOffering && isCondition(offering.value.text)
              if ((template.needs ?? []).includes("problem") ? !problem : problem && !template.offeringAfterFor) continue
              const at = (o + offset) % offerings.length
              const other = (template.needs ?? []).includes("alike")
                ? alternativeTo(offering.value.text, offerings, (at + 1) % offerings.length, led, inEnglish)
                : offerings[(at + 1) % offerings.length]!
              if (other === undefined) continue
              // ("Which hypnotherapists offer both quit smoking hypnosis and anxiety & stress?": a problem is not offered.)
              if (((template.needs ?? []).includes("other") || (template.needs ?? []).includes("alike")) && isCondition(other.value.text)) continue
              // Each offering in one pair at most (the first with the second, the third with the fourth), and
              // by one kind of business only: two prompts naming one offering would share most of their words.
              if ((template.needs ?? []).includes("other") && (at % 2 === 1 || at + 1 >= offerings.length || other.tier > 0 ||
                category !== categories[0] || !pairs(offering.value.text, other.value.text))) continue
              const text = squish(template.render({
                kind: facts.kind,
                ...category.value,
                offering: offering.value.text,
                offeringPlural: offering.value.plural,
                offeringOne: namesOne(offering.value, inEnglish),
                other: other.value.text,
                otherOne: namesOne(other.value, inEnglish),
                place: facts.place,
                audience: audience.value,
                feature: feature.value,
                day: day.value,
                name: facts.kind === "product" ? facts.businessName : facts.name
              }))
              yield { text, offering: template.usesOffering ? offering.value.text : undefined }
            }
          }
        }
      }
    }
  }
}

/** One intent's candidates: each template's first variant, then each one's second, and so on. */
function* intentStream(
  templates: ReadonlyArray<PromptTemplate>,
  /** The whole list the templates come from: a template's place in it turns where it starts. */
  all: ReadonlyArray<PromptTemplate>,
  facts: PromptFacts,
  pools: Pools,
  hash: number,
  qualify: boolean,
  maxTotal: number,
  /** A product's own qualifiers only, on short prompts that say whom or what for nowhere. */
  sparing: boolean,
  /** Whether a qualifier may say again what its frame says, or follow a tail the frame has. */
  stacked = false
) {
  // Offsets spread over the whole template list, so that different templates (of every intent)
  // start on different offerings.
  const iterators = templates.map((template, i) => ({
    template,
    iterator: variantsOf(template, facts, pools, hash + all.indexOf(template) * 7, maxTotal, i)
  }))
  let live = iterators
  while (live.length > 0) {
    const next: typeof live = []
    for (const entry of live) {
      const step = entry.iterator.next()
      if (step.done === true) continue
      next.push(entry)
      const { offering, text } = step.value
      if (!qualify) {
        yield { prompt: text, template: entry.template.id, offering }
        continue
      }
      // A product's set reaches its qualifiers only when its own templates ran out: one short
      // qualifier, on a prompt that does not already say whom or what it is for.
      if (sparing && (/\bfor\b/u.test(text) || wordsOf(text).length > 9)) continue
      // A product's question takes one of them at most: five tails on one question are five
      // copies of it, each read as padding.
      const offered = sparing ? [PRODUCT_QUALIFIERS[fnv1a(text) % PRODUCT_QUALIFIERS.length]!] : QUALIFIERS
      for (const qualifier of offered) {
        if (facts.visitable === false && VISIT_QUALIFIERS.has(qualifier)) continue
        // "deep sleep hypnosis audios ... close by", "... for a last-minute need": an offering had at a distance is not gone to.
        if (offering !== undefined && (VISIT_QUALIFIERS.has(qualifier) || qualifier === "for a last-minute need") && isRemote(offering, facts.inEnglish !== false)) continue
        // "closest restaurant to me for fish & chips for a last-minute need": a second "for" after the
        // one saying what for is a tail piled on, never one thing asked (but for the last resort's
        // stand-ins, with which a set of any size is still filled).
        if (maxTotal === 0 && qualifier.startsWith("for ") && /\bfor\b/u.test(text)) continue
        // "bespoke suits near me in Chicago close by": the prompt already says where.
        if (qualifier === "close by" && /\b(?:near me|nearby|closest)\b/iu.test(text)) continue
        // "It is my first time getting ..., what should I know on a tight budget?": a tail on a tail, or said twice.
        if (!stacked && stacksOnFrame(text, qualifier)) continue
        const prompt = /[?.]$/.test(text) ? text.replace(/([?.])$/, ` ${qualifier}$1`) : `${text} ${qualifier}`
        yield { prompt, template: entry.template.id, offering }
      }
    }
    live = next
  }
}

/**
 * A prompt's words, each beside its stem, so that setting a name's stems apart, and counting a
 * word as shared when the other prompt has it in any form, costs no stemming per comparison
 * (the generator compares every candidate with every prompt taken).
 */
interface Stemmed {
  readonly words: ReadonlyArray<string>
  readonly stems: ReadonlyArray<string>
  readonly wordSet: ReadonlySet<string>
  readonly stemSet: ReadonlySet<string>
}

const stemmed = (words: Iterable<string>): Stemmed => {
  const list = [...words]
  const stems = list.map(stem)
  return { words: list, stems, wordSet: new Set(list), stemSet: new Set(stems) }
}

/** The words whose stem is not in `apart`. */
const without = (said: Stemmed, apart: ReadonlySet<string>): Stemmed => {
  if (apart.size === 0) return said
  const keep = said.stems.map((s) => !apart.has(s))
  return stemmed(said.words.filter((_, i) => keep[i]))
}

/** Shares of `a`'s words whose stem `b` has, over both sizes less the shared. */
const stemSimilarity = (a: Stemmed, b: Stemmed): number => {
  if (a.words.length === 0 && b.words.length === 0) return 1
  let shared = 0
  for (const s of a.stems) if (b.stemSet.has(s)) shared++
  return shared / (a.words.length + b.words.length - shared)
}

/**
 * What the near-duplicate check compares of a prompt:
 * - its shape: content words' stems, as the validator compares them;
 * - its wording: its distinct words as written, function words aside, a singular and its plural
 *   kept apart. Similarity counts a word once for each form a prompt repeats it in: "bed and
 *   breakfasts in Bath with breakfast included" shares 4 of 5 words with "best bed and breakfast
 *   in Bath" this way, though only 3 of 5 stems. Readers see the repetition, so the generator
 *   avoids it too;
 * - its loose words: content words as written ("business shirts for Wellington businesses" keeps
 *   both), a word counting as shared when the other prompt has it in any form: "best business
 *   shirts for Wellington businesses" and "best ties for Wellington businesses" share four of
 *   five, as a reader counting words sees them, though their stems share three of five.
 */
interface Said {
  readonly shape: Stemmed
  readonly wording: Stemmed
  readonly loose: Stemmed
}

/**
 * Function words only: "now", "near", "year" are what a reader compares two prompts by, though the
 * validator's longer stop list leaves them out ("bakery open now near me" and "... this year").
 */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  `a an the and or but of in on at to for from with by about as into is are was were be been being do does did i me my we
  our you your it its this that these those there here what which who whom where when why how can could should would will
  shall may might must any some much many very just also than then so if get find whats im`.split(/\s+/)
)

const saidOf = (prompt: string): Said => {
  const words = wordsOf(prompt)
  return {
    shape: stemmed(shapeOf(prompt)),
    wording: stemmed(new Set(words.filter((w) => !FUNCTION_WORDS.has(w)))),
    loose: stemmed(new Set(words.filter((w) => !STOP_WORDS.has(w))))
  }
}

const saidWithout = (said: Said, apart: ReadonlySet<string>): Said =>
  apart.size === 0 ? said : { shape: without(said.shape, apart), wording: without(said.wording, apart), loose: without(said.loose, apart) }

/** Stricter than the validator's bound, so a set never sits at its edge. */
const GENERATOR_SIMILARITY = 0.7

/** Whether a candidate says what a prompt already taken says. */
const saysTheSame = (candidate: Said, other: Said): boolean =>
  jaccard(candidate.shape.wordSet, other.shape.wordSet) >= GENERATOR_SIMILARITY ||
  // (Both ways: "... both casual mat classes and 10-class passes?" holds nearly every word of "...
  // both reformer classes and mat pilates?", though the shorter holds fewer of the longer's.)
  Math.max(stemSimilarity(candidate.wording, other.wording), stemSimilarity(other.wording, candidate.wording)) >= NEAR_DUPLICATE_SIMILARITY ||
  stemSimilarity(other.loose, candidate.loose) >= NEAR_DUPLICATE_SIMILARITY

const NO_WORDS: ReadonlySet<string> = new Set()

/** Largest-remainder split of `count` over the intents by weight. */
const quotasOf = (count: number): Record<PromptIntent, number> => {
  const exact = PROMPT_INTENTS.map((intent) => ({ intent, value: (count * INTENT_WEIGHTS[intent]) / 100 }))
  const quotas = Object.fromEntries(exact.map((e) => [e.intent, Math.floor(e.value)])) as Record<PromptIntent, number>
  let left = count - exact.reduce((sum, e) => sum + Math.floor(e.value), 0)
  const byRemainder = [...exact].filter((e) => e.intent !== "brand").sort((a, b) => (b.value % 1) - (a.value % 1))
  for (const e of byRemainder) {
    if (left <= 0) break
    quotas[e.intent] += 1
    left -= 1
  }
  return quotas
}

/**
 * A model's facts with the kind its own name ends in, when its page gave no kind and its
 * business's kind says that word too: "1959 Bentley S2 Wedding Car" at a wedding car hire company
 * is a wedding car, asked about as one by a customer who has not settled on the model ("Canon
 * AE-1 Program" at a camera shop: a code's own suffix is no kind of the shop's).
 */
const withKindInName = (facts: PromptFacts): PromptFacts => {
  if (facts.kind !== "product" || facts.category === null || facts.offerings.some((o) => !namesEntity(o, facts))) return facts
  const tokens = squish(facts.name.replace(/\([^)]*\)/gu, " ")).split(/\s+/u)
  const code = tokens.map((t) => /\d/u.test(t)).lastIndexOf(true)
  const tail = tokens.slice(code + 1)
  if (code < 0 || tail.length === 0 || tail.length > 3 || !tail.every((t) => /^\p{L}{3,}$/u.test(t) && !STOP_WORDS.has(fold(t)))) return facts
  const kind = wordsOf(tail.join(" ").toLowerCase())
  const said = wordsOf(facts.category)
  const at = said.findIndex((_, i) => kind.every((w, j) => stem(w) === stem(said[i + j] ?? "")))
  if (at < 0) return facts
  // (Hired, if its business's kind says so: "wedding car hire", never "Should I buy a wedding car?")
  const hire = HIRE_WORD.test(said[at + kind.length] ?? "") ? [said[at + kind.length]!] : []
  return { ...facts, offerings: [...facts.offerings, [...kind, ...hire].join(" ")] }
}

/**
 * `count` prompts that pass the validator alongside `existing` (prompts already chosen, e.g. a
 * language model's): used for the full built-in set and to top up a model's answer. Throws only
 * if even the generic fallbacks cannot fill the set, which the tests rule out for counts of a
 * few hundred.
 */
export const builtinTopUp = (
  given: PromptFacts,
  existing: ReadonlyArray<string>,
  count: number,
  setSize: number = existing.length + count
): ReadonlyArray<TaggedPrompt> => {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Expected a prompt count ≥ 0, got ${count}`)
  const facts = withKindInName(given)
  const validator: PromptValidator = makePromptValidator(facts, { count: setSize, existing })
  const hash = factsHash(facts)
  const out: Array<TaggedPrompt> = []
  const quotas = quotasOf(count)
  const taken = Object.fromEntries(PROMPT_INTENTS.map((intent) => [intent, 0])) as Record<PromptIntent, number>

  const said: Array<Said> = existing.map(saidOf)
  /** `said` with a name's stems set apart, per name, extended as prompts are taken. */
  const saidApart = new Map<ReadonlySet<string>, Array<Said>>()
  /**
   * Whether a prompt says what one already taken says. `apart` holds the stems of a name every
   * prompt of a product's own set repeats: two questions about one thing differ by their other
   * words ("How much does a tasmanian oak end-grain chopping board cost?" and "Is a tasmanian oak
   * end-grain chopping board good value?" ask two things), however long its name.
   */
  const nearDuplicate = (prompt: string, apart: ReadonlySet<string> = NO_WORDS): boolean => {
    let others = apart.size === 0 ? said : saidApart.get(apart)
    if (others === undefined) saidApart.set(apart, others = [])
    for (let i = others.length; i < said.length; i++) others.push(saidWithout(said[i]!, apart))
    const candidate = saidWithout(saidOf(prompt), apart)
    return others.some((other) => saysTheSame(candidate, other))
  }
  const usage = new Map<string, number>()
  /** Takes a candidate that is no near-duplicate and passes the validator. */
  const accept = (prompt: string, intent: PromptIntent, template: string, offering: string | undefined, apart?: ReadonlySet<string>): boolean => {
    if (nearDuplicate(prompt, apart) || saysTwice(prompt)) return false
    const verdict = validator.offer(prompt)
    if (!verdict.ok) return false
    out.push({ prompt: facts.kind === "product" ? brandCased(verdict.prompt, facts) : verdict.prompt, intent, template })
    said.push(saidOf(verdict.prompt))
    if (offering !== undefined) usage.set(offering, (usage.get(offering) ?? 0) + 1)
    taken[intent] += 1
    return true
  }
  // Every prompt of a product's set names it: they are told apart by their other words.
  let ownName: ReadonlySet<string> = new Set(facts.kind === "product" ? shapeOf(phrases(facts.offerings, facts)[0] ?? "") : [])
  /** Whether a product was asked about with its own questions (not a brand's model, not software). */
  let ownQuestions = false
  /** The offerings the general templates take: a named thing's own name is asked about by its own. */
  let generalOfferings = facts.offerings
  // A product (not software, whose features are asked about as its kind's) is first asked about
  // as customers ask about one thing: its price, reviews, kinds, where to buy it.
  if (facts.kind === "product") {
    const category = facts.category === null ? undefined : phrases([facts.category], facts)[0]
    const names = phrases(facts.offerings, facts)
    // A name that is the product's own brand ("alchemist's cellar" for The Alchemist's Cellar) makes
    // every such prompt a brand prompt, capped: its set is about its kind, as a business's is. It is
    // judged as the templates write it, with its article: "a harbour tour" is a kind of tour, though
    // "harbour tour" alone could open the name of Harbour Distillers.
    const branded = (name: string) => namesEntity(`Is ${productArticle(name).aProduct} good?`, facts)
    // A model's name ("Ridge S3 Safety Boot") is its brand too; the kind its page says it is
    // ("safety boot") is what customers shopping for one ask about, as they ask about a described product.
    // The kind sharing most words with its own name ("legal couriers" for the RUSH Legal Courier)
    // first, before a wider one its page also gives ("business courier"); ties keep the page's order.
    const ownStems = new Set(wordsOf(facts.name).map(stem))
    const shared = (name: string) => wordsOf(name).filter((w) => ownStems.has(stem(w))).length
    const kinds = names.filter((name) => !branded(name)).sort((a, b) => shared(b) - shared(a))
    const ownBrand = names[0] !== undefined && branded(names[0]) && (facts.name === facts.businessName || kinds.length === 0)
    const software = isSoftware(category === undefined ? undefined : categoryOf(category))
    // A site in another language is asked about its product in its own words first, a product
    // named as a brand too ("Pacchetto Sicurezza Plus prezzo" is a customer's search).
    if (isLocalLanguage(facts.language) && !software && names.length > 0) {
      const own = names[0] !== undefined && branded(names[0]) && !ownBrand ? kinds : names
      const apart = new Set(shapeOf(own[0] ?? ""))
      const local = localProductPrompts(facts.language, { names: own, place: facts.place, business: facts.businessName, visitable: facts.visitable !== false })
      for (const { prompt, template } of local) {
        if (out.length >= count) return out
        if (taken[template.intent] < quotas[template.intent]) accept(prompt, template.intent, template.id, undefined, apart)
      }
    }
    if (!software && !ownBrand) {
      let fill = {
        names: names[0] !== undefined && branded(names[0]) ? kinds : names,
        category: category ?? null,
        place: facts.place,
        audiences: phrases(facts.audience, facts),
        dietary: (facts.features ?? []).filter((f) => DIETARY.has(f)),
        business: facts.businessName,
        visitable: facts.visitable !== false,
        hired: isHired(names, facts.keywords)
      }
      ownName = new Set(shapeOf(fill.names[0] ?? ""))
      ownQuestions = fill.names.length > 0
      // A name of the business's own for one thing ("The Kestrel Hut", "WellCheck": no model number)
      // whose page says what it is: a few questions by that name, the rest about what it is.
      // (Not a thing named for its town: "Bergen fish soup" at a Bergen food truck is a fish soup.)
      const placeWords = new Set(wordsOf(facts.place ?? "").map(stem))
      if (names[0] !== undefined && branded(names[0]) && kinds.length > 0 && !/\d/u.test(facts.name) && !wordsOf(facts.name).some((w) => placeWords.has(stem(w)))) {
        // Its kind shares most words with its name ("monthly pass" for the Meeple Pass, not "toasties" from the menu it is on).
        const ownKinds = kinds.filter((kind) => shared(kind) === shared(kinds[0]!))
        const named = { name: names[0], withThe: /^the\s/iu.test(squish(facts.name)), kind: ownKinds.reduce((a, b) => (wordsOf(b).length < wordsOf(a).length ? b : a)), business: facts.businessName, place: facts.place }
        for (const candidate of namedCandidates(named)) {
          if (out.length >= count) return out
          accept(candidate.prompt, candidate.intent, candidate.template, undefined, ownName)
        }
        // The rest ask about what it is, not about the other lines of a page it shares.
        generalOfferings = facts.offerings.filter((o) => phrases([o], facts).some((p) => ownKinds.includes(p)))
        fill = { ...fill, names: ownKinds }
      }
      for (const candidate of productCandidates(fill, hash)) {
        if (out.length >= count) return out
        accept(candidate.prompt, candidate.intent, candidate.template, undefined, ownName)
      }
    }
  }
  // A product's prompts are about it: only templates that name an offering (its own first).
  // A product asked about with its own questions leaves out the general ones that rank its name
  // as a kind of thing sold all over town ("best coastal escapes in St Ives", "highest rated deep
  // sleep hypnosis audios in Calgary"): a thing one business sells is asked about, not ranked.
  // (A trade's own templates join the lists only for a trade: every other set's templates turn as before.)
  const usable = TEMPLATES.filter((template) =>
    (facts.kind === "business" || (template.usesOffering && !(ownQuestions && RANKING_TEMPLATES.has(template.id)))) &&
    (facts.atCustomer === true || !(template.needs ?? []).includes("callout")))
  // The facts' own values first, plain then qualified; stand-ins and generic words only after.
  // The first pass gives each offering one prompt before any gets a second: every offering is
  // named before the set fills up with the first ones' variants.
  // A product, once its own templates and the plain general ones run out, is qualified sparingly
  // first ("... on a tight budget"), then with any qualifier: still about it, unlike the stand-ins
  // of the wider passes.
  const passes: ReadonlyArray<Pass> = [
    { qualify: false, maxTotal: 0, breadth: true, sparing: false },
    { qualify: false, maxTotal: 0, breadth: false, sparing: false },
    ...(facts.kind === "product" ? [{ qualify: true, maxTotal: 0, breadth: false, sparing: true }] : []),
    { qualify: true, maxTotal: 0, breadth: false, sparing: false },
    // A tail stacked on a frame's own only when the set cannot be filled with the facts' own values otherwise.
    { qualify: true, maxTotal: 0, breadth: false, sparing: false, stacked: true },
    { qualify: false, maxTotal: 8, breadth: false, sparing: false },
    { qualify: true, maxTotal: 8, breadth: false, sparing: false, stacked: true }
  ]
  // A site in another language is asked about in its own words first, its facts' own values only
  // (the stand-ins and qualifiers are English); the English templates fill what they leave.
  const stages = [
    ...siteLanguageStage(facts, hash, passes.slice(0, 2)),
    // The last resort's pools only when the facts' own run out (a product naming one thing only).
    { templates: usable, order: TEMPLATES, passes, pools: [poolsOf({ ...facts, offerings: generalOfferings }, hash), poolsOf({ ...facts, offerings: generalOfferings }, hash, true)] }
  ]
  for (const stage of stages) for (const pools of stage.pools) {
    const ownOfferings = pools.offerings.filter((o) => o.tier === 0).length
    const perOffering = facts.kind === "product" ? count : Math.max(3, Math.ceil((count * 0.8) / Math.max(1, ownOfferings)))
    for (const { breadth, maxTotal, qualify, sparing, stacked } of stage.passes) {
      const streams = new Map(
        PROMPT_INTENTS.map((intent, i) => {
          // (A problem's own templates turn after the rest: how many they are moves no other template.)
          const own = stage.templates.filter((template) => template.intent === intent)
          const problemFrame = (template: PromptTemplate) => (template.needs ?? []).includes("problem")
          const templates = [...rotate(own.filter((template) => !problemFrame(template)), hash + i), ...own.filter(problemFrame)]
          return [intent, intentStream(templates, stage.order, facts, pools, hash, qualify, maxTotal, sparing, stacked)] as const
        })
      )
      const exhausted = new Set<PromptIntent>()
      /** The next accepted prompt of an intent, or false when its templates are used up. */
      const pull = (intent: PromptIntent): boolean => {
        const stream = streams.get(intent)!
        for (;;) {
          const step = stream.next()
          if (step.done === true) {
            exhausted.add(intent)
            return false
          }
          const offering = step.value.offering
          // Spread over the offerings: one used often enough waits for the others.
          if (offering !== undefined && maxTotal === 0 && (usage.get(offering) ?? 0) >= (breadth ? 1 : perOffering)) continue
          if (accept(step.value.prompt, intent, step.value.template, offering, ownName)) return true
        }
      }
      // Round robin within quotas, then (an intent ran dry) round robin over every intent but brand;
      // the breadth pass keeps to the quotas, so that the offerings' second prompts come before any excess.
      for (const withinQuota of breadth ? [true] : [true, false]) {
        let progress = true
        while (out.length < count && progress) {
          progress = false
          for (const intent of PROMPT_INTENTS) {
            if (out.length >= count) break
            if (exhausted.has(intent)) continue
            if (withinQuota ? taken[intent] >= quotas[intent] : intent === "brand") continue
            if (pull(intent)) progress = true
          }
        }
      }
      if (out.length >= count) return out
    }
  }
  throw new Error(`The built-in generator could make only ${out.length} of ${count} prompts`)
}

/** General templates ranking an offering among a town's, or piling words on it: unfit for one product. */
const RANKING_TEMPLATES: ReadonlySet<string> = new Set([
  "discovery-best-in-place",
  "discovery-where-best",
  "discovery-really-good",
  "local-offering-near-me",
  "price-affordable",
  "price-cheap-near-me",
  "price-worth-it",
  "reviews-highest-rated",
  "audience-offering",
  "comparison-cheap-premium",
  "hours-offering-day",
  "problem-short-notice",
  "brand-good-for"
])

interface Pass {
  readonly qualify: boolean
  readonly maxTotal: number
  readonly breadth: boolean
  readonly sparing: boolean
  readonly stacked?: boolean
}

/**
 * The templates in a business's site language, with the passes that keep to its facts' own values,
 * and pools whose category is the site's own word ("camping", never "campground"; "osteopathie",
 * never "osteopathie clinic").
 * None for an English site, a language without templates of its own, a product or software.
 */
const siteLanguageStage = (facts: PromptFacts, hash: number, passes: ReadonlyArray<Pass>) => {
  const category = facts.category === null ? undefined : phrases([facts.category], facts)[0]
  if (!isLocalLanguage(facts.language) || facts.kind !== "business" || isSoftware(category === undefined ? undefined : categoryOf(category))) return []
  const pools = poolsOf(facts, hash)
  // (With no such category, its templates are left out: the empty slot is never read.)
  const written = facts.siteCategory ?? ""
  const asWritten = [{ value: { category: written, aCategory: written, categories: written, countable: true }, tier: 0 }]
  // People ask whether a place opens at the weekend; "consultorio Buenos Aires martes", one per
  // weekday, is a calendar, not a question.
  const weekend = pools.days.filter((day) => day.value === "Saturday" || day.value === "Sunday")
  const templates = localTemplates(facts.language, written !== "")
  return [{ templates, order: templates, passes, pools: [{ ...pools, categories: asWritten, days: weekend }] }]
}

/** `count` prompts with the intent and template each came from, in the generator's order. */
export const builtinPromptsTagged = (facts: PromptFacts, count: number = DEFAULT_PROMPT_COUNT): ReadonlyArray<TaggedPrompt> =>
  builtinTopUp(facts, [], count)

/** Exactly `count` distinct, valid prompts for the entity; the same facts always give the same list. */
export const builtinPrompts = (facts: PromptFacts, count: number = DEFAULT_PROMPT_COUNT): ReadonlyArray<string> =>
  builtinPromptsTagged(facts, count).map((p) => p.prompt)
