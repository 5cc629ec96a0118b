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
import type { PromptFacts } from "./prompt-facts.ts"
import { fnv1a, phraseKey, squish, wordsOf } from "./prompt-text.ts"
import { DEFAULT_PROMPT_COUNT, makePromptValidator, type PromptValidator } from "./validate-prompts.ts"
import { escapeRegExp } from "../../domain/regex.ts"

export type PromptIntent =
  | "discovery"
  | "comparison"
  | "price"
  | "reviews"
  | "how-to"
  | "alternatives"
  | "local"
  | "audience"
  | "problem"
  | "brand"

export const PROMPT_INTENTS: ReadonlyArray<PromptIntent> = [
  "discovery", "local", "comparison", "price", "reviews", "how-to", "alternatives", "audience", "problem", "brand"
]

/** Share of a set per intent, in percent (sums to 100). Brand prompts are navigational: few. */
export const INTENT_WEIGHTS: Readonly<Record<PromptIntent, number>> = {
  discovery: 14,
  local: 12,
  comparison: 10,
  price: 10,
  reviews: 10,
  "how-to": 10,
  alternatives: 8,
  audience: 10,
  problem: 11,
  brand: 5
}

/** One filling of a template's slots. */
export interface Slots {
  readonly kind: PromptFacts["kind"]
  /** `bakery`, `running shoes`, `project management software`. */
  readonly category: string
  /** With an article when countable: `a bakery`; bare otherwise: `running shoes`, `software`. */
  readonly aCategory: string
  /** `bakeries`, `running shoes`, `project management software options`. */
  readonly categories: string
  /** Singular countable (`bakery`, not `running shoes` or `software`): "a good {category}" reads well. */
  readonly countable: boolean
  readonly offering: string
  /** `wedding cakes` is plural: "how much do wedding cakes cost". */
  readonly offeringPlural: boolean
  readonly place: string | null
  readonly audience: string
  readonly name: string
}

type Need = "place" | "local" | "countable" | "business" | "product"

export interface PromptTemplate {
  readonly id: string
  readonly intent: PromptIntent
  readonly needs?: ReadonlyArray<Need>
  /** Whether the template reads the offering (its variants then run over the offerings). */
  readonly usesOffering: boolean
  /** Whether the template reads the audience. */
  readonly usesAudience: boolean
  readonly render: (s: Slots) => string
}

const does = (s: Slots) => (s.offeringPlural ? "do" : "does")
const is = (s: Slots) => (s.offeringPlural ? "are" : "is")
const aGood = (s: Slots) => (s.countable ? `a good ${s.category}` : `good ${s.category}`)
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
const hireOrBuy = (s: Slots) => (s.kind === "business" ? "hiring" : "buying")

const t = (
  id: string,
  intent: PromptIntent,
  render: (s: Slots) => string,
  needs: ReadonlyArray<Need> = []
): PromptTemplate => {
  const probe = render(PROBE)
  return { id, intent, needs, render, usesOffering: probe.includes(PROBE.offering), usesAudience: probe.includes(PROBE.audience) }
}

/** Slot values that cannot occur in a template's own words: finds which slots a template reads. */
const PROBE: Slots = {
  kind: "business",
  category: "qqcategory",
  aCategory: "a qqcategory",
  categories: "qqcategories",
  countable: true,
  offering: "qqoffering",
  offeringPlural: false,
  place: "Qqplace",
  audience: "qqaudience",
  name: "Qqname"
}

