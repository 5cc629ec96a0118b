/**
 * The about text, composed without a model: what the entity is, then its own words from its
 * about page (quoted), and what it offers. Only facts the crawl found; a part with nothing to say
 * is left out. Hours and contact details are not repeated here: the about page lists them below.
 */
import type { SiteFacts } from "../domain/site-events.ts"
import { copyWords } from "./copy-words.ts"
import { identityLine } from "./faq-copy.ts"
import { nameOf, present, sellerOf } from "./post-facts.ts"
import { bodyText, displayHost, leadSentences, leadText, listSentence, truncate, nameInSentence } from "./text.ts"

const ABOUT = /about|our-?story|story|who we are|history/i

/** An opening section this long says who the business is without the sections after it. */
const OPENING_SAYS_ENOUGH = 80

/**
 * The first sentences (up to ~450 characters) of the site's own about page, without its heading:
 * its opening section's, so the story does not run on into the team's cards and the journal's
 * teaser under the next headings; the page's when that section says little.
 */
const ownWords = (f: SiteFacts): { readonly text: string; readonly url: string } | null => {
  const page = f.pages.slice(1).find((p) => ABOUT.test(`${p.url} ${p.title}`))
  if (page === undefined) return null
  const opening = leadSentences(leadText(page), 450)
  const out = opening.length >= OPENING_SAYS_ENOUGH ? opening : leadSentences(bodyText(page), 450)
  return out === "" ? null : { text: truncate(out, 460), url: page.url }
}

/** More offerings than this read as a catalogue, not a sentence: the sentence names the first ones. */
const LISTED_IN_PROSE = 6

/** A list in a sentence; with semicolons when a name has a comma of its own ("Fret level, crown & polish"). */
const inList = (names: ReadonlyArray<string>): string =>
  names.some((n) => n.includes(",")) && names.length > 2 ? `${names.slice(0, -1).join("; ")}; and ${names[names.length - 1]}` : listSentence(names)

/** The about text: paragraphs separated by blank lines. */
export const composeAbout = (facts: SiteFacts): string => {
  const w = copyWords(facts.language)
  if (w !== null) return localAbout(facts, w)
  const name = nameOf(facts)
  const paras: Array<string> = []
  paras.push(identityLine(facts) ?? `${name}${present(facts.place) === null ? "" : ` is based in ${present(facts.place)}`}. More about it is on ${displayHost(facts.sourceUrl)}.`)
  const own = ownWords(facts)
  if (own !== null) paras.push(`On its about page, ${name} writes: “${own.text}”`)
  // A product's site lists what its maker sells beside it, not what the product "offers"; not itself.
  const product = facts.kind === "product"
  const offerings = facts.offerings.map((o) => present(o.name)).filter((n): n is string => n !== null && !(product && n === name)).map((n) => nameInSentence(n, "a"))
  if (product && offerings.length > 0) paras.push(`${sellerOf(facts)} also lists ${inList(offerings.slice(0, LISTED_IN_PROSE))}.`)
  else if (offerings.length > 0 && offerings.length <= LISTED_IN_PROSE) paras.push(`${name} offers ${inList(offerings)}. Each has its own page on this site.`)
  else if (offerings.length > LISTED_IN_PROSE) {
    paras.push(`${name} lists ${offerings.length} offerings, each with its own page on this site, among them ${inList(offerings.slice(0, LISTED_IN_PROSE))}.`)
  }
  return paras.join("\n\n")
}

/** `composeAbout` in the site's language: the same parts, the names as they stand. */
const localAbout = (facts: SiteFacts, w: NonNullable<ReturnType<typeof copyWords>>): string => {
  const name = nameOf(facts)
  const paras: Array<string> = [identityLine(facts) ?? w.basedIn(name, present(facts.place), displayHost(facts.sourceUrl))]
  const own = ownWords(facts)
  if (own !== null) paras.push(w.aboutWrites(name, own.text))
  const product = facts.kind === "product"
  const offerings = facts.offerings.map((o) => present(o.name)).filter((n): n is string => n !== null && !(product && n === name)).map(w.noun)
  if (product && offerings.length > 0) paras.push(w.alsoLists(sellerOf(facts), w.list(offerings.slice(0, LISTED_IN_PROSE))))
  else if (offerings.length > 0 && offerings.length <= LISTED_IN_PROSE) paras.push(w.offersEach(name, w.list(offerings)))
  else if (offerings.length > LISTED_IN_PROSE) paras.push(w.offersMany(name, offerings.length, w.list(offerings.slice(0, LISTED_IN_PROSE))))
  return paras.join("\n\n")
}
