/**
 * The angles a post can take on one prompt: an answer, a guide, a checklist, a comparison of
 * what to weigh, an offering spotlight, a local guide, questions and answers, the site's own
 * words. A prompt the entity keeps missing comes back with the next angle that fits its facts,
 * so a month of posts over the same prompts says different things. Each angle's title promises
 * only what its text then gives (a price only when one is known, a count that is the count).
 */
import {
  addressOf,
  contactWays,
  descriptor,
  hash,
  hostOf,
  nounOf,
  pageOf,
  type PostSubject,
  priceOf,
  questionOf,
  rotate,
  type SourceSentence,
  upperFirst
} from "./post-facts.ts"
import { listSentence, sentence, truncate } from "./text.ts"

export interface PostDraft {
  readonly title: string
  readonly summary: string
  readonly bodyParagraphs: ReadonlyArray<string>
}

export interface PostAngle {
  readonly id: AngleId
  /** Whether the facts hold enough for this angle to say something specific. */
  readonly fits: (s: PostSubject) => boolean
  /** `visit`: how many posts this prompt already had, so a return picks other sentences. */
  readonly write: (s: PostSubject, visit: number) => PostDraft
}

export const ANGLE_IDS = ["answer", "spotlight", "checklist", "local", "faq", "guide", "comparison", "site-words"] as const
export type AngleId = (typeof ANGLE_IDS)[number]

const quote = (s: SourceSentence): string => `“${truncate(s.text, 260)}”`

/**
 * The site's sentences for this post: a window of the most relevant ones, placed by the prompt
 * and moved on each visit, so two prompts on one subject (or one prompt's returns) quote
 * different sentences.
 */
const sentencesFor = (s: PostSubject, visit: number, n: number): ReadonlyArray<SourceSentence> => {
  const relevant = s.sentences.slice(0, s.relevant)
  const lead = rotate(relevant, visit, Math.min(1, n))
  const rest = s.sentences.filter((x) => !lead.includes(x))
  return [...lead, ...rotate(rest, hash(s.prompt) + visit * n, n - lead.length)]
}

const others = (s: PostSubject, n: number): ReadonlyArray<string> =>
  s.facts.offerings.map((o) => o.name).filter((name) => name !== s.offering?.name).slice(0, n)

const offeringLine = (s: PostSubject): string | null => {
  const o = s.offering
  if (o === null) return null
  const price = priceOf(o)
  const page = pageOf(s.facts, o)
  const parts = [`${s.name} lists ${nounOf(o.name)}${price === null ? "" : ` at ${price}`}.`]
  if (o.description !== null && o.description.trim() !== "") parts.push(sentence(truncate(o.description, 260)))
  if (page !== null) parts.push(`Its page is ${page}.`)
  return parts.join(" ")
}

const hoursLine = (s: PostSubject): string | null => (s.hours.length === 0 ? null : `Opening hours, as the site gives them: ${s.hours.join("; ")}.`)

const reachLine = (s: PostSubject, lead: string): string => {
  const ways = contactWays(s.facts)
  return ways === null ? `${lead} see ${s.facts.sourceUrl}.` : `${lead} ${s.name} can be reached ${ways}.`
}

const compact = (items: ReadonlyArray<string | null>): ReadonlyArray<string> => items.filter((p): p is string => p !== null && p !== "")

/** What the prompt asks for, answered from the facts (or honestly said to be missing). */
const intentLine = (s: PostSubject): string | null => {
  const q = s.prompt.toLowerCase()
  const priced = s.facts.offerings.flatMap((o) => {
    const price = priceOf(o)
    return price === null ? [] : [`${o.name}, ${price}`]
  })
  if (/\b(price|prices|cost|costs|budget|cheap|afford|value|money|how much|expensive)\b/.test(q)) {
    return priced.length === 0
      ? `On price: ${hostOf(s.facts)} lists none, so ask ${s.name} directly.`
      : `On price, the site lists ${listSentence(priced)}.`
  }
  if (/\b(open|hours|sunday|saturday|weekend|late|early)\b/.test(q)) {
    return s.hours.length === 0 ? `On opening times: ${hostOf(s.facts)} gives none, so check before you go.` : `On opening times: ${s.hours.join("; ")}.`
  }
  if (/\b(near me|nearby|where|located|location|directions)\b/.test(q)) {
    const address = addressOf(s.facts)
    return address !== null ? `On where: ${s.name} is at ${address}.` : s.place === null ? null : `On where: ${s.name} is in ${s.place}.`
  }
  if (/\b(review|reviews|trust|reputation|complaint|complaints|rated|rating)\b/.test(q)) {
    return `On reputation: ${s.name}'s site publishes no customer reviews, so none are quoted here; what follows is what it says about itself.`
  }
  if (/\b(alternative|alternatives|compare|comparison|versus|vs|instead|pros and cons|difference)\b/.test(q)) {
    const names = s.facts.offerings.map((o) => o.name).slice(0, 5)
    return names.length === 0 ? null : `This post does not rank other businesses; it sets out what ${s.name} itself lists: ${listSentence(names)}.`
  }
  if (/\b(first time|how to|how do|tips|should i know|beginner)\b/.test(q)) {
    const page = pageOf(s.facts, s.offering)
    return page === null ? null : `Start with the page ${s.name} keeps on it: ${page}.`
  }
  return null
}

