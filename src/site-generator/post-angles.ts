/**
 * The angles a post can take on one prompt: an answer, a guide, a checklist, a comparison of
 * what to weigh, an offering spotlight, a local guide, questions and answers, the site's own
 * words. Every angle opens with the answer to what the prompt asks (post-intent.ts: the hours
 * of the day asked about, the price, where, ...), then adds the facts that bear on it. A prompt
 * the entity keeps missing comes back with the next angle that fits its facts, and each return
 * leads to another of the entity's offerings, so a month of posts over the same prompts says
 * different things. Each angle's title promises only what its text then gives (a price only
 * when one is known) and states no figure that is not a fact (no counts).
 *
 * Wording: each sentence has a few phrasings, chosen by the post's seed (its prompt, angle and
 * visit), so two posts stating the same fact do not repeat the same sentence around it; the
 * facts themselves are always as crawled.
 */
import {
  addressOf,
  contactWays,
  contentWords,
  descriptionOf,
  descriptor,
  visiting,
  hash,
  hostOf,
  lowerFirst,
  nounIn,
  pageOf,
  type PostSubject,
  priceOf,
  questionOf,
  rotate,
  sellerOf,
  type SourceSentence,
  upperFirst,
  withArticle
} from "./post-facts.ts"
import { comparedPair, daysAsked, hoursOnDay, type Intent, intentOf } from "./post-intent.ts"
import type { OfferingInput } from "./site-input.ts"
import { agree, isPlural, itsPage, listedAt, listSentence, possessive, sentence, truncate } from "./text.ts"

export interface PostDraft {
  readonly title: string
  readonly summary: string
  readonly bodyParagraphs: ReadonlyArray<string>
}

export interface PostAngle {
  readonly id: AngleId
  /** Whether the facts hold enough for this angle to say something specific. */
  readonly fits: (s: PostSubject) => boolean
  /**
   * `visit`: how many posts this prompt already had, so a return picks other sentences;
   * `variant`: another wording of the same post, for when the first is too like a recent one.
   */
  readonly write: (s: PostSubject, visit: number, variant?: number) => PostDraft
}

export const ANGLE_IDS = ["answer", "spotlight", "checklist", "local", "faq", "guide", "comparison", "site-words"] as const
export type AngleId = (typeof ANGLE_IDS)[number]

/** One post's writing: its subject, what the prompt asks, and the seed its wording is chosen by. */
interface Ctx {
  readonly s: PostSubject
  readonly intent: Intent
  readonly visit: number
  readonly seed: number
  readonly name: string
  /** Who lists, sells, keeps the hours: the business, also on a product's site (a product lists nothing and is not open). */
  readonly seller: string
  /** The offering the prompt is about, as a noun in a sentence; else its field (`a bakery`), else the name. */
  readonly noun: string
  readonly host: string
  /** What the site says on the prompt's particular ask, if anything (`detailOf`). */
  readonly detail: { readonly text: string; readonly sentence: SourceSentence | null } | null
}

/** Words that say what kind of question a prompt is (post-intent.ts), in `contentWords` form. */
const QUESTION_WORDS = new Set(
  `price cost pay paying cheap cheaper expensive afford budget money fair premium overpay overpaying hour time open opening closed
  closest wait notice short long quick quickly rated rating review top recommend local quality tell look know first choose choosing
  compare comparison difference better alternative instead chain independent worth trustworthy lesser-known lesser known trying help`
    .split(/\s+/)
    .filter((w) => w !== "")
)

/**
 * The site's sentence (or FAQ answer) on what is particular in the prompt: a word of it that is
 * not the business, its place, field or offering, and that few of the site's sentences use
 * (`gluten-free`, `Sunday`, `insurance`), so the post says what the site says about that.
 */
const detailOf = (s: PostSubject): { readonly text: string; readonly sentence: SourceSentence | null } | null => {
  const own = contentWords(`${s.name} ${s.facts.businessName} ${s.place ?? ""} ${s.facts.category ?? ""} ${s.offering?.name ?? ""}`)
  // The words of the question itself (price, open, best...) are what the lead answers, not a particular ask.
  const asked = [...contentWords(s.prompt)].filter((w) => !own.has(w) && !QUESTION_WORDS.has(w))
  if (asked.length === 0) return null
  const texts = [
    ...s.faq.map((q) => ({ words: contentWords(`${q.question} ${q.answer}`), text: `${possessive(s.name)} FAQ answers “${truncate(q.question, 120)}”: ${sentence(truncate(q.answer, 300))}`, sentence: null })),
    ...s.sentences.map((x) => ({ words: contentWords(x.text), text: quoteOf(x), sentence: x }))
  ]
  const rare = asked.filter((w) => {
    const n = texts.filter((t) => t.words.has(w)).length
    return n >= 1 && n <= 3
  })
  let best: (typeof texts)[number] | null = null
  let score = 0
  for (const t of texts) {
    const n = rare.filter((w) => t.words.has(w)).length
    if (n > score) {
      best = t
      score = n
    }
  }
  return best
}

