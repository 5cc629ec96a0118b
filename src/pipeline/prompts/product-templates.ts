/**
 * What a customer types about one product: its price and whether it is worth it, its reviews, how
 * it compares with the product's other kinds, where to buy or book it, what to know first, whom it
 * suits, and the brand with it. One question each, the product named in the singular as its page
 * names it ("Is a monstera deliciosa worth it?", "carcassonne reviews", "Where can I book a new
 * patient consultation in Christchurch?"), never piled up with qualifiers. Data: the generator
 * (builtin-generator.ts) fills them before its general templates.
 */
import { isCommonWord } from "../../domain/common-words.ts"
import { COMMON_ABBREVIATIONS, isMass, isPlural, offeringForm, pluralOf, SERVICE_HEADS, singularOf, withArticle } from "./english.ts"
import type { PromptIntent } from "./templates.ts"
import { isRemote } from "./offering-frames.ts"
import { fold, wordsOf } from "./prompt-text.ts"

/** The words a product's set is filled with. */
export interface ProductSlots {
  /** The product as a customer names it: "monstera deliciosa", "dental implants", "carcassonne". */
  readonly product: string
  /** As a shop sells it: "monstera deliciosas", "carcassonne" (a proper name keeps its form). */
  readonly products: string
  /** With an article when one is said: "a monstera deliciosa"; "carcassonne", "dental implants", "hot yoga". */
  readonly aProduct: string
  /** Whether the name takes a plural verb ("dental implants are"). */
  readonly plural: boolean
  /** Another of the product's kinds: "hot desk" beside "dedicated desk". */
  readonly other: string
  readonly aOther: string
  /** The wider kind it is one of, singular and plural: "shower screen", "shower screens". */
  readonly kind: string
  readonly kinds: string
  /** The kind of business that sells it, singular and plural: "plant shop", "plant shops". */
  readonly seller: string
  readonly sellers: string
  readonly place: string
  readonly audience: string
  readonly feature: string
  /** The business that sells it. */
  readonly business: string
  /** Whether it is said with an article ("a coastal escape"), not bare ("laser hair removal"). */
  readonly countable: boolean
}

export type ProductNeed =
  | "place"
  | "other"
  | "kind"
  | "seller"
  | "audience"
  | "dietary"
  | "goods"
  | "service"
  /** A service done to or for the customer, not a thing hired: what happens during it. */
  | "performed"
  | "visit"
  | "online"
  | "countable"
  /** A course, class or camp: how long, what to bring, whether beginners can come. */
  | "lesson"
  /** A package, kit or plan: what it includes. */
  | "included"
  /** Upkeep done now and then: how often, the signs it is due. */
  | "upkeep"
  /** A thing that lasts and is looked after: not food, not a game. */
  | "durable"
  /** A thing given as a present. */
  | "giftable"
  /** A job done to the customer's home, car or things: a quote, who does it, doing it oneself. */
  | "job"
  /** Care given to a person or a pet: how to prepare, how long the results last. */
  | "care"
  /** A course of several sittings: how many, a certificate at the end. */
  | "course"
  /** A kit to start something with: whether it holds everything needed. */
  | "kit"
  /** A package of several things sold as one: whether it can be changed, whether it saves money. */
  | "package"
  /** A pass or card used visit by visit: how long it is valid, whether it can be shared. */
  | "pass"
  /** Paid for month by month: whether it can be paused or cancelled. */
  | "recurring"
  /** A gift voucher: how long it is valid, how it is sent. */
  | "voucher"
  /** A thing hired for a time: the deposit, the shortest hire, insurance. */
  | "hire"
  /** A room or a place to stay: how many it sleeps, its bathroom. */
  | "stay"
  /** Food or drink: how it tastes, what goes with it, how to keep it. */
  | "food"
  /** A trip, tour or walk: how fit one must be, what if it rains. */
  | "trip"
  /** Something booked to be lived through (a class, a treatment, a stay, a trip): what it is like. */
  | "experience"
  /** Given by a clinic: whether it hurts, insurance, a referral. */
  | "medical"
  /** Care at a salon, a barber or a groomer: walking in, how long the results last. */
  | "salon"
  /** A job, care, a lesson or a trip: booked with whoever does it near the customer. */
  | "appointment"
  /** Made by hand, in a workshop or a kitchen, not grown: who makes the best. */
  | "crafted"
  /** A class, a stay or a trip: booked for someone else too. */
  | "outing"
  /** Paid for by the month, though its name does not say so: its price per month. */
  | "monthly"
  /** A thing bought, and not from a clinic or a trade, whose goods are their procedures and jobs. */
  | "shop"
  /** Not food: whether it is right for the customer. */
  | "inedible"
  /** A thing used again and again by its owner (a balm, a kit, a recording): how to use it, how often. */
  | "usable"
  /** Put on the skin (a balm, a serum): whether it suits sensitive skin. */
  | "skin"
  /** Made of ingredients (food, a balm, a blend): what is in it, how long it keeps once opened. */
  | "ingredients"
  /** A recording or a file, bought to play or read: how to download it, how long it runs. */
  | "digital"
  /** A tool or a thing held in the hand (a knife, a camera): how to look after it, how it handles. */
  | "tool"

export interface ProductTemplate {
  readonly id: string
  readonly intent: PromptIntent
  readonly needs: ReadonlyArray<ProductNeed>
  readonly render: (s: ProductSlots) => string
}

const is = (s: ProductSlots) => (s.plural ? "are" : "is")
const Is = (s: ProductSlots) => (s.plural ? "Are" : "Is")
const does = (s: ProductSlots) => (s.plural ? "do" : "does")

const t = (id: string, intent: PromptIntent, render: (s: ProductSlots) => string, needs: ReadonlyArray<ProductNeed> = []): ProductTemplate =>
  ({ id, intent, needs, render })

