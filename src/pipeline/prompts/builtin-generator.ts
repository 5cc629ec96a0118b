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
import { escapeRegExp } from "../../domain/regex.ts"
import { isMass, isPlural, pluralOf, singularOf, withArticle } from "./english.ts"
import type { PromptFacts } from "./prompt-facts.ts"
import { fnv1a, phraseKey, squish, wordsOf } from "./prompt-text.ts"
import { INTENT_WEIGHTS, PROMPT_INTENTS, type PromptIntent, type PromptTemplate, QUALIFIERS, TEMPLATES } from "./templates.ts"
import { DEFAULT_PROMPT_COUNT, makePromptValidator, type PromptValidator } from "./validate-prompts.ts"

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