const ctxOf = (s: PostSubject, angle: AngleId, visit: number, variant: number): Ctx => ({
  s,
  detail: detailOf(s),
  intent: intentOf(s.prompt, s.name),
  visit,
  seed: hash(`${s.prompt}\n${angle}\n${visit}\n${variant}`),
  name: s.name,
  seller: sellerOf(s.facts),
  noun: s.offering !== null ? nounIn(s.facts, s.offering.name) : s.focus === s.name ? s.name : withArticle(s.focus),
  host: hostOf(s.facts)
})

/** ` on croissants` (`word` and the offering the prompt is about), or nothing when it is about none. */
const on = (c: Ctx, word = " on"): string => (c.s.offering === null ? "" : `${word} ${c.noun}`)

/** An amount of money in a sentence: `$395`, `4,20 €`, `12 EUR`, `8 dollars`. */
const MONEY = /[$€£]\s?\d|\d(?:[\d.,]*\d)?\s?(?:€|£|\$|eur|usd|gbp|dollars?|euros?|pounds?)\b/i

/** One of `variants`, by the post's seed and the sentence's own salt. */
const pick = <A>(c: Ctx, salt: string, variants: ReadonlyArray<A>): A => variants[hash(`${c.seed}:${salt}`) % variants.length]!

const compact = (items: ReadonlyArray<string | null | undefined | false>): Array<string> =>
  items.filter((p): p is string => typeof p === "string" && p !== "")

const quoteOf = (q: SourceSentence): string => `“${truncate(q.text, 260)}”`

/** The page a quote is from, as a sentence names it (`its page “Prices”`, `its home page`). */
const quotedPage = (c: Ctx, q: SourceSentence): string => itsPage(q.pageTitle, c.seller, q.url)

/**
 * The site's sentences for this post: those on its subject (sharing a word with the prompt or
 * its offering), a window moved by visit; when fewer than `n` are, `fill` others of the site.
 */
const sentencesFor = (c: Ctx, n: number, offset: number, fill = 1): ReadonlyArray<SourceSentence> => {
  const { s } = c
  const lead = leadQuote(c)
  const notDetail = (x: SourceSentence) => x !== c.detail?.sentence && x !== lead
  const relevant = rotate(s.sentences.slice(0, s.relevant).filter(notDetail), c.visit + offset, n)
  const rest = s.sentences.slice(s.relevant).filter(notDetail)
  return [...relevant, ...rotate(rest, (c.seed % 97) + c.visit * n + offset, Math.min(fill, n - relevant.length))]
}

/** A quoted sentence of the site, framed one of several ways. */
const framed = (c: Ctx, q: SourceSentence, i: number): string =>
  pick(c, `frame${i}`, [
    `On ${quotedPage(c, q)}, ${c.name} writes: ${quoteOf(q)}`,
    // A quote the sentence goes on after ends without its full stop: “… with the audience”, as …
    `“${truncate(q.text, 260).replace(/\.$/, "")}”, as ${c.host} puts it.`,
    `From ${quotedPage(c, q)}: ${quoteOf(q)}`,
    `${possessive(c.name)} site says: ${quoteOf(q)}`,
    `In ${possessive(c.name)} own words: ${quoteOf(q)}`
  ])

/** The other offerings, a window moved on each visit, so returns lead elsewhere. */
const otherOfferings = (c: Ctx, n: number): ReadonlyArray<OfferingInput> => {
  // Not the prompt's offering, nor, on a product's site, the product itself.
  const others = c.s.facts.offerings.filter((o) => o.name.trim() !== "" && o.name !== c.s.offering?.name && o.name.trim() !== c.name)
  return rotate(others, c.visit + (c.seed % 5), n)
}

const withPrice = (c: Ctx, o: OfferingInput): string => {
  const price = priceOf(o)
  return price === null ? nounIn(c.s.facts, o.name) : `${nounIn(c.s.facts, o.name)} (${price})`
}

// Without the last line's own full stop ("… 5 p.m."): the sentence it ends adds one.
const allHours = (c: Ctx): string => c.s.hours.join("; ").replace(/\.$/, "")

/**
 * What the offering is, its price and its page, in one of several orders; the prompt's own
 * offering leaves out what the lead already said (its price for a price question, its
 * description for a question of quality).
 */
const offeringText = (c: Ctx, o: OfferingInput, salt: string): string => {
  const own = o === c.s.offering
  const price = own && c.intent === "price" ? null : priceOf(o)
  const page = pageOf(c.s.facts, o)
  const noun = nounIn(c.s.facts, o.name)
  const described = descriptionOf(o)
  const desc = described === null || (own && c.intent === "quality") ? null : sentence(truncate(described, 260))
  return pick(c, salt, [
    compact([`${c.name} lists ${noun}${price === null ? "" : ` at ${price}`}.`, desc, page === null ? null : `Details: ${page}.`]).join(" "),
    compact([
      desc === null && price === null ? `${upperFirst(noun)} ${agree(noun)} on ${possessive(c.name)} list.` : `${upperFirst(noun)}${price === null ? "" : `, ${price}`}${desc === null ? "." : `: ${lowerFirst(desc)}`}`,
      page === null ? null : `Its page: ${page}.`
    ]).join(" "),
    compact([desc === null ? null : `${upperFirst(noun)} at ${c.name}: ${lowerFirst(desc)}`, price === null ? null : `${isPlural(noun) ? "They are" : "It is"} ${listedAt(price)}.`, desc === null && price === null ? `${upperFirst(noun)} ${agree(noun)} on ${possessive(c.name)} list.` : null, page === null ? null : `More at ${page}.`]).join(" "),
    compact([`On ${possessive(c.name)} list: ${noun}${price === null ? "" : ` for ${price}`}.`, desc, page === null ? null : `See ${page}.`]).join(" ")
  ])
}

