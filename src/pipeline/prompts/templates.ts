/**
 * The built-in generator's sentence templates, each tagged with the intent it measures, and the
 * share of a prompt set each intent gets. Written as customers type: "best croissants in
 * Asheville", "bakeries open on Sunday in Asheville", "gluten-free bakery near me in Asheville". Data: the
 * generator (builtin-generator.ts) fills them.
 */
import { withArticle } from "./english.ts"
import type { PromptFacts } from "./prompt-facts.ts"

export type PromptIntent =
  | "discovery"
  | "local"
  | "comparison"
  | "price"
  | "hours"
  | "filter"
  | "reviews"
  | "how-to"
  | "alternatives"
  | "audience"
  | "problem"
  | "brand"

export const PROMPT_INTENTS: ReadonlyArray<PromptIntent> = [
  "discovery", "local", "comparison", "price", "hours", "filter", "reviews", "how-to", "alternatives", "audience", "problem",
  "brand"
]

/** Share of a set per intent, in percent (sums to 100). Brand prompts are navigational: few. */
export const INTENT_WEIGHTS: Readonly<Record<PromptIntent, number>> = {
  discovery: 14,
  local: 10,
  comparison: 8,
  price: 10,
  hours: 8,
  filter: 8,
  reviews: 8,
  "how-to": 9,
  alternatives: 7,
  audience: 5,
  problem: 8,
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
  /** As a customer asks for it: plural when countable (`butter croissants`), else as is (`teeth whitening`). */
  readonly offering: string
  /** Whether `offering` takes a plural verb: "how much do butter croissants cost". */
  readonly offeringPlural: boolean
  /** Whether `offering` is one countable thing its name keeps in the singular ("wig cut and style"): a sentence asks for "a" one. */
  readonly offeringOne: boolean
  /** Another offering, for comparisons. */
  readonly other: string
  /** As `offeringOne`, for `other`. */
  readonly otherOne: boolean
  readonly place: string | null
  readonly audience: string
  /** A feature customers filter by (`gluten-free`, `free parking`). */
  readonly feature: string
  /** An open day (`Sunday`). */
  readonly day: string
  /** The entity's name; for a product, its business's name (where it is bought). */
  readonly name: string
}

export type Need =
  | "place"
  | "local"
  | "countable"
  | "business"
  | "product"
  | "other"
  /** Another offering of the same kind, which the offering is an alternative to ("shio ramen", "tonkotsu ramen"). */
  | "alike"
  | "day"
  | "weekend"
  | "dietary"
  | "adjective"
  | "with"
  | "online"
  | "visit"
  | "software"
  | "goods"
  /** An offering that is something done ("invoicing", "crew planning"), not a thing ("mobile app", "Pro plan"). */
  | "activity"
  /** An offering that says no word of the category: "notaire pour réparation de lave-linge" reads twice over otherwise. */
  | "distinct"
  /** An offering had where the customer goes ("near me", "nearby", "without a long wait"): not a video call or a download. */
  | "present"
  /** An offering sold or run on set days ("on a Thursday", "at the weekend"): goods, food, a class; not an appointment. */
  | "dated"
  /** An offering needed on short notice: a job or an appointment, not a programme, goods or a download. */
  | "urgent"
  /** An offering that is a problem the business treats ("fears & phobias", "back pain"): "help with ...". */
  | "problem"
  /**
   * A place customers come to in its opening hours: "open on Tuesday", "if my usual one is closed",
   * "without a long wait", "independent or chain". Not a trade that comes to them (a roofer, a caterer).
   */
  | "premises"
  /** A trade that comes to its customers: "work on weekends", "come out for", "book ahead". */
  | "callout"
  /** A kind named by who does the work ("a roofer", "a moving company"), not by a place ("an auto repair shop"): "Can I get a roofer ...?" */
  | "trade"

