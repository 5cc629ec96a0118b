/**
 * The site's FAQ, composed without a model: the site's own questions with its own answers
 * first, then one answer per prompt, each from the facts specific to it — the offering or the
 * place it names, the hours for an hours question, the price for a price question (only when
 * the site states one), what the site's own page on the subject says and where that page is.
 * A question with nothing specific to answer is dropped, and no two answers are the same.
 */
import { countPrices, hasPrice, PRICE_START_SOURCE } from "../domain/money.ts"
import { escapeRegExp } from "../domain/regex.ts"
import type { SiteFacts } from "../domain/site-events.ts"
import { oneLine } from "./html.ts"
import { copyWords } from "./copy-words.ts"
import { addressLine, offeringPrice, pricePhrase, quotesRow } from "./llms-txt.ts"
import { nameOf, offeringsNamed, present, sellerOf, siteInEnglish, upperFirst, usable, withArticle } from "./post-facts.ts"
import { keywords, promptQuestion } from "./question-words.ts"
import type { FaqEntryInput, OfferingInput } from "./site-input.ts"
import { agree, bodyText, displayHost, externalUrl, firstSentence, itsPage, listedAt, pageRefOf, possessive, sentence, sentencesOf, truncate, nameInSentence, withoutLeadingPrice } from "./text.ts"

/** A page address for reading: `acme.example/products/sourdough`. */
export const pageAddress = (url: string): string => {
  try {
    const u = new URL(url)
    return `${displayHost(url)}${u.pathname === "/" ? "" : u.pathname.replace(/\/$/, "")}`
  } catch {
    return oneLine(url)
  }
}

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
const HOURS_WORDS = /\b(open|opens|opening|hours?|closing|closes|today|tonight|late|early|weekends?|weekdays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?)\b/i
const PRICE_WORDS = /\b(price[sd]?|pricing|cost|costs|charges?|how much|expensive|cheap|affordable|worth|fees?|rates?|budget)\b/i
const WHERE_WORDS = /\b(where|address|located|location|directions|near me|nearby|contact|phone|call|e-?mail|reach|book|booking|order)\b/i

/** Content words of a question without the entity's own name, which selects nothing. */
const subjectWords = (f: SiteFacts, text: string): ReadonlySet<string> => {
  const own = keywords(`${f.name} ${f.businessName}`)
  return new Set([...keywords(text)].filter((w) => !own.has(w)))
}

const overlap = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => [...a].filter((w) => b.has(w)).length

const hoursAnswer = (f: SiteFacts, question: string): string | null => {
  const hours = f.hours ?? []
  if (hours.length === 0) return null
  // A product is not open: its maker is.
  const name = sellerOf(f)
  const asked = DAYS.filter((d) => new RegExp(`\\b${d}s?\\b`, "i").test(question))
  const day = asked[0]
  const lines = hours.map((h) => oneLine(h.text)).join("; ").replace(/\.$/, "")
  const w = copyWords(f.language)
  const all = w === null ? `${name} lists its opening hours as: ${lines}.` : w.hoursAll(name, lines)
  if (day === undefined) return all
  const Day = upperFirst(day)
  const line = hours.find((h) => h.days.includes(Day))
  // "Yes"/"No" answer a yes-or-no question only; "Which … are open on Saturday?" gets the statement.
  const yesNo = YES_NO.test(question)
  if (w !== null) {
    const d = w.days[DAYS.indexOf(day)]!
    if (line === undefined) return `${w.noHoursFor(name, d.day)} ${all}`
    return line.opens === null ? w.closedOn(name, d.on, yesNo) : w.openOn(name, d.on, line.opens, line.closes ?? "", yesNo)
  }
  if (line === undefined) return `${possessive(name)} website gives no hours for ${Day}. ${all}`
  if (line.opens === null) return `${yesNo ? "No: " : ""}${name} is closed on ${Day}s.`
  return yesNo ? `Yes: on ${Day}s ${name} is open ${line.opens}–${line.closes}.` : `On ${Day}s, ${name} is open ${line.opens}–${line.closes}.`
}

const YES_NO = /^(?:is|are|do|does|can|could|will|would|should|has|have)\b/i