const hoursText = (c: Ctx): string | null =>
  c.s.hours.length === 0 ? null : pick(c, "hours", [
    `Opening hours, as the site gives them: ${allHours(c)}.`,
    `${possessive(c.name)} hours: ${allHours(c)}.`,
    `When to go: ${allHours(c)}.`,
    `The hours on ${c.host}: ${allHours(c)}.`
  ])

const contactText = (c: Ctx): string => {
  const phone = c.s.facts.phone?.trim() ? c.s.facts.phone.trim() : null
  const email = c.s.facts.email?.trim() ? c.s.facts.email.trim() : null
  // Often one way is enough: the phone, or the e-mail.
  const one = pick(c, "contact-one", [null, phone === null ? null : `by phone at ${phone}`, email === null ? null : `by email at ${email}`])
  const ways = one ?? contactWays(c.s.facts)
  if (ways === null) {
    return pick(c, "contact", [`Everything else is on ${c.s.facts.sourceUrl}.`, `The rest is on ${possessive(c.name)} site, ${c.s.facts.sourceUrl}.`, `More on ${c.s.facts.sourceUrl}.`])
  }
  return pick(c, "contact", [
    `To ask ${c.name} directly: ${ways}.`,
    `Questions? ${c.name} can be reached ${ways}.`,
    `You can reach ${c.name} ${ways}.`,
    visiting(c.s.facts) === "walk-in" ? `Before you go, you can reach ${c.name} ${ways}.` : `Before deciding, you can reach ${c.name} ${ways}.`
  ])
}

const whereText = (c: Ctx): string | null => {
  const address = addressOf(c.s.facts)
  if (address !== null) return pick(c, "where", [`${c.name} is at ${address}.`, `You will find ${c.name} at ${address}.`, `${possessive(c.name)} address: ${address}.`])
  if (c.s.place !== null) return pick(c, "where", [`${c.name} is in ${c.s.place}.`, `${c.name} is based in ${c.s.place}.`, `You will find ${c.name} in ${c.s.place}.`])
  return null
}

/** The hours of the days the prompt asks about, or all of them; null when the site gives none. */
const dayAnswer = (c: Ctx): string | null => {
  if (c.s.hours.length === 0) return null
  const days = daysAsked(c.s.prompt)
  if (days.length === 0) {
    return pick(c, "lead-hours", [
      `${possessive(c.seller)} opening hours, as its site gives them: ${allHours(c)}.`,
      `When ${c.seller} is open: ${allHours(c)}.`,
      `The hours ${c.host} lists: ${allHours(c)}.`
    ])
  }
  return days.map((day) => {
    const h = hoursOnDay(c.s.facts, day)
    switch (h.kind) {
      case "open":
        return pick(c, `day-${day}`, [
          `Yes: on ${day} ${c.seller} is open from ${h.opens} to ${h.closes}.`,
          `${c.seller} opens on ${day} at ${h.opens} and closes at ${h.closes}.`,
          `${day} is an opening day at ${c.seller}: ${h.opens} to ${h.closes}.`
        ])
      case "closed":
        return pick(c, `day-${day}`, [`${c.seller} is closed on ${day}, according to its site.`, `Not on ${day}: ${possessive(c.seller)} site lists it as closed that day.`])
      case "stated":
        return `For ${day}, ${possessive(c.seller)} site says: ${sentence(h.text)}`
      case "unknown":
        // A day the prompt does not name (the other day of a weekend) is not named either.
        return new RegExp(`\\b${day}`, "i").test(c.s.prompt)
          ? `The opening hours found on ${c.host} do not name ${day}: they are ${allHours(c)}.`
          : `The site gives no hours for the other day of the weekend.`
    }
  }).join(" ")
}

/** Another offering the prompt names (every word of its name), for a comparison of two. */
const secondNamed = (c: Ctx): OfferingInput | null => {
  const asked = contentWords(c.s.prompt)
  const own = contentWords(c.s.offering?.name ?? "")
  return c.s.facts.offerings.find((o) => {
    const words = [...contentWords(o.name)]
    return o.name !== c.s.offering?.name && words.length > 0 && words.every((w) => asked.has(w)) && !words.every((w) => own.has(w))
  }) ?? null
}

/**
 * A comparison of things the site never mentions ("latte vs cortado" to a bakery that lists no
 * coffee) is answered by saying so, and by what it does list, not by a ranking disclaimer that
 * leaves the question open.
 */