export interface PromptTemplate {
  readonly id: string
  readonly intent: PromptIntent
  readonly needs?: ReadonlyArray<Need>
  /** Whether the template reads the offering (its variants then run over the offerings). */
  readonly usesOffering: boolean
  /** Whether the template reads the audience. */
  readonly usesAudience: boolean
  readonly usesFeature: boolean
  readonly usesDay: boolean
  readonly usesCategory: boolean
  /**
   * Whether every offering the template reads follows "for" ("Can you recommend a hypnotherapist in
   * Calgary for anxiety?"): the only frames a problem fits besides its own ("help with ..."). Not
   * after "pay" ("expect to pay for anxiety" is paying for a thing) or "a chain".
   */
  readonly offeringAfterFor: boolean
  readonly render: (s: Slots) => string
}

/**
 * Words a problem or condition ends in: what a service treats or helps with, never a thing bought.
 * "Good phobias and fears near me", "best back pain in Leeds" are nobody's questions; "help with
 * phobias and fears in Calgary" and "physio for back pain" are.
 */
const CONDITION_WORDS = new Set(
  `anxiety anxieties stress fear fears phobia phobias pain pains ache aches insomnia depression grief trauma cravings addiction
  addictions nerves worry worries panic attacks injury injuries headaches migraines migraine acne eczema psoriasis rosacea
  tinnitus snoring disorder disorders conditions problems issues difficulties burnout fatigue sciatica arthritis incontinence
  allergies loneliness procrastination stammer stutter bedwetting`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

/**
 * Whether an offering names a problem or condition: its last word is one ("back pain", "fears &
 * phobias", "emotional eating and cravings", "speech sound disorders"); a service for it ends in
 * its own word ("back pain treatment", "tinnitus management", "anxiety program").
 */
export const isCondition = (offering: string): boolean => {
  const words = offering.toLowerCase().slice(0, 120).split(/[^\p{L}'-]+/u).filter((w) => w.length > 0)
  return words.length > 0 && words.length <= 6 && CONDITION_WORDS.has(words.at(-1)!)
}

/**
 * ` in Asheville` after "near me": how people type it on the way there. A near-me template needs
 * the town ("place"): without it the prompt names no place at all, and an engine that does not
 * know where the person is can only guess.
 */
const inPlace = (s: Slots) => (s.place === null ? "" : ` in ${s.place}`)

/**
 * The offering where a sentence names it: "a home visit in the GTA" when it is one thing kept in
 * the singular, else as it is ("butter croissants", "teeth whitening"). Queries ("best ... in
 * Toronto") name it bare, as people type them.
 */
const one = (s: Slots) => (s.offeringOne ? withArticle(s.offering) : s.offering)
const oneOther = (s: Slots) => (s.otherOne ? withArticle(s.other) : s.other)
/** With a word before it: "a really good wig cut and style", "really good butter croissants". */
const oneWith = (s: Slots, before: string) => (s.offeringOne ? withArticle(`${before} ${s.offering}`) : `${before} ${s.offering}`)

const does = (s: Slots) => (s.offeringPlural ? "do" : "does")
const are = (s: Slots) => (s.offeringPlural ? "are" : "is")

/** A template of an intent, with the slots it reads found by rendering it once with probe values. */
export const t = (
  id: string,
  intent: PromptIntent,
  render: (s: Slots) => string,
  needs: ReadonlyArray<Need> = []
): PromptTemplate => {
  const probe = render(PROBE)
  return {
    id,
    intent,
    needs,
    render,
    usesOffering: probe.includes(PROBE.offering) || probe.includes(PROBE.other),
    usesAudience: probe.includes(PROBE.audience),
    usesFeature: probe.includes(PROBE.feature),
    usesDay: probe.includes(PROBE.day),
    usesCategory: probe.includes("qqcategor"),
    offeringAfterFor: probe.includes(PROBE.offering) && !probe.includes(PROBE.other) &&
      probe.split(PROBE.offering).slice(0, -1).every((before) => /(?<!(?:pay|paying|chain) )\bfor $/u.test(before))
  }
}

/** Slot values that cannot occur in a template's own words: finds which slots a template reads. */
export const PROBE: Slots = {
  kind: "business",
  category: "qqcategory",
  aCategory: "a qqcategory",
  categories: "qqcategories",
  countable: true,
  offering: "qqoffering",
  offeringPlural: false,
  offeringOne: false,
  other: "qqother",
  otherOne: false,
  place: "Qqplace",
  audience: "qqaudience",
  feature: "qqfeature",
  day: "Qqday",
  name: "Qqname"
}

/** The templates, by intent. Grammar holds for countable, plural and mass categories alike. */
export const TEMPLATES: ReadonlyArray<PromptTemplate> = [
  // Discovery: "who does this well?", mostly in a place.
  t("discovery-best-in-place", "discovery", (s) => `best ${s.offering} in ${s.place}`, ["place", "goods"]),
  t("discovery-where-best", "discovery", (s) => `Where can I get the best ${s.offering} in ${s.place}?`, ["place", "goods"]),
  t("discovery-which-has-best", "discovery", (s) => `Which ${s.category} has the best ${s.offering} in ${s.place}?`, ["place", "countable"]),
  t("discovery-best-category", "discovery", (s) => `What is the best ${s.category} in ${s.place}?`, ["place", "countable"]),
  t("discovery-recommend", "discovery", (s) => `Can you recommend ${s.aCategory} in ${s.place} for ${one(s)}?`, ["place"]),
  t("discovery-known-for", "discovery", (s) => `Which ${s.categories} are known for their ${s.offering}?`),
  t("discovery-really-good", "discovery", (s) => `Where can I find ${oneWith(s, "really good")}?`, ["goods"]),
  t("discovery-top-rated", "discovery", (s) => `top-rated ${s.categories} in ${s.place}`, ["place"]),
  t("discovery-software-with", "discovery", (s) => `${s.category} with ${s.offering}`, ["software"]),
  t("discovery-software-best-for", "discovery", (s) => `Which ${s.category} is best for ${s.offering}?`, ["software"]),
  t("discovery-software-in-place", "discovery", (s) => `best ${s.category} for ${s.offering} in ${s.place}`, ["software", "place"]),
  t("discovery-order-online", "discovery", (s) => `Where can I order ${one(s)} in ${s.place}?`, ["online", "place", "goods"]),
  // Near me.
  // Always with the town, as a person adds it on the way there.
  t("local-where-near-me", "local", (s) => `Where can I get ${one(s)} near me${inPlace(s)}?`, ["local", "place", "present"]),
  // ("best bakery near me in Lyon" is "What is the best bakery in Lyon?" again: not written.)
  t("local-offering-near-me", "local", (s) => `good ${s.offering} near me${inPlace(s)}`, ["local", "place", "present"]),
  t("local-nearby-offer", "local", (s) => `I'm in ${s.place}, is there ${s.aCategory} nearby that offers ${one(s)}?`, ["local", "countable", "place", "present"]),
  t("local-buy-near-me", "local", (s) => `Where can I buy ${one(s)} near me${inPlace(s)}?`, ["local", "product", "place", "present"]),
  t("local-closest", "local", (s) => `closest ${s.category} to me${inPlace(s)} for ${one(s)}`, ["local", "countable", "place", "present"]),
  // Comparisons.
  t("comparison-versus", "comparison", (s) => `${s.offering} vs ${s.other}: which should I choose?`, ["alike", "goods"]),
  t("comparison-better", "comparison", (s) => `Which is better, ${one(s)} or ${oneOther(s)}?`, ["alike", "goods"]),
  t("comparison-in-place", "comparison", (s) => `How do ${s.categories} in ${s.place} compare for ${one(s)}?`, ["place"]),
  t("comparison-independent-chain", "comparison", (s) => `Is an independent ${s.category} better than a chain for ${one(s)}?`, ["countable", "business", "goods", "premises"]),
  t("comparison-software", "comparison", (s) => `How do ${s.categories} compare on ${s.offering}?`, ["software"]),
  t("comparison-cheap-premium", "comparison", (s) => (s.offeringOne ? `What is the difference between a cheap and a premium ${s.offering}?` : `What is the difference between cheap and premium ${s.offering}?`), ["goods"]),
  // Price.
  t("price-cost-in-place", "price", (s) => `How much ${does(s)} ${one(s)} cost in ${s.place}?`, ["place", "goods"]),
  t("price-expect-to-pay", "price", (s) => `How much should I expect to pay for ${one(s)}?`, ["goods"]),
  t("price-affordable", "price", (s) => `affordable ${s.offering} in ${s.place}`, ["place", "goods"]),
  t("price-worth-it", "price", (s) => `${s.offeringPlural ? "Are" : "Is"} ${oneWith(s, "expensive")} really worth the money?`, ["goods"]),
  t("price-best-prices", "price", (s) => `Which ${s.categories} in ${s.place} have fair prices for ${one(s)}?`, ["place"]),
  t("price-cheap-near-me", "price", (s) => `cheap ${s.offering} near me${inPlace(s)}`, ["local", "place", "present"]),
  t("price-software-cheapest", "price", (s) => `cheapest ${s.category} with ${s.offering}`, ["software"]),
  t("price-software-cost", "price", (s) => `How much does ${s.aCategory} with ${s.offering} cost?`, ["software"]),
  t("price-usual-charge", "price", (s) => `What do ${s.categories} usually charge for ${one(s)}?`, ["goods"]),
  t("price-software-plans", "price", (s) => `Which ${s.category} has the best value subscription plans?`, ["software"]),
  // Hours and opening days.
  t("hours-open-day-place", "hours", (s) => `${s.categories} open on ${s.day} in ${s.place}`, ["place", "day", "premises"]),
  t("hours-near-me-day", "hours", (s) => `Which ${s.categories} near me${inPlace(s)} are open on ${s.day}?`, ["local", "day", "place", "premises"]),
  t("hours-offering-day", "hours", (s) => `Where can I get ${one(s)} on a ${s.day} in ${s.place}?`, ["place", "day", "dated", "premises"]),
  t("hours-what-time", "hours", (s) => `What time do ${s.categories} in ${s.place} open on ${s.day}?`, ["place", "day", "premises"]),
  t("hours-weekend", "hours", (s) => `Which ${s.categories} in ${s.place} are open on weekends?`, ["place", "weekend", "premises"]),
  t("hours-usually-open", "hours", (s) => `What time do ${s.categories} usually open?`, ["visit", "business", "premises"]),
  t("hours-usually-day", "hours", (s) => `Are ${s.categories} usually open on ${s.day}?`, ["visit", "day", "premises"]),
  t("hours-open-now", "hours", (s) => `${s.category} open now near me${inPlace(s)}`, ["local", "countable", "place", "premises"]),
  // Dietary and feature filters.
  t("filter-dietary-offering", "filter", (s) => `${s.feature} ${s.offering} in ${s.place}`, ["place", "dietary"]),
  t("filter-dietary-options", "filter", (s) => `Which ${s.categories} in ${s.place} have ${s.feature} options?`, ["place", "dietary"]),
  t("filter-adjective-category", "filter", (s) => `${s.feature} ${s.category} in ${s.place}`, ["place", "adjective", "countable"]),
  t("filter-adjective-near-me", "filter", (s) => `Is there ${withArticle(`${s.feature} ${s.category}`)} near me${inPlace(s)}?`, ["local", "adjective", "countable", "place"]),
  t("filter-with-feature", "filter", (s) => `${s.categories} in ${s.place} with ${s.feature}`, ["place", "with"]),
  t("filter-dietary-near-me", "filter", (s) => `Where can I get ${oneWith(s, s.feature)} near me${inPlace(s)}?`, ["local", "dietary", "place", "present"]),
  // Two offerings of any kinds, wanted from one place: "Which hostels offer both bike rentals and airport transfers?" (Without
  // the town: two such prompts sharing an offering would share most of their words.)
  t("filter-offer-both", "filter", (s) => `Which ${s.categories} offer both ${one(s)} and ${oneOther(s)}?`, ["other", "countable", "goods"]),
  t("filter-offer-feature", "filter", (s) => `Do any ${s.categories} near me${inPlace(s)} offer ${s.feature}?`, ["local", "with", "place"]),
  // How-to that leads to an offering.
  t("how-to-choose", "how-to", (s) => `How do I choose a good ${s.category} for ${one(s)}?`, ["countable"]),
  t("how-to-look-for", "how-to", (s) => `What should I look for in ${oneWith(s, "good")}?`, ["goods"]),
  t("how-to-quality", "how-to", (s) => `How can I tell if ${one(s)} ${are(s)} good quality?`, ["goods"]),
  t("how-to-before-ordering", "how-to", (s) => `What should I know before paying for ${one(s)}?`, ["goods"]),
  t("how-to-trustworthy", "how-to", (s) => `How do I find a trustworthy ${s.category} in ${s.place}?`, ["countable", "place"]),
  t("how-to-best-way", "how-to", (s) => `What is the best way to get ${one(s)} in ${s.place}?`, ["place", "visit"]),
  t("how-to-software-best-way", "how-to", (s) => `What is the best way to handle ${s.offering}?`, ["software", "activity"]),
  t("how-to-software-choose", "how-to", (s) => `How do I choose ${s.aCategory} for ${s.offering}?`, ["software"]),
  // Alternatives.
  t("alternatives-to-offering", "alternatives", (s) => `What are good alternatives to ${one(s)}?`, ["goods"]),
  t("alternatives-cheaper", "alternatives", (s) => `Are there cheaper alternatives to ${one(s)} in ${s.place}?`, ["place", "goods"]),
  t("alternatives-independent", "alternatives", (s) => `Are there independent alternatives to chain ${s.categories} in ${s.place}?`, ["place", "goods", "premises"]),
  t("alternatives-usual-closed", "alternatives", (s) => `If my usual ${s.category} is closed, what is a good alternative for ${one(s)}?`, ["countable", "business", "visit", "premises"]),
  t("alternatives-software", "alternatives", (s) => `What can I use instead of my ${s.category} for ${s.offering}?`, ["software"]),
  // ("Which lesser-known bakeries are a good alternative for cornish pasties?" names no thing they are an alternative to.)
  t("alternatives-lesser-known", "alternatives", (s) => `Which lesser-known ${s.categories} are worth trying for ${one(s)}?`),
  // Reviews.
  t("reviews-best-reviews", "reviews", (s) => `Which ${s.categories} in ${s.place} get the best reviews for ${one(s)}?`, ["place"]),
  t("reviews-locals-recommend", "reviews", (s) => `Which ${s.category} in ${s.place} do locals recommend for ${one(s)}?`, ["place", "countable"]),
  t("reviews-highest-rated", "reviews", (s) => `highest rated ${s.offering} in ${s.place}`, ["place", "goods"]),
  t("reviews-software", "reviews", (s) => `highest rated ${s.category} for ${s.offering}`, ["software"]),
  t("reviews-highly-rated", "reviews", (s) => `Are there any highly rated ${s.categories} for ${one(s)}?`),
  // Audiences.
  t("audience-place", "audience", (s) => `Which ${s.categories} in ${s.place} are good for ${s.audience}?`, ["place"]),
  t("audience-offering", "audience", (s) => `best ${s.offering} for ${s.audience}`, ["goods"]),
  t("audience-caters", "audience", (s) => `Can you recommend ${s.aCategory} that caters to ${s.audience}?`),
  t("audience-software", "audience", (s) => `${s.category} for ${s.audience} with ${s.offering}`, ["software"]),
  t("audience-best-for", "audience", (s) => `What are the best ${s.categories} for ${s.audience}?`),
  // Problems that lead to an offering.
  t("problem-short-notice", "problem", (s) => `I need ${one(s)} on short notice in ${s.place}, who can help?`, ["place", "visit", "urgent"]),
  t("problem-long-wait", "problem", (s) => `Where can I get ${one(s)} without a long wait?`, ["visit", "present", "premises"]),
  t("problem-overpaying", "problem", (s) => `How do I avoid overpaying for ${one(s)}?`, ["goods"]),
  t("problem-software-switch", "problem", (s) => `My ${s.category} can't do ${s.offering}, what should I use instead?`, ["software"]),
  t("problem-disappointing", "problem", (s) => `My last ${s.category} was disappointing, where should I go for ${one(s)}?`, ["countable"]),
  t("problem-first-time", "problem", (s) => `It is my first time getting ${one(s)}, what should I know?`, ["goods"]),
  // The brand by name: few by quota, and capped by the validator.
  t("brand-offering", "brand", (s) => `${s.name} ${s.offering}`),
  t("brand-good-for", "brand", (s) => `Is ${s.name} good for ${one(s)}?`),
  t("brand-cost-at", "brand", (s) => `How much ${does(s)} ${one(s)} cost at ${s.name}?`),
  t("brand-hours", "brand", (s) => `What are the opening hours of ${s.name}?`, ["business", "day", "premises"]),
  t("brand-alternatives", "brand", (s) => `What are some alternatives to ${s.name}?`, ["business"]),
  t("brand-dietary", "brand", (s) => `Does ${s.name} have ${s.feature} options?`, ["dietary"]),
  // A problem the business treats, asked about as help with it: "help with fears & phobias in Calgary".
  // (Last in the list: a template's place turns where the others start, which stays as it was.)
  t("problem-help-with-place", "problem", (s) => `help with ${s.offering} in ${s.place}`, ["place", "problem"]),
  t("problem-who-helps", "problem", (s) => `Who can help with ${s.offering} in ${s.place}?`, ["place", "problem"]),
  t("discovery-category-for-problem", "discovery", (s) => `${s.category} for ${s.offering} in ${s.place}`, ["place", "countable", "problem"]),
  t("local-help-near-me", "local", (s) => `Where can I get help with ${s.offering} near me${inPlace(s)}?`, ["local", "place", "problem"]),
  t("how-to-can-help", "how-to", (s) => `Can ${s.aCategory} help with ${s.offering}?`, ["countable", "problem"]),
  t("price-charge-for-problem", "price", (s) => `How much does ${s.aCategory} in ${s.place} charge for ${s.offering}?`, ["countable", "place", "problem"]),
  // A trade that comes to its customers is asked when it can come, not when it opens (its days: the weekend only).
  t("hours-callout-weekends", "hours", (s) => `Which ${s.categories} in ${s.place} work on weekends?`, ["place", "weekend", "countable", "callout"]),
  t("hours-callout-day", "hours", (s) => `Can I get ${s.aCategory} on a ${s.day} in ${s.place}?`, ["place", "day", "countable", "trade", "callout"]),
  t("hours-callout-book-ahead", "hours", (s) => `How far in advance should I book ${one(s)} in ${s.place}?`, ["place", "goods", "urgent", "callout"]),
  t("hours-callout-evenings", "hours", (s) => `Which ${s.categories} in ${s.place} work evenings?`, ["place", "countable", "callout"]),
  t("hours-callout-short-notice", "hours", (s) => `Can I get ${s.aCategory} in ${s.place} at short notice?`, ["place", "countable", "trade", "callout"]),
  t("hours-callout-this-weekend", "hours", (s) => `${s.category} available this weekend in ${s.place}`, ["place", "countable", "weekend", "callout"]),
  t("hours-callout-come-out", "hours", (s) => `How soon can ${s.aCategory} in ${s.place} come out for ${one(s)}?`, ["place", "countable", "trade", "urgent", "callout"]),
  t("alternatives-callout-hiring", "alternatives", (s) => `What are the alternatives to hiring ${s.aCategory}?`, ["countable", "trade", "callout"]),
  t("brand-covers-place", "brand", (s) => `Does ${s.name} cover ${s.place}?`, ["place", "business", "callout"]),
  t("comparison-local-company", "comparison", (s) => `Is a local ${s.category} better than a big company for ${one(s)}?`, ["countable", "business", "goods", "callout"])
]

/**
 * Used only when the facts are so thin that the templates run out: appended before the final mark.
 * None is a relative clause: "that are easy to reach" after a singular offering ("best sourdough in
 * Lyon that are easy to reach") does not agree, and no verb fits every prompt's subject.
 */
export const QUALIFIERS = [
  "this year", "right now", "for a first-time customer", "on a tight budget", "with good customer service",
  "according to recent reviews", "for a last-minute need", "close by", "recommended by locals",
  "for a quick visit", "with good reviews"
]

/**
 * A product's qualifiers: the few that read as a customer's own words after a question about one
 * thing ("... on a tight budget"); "for a first-time customer" or "with good customer service"
 * after a product reads as padding.
 */
export const PRODUCT_QUALIFIERS = ["on a tight budget", "this year", "right now", "close by", "recommended by locals"]

/** Qualifiers about going somewhere: not for software or a shop that only ships. */
export const VISIT_QUALIFIERS: ReadonlySet<string> = new Set(["close by", "for a quick visit", "recommended by locals"])

/**
 * What a frame already says, by the kind of qualifier that would say it again: "Which barbers in
 * Manchester are open on weekends this year?" asks when twice, "highest rated bakeries ... with good
 * reviews" asks for reviews twice, "How much do dental implants cost on a tight budget?" asks the
 * price twice.
 */
const SAID_BY_FRAME: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/^(?:this year|right now|for a last-minute need)$/u, /\b(?:open|now|today|tonight|weekends?|evenings|\p{Lu}\p{Ll}+day|advance|ahead|notice|wait|usually|last-minute|this year)\b/u],
  [/^(?:according to recent reviews|with good reviews|recommended by locals|with good customer service)$/u, /\b(?:reviews?|rated|top-rated|recommends?|recommended|locals|trustworthy|say|known for)\b/u],
  [/^on a tight budget$/u, /\b(?:cheap\w*|affordable|prices?|overpaying|cost|charge|pay|expensive|worth|value|budget|discounts?|premium)\b/u],
  [/^for a first-time customer$/u, /\b(?:first time|first-time|beginners?)\b/u],
  // ("... in Madison close by", "... in Madison recommended by locals": the town says where already.)
  [/^(?:close by|for a quick visit|recommended by locals)$/u, /\b(?:near me|nearby|closest|online|delivered|visit)\b|\bin \p{Lu}/u]
]

/**
 * A frame that ends in a tail of its own: a second question after a comma ("..., what should I
 * know?"), or a word saying how or when it is had ("... online?", "... in advance?", "... as a
 * gift?"). A qualifier after it is a tail stacked on a tail.
 */
const ENDS_IN_TAIL = /(?:,\s*(?:what|who|which|where|how)\b[^,]*|\b(?:online|today|tonight|in advance|at short notice|on short notice|without a long wait|on weekends|as a gift|on sale|in stock|delivered|instead))[?.]?$/u

/** Whether a qualifier after a frame would say what the frame says, or stack on a tail it has. */
export const stacksOnFrame = (frame: string, qualifier: string): boolean =>
  ENDS_IN_TAIL.test(frame) || SAID_BY_FRAME.some(([kind, said]) => kind.test(qualifier) && said.test(frame))