/** The templates, by intent. Grammar holds for countable, plural and mass categories alike. */
export const TEMPLATES: ReadonlyArray<PromptTemplate> = [
  // Discovery: "who does this well?"
  t("discovery-specializes", "discovery", (s) => `Can you recommend ${s.aCategory} that specializes in ${s.offering}?`),
  t("discovery-known-for", "discovery", (s) => `Which ${s.categories} are known for their ${s.offering}?`),
  t("discovery-high-quality", "discovery", (s) => `Where can I find high-quality ${s.offering}?`),
  t("discovery-top-rated", "discovery", (s) => `What are the top-rated ${s.categories} right now?`),
  t("discovery-offers-best", "discovery", (s) => `Who offers the best ${s.offering}?`),
  t("discovery-would-recommend", "discovery", (s) => `Which ${s.categories} would you recommend for ${s.offering}?`),
  t("discovery-start", "discovery", (s) => `I am looking for ${s.aCategory} with great ${s.offering}, where should I start?`),
  t("discovery-popular", "discovery", (s) => `What are the most popular ${s.categories} for ${s.offering}?`),
  // Comparison
  t("comparison-quality-price", "comparison", (s) => `How do the leading ${s.categories} compare on quality and price?`),
  t("comparison-budget-premium", "comparison", (s) => `What is the difference between budget and premium ${s.categories}?`),
  t("comparison-popular", "comparison", (s) => `Compare the most popular ${s.categories} for ${s.offering}.`),
  t("comparison-money", "comparison", (s) => `Which ${s.categories} offer the best ${s.offering} for the money?`),
  t("comparison-pros-cons", "comparison", (s) => `What are the pros and cons of the leading ${s.categories}?`),
  t("comparison-independent-chain", "comparison", (s) => `Is it better to choose an independent ${s.category} or a big chain for ${s.offering}?`, ["countable", "business"]),
  t("comparison-stand-out", "comparison", (s) => `Which ${s.categories} stand out from the competition for ${s.offering}?`),
  t("comparison-before-deciding", "comparison", (s) => `How should I compare ${s.categories} before deciding on ${s.offering}?`),
  // Price
  t("price-usual-cost", "price", (s) => `How much ${does(s)} ${s.offering} usually cost?`),
  t("price-affordable", "price", (s) => `Which ${s.categories} offer affordable ${s.offering}?`),
  t("price-cheapest-way", "price", (s) => `What is the cheapest way to get good ${s.offering}?`),
  t("price-worth-it", "price", (s) => `${capitalize(is(s))} expensive ${s.offering} really worth the money?`),
  t("price-value", "price", (s) => `Which ${s.categories} give the best value for money?`),
  t("price-budget", "price", (s) => `How much should I budget for ${s.offering}?`),
  t("price-deals", "price", (s) => `Are there any ${s.categories} with good deals on ${s.offering}?`),
  t("price-fair-place", "price", (s) => `What is a fair price for ${s.offering} in ${s.place}?`, ["place"]),
  // Reviews
  t("reviews-best-reviews", "reviews", (s) => `Which ${s.categories} have the best customer reviews?`),
  t("reviews-customers-say", "reviews", (s) => `What do customers say about the most popular ${s.categories}?`),
  t("reviews-reputation", "reviews", (s) => `Which ${s.categories} have the best reputation for ${s.offering}?`),
  t("reviews-highly-rated", "reviews", (s) => `Are there any highly rated ${s.categories} for ${s.offering}?`),
  t("reviews-place", "reviews", (s) => `Which ${s.categories} in ${s.place} get the best reviews?`, ["place"]),
  t("reviews-most-trusted", "reviews", (s) => `What are the most trusted ${s.categories} according to reviews?`),
  t("reviews-complaints", "reviews", (s) => `What are common complaints about ${s.categories}?`),
  t("reviews-rate-highly", "reviews", (s) => `Which ${s.categories} do people rate highly for ${s.offering}?`),
  // How-to
  t("how-to-choose", "how-to", (s) => `How do I choose ${aGood(s)}?`),
  t("how-to-look-for", "how-to", (s) => `What should I look for when choosing ${s.offering}?`),
  t("how-to-questions", "how-to", (s) => `What questions should I ask before ${hireOrBuy(s)} ${s.aCategory}?`),
  t("how-to-quality", "how-to", (s) => `How can I tell if ${s.offering} ${is(s)} high quality?`),
  t("how-to-process", "how-to", (s) => `What is the process for getting ${s.offering}?`, ["business"]),
  t("how-to-trustworthy", "how-to", (s) => `What makes ${s.aCategory} trustworthy?`),
  t("how-to-most-out", "how-to", (s) => `How do I get the most out of ${s.offering}?`),
  t("how-to-find-trust", "how-to", (s) => `What is the best way to find ${s.aCategory} I can trust?`),
  // Alternatives
  t("alternatives-big-names", "alternatives", (s) => `What are good alternatives to the big-name ${s.categories}?`),
  t("alternatives-cheaper", "alternatives", (s) => `Are there cheaper alternatives to ${s.offering}?`),
  t("alternatives-independent", "alternatives", (s) => `Which independent ${s.categories} are worth trying instead of the big names?`),
  t("alternatives-lesser-known", "alternatives", (s) => `Which lesser-known ${s.categories} are worth trying?`),
  t("alternatives-underrated", "alternatives", (s) => `What are some underrated ${s.categories} for ${s.offering}?`),
  t("alternatives-usual-closed", "alternatives", (s) => `If my usual ${s.category} is closed, where else can I get ${s.offering}?`, ["countable", "business"]),
  t("alternatives-instead-of", "alternatives", (s) => `What can I use instead of ${s.offering}?`, ["product"]),
  t("alternatives-popular", "alternatives", (s) => `What are the best alternatives to the most popular ${s.categories}?`),
  // Local
  t("local-best-near-me", "local", (s) => `What is the best ${s.category} near me?`, ["countable", "local"]),
  t("local-buy-near-me", "local", (s) => `Where can I buy ${s.categories} near me?`, ["product", "place"]),
  t("local-get-near-me", "local", (s) => `Where can I get ${s.offering} near me?`, ["local"]),
  t("local-weekends", "local", (s) => `Which ${s.categories} near me are open on weekends?`, ["business"]),
  t("local-nearby-offer", "local", (s) => `Are there any good ${s.categories} nearby that offer ${s.offering}?`, ["local"]),
  t("local-best-in-place", "local", (s) => `What are the best ${s.categories} in ${s.place}?`, ["place"]),
  t("local-get-in-place", "local", (s) => `Where can I get ${s.offering} in ${s.place}?`, ["place"]),
  t("local-good-for-in-place", "local", (s) => `Is there a good ${s.category} for ${s.offering} in ${s.place}?`, ["place", "countable"]),
  t("local-locals-recommend", "local", (s) => `Which ${s.category} in ${s.place} do locals recommend?`, ["place", "countable"]),
  t("local-best-offering-place", "local", (s) => `Who offers the best ${s.offering} in ${s.place}?`, ["place"]),
  t("local-worth-visit", "local", (s) => `Which ${s.categories} in ${s.place} are worth a visit?`, ["place", "business"]),
  // Audience
  t("audience-best-for", "audience", (s) => `What are the best ${s.categories} for ${s.audience}?`),
  t("audience-find-good", "audience", (s) => `Where can ${s.audience} find good ${s.offering}?`),
  t("audience-caters", "audience", (s) => `Can you recommend ${s.aCategory} that caters to ${s.audience}?`),
  t("audience-look-for", "audience", (s) => `What do ${s.audience} usually look for in ${s.aCategory}?`),
  t("audience-deals", "audience", (s) => `Are there ${s.categories} that offer special deals for ${s.audience}?`),
  t("audience-place", "audience", (s) => `Which ${s.categories} in ${s.place} are good for ${s.audience}?`, ["place"]),
  t("audience-recommend-offering", "audience", (s) => `Which ${s.offering} would you recommend for ${s.audience}?`),
  t("audience-popular-with", "audience", (s) => `Which ${s.categories} are popular with ${s.audience}?`),
  // Problem / solution
  t("problem-short-notice", "problem", (s) => `I need ${s.offering} on short notice, who can help?`),
  t("problem-disappointing", "problem", (s) => `My last ${s.category} was disappointing, how do I find a better one?`, ["countable"]),
  t("problem-overpaying", "problem", (s) => `How do I avoid overpaying for ${s.offering}?`),
  t("problem-cannot-find", "problem", (s) => `What can I do if I cannot find good ${s.offering} nearby?`, ["local"]),
  t("problem-long-wait", "problem", (s) => `Where can I get ${s.offering} without a long wait?`),
  t("problem-unhappy", "problem", (s) => `What should I do if I am unhappy with my current ${s.category}?`, ["countable"]),
  t("problem-reliable-cheap", "problem", (s) => `How can I get reliable ${s.offering} without spending too much?`),
  t("problem-new-to", "problem", (s) => `I am new to ${s.categories}, where should I start?`, ["product"]),
  t("problem-first-time", "problem", (s) => `It is my first time looking for ${s.offering}, what should I know?`),
  // Brand-navigational: few by quota, and capped by the validator.
  t("brand-good-choice", "brand", (s) => `Is ${s.name} a good choice for ${s.offering}?`),
  t("brand-alternatives", "brand", (s) => `What are some alternatives to ${s.name}?`),
  t("brand-compare", "brand", (s) => `How does ${s.name} compare to other ${s.categories}?`),
  t("brand-worth-price", "brand", (s) => `Is ${s.name} worth the price?`),
  t("brand-customers-say", "brand", (s) => `What do customers say about ${s.name}?`),
  t("brand-good-for-audience", "brand", (s) => `Is ${s.name} good for ${s.audience}?`),
  t("brand-trustworthy", "brand", (s) => `Is ${s.name} a trustworthy ${s.category}?`, ["countable"])
]