const unmentioned = (c: Ctx): string | null => {
  const pair = comparedPair(c.s.prompt)
  if (pair === null) return null
  const written = contentWords([
    ...c.s.facts.offerings.map((x) => `${x.name} ${descriptionOf(x) ?? ""}`),
    ...c.s.facts.pages.map((page) => [page.title, page.description, ...page.headings, page.text].join(" "))
  ].join(" "))
  const mentioned = (thing: string) => [...contentWords(thing)].every((w) => written.has(w))
  const missing = pair.filter((thing) => !mentioned(thing))
  if (missing.length === 0) return null
  const listed = c.s.facts.offerings.slice(0, 3).map((x) => nounIn(c.s.facts, x.name))
  const rest = listed.length === 0 ? "" : ` What it does list: ${listSentence(listed)}.`
  if (missing.length === 2) return `No mention of ${missing[0]} or ${missing[1]} was found on ${c.host}, so ${c.name} may not offer either; ask before you go.${rest}`
  const offered = c.s.offering === null ? "" : `${upperFirst(withPrice(c, c.s.offering))} is on ${possessive(c.name)} list; `
  return `${offered}no mention of ${missing[0]} was found on ${c.host}, so ask ${c.name} before you count on it.${offered === "" ? rest : ""}`
}

/** The sentence a question of quality leads with when its offering has no description of its own. */
const qualityQuote = (c: Ctx): SourceSentence | undefined =>
  c.intent !== "quality" || descriptionOf(c.s.offering) !== null ? undefined : c.s.sentences.slice(0, c.s.relevant)[c.visit % Math.max(c.s.relevant, 1)]

/** The sentence on the subject stating a price, that a question of price leads with when no price is listed. */
const priceQuote = (c: Ctx): SourceSentence | undefined => {
  if (c.intent !== "price" || c.s.offering === null || priceOf(c.s.offering) !== null) return undefined
  // The sentence names the offering: "cost" alone would find any price of the site.
  const named = contentWords(c.s.offering.name)
  return c.s.sentences.slice(0, c.s.relevant).find((x) => MONEY.test(x.text) && [...contentWords(x.text)].some((w) => named.has(w)))
}

/** The site's sentence the lead quotes, if any: not quoted again. */
const leadQuote = (c: Ctx): SourceSentence | undefined => qualityQuote(c) ?? priceQuote(c)

/** The first paragraph: what the prompt asks, answered from the facts (or said to be missing). */
const leadAnswer = (c: Ctx): string => {
  const { s } = c
  const o = s.offering
  const price = priceOf(o)
  const priced = s.facts.offerings.filter((x) => x !== o && priceOf(x) !== null).slice(0, 3).map((x) => `${nounIn(s.facts, x.name)} at ${priceOf(x)}`)
  switch (c.intent) {
    case "hours":
      return dayAnswer(c) ?? pick(c, "lead", [
        `No opening hours were found on ${c.host}, so check with ${c.name} before you go.`,
        `The opening hours are not on the pages of ${c.host} read for this post; ask ${c.name} before making the trip.`
      ])
    case "price":
      if (price !== null) {
        return pick(c, "lead", [
          `${upperFirst(c.noun)} ${agree(c.noun, "costs", "cost")} ${price} at ${c.name}.`,
          `At ${c.name}, ${c.noun} ${agree(c.noun)} ${listedAt(price)}.`,
          `${c.name} lists ${c.noun} at ${price}, the price on its own site.`,
          `The price: ${price} for ${c.noun} at ${c.name}.`
        ])
      }
      // A price stated in the site's text, in a sentence on the subject, before saying none was found.
      const stated = priceQuote(c)
      if (stated !== undefined) return pick(c, "lead", [`On price, ${possessive(c.name)} site says: ${quoteOf(stated)}`, `What ${c.host} says about the price: ${quoteOf(stated)}`])
      if (priced.length > 0) {
        return pick(c, "lead", [
          `No price for ${c.noun} was found on ${c.host}; the prices it lists are ${listSentence(priced)}.`,
          `${c.host} shows no price for ${c.noun} that this post could find, so ask ${c.name}; for reference, it lists ${listSentence(priced)}.`
        ])
      }
      // Only what this post looked for: a price written in a way not read (a currency word) may be there.
      return pick(c, "lead", [`No price${on(c, " for")} was found on ${c.host}, so ask ${c.name} for one.`, `The pages of ${c.host} read for this post give no price${on(c, " for")}; ask ${c.name} directly.`])
    case "where":
      return whereText(c) ?? (s.facts.kind === "product" && c.seller !== c.name
        ? `${c.name} ${agree(c.name)} sold by ${c.seller}: ${s.facts.sourceUrl}.`
        : `No address was found on ${possessive(c.name)} site; see ${s.facts.sourceUrl}.`)
    case "urgent": {
      const when = dayAnswer(c)
      const ways = contactWays(s.facts)
      return compact([
        pick(c, "lead", [`If you need ${c.noun} soon, here is when and how to reach ${c.name}.`, `Short on time? What matters is when ${c.name} is open and how to ask.`, `For ${c.noun} without waiting, check ${possessive(c.name)} hours first.`]),
        when,
        ways === null ? null : `Reach it ${ways}.`
      ]).join(" ")
    }
    case "compare": {
      const other = secondNamed(c)
      if (o !== null && other !== null) {
        return pick(c, "lead", [
          `${c.name} offers both: ${withPrice(c, o)} and ${withPrice(c, other)}.`,
          `Both are on ${possessive(c.name)} list: ${withPrice(c, o)} and ${withPrice(c, other)}.`
        ])
      }
      const unnamed = unmentioned(c)
      if (unnamed !== null) return unnamed
      return pick(c, "lead", [
        `This post does not rank other businesses: it sets out what ${c.name} offers${on(c, " for")}, so you can weigh it yourself.`,
        `${c.name} cannot speak for others; here are its own facts${on(c)}, to set against theirs.`,
        `No ranking of competitors here, only ${possessive(c.name)} own facts${on(c)}.`
      ])
    }
    case "quality": {
      const described = descriptionOf(o ?? null)
      const desc = described === null ? null : sentence(truncate(described, 260))
      if (desc !== null) return pick(c, "lead", [`What ${c.name} says about its ${c.noun}: ${desc}`, `${c.name} describes its ${c.noun} this way: ${desc}`])
      const q = qualityQuote(c)
      if (q !== undefined) return `On ${c.noun}, ${possessive(c.name)} site says: ${quoteOf(q)}`
      return `${c.name} is ${descriptor(s.facts)}; here is what it says about ${c.noun}.`
    }
    case "rated":
      return pick(c, "lead", [
        `This post quotes no reviews or ratings; what follows is what ${possessive(c.name)} own site says${on(c, " about")}.`,
        `No star ratings here, only what ${c.name} says${on(c, " about")} on its own site.`,
        `Rather than ratings, here are ${possessive(c.name)} own facts${on(c)}, from its site.`
      ])
    case "brand":
      return pick(c, "lead", [`${c.name} is ${descriptor(s.facts)}.`, `${c.name}, ${descriptor(s.facts)}, answers this from its own site.`])
    case "general":
      return pick(c, "lead", [`${c.name} is ${descriptor(s.facts)}; here is what it can tell you about ${c.noun}.`, `${c.name} is ${descriptor(s.facts)}. Here is what its site says about ${c.noun}.`])
  }
}