export const PRODUCT_TEMPLATES: ReadonlyArray<ProductTemplate> = [
  // Price and worth.
  t("product-how-much", "price", (s) => `How much ${does(s)} ${s.aProduct} cost?`),
  t("product-worth-it", "price", (s) => `${Is(s)} ${s.aProduct} worth it?`),
  t("product-price-place", "price", (s) => `${s.product} price in ${s.place}`, ["place"]),
  t("product-how-much-place", "price", (s) => `How much ${does(s)} ${s.aProduct} cost in ${s.place}?`, ["place", "service"]),
  t("product-worth-audience", "price", (s) => `${Is(s)} ${s.aProduct} worth the money for ${s.audience}?`, ["audience"]),
  t("product-good-value", "price", (s) => `${Is(s)} ${s.aProduct} good value?`),
  t("product-cheapest-place", "price", (s) => `cheapest place to buy ${s.aProduct} in ${s.place}`, ["place", "goods"]),
  t("product-on-sale", "price", (s) => `Where can I find ${s.aProduct} on sale?`, ["goods"]),
  t("product-online-or-shop", "price", (s) => `Is it cheaper to buy ${s.aProduct} online or in a shop?`, ["goods"]),
  t("product-price-book", "price", (s) => `How much should I expect to pay for ${s.aProduct} in ${s.place}?`, ["place", "service"]),
  t("product-cheapest-kind", "price", (s) => `cheapest ${s.kinds} in ${s.place}`, ["kind", "place"]),
  t("product-brand-price", "brand", (s) => `${s.business} ${s.product} price`),
  // Reviews.
  t("product-reviews-ratings", "reviews", (s) => `${s.product} reviews and ratings`),
  t("product-any-good", "reviews", (s) => `${Is(s)} ${s.aProduct} any good?`),
  t("product-pros-cons", "reviews", (s) => `${s.product} pros and cons`),
  t("product-hype", "reviews", (s) => `${Is(s)} ${s.aProduct} really worth the hype?`, ["goods"]),
  t("product-good-for", "reviews", (s) => `${Is(s)} ${s.aProduct} good for ${s.audience}?`, ["audience"]),
  t("product-people-say", "reviews", (s) => `What do people say about ${s.aProduct}?`),
  t("product-customers-say", "reviews", (s) => `What do customers say about the ${s.product} in ${s.place}?`, ["place", "countable"]),
  t("product-last", "reviews", (s) => `How long ${does(s)} ${s.aProduct} last?`, ["goods", "durable"]),
  t("product-brand-reviews", "brand", (s) => `${s.business} ${s.product} reviews`),
  // ("Are the u-pick cherries from ...": a name in the plural takes a plural verb.)
  t("product-brand-worth", "brand", (s) => `${Is(s)} the ${s.product} from ${s.business} worth it?`, ["countable"]),
  // Comparisons: with another of its kinds, and with its wider kind.
  t("product-versus", "comparison", (s) => `${s.product} vs ${s.other}`, ["other"]),
  t("product-which-better", "comparison", (s) => `Which is better, ${s.aProduct} or ${s.aOther}?`, ["other"]),
  t("product-difference", "comparison", (s) => `What is the difference between ${s.aProduct} and ${s.aOther}?`, ["other"]),
  t("product-other-for-audience", "comparison", (s) => `${s.product} or ${s.other} for ${s.audience}?`, ["other", "audience"]),
  t("product-better-than-kind", "comparison", (s) => `${Is(s)} ${s.aProduct} better than other ${s.kinds}?`, ["kind"]),
  t("product-best-kind-audience", "audience", (s) => `best ${s.kinds} for ${s.audience}`, ["kind", "audience"]),
  t("product-best-kind-place", "discovery", (s) => `best ${s.kinds} in ${s.place}`, ["kind", "place"]),
  t("product-choose-kind", "how-to", (s) => `How do I choose the right ${s.kind}?`, ["kind"]),
  // Alternatives.
  t("product-alternatives", "alternatives", (s) => `What are good alternatives to ${s.aProduct}?`),
  t("product-cheaper-alternative", "alternatives", (s) => `Is there a cheaper alternative to ${s.aProduct}?`),
  t("product-similar", "alternatives", (s) => `${s.kinds} similar to ${s.product}`, ["kind"]),
  // Where to buy or book it.
  t("product-where-buy-place", "discovery", (s) => `Where can I buy ${s.aProduct} in ${s.place}?`, ["place", "goods"]),
  t("product-best-place-buy", "discovery", (s) => `best place to buy ${s.aProduct} in ${s.place}`, ["place", "goods"]),
  t("product-where-buy-online", "discovery", (s) => `Where can I buy ${s.aProduct} online?`, ["goods"]),
  t("product-in-stock", "discovery", (s) => `Who has ${s.aProduct} in stock in ${s.place}?`, ["place", "goods"]),
  t("product-delivered-place", "discovery", (s) => `Can I get ${s.aProduct} delivered in ${s.place}?`, ["place", "goods"]),
  t("product-order-delivered", "discovery", (s) => `Can I order ${s.aProduct} online and have it delivered?`, ["goods", "online"]),
  t("product-gift-buy", "audience", (s) => `Where can I buy ${s.aProduct} as a gift?`, ["goods", "countable", "giftable"]),
  t("product-which-seller", "discovery", (s) => `Which ${s.seller} in ${s.place} sells ${s.products}?`, ["place", "goods", "seller"]),
  t("product-near-me", "local", (s) => `${s.product} near me in ${s.place}`, ["place", "visit"]),
  t("product-where-book-place", "discovery", (s) => `Where can I book ${s.aProduct} in ${s.place}?`, ["place", "service"]),
  t("product-who-offers", "discovery", (s) => `Who offers ${s.aProduct} in ${s.place}?`, ["place", "service"]),
  t("product-best-place-for", "discovery", (s) => `best place for ${s.aProduct} in ${s.place}`, ["place", "service"]),
  t("product-book-online", "how-to", (s) => `Can I book ${s.aProduct} online?`, ["service"]),
  t("product-book-advance", "how-to", (s) => `Do I need to book ${s.aProduct} in advance?`, ["service"]),
  t("product-how-far-ahead", "how-to", (s) => `How far ahead should I book ${s.aProduct}?`, ["service"]),
  t("product-seller-offers", "discovery", (s) => `Which ${s.sellers} in ${s.place} offer ${s.aProduct}?`, ["place", "service", "seller"]),
  t("product-brand-where", "brand", (s) => `Where can I get the ${s.product} from ${s.business}?`, ["countable", "goods"]),
  t("product-brand-stock", "brand", (s) => `Does ${s.business} have ${s.aProduct} in stock?`, ["goods"]),
  t("product-brand-book", "brand", (s) => `How do I book the ${s.product} at ${s.business}?`, ["countable", "service"]),
  // What to know first, what it includes, how to use or look after it.
  t("product-before-buying", "how-to", (s) => `What should I know before buying ${s.aProduct}?`, ["goods"]),
  t("product-before-booking", "how-to", (s) => `What should I know before booking ${s.aProduct}?`, ["service"]),
  t("product-what-to-expect", "how-to", (s) => `What to expect from ${s.aProduct}`, ["service"]),
  t("product-what-happens", "how-to", (s) => `What happens during ${s.aProduct}?`, ["service", "performed", "countable"]),
  t("product-how-long", "how-to", (s) => `How long does ${s.aProduct} take?`, ["service", "countable", "upkeep"]),
  t("product-how-long-course", "how-to", (s) => `How long is ${s.aProduct}?`, ["lesson"]),
  t("product-bring", "how-to", (s) => `What should I bring to ${s.aProduct}?`, ["lesson"]),
  t("product-beginners", "audience", (s) => `Is ${s.aProduct} suitable for beginners?`, ["lesson"]),
  t("product-included", "how-to", (s) => `What is included in ${s.aProduct}?`, ["included"]),
  t("product-how-often", "problem", (s) => `How often do I need ${s.aProduct}?`, ["upkeep"]),
  t("product-signs", "problem", (s) => `signs I need ${s.aProduct}`, ["upkeep"]),
  t("product-need", "problem", (s) => `Do I need ${s.aProduct}?`, ["service"]),
  t("product-look-for", "how-to", (s) => `What to look for when buying ${s.aProduct}`, ["goods"]),
  t("product-choose", "how-to", (s) => `How do I choose ${s.aProduct}?`, ["goods", "countable"]),
  t("product-care", "how-to", (s) => `How do I look after ${s.aProduct}?`, ["goods", "countable", "durable"]),
  t("product-how-use", "how-to", (s) => `How do I get the most out of ${s.aProduct}?`),
  // (Of a kind of thing, said with its article: "first time buying isolde" names one thing, bought once.)
  t("product-first-time", "problem", (s) => `first time buying ${s.aProduct}, what should I know?`, ["goods", "countable"]),
  t("product-gift", "audience", (s) => `${Is(s)} ${s.aProduct} a good gift?`, ["goods", "countable", "giftable"]),
  t("product-who-for", "audience", (s) => `Who is ${s.aProduct} for?`, ["countable"]),
  t("product-for-audience", "audience", (s) => `${s.product} for ${s.audience}`, ["audience"]),
  t("product-right-for", "audience", (s) => `${Is(s)} ${s.aProduct} right for ${s.audience}?`, ["audience"]),
  // Plain questions about the thing itself.
  t("product-should-buy", "price", (s) => `Should I buy ${s.aProduct}?`, ["goods"]),
  t("product-should-book", "price", (s) => `Should I book ${s.aProduct}?`, ["service"]),
  t("product-why-expensive", "price", (s) => `Why ${is(s)} ${s.aProduct} so expensive?`),
  t("product-discounts", "price", (s) => `Are there any discounts on ${s.aProduct}?`),
  t("product-what-exactly", "how-to", (s) => `What exactly ${is(s)} ${s.aProduct}?`),
  t("product-how-works", "how-to", (s) => `How ${does(s)} ${s.aProduct} work?`, ["included"]),
  t("product-need-to-know", "how-to", (s) => `What do I need to know about ${s.aProduct}?`),
  t("product-try-before", "how-to", (s) => `Can I see ${s.aProduct} before buying?`, ["goods", "visit"]),
  t("product-shop-sells", "local", (s) => `Is there a shop in ${s.place} that sells ${s.products}?`, ["place", "goods", "visit"]),
  t("product-today", "local", (s) => `Where can I get ${s.aProduct} today in ${s.place}?`, ["place", "visit"]),
  t("product-first-timer", "audience", (s) => `${Is(s)} ${s.aProduct} good for a first-timer?`, ["service"]),
  t("product-gift-lesson", "audience", (s) => `Can I buy ${s.aProduct} as a gift?`, ["lesson"]),
  t("product-which-kind", "how-to", (s) => `Which ${s.kind} should I buy?`, ["kind", "goods"]),
  t("product-worth-compared", "comparison", (s) => `${Is(s)} ${s.aProduct} worth it compared to ${s.aOther}?`, ["other"]),
  t("product-brand-does", "brand", (s) => `Does ${s.business} do ${s.aProduct}?`, ["service"]),
  // Features customers filter by that the product can have.
  t("product-dietary", "filter", (s) => `Where can I get ${s.feature} ${s.products}?`, ["dietary"]),
  t("product-dietary-place", "filter", (s) => `${s.feature} ${s.products} in ${s.place}`, ["dietary", "place"]),
  t("product-dietary-brand", "brand", (s) => `Is the ${s.product} from ${s.business} ${s.feature}?`, ["dietary", "countable"])
]