/** Used only when the facts are so thin that the templates run out: appended before the final mark. */
const QUALIFIERS = [
  "this year", "right now", "for a first-time customer", "on a tight budget", "with good customer service",
  "according to recent reviews", "for a last-minute need", "that are easy to reach"
]

// ---------------------------------------------------------------------------------------------
// Words

/** Nouns written without an article and without a plural: "software", "catering". */
const MASS_NOUNS = new Set(
  `software hardware equipment furniture clothing apparel jewelry jewellery insurance advice training coaching
  consulting catering accounting marketing bookkeeping tutoring childcare daycare healthcare skincare haircare makeup
  food coffee tea bread gear luggage photography cleaning landscaping plumbing roofing flooring legal design
  hosting storage housing transport transportation shipping logistics support security`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

const lastWord = (phrase: string) => wordsOf(phrase).at(-1) ?? ""

const isMass = (phrase: string) => MASS_NOUNS.has(lastWord(phrase))

/** `cakes`, `running shoes`, `services`; not `glass`, `analytics`, `bus`. */
const isPlural = (phrase: string) => {
  const w = lastWord(phrase)
  return w.length > 3 && w.endsWith("s") && !/(?:ss|us|is|ics|ness)$/.test(w)
}

const pluralOf = (phrase: string): string => {
  if (isMass(phrase)) return `${phrase} options`
  if (isPlural(phrase)) return phrase
  const words = phrase.split(" ")
  const last = words.pop() ?? ""
  const plural = /[^aeiou]y$/i.test(last)
    ? `${last.slice(0, -1)}ies`
    : /(?:s|x|z|ch|sh)$/i.test(last)
      ? `${last}es`
      : `${last}s`
  return [...words, plural].join(" ")
}

const withArticle = (phrase: string) => (/^[aeiou]/i.test(phrase) && !/^(?:uni|use|eu|one)/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`)

/** `wedding cakes` → `wedding cake`: for "{offering} specialist" when no category is known. */
const singularOf = (phrase: string): string => {
  if (!isPlural(phrase)) return phrase
  const words = phrase.split(" ")
  const last = words.pop() ?? ""
  const singular = /ies$/i.test(last) ? `${last.slice(0, -3)}y` : /(?:ss|x|z|ch|sh)es$/i.test(last) ? last.slice(0, -2) : last.slice(0, -1)
  return [...words, singular].join(" ")
}

interface Category {
  readonly category: string
  readonly aCategory: string
  readonly categories: string
  readonly countable: boolean
}

const categoryOf = (phrase: string): Category => {
  const mass = isMass(phrase)
  const plural = isPlural(phrase)
  const countable = !mass && !plural
  return { category: phrase, aCategory: countable ? withArticle(phrase) : phrase, categories: pluralOf(phrase), countable }
}

const GENERIC_CATEGORIES: Readonly<Record<PromptFacts["kind"], ReadonlyArray<string>>> = {
  business: ["local business", "service provider", "small business", "specialist", "company"],
  product: ["product", "brand", "online shop", "product option"]
}

const GENERIC_OFFERINGS: Readonly<Record<PromptFacts["kind"], ReadonlyArray<string>>> = {
  business: ["professional services", "expert advice", "local services", "same-day service"],
  product: ["quality products", "good value products", "premium options", "everyday essentials"]
}

const GENERIC_AUDIENCES: Readonly<Record<PromptFacts["kind"], ReadonlyArray<string>>> = {
  business: ["families", "first-time customers", "people on a budget"],
  product: ["beginners", "people on a budget", "families"]
}

/** A phrase without the entity's own name in it, or undefined when nothing else is left. */
const withoutName = (phrase: string, facts: PromptFacts): string | undefined => {
  let out = ` ${phrase} `
  for (const name of [facts.name, facts.businessName]) {
    const words = squish(name).split(" ").filter((w) => w.length > 0)
    if (words.length === 0) continue
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join("\\s+")}(?![\\p{L}\\p{N}])`, "giu")
    out = out.replace(pattern, " ")
  }
  const clean = squish(out).replace(/^[\s,&'-]+|[\s,&'-]+$/g, "")
  return wordsOf(clean).length > 0 ? clean : undefined
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
      facts.name, facts.kind, facts.businessName, facts.url, facts.offerings, facts.category, facts.place, facts.audience, facts.keywords
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