/** The site's words on the prompt's particular ask, introduced one of a few ways. */
const detailText = (c: Ctx): string | null =>
  c.detail === null || (c.detail.sentence !== null && c.detail.sentence === leadQuote(c)) ? null : c.detail.sentence === null ? c.detail.text : pick(c, "detail", [
    `What the site says on this: ${c.detail.text}`,
    `Relevant here, from ${c.host}: ${c.detail.text}`,
    `On this point, ${c.name} writes: ${c.detail.text}`
  ])

/**
 * Whether the hours, the way to get in touch or the address help answer this prompt (beyond the
 * angles that are about them: local, checklist, comparison): a question of price is not
 * answered by opening hours, and a post that adds every practical fact to every answer reads
 * like the last one.
 */
const helps = (c: Ctx, fact: "hours" | "contact" | "where"): boolean => {
  switch (c.intent) {
    case "brand":
    case "general":
      return true
    case "where":
      return fact !== "where"
    case "quality":
    case "compare":
      return fact === "contact"
    default:
      return false
  }
}

/** Facts the lead already gave are not given again. */
const leadGave = (c: Ctx) => ({
  hours: c.intent === "hours" || c.intent === "urgent",
  where: c.intent === "where",
  contact: c.intent === "urgent" && contactWays(c.s.facts) !== null
})

/** The site's FAQ entries that share a word with the prompt. */
const relevantFaq = (c: Ctx) => {
  const asked = contentWords(`${c.s.prompt} ${c.s.offering?.name ?? ""}`)
  return c.s.faq.filter((q) => [...contentWords(`${q.question} ${q.answer}`)].some((w) => asked.has(w)))
}

/** Another offering than the prompt's, one per visit. */
const alsoText = (c: Ctx): string | null => {
  const [other] = otherOfferings(c, 1)
  if (other === undefined) return null
  const page = pageOf(c.s.facts, other)
  const described = descriptionOf(other)
  const desc = described === null ? null : sentence(truncate(described, 200))
  return compact([
    pick(c, "also", [`Also on ${possessive(c.seller)} list: ${withPrice(c, other)}.`, `While you are there, ${c.seller} also lists ${withPrice(c, other)}.`, `Another of its offerings is ${withPrice(c, other)}.`]),
    desc,
    page === null ? null : pick(c, "also-page", [`Its page: ${page}.`, `See ${page}.`])
  ]).join(" ")
}