/**
 * More plain questions about the one thing, each with two words of its own (a long name makes a
 * question of one word more a near-duplicate of another): a product's set asks these after the
 * templates above, whose turns they leave as they were, and before any general question is made
 * longer with a tail ("... for a first-time customer").
 */
export const MORE_PRODUCT_TEMPLATES: ReadonlyArray<ProductTemplate> = [
  t("product-benefits", "reviews", (s) => `What are the benefits and drawbacks of ${s.aProduct}?`),
  t("product-common-problems", "problem", (s) => `common problems with ${s.aProduct}`, ["goods", "durable"]),
  t("product-where-locals-go", "discovery", (s) => `Where do people in ${s.place} go for ${s.aProduct}?`, ["place", "service"]),
  t("product-cancellation", "how-to", (s) => `What is the cancellation policy for ${s.aProduct}?`, ["service", "countable"]),
  t("product-return", "how-to", (s) => `Can I return ${s.aProduct} if it is not right?`, ["goods", "countable"]),
  t("product-group", "audience", (s) => `Can a group of friends do ${s.aProduct} together?`, ["lesson"]),
  t("product-wear", "how-to", (s) => `What clothes should I wear for ${s.aProduct}?`, ["lesson"]),
  // ("What are the most popular clear aligners?": a kind named in the plural takes a plural verb.)
  t("product-most-popular-kind", "discovery", (s) => `What ${isPlural(s.kind) ? "are" : "is"} the most popular ${s.kind}?`, ["kind"]),
  t("product-instalments", "price", (s) => `Can I pay for ${s.aProduct} in instalments?`),
  t("product-waiting-list", "how-to", (s) => `How long is the waiting list for ${s.aProduct}?`, ["service", "countable"]),
  t("product-arrive-early", "how-to", (s) => `How early should I arrive for ${s.aProduct}?`, ["service", "countable", "visit"]),
  t("product-group-size", "how-to", (s) => `What is the group size for ${s.aProduct}?`, ["lesson"]),
  t("product-age", "audience", (s) => `What age is ${s.aProduct} suitable for?`, ["lesson"]),
  t("product-skills", "how-to", (s) => `What skills will I learn on ${s.aProduct}?`, ["lesson"]),
  t("product-warranty", "how-to", (s) => `What warranty comes with ${s.aProduct}?`, ["goods", "countable", "durable"]),
  t("product-refund", "how-to", (s) => `What is the refund policy for ${s.aProduct}?`, ["goods", "countable"]),
  t("product-clean", "how-to", (s) => `How do I clean ${s.aProduct} properly?`, ["goods", "countable", "durable"]),
  // Whole questions that fit one kind of thing only, so that a product's set is filled with its own
  // questions before any general question is made longer with a tail.
  t("product-free-quote", "price", (s) => `Can I get a free quote for ${s.aProduct}?`, ["job"]),
  t("product-diy", "how-to", (s) => `Can I do ${s.aProduct} myself or should I hire someone?`, ["job"]),
  t("product-same-day", "how-to", (s) => `Can ${s.aProduct} be done on the same day?`, ["job"]),
  t("product-usually-take", "how-to", (s) => `How long ${does(s)} ${s.aProduct} usually take?`, ["job"]),
  t("product-cost-affects", "price", (s) => `What affects the cost of ${s.aProduct}?`, ["job"]),
  t("product-prepare", "how-to", (s) => `How do I prepare for ${s.aProduct}?`, ["care"]),
  t("product-results-last", "reviews", (s) => `How long do the results of ${s.aProduct} last?`, ["salon"]),
  t("product-who-does-near", "local", (s) => `Who does ${s.aProduct} near me?`, ["job", "visit"]),
  t("product-who-does-near-care", "local", (s) => `Who does ${s.aProduct} near me?`, ["care", "visit"]),
  t("product-hidden-costs", "price", (s) => `Are there any hidden costs with ${s.aProduct}?`, ["service"]),
  t("product-experience", "audience", (s) => `Do I need any experience for ${s.aProduct}?`, ["lesson"]),
  t("product-next", "discovery", (s) => `When ${is(s)} the next ${s.product}?`, ["lesson"]),
  t("product-sign-up", "how-to", (s) => `How do I sign up for ${s.aProduct}?`, ["lesson"]),
  t("product-online-in-person", "how-to", (s) => `${Is(s)} ${s.aProduct} online or in person?`, ["lesson"]),
  t("product-difficult", "problem", (s) => `How difficult ${is(s)} ${s.aProduct}?`, ["lesson"]),
  t("product-certificate", "how-to", (s) => `Do I get a certificate after ${s.aProduct}?`, ["course"]),
  t("product-sessions", "how-to", (s) => `How many sessions are in ${s.aProduct}?`, ["course"]),
  t("product-miss-session", "problem", (s) => `What happens if I miss a session of ${s.aProduct}?`, ["course"]),
  t("product-everything-needed", "how-to", (s) => `Does ${s.aProduct} have everything I need to get started?`, ["kit"]),
  t("product-customise", "how-to", (s) => `Can I customise ${s.aProduct}?`, ["package"]),
  t("product-separately", "price", (s) => `${Is(s)} ${s.aProduct} cheaper than paying for everything separately?`, ["package"]),
  t("product-deposit", "price", (s) => `Do I need to pay a deposit for ${s.aProduct}?`, ["package", "service"]),
  t("product-valid", "how-to", (s) => `How long ${is(s)} ${s.aProduct} valid for?`, ["pass"]),
  t("product-valid-voucher", "how-to", (s) => `How long ${is(s)} ${s.aProduct} valid for?`, ["voucher"]),
  t("product-share", "how-to", (s) => `Can I share ${s.aProduct} with someone else?`, ["pass"]),
  t("product-visits-worth", "price", (s) => `How often do I need to go to make ${s.aProduct} worth it?`, ["pass", "visit"]),
  t("product-pause", "how-to", (s) => `Can I pause ${s.aProduct}?`, ["recurring"]),
  t("product-cancel-any-time", "how-to", (s) => `Can I cancel ${s.aProduct} at any time?`, ["recurring"]),
  t("product-send-email", "how-to", (s) => `Can I send ${s.aProduct} by email?`, ["voucher"]),
  t("product-used-for", "how-to", (s) => `What can ${s.aProduct} be used for?`, ["voucher"]),
  t("product-hire-deposit", "price", (s) => `Do I need to pay a deposit for ${s.aProduct}?`, ["hire"]),
  t("product-hire-period", "how-to", (s) => `What is the minimum hire period for ${s.aProduct}?`, ["hire"]),
  t("product-hire-insurance", "how-to", (s) => `Is insurance included with ${s.aProduct}?`, ["hire"]),
  t("product-sleeps", "how-to", (s) => `How many people can stay in ${s.aProduct}?`, ["stay"]),
  t("product-bathroom", "how-to", (s) => `Does ${s.aProduct} have a private bathroom?`, ["stay"]),
  t("product-taste", "reviews", (s) => `What ${does(s)} ${s.aProduct} taste like?`, ["food"]),
  t("product-goes-with", "how-to", (s) => `What goes well with ${s.aProduct}?`, ["food"]),
  t("product-store", "how-to", (s) => `How should I store ${s.aProduct}?`, ["food"]),
  t("product-makes-best", "discovery", (s) => `Which ${s.seller} in ${s.place} makes the best ${s.products}?`, ["food", "seller", "place"]),
  t("product-made-of", "how-to", (s) => `What is ${s.aProduct} made of?`, ["goods", "durable"]),
  t("product-overrated", "reviews", (s) => `${Is(s)} ${s.aProduct} overrated?`, ["shop"]),
  t("product-delivery-time", "how-to", (s) => `How long does delivery take for ${s.aProduct}?`, ["goods", "online"]),
  t("product-locals-buy", "local", (s) => `Where do locals buy ${s.products} in ${s.place}?`, ["shop", "place", "visit"]),
  t("product-right-for-me", "how-to", (s) => `How do I know if ${s.aProduct} ${is(s)} right for me?`, ["inedible"]),
  t("product-reschedule", "how-to", (s) => `Can I reschedule ${s.aProduct}?`, ["job", "countable"]),
  t("product-reschedule-lesson", "how-to", (s) => `Can I reschedule ${s.aProduct}?`, ["lesson", "countable"]),
  t("product-more-expensive", "comparison", (s) => `${Is(s)} ${s.aProduct} more expensive than ${s.aOther}?`, ["other"]),
  t("product-switch", "comparison", (s) => `Can I switch from ${s.aProduct} to ${s.aOther}?`, ["other", "pass"]),
  t("product-skip", "problem", (s) => `What happens if I skip ${s.aProduct}?`, ["upkeep"]),
  t("product-necessary", "problem", (s) => `${Is(s)} ${s.aProduct} really necessary?`, ["upkeep"]),
  t("product-know-need", "problem", (s) => `How do I know if I need ${s.aProduct}?`, ["job"]),
  t("product-special", "reviews", (s) => `What is special about ${s.aProduct}?`),
  t("product-like", "reviews", (s) => `What is ${s.aProduct} like?`, ["experience", "countable"]),
  t("product-fit", "audience", (s) => `How fit do I need to be for ${s.aProduct}?`, ["trip"]),
  t("product-rain", "problem", (s) => `What happens if it rains on ${s.aProduct}?`, ["trip"]),
  t("product-time-of-year", "how-to", (s) => `What is the best time of year for ${s.aProduct}?`, ["trip"]),
  t("product-trip-wear", "how-to", (s) => `What should I wear for ${s.aProduct}?`, ["trip"]),
  t("product-how-made", "how-to", (s) => `How is ${s.aProduct} made?`, ["food"]),
  // Where it is got near the customer, beside where it is got in the town.
  t("product-who-sells-near", "local", (s) => `Who sells ${s.aProduct} near me?`, ["shop", "visit"]),
  t("product-buy-near", "local", (s) => `Where can I buy ${s.aProduct} near me?`, ["goods", "visit"]),
  t("product-book-near", "local", (s) => `Where can I book ${s.aProduct} near me?`, ["appointment", "visit"]),
  t("product-best-place-near", "local", (s) => `best place for ${s.aProduct} near me`, ["appointment", "visit"]),
  t("product-who-offers-near", "local", (s) => `Who offers ${s.aProduct} near me?`, ["appointment", "visit"]),
  t("product-complaint", "reviews", (s) => `What is the most common complaint about ${s.aProduct}?`),
  t("product-best-price", "price", (s) => `How do I get the best price on ${s.aProduct}?`),
  t("product-read-reviews", "reviews", (s) => `Where can I read reviews of ${s.aProduct}?`),
  t("product-avoid-buying", "how-to", (s) => `What should I avoid when buying ${s.aProduct}?`, ["shop"]),
  t("product-avoid-booking", "how-to", (s) => `What should I avoid when booking ${s.aProduct}?`, ["service"]),
  t("product-appointment-care", "how-to", (s) => `Do I need an appointment for ${s.aProduct}?`, ["salon", "visit"]),
  t("product-walk-in", "local", (s) => `Can I walk in for ${s.aProduct}?`, ["salon", "visit"]),
  t("product-after", "how-to", (s) => `What happens after ${s.aProduct}?`, ["care"]),
  t("product-shipping", "price", (s) => `How much is shipping for ${s.aProduct}?`, ["goods", "online"]),
  t("product-overseas", "discovery", (s) => `Can I get ${s.aProduct} shipped overseas?`, ["goods", "online"]),
  t("product-hurt", "problem", (s) => `${s.plural ? "Do" : "Does"} ${s.aProduct} hurt?`, ["medical"]),
  t("product-insurance", "price", (s) => `${Is(s)} ${s.aProduct} covered by insurance?`, ["medical"]),
  t("product-referral", "how-to", (s) => `Do I need a referral for ${s.aProduct}?`, ["medical"]),
  t("product-candidate", "audience", (s) => `Am I a good candidate for ${s.aProduct}?`, ["medical"]),
  t("product-risks", "problem", (s) => `Are there any risks with ${s.aProduct}?`, ["medical"]),
  // The price as it is charged for the kind of thing: by the person, the night, the day, the month.
  t("product-per-person", "price", (s) => `How much ${does(s)} ${s.aProduct} cost per person?`, ["trip"]),
  t("product-per-night", "price", (s) => `How much ${does(s)} ${s.aProduct} cost per night?`, ["stay"]),
  t("product-per-day", "price", (s) => `How much ${does(s)} ${s.aProduct} cost per day?`, ["hire"]),
  t("product-per-month", "price", (s) => `How much ${does(s)} ${s.aProduct} cost per month?`, ["monthly"]),
  t("product-price-includes", "how-to", (s) => `What is included in the price of ${s.aProduct}?`, ["trip"]),
  t("product-price-includes-stay", "how-to", (s) => `What is included in the price of ${s.aProduct}?`, ["stay"]),
  t("product-trip-bring", "how-to", (s) => `What should I bring on ${s.aProduct}?`, ["trip"]),
  t("product-children", "audience", (s) => `${Is(s)} ${s.aProduct} suitable for children?`, ["trip"]),
  t("product-children-stay", "audience", (s) => `${Is(s)} ${s.aProduct} suitable for children?`, ["stay"]),
  t("product-book-for-someone", "how-to", (s) => `Can I book ${s.aProduct} for someone else?`, ["outing"]),
  t("product-qualifications", "how-to", (s) => `What qualifications should someone doing ${s.aProduct} have?`, ["job"]),
  t("product-qualifications-care", "how-to", (s) => `What qualifications should someone doing ${s.aProduct} have?`, ["salon"]),
  t("product-how-soon", "how-to", (s) => `How soon can I book ${s.aProduct}?`, ["appointment"]),
  t("product-who-makes-best", "discovery", (s) => `Who makes the best ${s.products}?`, ["goods", "crafted"]),
  t("product-sizes", "how-to", (s) => `Does ${s.aProduct} come in different sizes?`, ["goods", "countable", "durable", "crafted"]),
  // Plain questions a customer asks of any one thing, each with words of its own, so that a
  // product's set is filled with questions about it, never with a general question and a tail.
  t("product-anyone-tried", "reviews", (s) => `Has anyone tried ${s.aProduct}?`),
  t("product-honest-reviews", "reviews", (s) => `honest reviews of ${s.aProduct}`),
  t("product-good-quality", "reviews", (s) => `${Is(s)} ${s.aProduct} good quality?`, ["goods"]),
  t("product-popular", "reviews", (s) => `Why ${is(s)} ${s.aProduct} so popular?`),
  t("product-brand-worth-bought", "brand", (s) => `${Is(s)} the ${s.product} from ${s.business} worth it?`, ["goods"]),
  t("product-brand-worth-booked", "brand", (s) => `${Is(s)} ${s.countable ? `the ${s.product}` : s.product} at ${s.business} worth it?`, ["service"]),
  t("product-brand-contact", "brand", (s) => `How do I contact ${s.business} about ${s.aProduct}?`),
  t("product-questions-buying", "how-to", (s) => `What questions should I ask before buying ${s.aProduct}?`, ["goods"]),
  t("product-questions-booking", "how-to", (s) => `What questions should I ask before booking ${s.aProduct}?`, ["service"]),
  t("product-how-book", "how-to", (s) => `How do I book ${s.aProduct}?`, ["service"]),
  t("product-good-idea", "reviews", (s) => `${Is(s)} ${s.aProduct} a good idea?`, ["service"]),
  t("product-gift-experience", "audience", (s) => `Can I buy ${s.aProduct} as a gift?`, ["experience", "countable"]),
  t("product-how-soon-get", "how-to", (s) => `How soon can I get ${s.aProduct}?`, ["goods", "online"]),
  t("product-collect", "how-to", (s) => `Can I collect ${s.aProduct} in person?`, ["goods", "visit", "countable"]),
  t("product-better-than-cheap", "comparison", (s) => `${Is(s)} ${s.aProduct} better than a cheap ${s.kind}?`, ["kind", "countable"]),
  t("product-how-to-use", "how-to", (s) => `How do I use ${s.aProduct}?`, ["usable"]),
  t("product-how-often-use", "how-to", (s) => `How often should I use ${s.aProduct}?`, ["usable", "inedible"]),
  t("product-easy-use", "reviews", (s) => `${Is(s)} ${s.aProduct} easy to use?`, ["usable"]),
  t("product-ingredients", "how-to", (s) => `What are the ingredients in ${s.aProduct}?`, ["ingredients"]),
  t("product-once-opened", "how-to", (s) => `How long does ${s.aProduct} keep once opened?`, ["ingredients"]),
  t("product-sensitive-skin", "audience", (s) => `${Is(s)} ${s.aProduct} good for sensitive skin?`, ["skin"]),
  t("product-enjoy", "how-to", (s) => `What is the best way to enjoy ${s.aProduct}?`, ["food"]),
  t("product-download", "how-to", (s) => `How do I download ${s.aProduct}?`, ["digital"]),
  t("product-listen-phone", "how-to", (s) => `Can I listen to ${s.aProduct} on my phone?`, ["digital"]),
  t("product-how-long-play", "how-to", (s) => `How long is ${s.aProduct}?`, ["digital"]),
  t("product-sharpen", "how-to", (s) => `How do I keep ${s.aProduct} in good condition?`, ["tool"]),
  t("product-weight", "how-to", (s) => `How heavy is ${s.aProduct}?`, ["tool"]),
  t("product-sessions-needed", "how-to", (s) => `How many ${s.product} sessions will I need?`, ["performed", "medical"]),
  t("product-sessions-needed-salon", "how-to", (s) => `How many ${s.product} sessions will I need?`, ["salon"]),
  t("product-aftercare", "how-to", (s) => `What aftercare ${does(s)} ${s.aProduct} need?`, ["performed", "medical"]),
  t("product-aftercare-salon", "how-to", (s) => `What aftercare ${does(s)} ${s.aProduct} need?`, ["salon"]),
  t("product-side-effects", "problem", (s) => `What are the side effects of ${s.aProduct}?`, ["performed", "medical"]),
  t("product-best-place-brand", "brand", (s) => `Is ${s.business} a good place for ${s.aProduct}?`, ["service", "place"]),
  t("product-people-like", "reviews", (s) => `What do people like about ${s.aProduct}?`),
  t("product-downsides", "reviews", (s) => `What are the downsides of ${s.aProduct}?`),
  t("product-value-money", "price", (s) => `${Is(s)} ${s.aProduct} value for money?`),
  t("product-customer-reviews", "reviews", (s) => `${s.product} customer reviews`),
  t("product-worth-buying", "price", (s) => `${Is(s)} ${s.aProduct} worth buying?`, ["goods"]),
  t("product-buying-guide", "how-to", (s) => `${s.product} buying guide`, ["goods"]),
  t("product-price-comparison", "price", (s) => `${s.product} price comparison`, ["goods"]),
  t("product-cheaper-online", "price", (s) => `${Is(s)} ${s.aProduct} cheaper online?`, ["goods", "visit"]),
  t("product-guarantee", "how-to", (s) => `Does ${s.aProduct} come with a money-back guarantee?`, ["goods", "inedible"]),
  t("product-order-phone", "how-to", (s) => `Can I order ${s.aProduct} by phone?`, ["goods"]),
  t("product-used-for-goods", "how-to", (s) => `What ${is(s)} ${s.aProduct} used for?`, ["goods", "inedible"]),
  t("product-who-makes", "discovery", (s) => `Who makes ${s.countable ? `the ${s.product}` : s.aProduct}?`, ["goods", "inedible"]),
  t("product-beginner-tool", "audience", (s) => `${Is(s)} ${s.aProduct} good for a beginner?`, ["tool"]),
  t("product-beginner-usable", "audience", (s) => `${Is(s)} ${s.aProduct} good for a beginner?`, ["usable"]),
  t("product-instructions", "how-to", (s) => `Does ${s.aProduct} come with instructions?`, ["usable", "countable"]),
  t("product-worth-booking", "price", (s) => `${Is(s)} ${s.aProduct} worth booking?`, ["service"]),
  t("product-pay-for", "how-to", (s) => `How do I pay for ${s.aProduct}?`, ["service"]),
  t("product-refundable", "how-to", (s) => `${Is(s)} ${s.aProduct} refundable?`, ["service", "countable"]),
  t("product-availability", "discovery", (s) => `${s.product} availability`, ["service"]),
  t("product-best-time-book", "how-to", (s) => `When is the best time to book ${s.aProduct}?`, ["service"]),
  t("product-change-date", "how-to", (s) => `Can I change the date of ${s.aProduct}?`, ["service", "countable"]),
  t("product-include", "how-to", (s) => `What ${does(s)} ${s.aProduct} include?`, ["service", "countable"]),
  t("product-see-results", "reviews", (s) => `How long before I see results from ${s.aProduct}?`, ["care"]),
  t("product-see-results-medical", "reviews", (s) => `How long before I see results from ${s.aProduct}?`, ["performed", "medical"]),
  t("product-experts-say", "reviews", (s) => `What do experts say about ${s.aProduct}?`),
  t("product-waste-money", "price", (s) => `${Is(s)} ${s.aProduct} a waste of money?`),
  t("product-point", "how-to", (s) => `What is the point of ${s.aProduct}?`, ["service"]),
  t("product-really-work", "reviews", (s) => `${s.plural ? "Do" : "Does"} ${s.aProduct} really work?`, ["usable"]),
  t("product-really-work-booked", "reviews", (s) => `${s.plural ? "Do" : "Does"} ${s.aProduct} really work?`, ["performed", "inedible"]),
  t("product-tips", "how-to", (s) => `${s.product} tips and advice`),
  t("product-common-questions", "how-to", (s) => `common questions about ${s.aProduct}`),
  t("product-better-alternatives", "comparison", (s) => `${Is(s)} ${s.aProduct} better than the alternatives?`),
  t("product-why-choose", "reviews", (s) => `Why should I choose ${s.aProduct}?`),
  t("product-features", "how-to", (s) => `What are the main features of ${s.aProduct}?`, ["goods", "inedible"]),
  t("product-specifications", "how-to", (s) => `${s.product} specifications`, ["tool"]),
  t("product-specifications-durable", "how-to", (s) => `${s.product} specifications`, ["durable", "countable"]),
  t("product-handmade", "how-to", (s) => `${Is(s)} ${s.aProduct} handmade?`, ["goods", "crafted"]),
  t("product-store-skin", "how-to", (s) => `How should I store ${s.aProduct}?`, ["skin"]),
  t("product-time-allow", "how-to", (s) => `How much time should I allow for ${s.aProduct}?`, ["service", "visit"]),
  t("product-available-online", "discovery", (s) => `${Is(s)} ${s.aProduct} available online?`, ["performed", "inedible"]),
  t("product-late", "problem", (s) => `What happens if I am late for ${s.aProduct}?`, ["service", "countable", "visit"]),
  t("product-need-bring", "how-to", (s) => `What do I need to bring to ${s.aProduct}?`, ["performed", "visit"]),
  t("product-colours", "how-to", (s) => `What colours does ${s.aProduct} come in?`, ["durable", "countable"]),
  t("product-recommend", "reviews", (s) => `Would you recommend ${s.aProduct}?`),
  t("product-paying-more", "price", (s) => `Is it worth paying more for ${s.aProduct}?`),
  t("product-good-choice", "reviews", (s) => `${Is(s)} ${s.aProduct} a good choice?`),
  t("product-get-started", "how-to", (s) => `How do I get started with ${s.aProduct}?`, ["usable"]),
  t("product-get-started-booked", "how-to", (s) => `How do I get started with ${s.aProduct}?`, ["performed", "inedible"])
]