/** ` Its page: https://…` with the offering's page as an absolute address; empty without one. */
const pageNote = (f: SiteFacts, o: OfferingInput): string => {
  const url = externalUrl(o.url, f.sourceUrl)
  const w = copyWords(f.language)
  return url === null ? "" : w === null ? ` Its page: ${url}` : w.page(url)
}

const priceAnswer = (f: SiteFacts, o: OfferingInput): string => {
  const w = copyWords(f.language)
  if (w !== null) return localPriceAnswer(f, o, w)
  const price = pricePhrase(o)
  const name = oneLine(o.name)
  // A price list's row, quoted as written, says what the amount is for ("…, grades 3–8: $240/month").
  if (quotesRow(o)) return `${sentence(`${sellerOf(f)} lists ${nameInSentence(name, "the")} as “${oneLine(o.description!)}”`)}${pageNote(f, o)}`
  if (price !== null) return `${sentence(`${upperFirst(name)} ${agree(name)} ${listedAt(price)} by ${sellerOf(f)}`)}${pageNote(f, o)}`
  const stated = priceSaid(f, o)
  if (stated !== null) return `On ${itsPage(stated.title, sellerOf(f), stated.url)}, ${sellerOf(f)} says of ${nameInSentence(name, "the")}: “${truncate(stated.quote, 240)}” (${stated.url})`
  return `${sellerOf(f)} does not state a price for ${nameInSentence(name, "the")} on its website; ask it directly.${pageNote(f, o)}`
}

/** `priceAnswer` in the site's language: the price as the site writes it, the names as they stand. */
const localPriceAnswer = (f: SiteFacts, o: OfferingInput, w: NonNullable<ReturnType<typeof copyWords>>): string => {
  const price = offeringPrice(o)
  const name = w.noun(oneLine(o.name))
  if (quotesRow(o)) return `${w.priceRow(sellerOf(f), name, oneLine(o.description!))}${pageNote(f, o)}`
  if (price !== null) return `${w.priceListed(upperFirst(name), price, sellerOf(f))}${pageNote(f, o)}`
  const stated = priceSaid(f, o)
  if (stated !== null) return w.pageSays(pageRefOf(stated.title, sellerOf(f), stated.url), sellerOf(f), truncate(stated.quote, 240), stated.url, name)
  return `${w.noPrice(sellerOf(f), name)}${pageNote(f, o)}`
}

/**
 * A price the site states in words for an offering it lists without one: a priced sentence of
 * its own FAQ's answer about the offering ("How does knife sharpening work?" … "It's $12 a
 * knife"), else a priced sentence of a page that names it. Never "does not state a price" when it does.
 */
const priceSaid = (f: SiteFacts, o: OfferingInput): { readonly quote: string; readonly url: string; readonly title: string } | null => {
  const named = keywords(o.name)
  if (named.size === 0) return null
  const names = (text: string) => {
    const words = keywords(text)
    return [...named].every((w) => words.has(w))
  }
  const faqTitle = f.pages.find((p) => /faq|question/i.test(`${p.url} ${p.title}`))?.title ?? "FAQ"
  // An FAQ entry is about what its question names; a page's sentence prices what comes just before its price.
  for (const entry of f.ownFaq ?? []) {
    if (!names(entry.question)) continue
    const quote = quotable(entry.answer).find(hasPrice)
    if (quote !== undefined) return { quote, url: entry.url, title: faqTitle }
  }
  const priced = new RegExp(String.raw`${escapeRegExp(oneLine(o.name))}[^.!?]{0,60}?${PRICE_START_SOURCE}`, "iu")
  for (const page of f.pages) {
    const quote = quotable(bodyText(page)).find((s) => priced.test(s))
    if (quote !== undefined) return { quote, url: page.url, title: page.title }
  }
  return null
}