const othersText = (c: Ctx, n: number): string | null => {
  const more = otherOfferings(c, n).map((o) => withPrice(c, o))
  if (more.length === 0) return null
  if (c.s.offering === null) return pick(c, "others", [`${c.seller} lists ${listSentence(more)}.`, `On ${possessive(c.seller)} list: ${listSentence(more)}.`])
  return pick(c, "others", [`${c.seller} also lists ${listSentence(more)}.`, `Besides ${c.noun}: ${listSentence(more)}.`, `Also from ${c.seller}: ${listSentence(more)}.`])
}

/** A title from what the prompt asks, for the angles that do not take the prompt itself. */
const intentTitle = (c: Ctx): string | null => {
  const { s } = c
  const Noun = upperFirst(c.noun)
  const price = priceOf(s.offering)
  const days = daysAsked(s.prompt)
  switch (c.intent) {
    case "hours":
      if (s.hours.length === 0) return null
      return days.length === 1 ? pick(c, "t", [`Is ${c.seller} open on ${days[0]}?`, `${days[0]} hours at ${c.seller}`]) : pick(c, "t", [`${possessive(c.seller)} opening hours`, `When ${c.seller} is open`])
    case "price":
      return price === null ? null : pick(c, "t", [`How much ${c.noun} ${agree(c.noun, "costs", "cost")} at ${c.name}`, `${Noun} at ${c.name}: ${price}`])
    case "where": {
      const where = addressOf(s.facts) ?? s.place
      return where === null ? null : pick(c, "t", [`Where to find ${c.noun}${s.place === null ? "" : ` in ${s.place}`}`, `Where ${c.name} is`])
    }
    case "urgent":
      return s.hours.length === 0 ? null : `Need ${c.noun} soon? ${possessive(c.name)} hours`
    default:
      return null
  }
}

/** The angle's own title, or the intent's, by the seed. */
const titleOf = (c: Ctx, own: ReadonlyArray<string>): string => {
  const it = intentTitle(c)
  return pick(c, "title", it === null ? own : [...own, it])
}

const summaryOf = (c: Ctx, own: ReadonlyArray<string>): string =>
  pick(c, "summary", [...own, `${upperFirst(c.name)} answers “${truncate(c.s.prompt, 90)}” from its own site.`])

const answer: PostAngle = {
  id: "answer",
  fits: () => true,
  write: (s, visit, variant = 0) => {
    const c = ctxOf(s, "answer", visit, variant)
    const gave = leadGave(c)
    const quoted = sentencesFor(c, 1, 0)
    return {
      title: questionOf(s.prompt),
      summary: summaryOf(c, [`${possessive(upperFirst(c.name))} answer to “${truncate(s.prompt, 90)}”.`, `A short answer from ${c.name} to “${truncate(s.prompt, 90)}”.`]),
      bodyParagraphs: compact([
        leadAnswer(c),
        detailText(c),
        s.offering === null ? null : offeringText(c, s.offering, "main"),
        ...quoted.map((q, i) => framed(c, q, i)),
        gave.hours || !helps(c, "hours") ? null : hoursText(c),
        alsoText(c),
        gave.contact || !helps(c, "contact") ? null : contactText(c)
      ])
    }
  }
}

const spotlight: PostAngle = {
  id: "spotlight",
  fits: (s) => s.offering !== null,
  write: (s, visit, variant = 0) => {
    const c = ctxOf(s, "spotlight", visit, variant)
    const o = s.offering!
    const price = priceOf(o)
    const quoted = sentencesFor(c, 2, 1)
    return {
      title: titleOf(c, [
        price === null ? `${upperFirst(c.noun)} at ${c.name}` : `${upperFirst(c.noun)} at ${c.name}: ${price}`,
        `${possessive(c.name)} ${c.noun}${s.place === null ? "" : ` in ${s.place}`}`
      ]),
      summary: summaryOf(c, [`A closer look at ${c.noun}${price === null ? "" : `, ${listedAt(price)}`}, and where to find it.`, `${upperFirst(c.noun)}: what ${c.name} says about it.`]),
      bodyParagraphs: compact([
        leadAnswer(c),
        detailText(c),
        offeringText(c, o, "main"),
        ...quoted.map((q, i) => framed(c, q, i)),
        othersText(c, 3),
        helps(c, "where") ? whereText(c) : null
      ])
    }
  }
}