const wordSet = (words: string): ReadonlySet<string> => new Set(words.split(/\s+/).filter((w) => w.length > 0))
const LESSON_HEADS = wordSet("course courses class classes lesson lessons camp intensive workshop school session sessions masterclass")
const INCLUDED_HEADS = wordSet("package bundle kit set box trio plan membership pass subscription hamper camp course")
const UPKEEP_HEADS = wordSet("service groom cleaning changeover change treatment shave fade setup tuning check inspection")
const DURABLE_HEADS = wordSet("screen mug plate set pot frame suit notebook planner album plant balm")
const GIFTABLE_HEADS = wordSet("mug plate set box bundle kit trio notebook planner album plant game cake balm blend")
const JOB_HEADS = wordSet("service installation repair replacement upgrade upgrades fitting testing changeover change inspection removal tune-up setup")
const CARE_HEADS = wordSet("treatment groom shave fade consultation therapy massage tint facial")
const COURSE_HEADS = wordSet("course courses intensive program programme")
const PACKAGE_HEADS = wordSet("package bundle kit set box trio hamper")
const PASS_HEADS = wordSet("pass card membership")
const RECURRING_HEADS = wordSet("membership subscription")
const STAY_HEADS = wordSet("room suite chalet cabin cottage hut yurt lodge treehouse bungalow villa apartment")
const TRIP_HEADS = wordSet("tour trip walk hike ride cruise")
const FOOD_HEADS = wordSet(
  "croissant croissants cake cakes taco tacos ramen soup cider syrup chocolate matcha cheese bread pie pizza nata cherries pepper honey jam sauce blend mezcal gin wine"
)
/** Things used again and again by whoever buys them. */
const USE_HEADS = wordSet("balm cream lotion serum oil soap scrub mask spray kit audio recording download app planner journal")
const SKIN_HEADS = wordSet("balm cream lotion serum soap scrub mask")
const INGREDIENT_HEADS = wordSet("balm cream lotion serum soap scrub mask blend")
const DIGITAL_HEADS = wordSet("audio recording download mp3 ebook album track podcast")
const TOOL_HEADS = wordSet("knife knives camera lens scissors shears saw plane chisel axe")
/** Kinds of business whose work is done to a home, a car or a thing ("plumber", "roofing contractor"). */
const TRADE = /\b(?:plumb\w*|electrician|roof\w*|hvac|garage doors?|fenc\w*|pest control|glaz\w*|thatch\w*|arborist|mechanic|auto repair\w*|locksmith|handyman|landscap\w*)\b/iu
/** Kinds of business that treat people or pets ("dentist", "hearing clinic"). */
const CLINIC = /\b(?:dentist|dental|clinic|chiropractor|physiotherap\w*|podiatrist|optician|optometrist|audiologist|doctor|dietitian|acupuncture|osteopath\w*)\b/iu
/** A gift voucher, card or certificate, sold as a product of its own. */
const VOUCHER = /\b(?:voucher|gift card|gift certificate)s?$/u