/** A sentence of the offering's own page that its description does not already say. */
const ownPageSentence = (f: SiteFacts, o: OfferingInput): string | null => {
  const page = f.pages.find((p) => present(o.url) !== null && p.url === o.url)
  if (page === undefined) return null
  if (!keywords(`${page.title} ${page.headings[0] ?? ""}`).has([...keywords(o.name)].pop() ?? "")) return null
  const body = withoutLeadingPrice(bodyText(page))
  const first = body === "" ? null : sentence(firstSentence(body, 240))
  // A price list's line run into the sentence ("¥3,300 a roll · ¥15,800 for a 5-pack The …") is no quote.
  // Nor is a sentence the description is part of ("Plan Visits Price … $289 per month Plan customers get 15% off …").
  const description = present(o.description)?.replace(/[.!?]$/, "") ?? null
  return first === null || !usable(first) || (description !== null && (description.includes(first.replace(/[.!?]$/, "")) || first.includes(description))) ? null : first
}

/**
 * An offering's answer, by what the question asks: where (the address or place, the hours),
 * when (the hours), otherwise what its own page says about it.
 */
const offeringAnswer = (f: SiteFacts, o: OfferingInput, question: string): string => {
  const name = oneLine(o.name)
  const description = present(o.description)
  const w = copyWords(f.language)
  const price = w === null ? pricePhrase(o) : offeringPrice(o)
  const parts = [w === null ? `${sellerOf(f)} offers ${nameInSentence(name, "a")}.` : w.offers(sellerOf(f), w.noun(name))]
  if (description !== null) parts.push(sentence(firstSentence(description, 240)))
  // A price list's row quoted as the description already says the price.
  if (price !== null && !quotesRow(o)) parts.push(w === null ? `Listed price: ${price}.` : w.listedPrice(price))
  const hours = (f.hours ?? []).length > 0 ? hoursAnswer(f, question) : null
  if (HOURS_WORDS.test(question) && hours !== null) parts.push(hours)
  else if (WHERE_WORDS.test(question)) {
    const reach = contactLine(f)
    if (reach !== null) parts.push(reach)
  } else {
    const own = ownPageSentence(f, o)
    if (own !== null) parts.push(w === null ? `Its page adds: “${own}”` : w.pageAdds(own))
  }
  return `${parts.join(" ")}${pageNote(f, o)}`
}

/** Where and how to reach the entity, from the facts only; null when there is nothing. */
const contactLine = (f: SiteFacts): string | null => {
  const address = addressLine(f)
  const w = copyWords(f.language)
  if (w !== null) {
    const place = address ?? present(f.place)
    return place === null && present(f.phone) === null && present(f.email) === null ? null : w.contact(sellerOf(f), place, present(f.phone), present(f.email))
  }
  const where = address === null ? (present(f.place) === null ? null : `based in ${present(f.place)}`) : `at ${address}`
  const ways = [
    present(f.phone) === null ? null : `by phone on ${present(f.phone)}`,
    present(f.email) === null ? null : `by e-mail at ${present(f.email)}`
  ].filter((w): w is string => w !== null)
  if (where === null && ways.length === 0) return null
  const reach = ways.length === 0 ? "" : `reachable ${ways.join(" or ")}`
  return `${sellerOf(f)} is ${where === null ? reach : `${where}${reach === "" ? "" : `, ${reach}`}`}.`
}

/**
 * What the site's own pages say on the subject: the sentence sharing the most of the question's
 * words (two when it has two or more), quoted with its page. The category and the place select
 * nothing: every page of a dentist in Madison is about a dentist in Madison. A page's first
 * sentence is no answer to a question it does not speak to ("… with evening appointments?").
 */
const pageAnswer = (f: SiteFacts, subject: ReadonlySet<string>): string | null => {
  const general = keywords(`${f.category ?? ""} ${f.place ?? ""}`)
  const words = new Set([...subject].filter((w) => !general.has(w)))
  if (words.size === 0) return null
  const needed = Math.min(2, words.size)
  let best: { readonly page: SiteFacts["pages"][number]; readonly quote: string; readonly score: number } | null = null
  for (const page of f.pages.slice(1)) {
    // A page repeating the site's own description says nothing of its own: its text does.
    const description = present(page.description)
    const own = description !== null && description !== present(f.description) ? [description] : []
    for (const quote of [...own, ...quotable(bodyText(page))]) {
      const score = overlap(words, keywords(quote))
      if (score >= needed && (best === null || score > best.score)) best = { page, quote, score }
    }
  }
  if (best === null) return null
  // A product's pages are its maker's: the maker says what they say, not the product.
  const w = copyWords(f.language)
  if (w !== null) return w.pageSays(pageRefOf(best.page.title, sellerOf(f), best.page.url), sellerOf(f), truncate(best.quote, 240), best.page.url, null)
  return `On ${itsPage(best.page.title, sellerOf(f), best.page.url)}, ${sellerOf(f)} says: “${truncate(best.quote, 240)}” (${best.page.url})`
}