const answer: PostAngle = {
  id: "answer",
  fits: () => true,
  write: (s, visit) => {
    const question = questionOf(s.prompt)
    const quoted = sentencesFor(s, visit, 2)
    return {
      title: question,
      summary: `${s.name}'s answer to “${truncate(s.prompt, 90)}”, from what it publishes on ${hostOf(s.facts)}.`,
      bodyParagraphs: compact([
        `${s.name} is ${descriptor(s.facts)}, and this is what it can tell you about ${s.focus}.`,
        intentLine(s),
        offeringLine(s),
        quoted.length === 0 ? null : `In its own words: ${quoted.map(quote).join(" ")}`,
        hoursLine(s),
        reachLine(s, "To ask about it directly,")
      ])
    }
  }
}

const spotlight: PostAngle = {
  id: "spotlight",
  fits: (s) => s.offering !== null,
  write: (s, visit) => {
    const o = s.offering!
    const price = priceOf(o)
    const more = others(s, 3)
    const quoted = sentencesFor(s, visit + 1, 2)
    return {
      title: price === null ? `${upperFirst(o.name)} at ${s.name}` : `${upperFirst(o.name)} at ${s.name}: ${price}`,
      summary: `A closer look at ${o.name}${price === null ? "" : `, listed at ${price}`}, and where to find it.`,
      bodyParagraphs: compact([
        offeringLine(s),
        quoted.length === 0 ? null : `What the site says around it: ${quoted.map(quote).join(" ")}`,
        more.length === 0 ? null : `Alongside it, ${s.name} offers ${listSentence(more)}.`,
        s.place === null ? null : `You will find it in ${s.place}.`
      ])
    }
  }
}

const checklist: PostAngle = {
  id: "checklist",
  fits: (s) => s.offering !== null || contactWays(s.facts) !== null,
  write: (s, visit) => {
    const o = s.offering
    const price = priceOf(o)
    const page = pageOf(s.facts, o)
    const address = addressOf(s.facts)
    const ways = contactWays(s.facts)
    const quoted = sentencesFor(s, visit + 2, 1)[0]
    const items = compact([
      o === null ? null : `Know what you want: ${s.name} lists ${nounOf(o.name)}${o.description === null ? "." : ` (${truncate(o.description.replace(/[.!?]+$/, ""), 160)}).`}`,
      price === null ? null : `Check the price: ${price}, as listed on the site.`,
      page === null ? null : `Read the details first at ${page}.`,
      s.hours.length === 0 ? null : `Check when it is open: ${s.hours.join("; ")}.`,
      address === null ? null : `Plan the trip: ${address}.`,
      ways === null ? null : `Ask before you go: ${s.name} can be reached ${ways}.`,
      quoted === undefined ? null : `Read how ${s.name} describes itself: ${quote(quoted)}`
    ])
    return {
      title: `${upperFirst(s.focus)}: a ${items.length}-point checklist`,
      summary: `${items.length} things to check about ${s.focus} before you choose, each from ${hostOf(s.facts)}.`,
      bodyParagraphs: [`Looking into ${s.focus}${s.place === null ? "" : ` in ${s.place}`}? Here is what to check, with ${s.name}'s own details.`, ...items.map((item, i) => `${i + 1}. ${item}`)]
    }
  }
}

const local: PostAngle = {
  id: "local",
  fits: (s) => addressOf(s.facts) !== null || (s.place !== null && s.hours.length > 0),
  write: (s, visit) => {
    const address = addressOf(s.facts)
    const where = s.place ?? address!
    const quoted = sentencesFor(s, visit + 3, 1)
    return {
      title: `${upperFirst(s.focus)} in ${where}: where ${s.name} is and when to go`,
      summary: `Where to find ${s.name} for ${s.focus}${s.hours.length === 0 ? "" : ", and its opening hours"}.`,
      bodyParagraphs: compact([
        address === null ? `${s.name} is in ${where}.` : `${s.name} is at ${address}.`,
        hoursLine(s) ?? `${hostOf(s.facts)} gives no opening hours; ask before you go.`,
        offeringLine(s),
        quoted.length === 0 ? null : quoted.map(quote).join(" "),
        reachLine(s, "Before a visit,")
      ])
    }
  }
}