/**
 * The word that says what a product is: its last, or the last before a word saying with what,
 * where or for what ("cooking class with Nonna Rosa", "beach ride at Egå Strand").
 */
export const headOf = (product: string): string => {
  const words = wordsOf(product)
  const at = words.findIndex((w, i) => i > 0 && /^(?:with|at|for)$/u.test(w))
  return (at > 0 ? words[at - 1] : words.at(-1)) ?? ""
}

/** Whether the product is something booked (a service, a course, a room) rather than a thing bought. */
export const isServiceProduct = (product: string): boolean => {
  const last = headOf(product)
  // "Laser hair removal", "boiler service": a job done is booked, as care is.
  // ("The Kestrel Hut", "Lakeside Cabin": a stay is booked, never in stock or delivered.)
  return SERVICE_HEADS.has(last) || LESSON_HEADS.has(last) || TRIP_HEADS.has(last) || CARE_HEADS.has(last) || JOB_HEADS.has(last) || BOOKED_WORK.has(last) || BOOKED_BREAKS.has(last) ||
    STAY_HEADS.has(last) ||
    BOOKED_PEOPLE.has(singularOf(last)) || /(?:ing|tion|sion|ment)$/u.test(last)
}

/** People whose work is sold as a product ("same-day courier", "maths tutor"): booked, never bought. */
const BOOKED_PEOPLE = wordSet("courier chauffeur tutor photographer nanny")