/**
 * The sentences of a text that read as one: not a run-together price list, not a fragment, and
 * without the price of the card before run into its start ("A$34 Free shipping on …").
 */
const quotable = (text: string): ReadonlyArray<string> =>
  sentencesOf(text).map(withoutLeadingPrice).filter((s) => s.length >= 20 && s.length <= 300 && countPrices(s) < 3 && usable(s))

const COMPARISON = /\b(?:vs\.?|versus|or|compared? (?:to|with))\b/i

/** Two offerings a comparison names, each with its price when the site states one. */
const comparisonAnswer = (f: SiteFacts, a: OfferingInput, b: OfferingInput): string => {
  const w = copyWords(f.language)
  if (w !== null) {
    const named = (o: OfferingInput) => {
      const price = offeringPrice(o)
      return `${w.noun(oneLine(o.name))}${price === null ? "" : ` (${price})`}`
    }
    const urls = [...new Set([a, b].map((o) => externalUrl(o.url, f.sourceUrl)).filter((u): u is string => u !== null))]
    return `${w.both(sellerOf(f), named(a), named(b))}${urls.length === 0 ? "" : urls.length === 1 ? w.page(urls[0]!) : w.pages(urls)}`
  }
  const one = (o: OfferingInput) => {
    const price = pricePhrase(o)
    return `${nameInSentence(oneLine(o.name), "a")}${price === null ? "" : ` (${listedAt(price)})`}`
  }
  const pages = [...new Set([a, b].map((o) => externalUrl(o.url, f.sourceUrl)).filter((u): u is string => u !== null))]
  return `${sellerOf(f)} offers both ${one(a)} and ${one(b)}.${pages.length === 0 ? "" : ` Its pages: ${pages.join(" and ")}`}`
}

/** A generated answer to one prompt, or null when the facts hold nothing specific to it. */
const answerFor = (f: SiteFacts, question: string): string | null => {
  const words = subjectWords(f, question)
  const named = offeringsNamed(f, question)
  const offering = named[0] ?? productAsked(f, question)
  if (named.length >= 2 && COMPARISON.test(question)) return comparisonAnswer(f, named[0]!, named[1]!)
  if (offering !== null && PRICE_WORDS.test(question)) return priceAnswer(f, offering)
  if (offering !== null) return offeringAnswer(f, offering, question)
  if (HOURS_WORDS.test(question) && (f.hours ?? []).length > 0) return hoursAnswer(f, question)
  if (WHERE_WORDS.test(question)) return contactLine(f)
  // Nothing named: the site's page on the subject, else what the entity is (given once only,
  // as every such question would get the same answer).
  const about = keywords(`${f.category ?? ""} ${f.place ?? ""}`)
  return pageAnswer(f, words) ?? ([...words].some((w) => about.has(w)) ? identityLine(f) : null)
}

/**
 * On a product's site, the product itself when the question names it ("Nikon FM2 price in
 * Osaka?"): its own name selects no offering (every question there is about it), so without this
 * the question would be answered from whatever page shares a word with it.
 */
const productAsked = (f: SiteFacts, question: string): OfferingInput | null => {
  if (f.kind !== "product") return null
  const asked = keywords(question)
  const own = keywords(nameOf(f))
  if (![...own].some((w) => asked.has(w))) return null
  const source = f.sourceUrl.replace(/\/$/, "")
  const sameName = (o: OfferingInput) => {
    const words = keywords(o.name)
    return [...words].every((w) => own.has(w)) || [...own].every((w) => words.has(w))
  }
  return f.offerings.find((o) => present(o.url) !== null && o.url!.replace(/\/$/, "") === source) ?? f.offerings.find(sameName) ?? null
}

