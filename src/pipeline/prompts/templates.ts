/**
 * The built-in generator's sentence templates, each tagged with the intent it measures, and the
 * share of a prompt set each intent gets. Data: the generator (builtin-generator.ts) fills them.
 */
import type { PromptFacts } from "./prompt-facts.ts"

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
export const QUALIFIERS = [
  "this year", "right now", "for a first-time customer", "on a tight budget", "with good customer service",
  "according to recent reviews", "for a last-minute need", "that are easy to reach"
]