/** Work done for the customer and named by what it finds out ("colour analysis", "risk assessment"): booked. */
const BOOKED_WORK = wordSet("analysis assessment audit evaluation appraisal survey reading")

/** A short stay sold as one package ("coastal escape", "spa getaway"): booked, never bought and collected. */
const BOOKED_BREAKS = wordSet("escape getaway retreat")

/** The product with the article a customer says before it, and whether it takes a plural verb. */
export const productArticle = (product: string): { readonly aProduct: string; readonly plural: boolean } => {
  // "Harbour tour & tasting", "wine tour and lunch": two things sold as one take the first one's
  // article ("a harbour tour & tasting").
  const [first, second] = product.split(/\s+(?:&|and)\s+/u)
  if (second !== undefined && wordsOf(first!).length >= 2) {
    const firstOne = productArticle(first!)
    if (!firstOne.plural && firstOne.aProduct !== first) return { aProduct: withArticle(product), plural: false }
  }
  // "Recycled pallets, grade a": a list's label is the thing before its variant, in the thing's number.
  if (product.includes(", ") && isPlural(product.split(", ")[0]!)) return { aProduct: product, plural: true }
  const words = wordsOf(product)
  const last = words.at(-1) ?? ""
  const plural = isPlural(product) && offeringForm(product).plural
  if (plural) return { aProduct: product, plural: true }
  // A name of one uncommon word is a proper name ("carcassonne"); "hot yoga", "time tracking" and
  // "sworn translation" take no article.
  const bare = (words.length === 1 && !isCommonWord(last)) || isMass(product) || !offeringForm(product).plural ||
    (/^\p{Lu}{2,}/u.test(product) && !COMMON_ABBREVIATIONS.has(product.split(/\s+/u)[0]!))
  const service = SERVICE_HEADS.has(last) || /(?:tion|sion)$/u.test(last)
  // "Accommodation", "acupuncture": a mass noun takes no article, booked or not ("an accommodation").
  return { aProduct: (bare && !service) || isMass(product) ? product : withArticle(product), plural: false }
}