/** A category that names a kind of business (a product's category read from its maker), not a kind of thing. */
const BUSINESS_KIND = /\b(?:shop|store|studio|clinic|company|agency|bakery|caf[eé]|restaurant|bar|school|service|services|rental|hire|maker|brand|practice|salon|gallery|market|centre|center|workshop|firm|office|farm|brewery|winery|roaster|boutique|outfitters?|dealer|supplier|manufacturer|retailer|operator|venue|spa|gym|library|museum|cinema|theatre|theater)s?$/i

/** `Acme Bakery is a bakery in Lyon. Sourdough, croissants and cakes…`; null with no description. */
export const identityLine = (f: SiteFacts): string | null => {
  const description = present(f.description)
  if (description === null) return null
  const category = present(f.category)
  const place = present(f.place)
  // A trade named by its work ("catering", "roofing") is a business of it: "a catering business".
  const kindNoun = category === null ? null : `${category.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase())}${/ing$/i.test(category) ? " business" : ""}`
  const kind = kindNoun === null ? null : withArticle(kindNoun)
  const maker = present(f.businessName)
  // A product's category is its maker's ("tea shop"): the product is made by one, not one itself.
  const w = copyWords(f.language)
  const what = kind === null
    ? null
    : f.kind === "product" && w !== null
    ? maker === null || maker === nameOf(f) ? null : w.product(nameOf(f), maker, category!, place, BUSINESS_KIND.test(category!))
    : f.kind === "product"
    ? maker === null || maker === nameOf(f)
      ? null
      : BUSINESS_KIND.test(category!)
      ? `${nameOf(f)} is made by ${maker}, ${kind}${place === null ? "" : ` in ${place}`}.`
      // The product's own kind ("campervan" for "Kea 2-berth campervan"): it is one, from its business.
      : `${nameOf(f)} is ${kind} from ${maker}${place === null ? "" : ` in ${place}`}.`
    // A category in the site's own language takes no English article ("is a réparation
    // d'électroménager"): it is named beside the name.
    : siteInEnglish(f)
    ? `${nameOf(f)} is ${kind}${place === null ? "" : ` in ${place}`}.`
    : `${nameOf(f)}: ${category}${place === null ? "" : `, ${place}`}.`
  const own = sentence(firstSentence(description, 240))
  // A description that already says what the entity is needs no preamble saying it again.
  const words = keywords(own)
  const saysKind = category !== null && [...keywords(category)].every((w) => words.has(w))
  const says = saysKind && (!siteInEnglish(f) || [...keywords(nameOf(f))].some((w) => words.has(w) && !keywords(category!).has(w)))
  return what === null || says ? own : `${what} ${own}`
}

const key = (s: string) => oneLine(s).toLowerCase()

/**
 * The FAQ: the site's own entries (as the site words them), then one answer per prompt;
 * blank and repeated questions, questions without a specific answer, and answers already given
 * are dropped.
 */
export const composeFaq = (facts: SiteFacts, prompts: ReadonlyArray<string>): ReadonlyArray<FaqEntryInput> => {
  const questions = new Set<string>()
  const answers = new Set<string>()
  const out: Array<FaqEntryInput> = []
  let dayQuestions = 0
  const add = (question: string, answer: string | null) => {
    if (answer === null || question === "" || questions.has(key(question)) || answers.has(key(answer))) return
    questions.add(key(question))
    answers.add(key(answer))
    out.push({ question, answer })
  }
  for (const own of facts.ownFaq ?? []) add(oneLine(own.question), present(own.answer))
  for (const prompt of prompts) {
    const question = promptQuestion(prompt)
    if (question === "" || questions.has(key(question))) continue
    // One question a day ("open on Monday?", "… on Tuesday?", …) reads as a template: two are
    // enough, as the hours are on every page.
    const aboutADay = HOURS_WORDS.test(question) && DAYS.some((d) => new RegExp(`\\b${d}s?\\b`, "i").test(question)) && offeringsNamed(facts, question).length === 0
    if (aboutADay && dayQuestions >= MAX_DAY_QUESTIONS) continue
    const before = out.length
    add(question, answerFor(facts, question))
    if (aboutADay && out.length > before) dayQuestions++
  }
  return out
}

const MAX_DAY_QUESTIONS = 2
