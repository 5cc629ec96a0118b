/**
 * The words the built-in answer engine reads a question with: the intent words that say how
 * someone asks (best, near me, open, reviews, price...) rather than what about, and a small table
 * of related words that name one offering ("pizzeria" and "pizza", "attorney" and "lawyer"). Both
 * are given as plain words and compared after `stem`, the retrieval's plural fold.
 */
import { foldPlain } from "../domain/mention/fold.ts"
import { stem } from "./retrieval.ts"

const words = (s: string): ReadonlyArray<string> => s.split(/\s+/).filter((w) => w.length > 0)

/**
 * How a question is asked, never what it is about: quality and price, opening times and days,
 * reviews, comparison, searching and buying verbs, the generic nouns a question wraps an
 * offering in ("shop", "company", "services"), and the words of the prompt generator's
 * qualifiers ("this year", "on a tight budget"). A question made only of these has no topic.
 */
const INTENT = words(`
  best better top good great nice finest popular famous favorite favourite recommended recommend
  recommendation recommendations rated rating ratings review reviews reviewed reputable reliable
  trusted trustworthy quality highly worth really actually
  cheap cheaper cheapest affordable inexpensive expensive budget price prices pricing cost costs
  much many money value deal deals discount
  open opening opened hour hours today tonight tomorrow now late early weekend weekends
  monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays
  fridays saturdays sundays morning evening night
  near nearby nearest close closest around local locally area city town downtown here anywhere
  vs versus compare compared comparison alternative alternatives instead similar like other else
  option options choice choices place places spot spots list guide tip tips idea ideas way ways
  find finding buy buying order ordering need needs looking look want choose pick hire book try
  make makes offer offers provide provides handle handles sell sells serve serves
  one ones kind kinds type types thing things someone somewhere something any more most
  shop shops store stores company companies business businesses service services provider
  providers firm firms professional professionals specialist specialists expert experts
  highest high lowest low premium reasonable reasonably priced fair fairly independent chain chains
  lesser known well usual usually closed disappointing disappointed last first time times short
  notice help wait waiting long quick quickly fast avoid overpay overpaying pay paying expect tell
  know before trying tried locals people without difference different between right perfect ideal
  getting gets got go going visit check use using
  year years customer customers tight according recent recently minute minutes easy easily reach
`)
const INTENT_STEMS: ReadonlySet<string> = new Set(INTENT.map(stem))

/** Whether a stemmed token only says how the question is asked. */
export const isIntentTerm = (term: string): boolean => INTENT_STEMS.has(term)

/**
 * Words that name one offering in different forms. Kept small on purpose: a stand-in that
 * knew every synonym would be a different product; this covers the everyday trades the tests
 * and examples use, so "pizza" finds a pizzeria and "lawyer" a law office.
 */
const RELATED: ReadonlyArray<ReadonlyArray<string>> = [
  words("pizza pizzas pizzeria pizzerias"),
  words("bakery bakeries baker bakers bakehouse boulangerie"),
  words("lawyer lawyers attorney attorneys law legal"),
  words("plumber plumbers plumbing"),
  words("dentist dentists dental dentistry"),
  words("cafe cafes coffee coffeehouse"),
  words("electrician electricians electrical"),
  words("mechanic mechanics garage"),
  words("florist florists flower flowers"),
  words("hairdresser hairdressers hair salon barber barbers"),
  words("vet vets veterinarian veterinary"),
  words("accountant accountants accounting bookkeeping")
]
const CONCEPT_OF: ReadonlyMap<string, string> = new Map(
  RELATED.flatMap((group) => group.map((word) => [stem(word), stem(group[0]!)] as const))
)
const MEMBERS_OF: ReadonlyMap<string, ReadonlyArray<string>> = new Map(
  RELATED.map((group) => [stem(group[0]!), group] as const)
)

/** The key a stemmed token is compared by: its related-words group's, or itself. */
export const conceptOf = (term: string): string => CONCEPT_OF.get(term) ?? term

/** The plain words of a concept's group (for full-text search), or none. */
export const membersOf = (concept: string): ReadonlyArray<string> => MEMBERS_OF.get(concept) ?? []

/**
 * The folded words of a phrase, as the mention detector folds them (case, diacritics,
 * apostrophes), so a name matched here is a name the detector sees.
 */
export const foldedWords = (text: string): ReadonlyArray<string> => foldPlain(text).match(/[\p{L}\p{N}]+/gu) ?? []

/** Whether `needle` occurs in `haystack` as a run of whole words. */
export const containsRun = (haystack: ReadonlyArray<string>, needle: ReadonlyArray<string>): boolean => {
  if (needle.length === 0 || needle.length > haystack.length) return false
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}