/**
 * Head nouns that name a kind of thing on their own ("notebooks", "shower screens"); "kits",
 * "subscriptions" or "courses" alone say nothing of what is in them.
 */
const KIND_HEADS = new Set(
  "notebook planner journal cake screen mug plate pot game plant yarn blend suit frame album balm".split(/\s+/)
)

/**
 * The wider kind a product is one of: another of its names that is its own name but its first
 * word ("frameless shower screen" → "shower screen"), else its head noun when that names a kind of thing ("block
 * island dot grid notebook" → "notebook"); undefined when neither.
 */
export const kindOf = (product: string, others: ReadonlyArray<string>): string | undefined => {
  const words = new Set(wordsOf(product))
  // Its last words after one word that says which ("frameless"): "custom ice cream cake" is no
  // kind of "cream cake".
  const name = wordsOf(product)
  const within = others.find((o) => {
    const own = wordsOf(o)
    return own.length > 0 && own.length === name.length - 1 && own.every((w, i) => w === name[i + 1])
  })
  if (within !== undefined) return within
  const head = wordsOf(product).at(-1) ?? ""
  return words.size >= 2 && KIND_HEADS.has(head) && !isPlural(product) ? head : undefined
}

/**
 * Another of the product's kinds to compare it with: same head noun, other words ("hot desk" beside
 * "dedicated desk", "5-class pass" beside "10-class pass"), neither holding the other ("shower
 * screen" is the frameless one's kind, not an alternative; "swiss cheese plant" is the monstera).
 */
export const alternativesOf = (product: string, others: ReadonlyArray<string>): ReadonlyArray<string> => {
  const own = wordsOf(product)
  return others.filter((o) => {
    const words = wordsOf(o)
    if (words.at(-1) !== own.at(-1) || words.length === 0) return false
    return !words.every((w) => own.includes(w)) && !own.every((w) => words.includes(w))
  })
}

/** Kinds of business that sell things: "Which plant shop in Bristol sells ...?" reads; "Which board game ..." does not. */
export const SELLER_HEADS: ReadonlySet<string> = new Set(
  `shop store studio school company clinic bar restaurant bakery salon gym centre center roaster brewery florist boutique
  market deli nursery garage workshop agency practice`.split(/\s+/).filter((w) => w.length > 0)
)

/** What a product's set is filled from: the facts' own values, read by the generator. */
export interface ProductFill {
  /** The product's names as its page gives them, its own first ("monstera deliciosa", "swiss cheese plant"). */
  readonly names: ReadonlyArray<string>
  /** The business's category, when it is known. */
  readonly category: string | null
  readonly place: string | null
  readonly audiences: ReadonlyArray<string>
  /** Dietary features ("vegan"): the only kind a product can have in front of its name. */
  readonly dietary: ReadonlyArray<string>
  readonly business: string
  readonly visitable: boolean
  /** Whether it is hired, not bought (a campervan from a hire business): booked, as a service is. */
  readonly hired?: boolean
}

export interface ProductCandidate {
  readonly prompt: string
  readonly intent: PromptIntent
  readonly template: string
}

/**
 * Every product template filled every way its slots allow, the templates taking turns (each
 * one's first filling, then each one's second...), so that any prefix mixes the intents.
 */