const checklist: PostAngle = {
  id: "checklist",
  fits: (s) => s.offering !== null || contactWays(s.facts) !== null,
  write: (s, visit, variant = 0) => {
    const c = ctxOf(s, "checklist", visit, variant)
    const o = s.offering
    const price = priceOf(o)
    const page = pageOf(s.facts, o)
    const address = addressOf(s.facts)
    const ways = contactWays(s.facts)
    const [quoted] = sentencesFor(c, 1, 2)
    const come = visiting(s.facts)
    const gave = leadGave(c)
    const items = compact([
      o === null ? null : pick(c, "i1", [
        `Know what you want: ${c.name} lists ${c.noun}${descriptionOf(o) === null ? "." : ` (${truncate(descriptionOf(o)!.replace(/[.!?]+$/, ""), 160)}).`}`,
        `Be clear on what you are after. ${possessive(c.name)} ${c.noun}${descriptionOf(o) === null ? " is on its list." : `: ${lowerFirst(sentence(truncate(descriptionOf(o)!, 160)))}`}`
      ]),
      price === null ? null : pick(c, "i2", [`Check the price: ${price}, as listed on the site.`, `Note the listed price, ${price}.`]),
      page === null ? null : pick(c, "i3", [`Read the details first at ${page}.`, `Look at the page for it: ${page}.`]),
      s.hours.length === 0 || gave.hours ? null : pick(c, "i4", [`Check when it is open: ${allHours(c)}.`, come === "walk-in" ? `Go during opening hours: ${allHours(c)}.` : `Note the hours: ${allHours(c)}.`]),
      address === null || gave.where ? null : pick(c, "i5", [come === "walk-in" ? `Plan the trip: ${address}.` : come === "by appointment" ? `Visits are by appointment, at ${address}.` : `Its address, not a shop to walk into: ${address}.`, `Know the address: ${address}.`]),
      ways === null || gave.contact ? null : pick(c, "i6", [`Ask before you go: ${c.name} can be reached ${ways}.`, `Call or write first if unsure: ${ways}.`]),
      quoted === undefined ? null : pick(c, "i7", [`Read how ${c.name} describes itself: ${quoteOf(quoted)}`, `See what the site says: ${quoteOf(quoted)}`])
    ])
    return {
      title: titleOf(c, [`${upperFirst(c.noun)}: a checklist`, `What to check about ${c.noun}`]),
      summary: summaryOf(c, [`What to check about ${c.noun} before you choose, each point from ${possessive(c.name)} own pages.`]),
      // No numbers: every figure of a post is one of the facts (the fact check holds for these too).
      bodyParagraphs: compact([leadAnswer(c), detailText(c), ...items.map((item) => `– ${item}`)])
    }
  }
}

const local: PostAngle = {
  id: "local",
  fits: (s) => addressOf(s.facts) !== null || (s.place !== null && s.hours.length > 0),
  write: (s, visit, variant = 0) => {
    const c = ctxOf(s, "local", visit, variant)
    // A title names the town, never the street address ("Shio ramen in 2218 SE Division Street, …").
    const inPlace = s.place === null ? "" : ` in ${s.place}`
    const gave = leadGave(c)
    const quoted = sentencesFor(c, 1, 3)
    return {
      title: titleOf(c, [
        s.hours.length === 0 ? `${upperFirst(c.noun)}${inPlace}: where ${c.name} is` : `${upperFirst(c.noun)}${inPlace}: where ${c.name} is and when to go`,
        `Finding ${c.name}${inPlace}`
      ]),
      // ("Where to find Acme Bakery for a bakery": with no offering asked about, the noun is its own kind.)
      summary: summaryOf(c, [`Where to find ${c.name}${s.offering === null ? inPlace : ` for ${c.noun}`}${s.hours.length === 0 ? "" : ", and its opening hours"}.`]),
      bodyParagraphs: compact([
        leadAnswer(c),
        detailText(c),
        gave.where ? null : whereText(c),
        gave.hours ? null : hoursText(c) ?? `No opening hours were found on ${c.host}; ask before you go.`,
        s.offering === null ? null : offeringText(c, s.offering, "main"),
        ...quoted.map((q, i) => framed(c, q, i + 2)),
        gave.contact ? null : contactText(c)
      ])
    }
  }
}

const faq: PostAngle = {
  id: "faq",
  fits: (s) => s.faq.length > 0 || s.offering !== null,
  write: (s, visit, variant = 0) => {
    const c = ctxOf(s, "faq", visit, variant)
    const o = s.offering
    const price = priceOf(o)
    const ways = contactWays(s.facts)
    const first = compact([questionOf(s.prompt), leadAnswer(c), detailText(c)]).join(" ")
    // A question of the site's FAQ that the first answer already quotes is not asked again below it.
    const quoted = (q: { readonly answer: string }) => first.includes(truncate(q.answer, 80).replace(/…$/u, ""))
    const fromSite = rotate(relevantFaq(c).filter((q) => !quoted(q)).slice(0, 6), visit, 2).map((q) => `${questionOf(q.question)} ${sentence(truncate(q.answer, 300))}`)
    // "Bass amps" are asked about as they, "a full setup" as it; an offering without a description is not asked about.
    const plural = isPlural(c.noun)
    const derived = compact([
      descriptionOf(o) === null ? null : `What ${plural ? "are" : "is"} ${c.noun}? ${sentence(truncate(descriptionOf(o)!, 240))}`,
      price === null || c.intent === "price" ? null : `How much ${plural ? "do they" : "does it"} cost? ${price}, as listed.`,
      s.hours.length === 0 || leadGave(c).hours ? null : `When is ${c.name} open? ${allHours(c)}.`,
      ways === null || leadGave(c).contact ? null : `How do I ask about it? ${upperFirst(ways)}.`
    ])
    const pairs = [first, ...fromSite, ...derived].slice(0, 5)
    return {
      title: pick(c, "title", [`${upperFirst(c.noun)}: questions answered`, `Questions about ${c.noun}, answered by ${c.name}`]),
      summary: summaryOf(c, [`Questions about ${c.noun}, answered from ${possessive(c.name)} own site.`]),
      bodyParagraphs: [pick(c, "intro", [`${c.name} gets asked about ${c.noun}. The answers below are the ones its site gives.`, `Questions about ${c.noun}, and the answers from ${c.host}.`]), ...pairs]
    }
  }
}