interface Pools {
  readonly categories: ReadonlyArray<Tiered<Category>>
  readonly offerings: ReadonlyArray<Tiered<string>>
  readonly audiences: ReadonlyArray<Tiered<string>>
}

const tiered = <A>(values: ReadonlyArray<A>, tier: number): Array<Tiered<A>> => values.map((value) => ({ value, tier }))

/**
 * The values each slot can take, best first: the facts' own (rotated by the hash), then stand-ins
 * (keywords for offerings, "<offering> specialist" for a missing category), then generic words,
 * reached only when the better ones are used up or rejected by the validator.
 */
const poolsOf = (facts: PromptFacts, hash: number): Pools => {
  const offerings = phrases(facts.offerings, facts)
  const offeringKeys = new Set(offerings.map(phraseKey))
  const keywords = phrases(facts.keywords.slice(0, 6), facts).filter((k) => !offeringKeys.has(phraseKey(k)))
  const category = facts.category === null ? undefined : phrases([facts.category], facts)[0]
  const derived = category !== undefined
    ? []
    : [...offerings, ...keywords].slice(0, 3).map((o) => `${singularOf(o)} ${facts.kind === "business" ? "specialist" : "brand"}`)
  return {
    categories: [
      ...tiered(category === undefined ? [] : [categoryOf(category)], 0),
      ...tiered(rotate(derived, hash).map(categoryOf), 1),
      ...tiered(GENERIC_CATEGORIES[facts.kind].map(categoryOf), 2)
    ],
    offerings: [
      ...tiered(rotate(offerings, hash >>> 3), 0),
      ...tiered(rotate(keywords, hash >>> 4), 1),
      ...tiered(GENERIC_OFFERINGS[facts.kind], 2)
    ],
    audiences: [...tiered(rotate(phrases(facts.audience, facts), hash >>> 5), 0), ...tiered(GENERIC_AUDIENCES[facts.kind], 1)]
  }
}