const faq: PostAngle = {
  id: "faq",
  fits: (s) => s.faq.length > 0 || s.offering !== null,
  write: (s, visit) => {
    const o = s.offering
    const price = priceOf(o)
    const ways = contactWays(s.facts)
    const fromSite = rotate(s.faq.slice(0, 6), visit, 3).map((q) => `${questionOf(q.question)} ${sentence(truncate(q.answer, 300))}`)
    const derived = compact([
      o === null ? null : `What is ${o.name}? ${o.description === null ? `One of the offerings ${s.name} lists.` : sentence(truncate(o.description, 240))}`,
      price === null ? null : `How much is it? ${price}, as listed.`,
      s.hours.length === 0 ? null : `When is ${s.name} open? ${s.hours.join("; ")}.`,
      ways === null ? null : `How do I ask about it? ${upperFirst(ways)}.`
    ])
    const pairs = [...fromSite, ...derived].slice(0, 5)
    return {
      title: `${upperFirst(s.focus)}: ${pairs.length} question${pairs.length === 1 ? "" : "s"} answered`,
      summary: `${pairs.length} questions about ${s.focus}, answered from ${s.name}'s own site.`,
      bodyParagraphs: [`${s.name} gets asked about ${s.focus}. The answers below are the ones its site gives.`, ...pairs]
    }
  }
}

const guide: PostAngle = {
  id: "guide",
  fits: (s) => s.sentences.length >= 2,
  write: (s, visit) => {
    const quoted = sentencesFor(s, visit + 4, 3)
    const more = others(s, 4)
    return {
      title: `A guide to ${s.focus} at ${s.name}`,
      summary: `What ${s.name} offers for ${s.focus}, how it describes it, and how to get it.`,
      bodyParagraphs: compact([
        `If ${s.focus} is what you are after${s.place === null ? "" : ` in ${s.place}`}, here is what ${s.name} has.`,
        offeringLine(s),
        ...quoted.map((q) => `From “${truncate(q.pageTitle, 60)}”: ${quote(q)}`),
        more.length === 0 ? null : `Also on its list: ${listSentence(more)}.`
      ])
    }
  }
}

const comparison: PostAngle = {
  id: "comparison",
  fits: (s) => [priceOf(s.offering), addressOf(s.facts), s.hours[0] ?? null, contactWays(s.facts)].filter((x) => x !== null).length >= 2,
  write: (s, visit) => {
    const price = priceOf(s.offering)
    const address = addressOf(s.facts)
    const ways = contactWays(s.facts)
    const quoted = sentencesFor(s, visit + 5, 1)[0]
    const rows = compact([
      price === null ? null : `Price. ${s.name} lists ${s.offering!.name} at ${price}.`,
      s.offering?.description ? `What you get. ${sentence(truncate(s.offering.description, 200))}` : null,
      address === null ? null : `Location. ${address}.`,
      s.hours.length === 0 ? null : `Opening hours. ${s.hours.join("; ")}.`,
      ways === null ? null : `Contact. ${upperFirst(ways)}.`,
      quoted === undefined ? null : `In its own words. ${quote(quoted)}`
    ])
    return {
      title: `Comparing ${s.focus}${s.place === null ? "" : ` in ${s.place}`}: what to weigh`,
      summary: `The points worth comparing for ${s.focus}, with ${s.name}'s own figures for each.`,
      bodyParagraphs: [`When you compare places for ${s.focus}, a few points decide it. Here is where ${s.name} stands on each.`, ...rows]
    }
  }
}

const siteWords: PostAngle = {
  id: "site-words",
  fits: (s) => s.sentences.length >= 3,
  write: (s, visit) => {
    const quoted = sentencesFor(s, visit + 6, 4)
    return {
      title: `What ${hostOf(s.facts)} says about ${s.focus}`,
      summary: `${s.name}'s own words on ${s.focus}, page by page.`,
      bodyParagraphs: [
        `Straight from ${s.name}'s website, on ${s.focus}:`,
        ...quoted.map((q) => `${quote(q)} (${truncate(q.pageTitle, 60)}, ${q.url})`)
      ]
    }
  }
}

export const ANGLES: ReadonlyArray<PostAngle> = [answer, spotlight, checklist, local, faq, guide, comparison, siteWords]

/** The angles that fit a subject, in the order a prompt's posts go through them. */
export const anglesFor = (s: PostSubject): ReadonlyArray<PostAngle> => ANGLES.filter((a) => a.fits(s))