const guide: PostAngle = {
  id: "guide",
  fits: (s) => s.sentences.length >= 2,
  write: (s, visit, variant = 0) => {
    const c = ctxOf(s, "guide", visit, variant)
    const quoted = sentencesFor(c, 2, 4)
    return {
      title: titleOf(c, s.offering === null ? [`A guide to ${c.name}`, `${c.name}: what to know`] : [`A guide to ${c.noun} at ${c.name}`, `${upperFirst(c.noun)} at ${c.name}: what to know`]),
      summary: summaryOf(c, [s.offering === null ? `What ${c.name} offers, how it describes itself, and how to reach it.` : `What ${c.name} offers for ${c.noun}, how it describes it, and how to get it.`]),
      bodyParagraphs: compact([
        leadAnswer(c),
        detailText(c),
        s.offering === null ? null : offeringText(c, s.offering, "main"),
        ...quoted.map((q, i) => framed(c, q, i + 4)),
        othersText(c, 4),
        leadGave(c).contact || !helps(c, "contact") ? null : contactText(c)
      ])
    }
  }
}

const comparison: PostAngle = {
  id: "comparison",
  fits: (s) => [priceOf(s.offering), addressOf(s.facts), s.hours[0] ?? null, contactWays(s.facts)].filter((x) => x !== null).length >= 2,
  write: (s, visit, variant = 0) => {
    const c = ctxOf(s, "comparison", visit, variant)
    const price = priceOf(s.offering)
    const address = addressOf(s.facts)
    const ways = contactWays(s.facts)
    const [quoted] = sentencesFor(c, 1, 5)
    const gave = leadGave(c)
    // One style of row for the whole post: a label and a full stop, or a label and a colon.
    const style = pick(c, "rows-style", [0, 1] as const)
    const row = (labels: readonly [string, string], text: string) => style === 0 ? `${labels[0]}. ${upperFirst(text)}` : `${labels[1]}: ${text}`
    const rows = compact([
      price === null ? null : row(["Price", "Price"], `${c.name} lists ${c.noun} at ${price}.`),
      descriptionOf(s.offering) === null ? null : row(["What you get", "What it is"], sentence(truncate(descriptionOf(s.offering)!, 200))),
      address === null || gave.where ? null : row(["Location", "Where"], `${address}.`),
      s.hours.length === 0 || gave.hours ? null : row(["Opening hours", "Hours"], `${allHours(c)}.`),
      ways === null || gave.contact ? null : row(["Contact", "How to ask"], `${ways}.`),
      quoted === undefined ? null : row(["In its own words", "What the site says"], quoteOf(quoted))
    ])
    return {
      // The noun leads ("Buttermilk scone: ..."): "choosing buttermilk scone" or "comparing teeth
      // whitening" would need an article or a plural that only some nouns take.
      title: titleOf(c, [`${upperFirst(c.noun)}${s.place === null ? "" : ` in ${s.place}`}: what to weigh`, `${upperFirst(c.noun)}: what to weigh before you choose`]),
      summary: summaryOf(c, [`The points worth comparing for ${c.noun}, with ${possessive(c.name)} own figures for each.`]),
      bodyParagraphs: [...compact([leadAnswer(c), detailText(c)]), pick(c, "rows", [`Here is where ${c.name} stands on each point that decides it.`, `The points that decide it, with ${possessive(c.name)} side of each:`]), ...rows]
    }
  }
}

const siteWords: PostAngle = {
  id: "site-words",
  fits: (s) => s.sentences.length >= 3,
  write: (s, visit, variant = 0) => {
    const c = ctxOf(s, "site-words", visit, variant)
    const quoted = sentencesFor(c, 3, 6, 3)
    return {
      // Without an offering the noun is the category ("a dentist"): "on a dentist" says nothing of the question.
      title: c.s.offering === null
        ? intentTitle(c) ?? pick(c, "title", [`What ${possessive(c.name)} site says`, `${c.name}, in its own words`])
        : pick(c, "title", [`What ${c.name} says about ${c.noun}`, `${c.name} on ${c.noun}, in its own words`]),
      summary: summaryOf(c, [`${possessive(c.name)} own words on ${c.noun}, page by page.`]),
      bodyParagraphs: compact([leadAnswer(c), detailText(c), ...quoted.map((q) => `${quoteOf(q)} (on ${quotedPage(c, q)}, ${q.url})`)])
    }
  }
}

export const ANGLES: ReadonlyArray<PostAngle> = [answer, spotlight, checklist, local, faq, guide, comparison, siteWords]

/** The angles that fit a subject, in the order a prompt's posts go through them. */
export const anglesFor = (s: PostSubject): ReadonlyArray<PostAngle> => ANGLES.filter((a) => a.fits(s))