const applies = (template: PromptTemplate, facts: PromptFacts, category: Category): boolean =>
  (template.needs ?? []).every((need) => {
    switch (need) {
      case "place":
        return facts.place !== null
      case "local":
        // "Near me" suits a business, or a product sold somewhere in particular; not an app.
        return facts.kind === "business" || facts.place !== null
      case "countable":
        return category.countable
      case "business":
        return facts.kind === "business"
      case "product":
        return facts.kind === "product"
    }
  })

/**
 * The candidates of one template, lazily, best values first: every combination whose tiers sum
 * to 0 (the facts' own values only), then to 1, and so on. Within a tier sum, offerings vary
 * fastest, from a per-template offset so that neighbouring templates start on different ones.
 */
function* variantsOf(template: PromptTemplate, facts: PromptFacts, pools: Pools, offset: number): Generator<string> {
  const offerings = template.usesOffering ? pools.offerings : pools.offerings.slice(0, 1).map((o) => ({ ...o, tier: 0 }))
  const audiences = template.usesAudience ? pools.audiences : pools.audiences.slice(0, 1).map((a) => ({ ...a, tier: 0 }))
  const categories = pools.categories.filter((c) => applies(template, facts, c.value))
  const maxTier = Math.max(...categories.map((c) => c.tier), 0) + Math.max(...offerings.map((o) => o.tier), 0) +
    Math.max(...audiences.map((a) => a.tier), 0)
  for (let total = 0; total <= maxTier; total++) {
    for (const category of categories) {
      for (let a = 0; a < audiences.length; a++) {
        const audience = audiences[(a + offset) % audiences.length]!
        for (let o = 0; o < offerings.length; o++) {
          const offering = offerings[(o + offset) % offerings.length]!
          if (category.tier + audience.tier + offering.tier !== total) continue
          yield squish(template.render({
            kind: facts.kind,
            ...category.value,
            offering: offering.value,
            offeringPlural: isPlural(offering.value) && !isMass(offering.value),
            place: facts.place,
            audience: audience.value,
            name: facts.name
          }))
        }
      }
    }
  }
}