export const productCandidates = (fill: ProductFill, rotateBy: number): ReadonlyArray<ProductCandidate> => {
  const product = fill.names[0]
  if (product === undefined) return []
  const others = fill.names.slice(1)
  const { aProduct, plural } = productArticle(product)
  const alternatives = alternativesOf(product, others)
  const kind = kindOf(product, others)
  const seller = fill.category !== null && SELLER_HEADS.has(wordsOf(fill.category).at(-1) ?? "") ? fill.category : undefined
  const service = isServiceProduct(product)
  const countable = aProduct !== product
  const head = headOf(product)
  const remote = isRemote(product)
  // (An escape room is played in, not stayed in.)
  const stay = STAY_HEADS.has(head) && !/\bescape room$/u.test(product)
  const has = (need: ProductNeed): boolean => {
    switch (need) {
      case "place":
        return fill.place !== null
      case "other":
        return alternatives.length > 0
      case "kind":
        return kind !== undefined
      case "seller":
        return seller !== undefined
      case "audience":
        return fill.audiences.length > 0
      case "dietary":
        return fill.dietary.length > 0
      case "goods":
        return !service && fill.hired !== true
      case "service":
        return service || fill.hired === true
      case "performed":
        // A stay is stayed in: "What happens during a kestrel hut?" is nobody's question.
        return service && !stay
      case "visit":
        // A download or a video call is not gone to: "Who sells a deep sleep hypnosis audio near me?"
        return fill.visitable && !remote
      case "online":
        return !fill.visitable
      case "countable":
        return countable
      case "lesson":
        return LESSON_HEADS.has(head)
      case "included":
        return INCLUDED_HEADS.has(head)
      case "upkeep":
        return UPKEEP_HEADS.has(head)
      case "durable":
        return DURABLE_HEADS.has(head)
      case "giftable":
        return GIFTABLE_HEADS.has(head)
      case "job":
        return service && !PACKAGE_HEADS.has(head) && (JOB_HEADS.has(head) || TRADE.test(fill.category ?? ""))
      case "care":
        return service && CARE_HEADS.has(head)
      case "course":
        return COURSE_HEADS.has(head)
      case "kit":
        return head === "kit"
      case "package":
        return PACKAGE_HEADS.has(head)
      case "pass":
        return PASS_HEADS.has(head) && fill.visitable
      case "recurring":
        return RECURRING_HEADS.has(head)
      case "shop":
        return has("goods") && !CLINIC.test(fill.category ?? "") && !TRADE.test(fill.category ?? "")
      case "inedible":
        return !FOOD_HEADS.has(head)
      case "usable":
        return !service && USE_HEADS.has(head)
      case "skin":
        return !service && SKIN_HEADS.has(head)
      case "ingredients":
        return !service && (INGREDIENT_HEADS.has(head) || FOOD_HEADS.has(head))
      case "digital":
        return !service && DIGITAL_HEADS.has(head)
      case "tool":
        return !service && TOOL_HEADS.has(head)
      case "monthly":
        // A "monthly membership" says so already.
        return RECURRING_HEADS.has(head) && !/\bmonthly\b/u.test(product)
      case "voucher":
        return VOUCHER.test(product)
      case "hire":
        return fill.hired === true
      case "stay":
        return stay
      case "food":
        return !service && FOOD_HEADS.has(head)
      case "medical":
        return CLINIC.test(fill.category ?? "") && !GIFTABLE_HEADS.has(head) && !INCLUDED_HEADS.has(head) && !COURSE_HEADS.has(head)
      case "salon":
        return service && CARE_HEADS.has(head) && !CLINIC.test(fill.category ?? "") && !TRADE.test(fill.category ?? "")
      case "appointment":
        return service && (JOB_HEADS.has(head) || CARE_HEADS.has(head) || LESSON_HEADS.has(head) || TRIP_HEADS.has(head)) && !PACKAGE_HEADS.has(head)
      case "crafted":
        return (DURABLE_HEADS.has(head) && head !== "plant") || FOOD_HEADS.has(head)
      case "outing":
        return LESSON_HEADS.has(head) || STAY_HEADS.has(head) || TRIP_HEADS.has(head)
      case "trip":
        return TRIP_HEADS.has(head)
      case "experience":
        return LESSON_HEADS.has(head) || CARE_HEADS.has(head) || STAY_HEADS.has(head) || TRIP_HEADS.has(head) || head === "ritual"
    }
  }
  const perTemplate = [...PRODUCT_TEMPLATES, ...MORE_PRODUCT_TEMPLATES].filter((template) => template.needs.every(has)).map((template) => {
    const prompts: Array<string> = []
    const usesAudience = template.render({ ...PROBE }).includes(PROBE.audience)
    const usesOther = template.render({ ...PROBE }).includes(PROBE.other)
    const usesFeature = template.needs.includes("dietary")
    for (const other of usesOther ? alternatives : [""]) {
      for (const audience of usesAudience ? fill.audiences : [""]) {
        for (const feature of usesFeature ? fill.dietary : [""]) {
          prompts.push(template.render({
            product,
            products: countable && !plural ? offeringForm(product).text : product,
            aProduct,
            plural,
            other,
            aOther: productArticle(other).aProduct,
            kind: kind ?? "",
            kinds: kind === undefined ? "" : kindsOf(kind),
            seller: seller ?? "",
            sellers: seller === undefined ? "" : pluralOf(seller),
            place: fill.place ?? "",
            audience,
            feature,
            business: fill.business,
            countable
          }).replace(/\s+/g, " ").trim())
        }
      }
    }
    return { template, prompts }
  })
  const main = perTemplate.filter((entry) => !MORE_PRODUCT_TEMPLATES.includes(entry.template))
  const more = perTemplate.filter((entry) => MORE_PRODUCT_TEMPLATES.includes(entry.template))
  const turns = [...(main.length === 0 ? [] : [...main.slice(rotateBy % main.length), ...main.slice(0, rotateBy % main.length)]), ...more]
  const out: Array<ProductCandidate> = []
  for (let round = 0; turns.some((entry) => entry.prompts.length > round); round++) {
    for (const { prompts, template } of turns) {
      const prompt = prompts[round]
      if (prompt !== undefined) out.push({ prompt, intent: template.intent, template: template.id })
    }
  }
  return out
}

/** A thing its business gives a name of its own, and what it is. */
export interface NamedThing {
  /** As the site writes it, without a leading "the": "Kestrel Hut", "Walling Day", "WellCheck". */
  readonly name: string
  /** Whether it is said with "the" ("the Kestrel Hut"), as its own name opens with it. */
  readonly withThe: boolean
  /** What it is: "shepherd's hut", "annual well maintenance plan". */
  readonly kind: string
  readonly business: string
  readonly place: string | null
}

/**
 * What a customer who has heard of a named thing asks about it by name: with its business or its
 * town, its price, what it is like, how it compares with others of its kind. Never ranked or looked
 * for among other sellers ("Which campground has the best Kestrel Hut?"): only its business has it.
 */
export const namedCandidates = (named: NamedThing): ReadonlyArray<ProductCandidate> => {
  const the = named.withThe ? `the ${named.name}` : named.name
  // ("Other solar panel bird proofing": work named by its "-ing" is never made plural.)
  const kinds = /ing$/u.test(named.kind) ? named.kind : kindsOf(named.kind)
  // "Fell & Beck Walling Walling Day reviews": a business name ending in the name's first word says
  // it twice run together, so the name comes first.
  const overlaps = fold(named.business.split(/\s+/u).at(-1) ?? "") === fold(named.name.split(/\s+/u)[0] ?? "")
  return [
    {
      prompt: overlaps ? `${named.name} at ${named.business} reviews` : `${named.business} ${named.name} reviews`,
      intent: "reviews" as const,
      template: "named-reviews"
    },
    { prompt: `How much does ${the} at ${named.business} cost?`, intent: "price" as const, template: "named-price" },
    { prompt: `What do people say about ${the}?`, intent: "reviews" as const, template: "named-said" },
    { prompt: `How does ${the} compare with other ${kinds}?`, intent: "comparison" as const, template: "named-compare" },
    ...(named.place === null ? [] : [{ prompt: `${named.name} ${named.place}`, intent: "brand" as const, template: "named-place" }])
  ]
}

/** Slot values that cannot occur in a template's own words: tells which slots a template reads. */
const PROBE: ProductSlots = {
  product: "qqproduct",
  products: "qqproducts",
  aProduct: "a qqproduct",
  plural: false,
  other: "qqother",
  aOther: "a qqother",
  kind: "qqkind",
  kinds: "qqkinds",
  seller: "qqseller",
  sellers: "qqsellers",
  place: "Qqplace",
  audience: "qqaudience",
  feature: "qqfeature",
  business: "Qqbusiness",
  countable: true
}

/** A kind said as a customer compares across it: "shower screen" → "shower screens". */
const kindsOf = (kind: string): string => (isPlural(kind) ? kind : pluralOf(kind))