/** One intent's candidates: each template's first variant, then each one's second, and so on. */
function* intentStream(templates: ReadonlyArray<PromptTemplate>, facts: PromptFacts, pools: Pools, hash: number, qualify: boolean) {
  const iterators = templates.map((template, index) => ({ template, iterator: variantsOf(template, facts, pools, hash + index) }))
  let live = iterators
  while (live.length > 0) {
    const next: typeof live = []
    for (const entry of live) {
      const step = entry.iterator.next()
      if (step.done === true) continue
      next.push(entry)
      if (!qualify) {
        yield { prompt: step.value, template: entry.template.id }
        continue
      }
      for (const qualifier of QUALIFIERS) {
        yield { prompt: step.value.replace(/([?.])$/, ` ${qualifier}$1`), template: entry.template.id }
      }
    }
    live = next
  }
}

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
 * `count` prompts that pass the validator alongside `existing` (prompts already chosen, e.g. a
 * language model's): used for the full built-in set and to top up a model's answer. Throws only
 * if even the generic fallbacks cannot fill the set, which the tests rule out for counts of a
 * few hundred.
 */
export const builtinTopUp = (
  facts: PromptFacts,
  existing: ReadonlyArray<string>,
  count: number,
  setSize: number = existing.length + count
): ReadonlyArray<TaggedPrompt> => {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Expected a prompt count ≥ 0, got ${count}`)
  const validator: PromptValidator = makePromptValidator(facts, { count: setSize, existing })
  const hash = factsHash(facts)
  const pools = poolsOf(facts, hash)
  const out: Array<TaggedPrompt> = []
  const quotas = quotasOf(count)
  const taken = Object.fromEntries(PROMPT_INTENTS.map((intent) => [intent, 0])) as Record<PromptIntent, number>

  for (const qualify of [false, true]) {
    const streams = new Map(
      PROMPT_INTENTS.map((intent, i) => {
        const templates = rotate(TEMPLATES.filter((template) => template.intent === intent), hash + i)
        return [intent, intentStream(templates, facts, pools, hash, qualify)] as const
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
        const verdict = validator.offer(step.value.prompt)
        if (verdict.ok) {
          out.push({ prompt: verdict.prompt, intent, template: step.value.template })
          taken[intent] += 1
          return true
        }
      }
    }
    // Round robin within quotas, then (an intent ran dry) round robin over every intent but brand.
    for (const withinQuota of [true, false]) {
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
  throw new Error(`The built-in generator could make only ${out.length} of ${count} prompts`)
}

/** `count` prompts with the intent and template each came from, in the generator's order. */
export const builtinPromptsTagged = (facts: PromptFacts, count: number = DEFAULT_PROMPT_COUNT): ReadonlyArray<TaggedPrompt> =>
  builtinTopUp(facts, [], count)

/** Exactly `count` distinct, valid prompts for the entity; the same facts always give the same list. */
export const builtinPrompts = (facts: PromptFacts, count: number = DEFAULT_PROMPT_COUNT): ReadonlyArray<string> =>
  builtinPromptsTagged(facts, count).map((p) => p.prompt)
