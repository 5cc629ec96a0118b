/**
 * Text helpers shared by fact extraction, prompt validation and the built-in generator: folding
 * (case and diacritics), word splitting, a light stemmer and the stop-word lists. Pure.
 */
import { foldPlain } from "../../domain/mention/fold.ts"

/**
 * Lower case, diacritics removed (`Crème Brûlée` → `creme brulee`), typographic quotes and dashes
 * made plain: the mention detector's fold, so that a prompt naming the entity and an answer
 * mentioning it read a name alike.
 */
export const fold = (text: string): string => foldPlain(text, "hyphen")

/** Folded words: letters and digits; apostrophes dropped inside words (`what's` → `whats`). */
export const wordsOf = (text: string): Array<string> =>
  fold(text)
    .replace(/(\p{L})'(?=\p{L})/gu, "$1")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)

const list = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter((w) => w.length > 0))

/** Function words (English, with the commonest French ones: many small-business sites are French). */
export const STOP_WORDS: ReadonlySet<string> = list(`
  a an the and or but nor if then else when where why how what which who whom whose that this these
  those there here is are was were be been being am do does did done have has had will would shall
  should can could might must may not no yes so as at by for from in into of off on onto out over to
  up with within without about above across after against along among around before behind below
  beneath beside between beyond down during except inside near outside past since through toward
  towards under until upon via i me my mine myself we us our ours you your yours he him his she her
  it its they them their theirs all any both each either every few many more most much neither none
  other others own same several some such than too very just only also even ever still yet already
  again always never often sometimes usually once now today maybe perhaps quite rather really almost
  enough instead however therefore thus because although though while whereas unless whether per
  plus etc ok get got make made let lets one two three four five six seven eight nine ten im ive
  youre dont doesnt isnt arent cant wont didnt id youll weve theyre thats whats heres theres s t
  le la les de des du et en pour avec nos notre vos votre une un est sur dans par au aux ou qui que
  il elle ils nous vous ce cette ces son sa ses leur leurs pas plus tout tous toute toutes
`)

/**
 * Words that say nothing about a field: web-page furniture and marketing filler. Kept out of the
 * extracted keywords and out of the vocabulary the relevance test matches against.
 */
export const GENERIC_WORDS: ReadonlySet<string> = list(`
  home page homepage website site web online welcome contact contacts info information about
  menu navigation nav skip content main footer header sidebar search login log logout sign signup
  register account cart basket checkout wishlist privacy policy policies cookie cookies terms
  conditions legal notice copyright rights reserved powered theme wordpress shopify wix squarespace
  newsletter subscribe email mail phone tel call fax address map directions follow facebook
  instagram twitter linkedin youtube tiktok pinterest share like click read more learn view see
  show hide open close next previous back top bottom new news blog post posts article articles
  faq faqs help support customer customers service services company business team story stories
  mission vision values career careers jobs job hiring partner partners gallery photos photo
  image images video videos testimonial testimonials review reviews rating ratings quality best
  great good excellent amazing awesome perfect top leading premier premium professional trusted
  reliable affordable free fast easy simple unique special quick day days week weeks month months
  year years time times hour hours monday tuesday wednesday thursday friday saturday sunday today
  price prices pricing cost costs offer offers deal deals sale sales discount shop store buy order
  orders shipping delivery return returns refund product products item items collection
  collections category categories all available want need use using used just way ways thing
  things people person everyone everything anything something nothing lot lots world first last
  since established family owned local locally based located proudly years experience
  accueil bienvenue contactez mentions legales panier compte nous propos
`)

const isStopOrGeneric = (w: string) => STOP_WORDS.has(w) || GENERIC_WORDS.has(w)

/** Content words of a text: folded, no stop words, no generic words, no bare numbers, ≥ 3 letters. */
export const contentWords = (text: string): Array<string> =>
  wordsOf(text).filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !isStopOrGeneric(w))

/**
 * A light English stemmer for matching, not for display: plurals and possessives only
 * (`bakeries` → `bakery`, `boxes` → `box`, `cakes` → `cake`). Enough for "same term", and it never
 * produces a stem that is not a prefix-ish form of the word.
 */
/** Names that end in "s" with no singular: "Pilates" is one method ("mat Pilates"), not many "pilate". */
export const SINGULAR_IN_S = /^(?:pilates|series|species|news)$/i

export const stem = (word: string): string => {
  const w = word.endsWith("'s") ? word.slice(0, -2) : word
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`
  // "minibuses", "lenses", "canvases": a singular in -s takes -es ("houses" is a house's plural, so only these).
  if (w.length > 4 && /(?:ss|x|z|ch|sh|bus|campus|virus|bonus|status|census|cactus|circus|chorus|octopus|walrus|syllabus|prospectus|lens|gas|atlas|canvas)es$/.test(w)) return w.slice(0, -2)
  // ("Bonsais", "bonsai" in the plural, is no "-is" singular like "basis".)
  if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|[^a]is)$/.test(w) && !SINGULAR_IN_S.test(w)) return w.slice(0, -1)
  return w
}

/**
 * Two stems name the same term when equal, or when both are at least 5 letters long and share a
 * prefix of 5 letters or more covering most of the shorter one (`baker` ~ `bakery`,
 * `manager` ~ `management`): cheap morphology without a dictionary.
 */
export const sameTerm = (a: string, b: string): boolean => {
  if (a === b) return true
  if (a.length < 5 || b.length < 5) return false
  let common = 0
  const max = Math.min(a.length, b.length)
  while (common < max && a[common] === b[common]) common++
  return common >= 5 && common >= Math.ceil(0.75 * max)
}

/** The key under which two phrases count as the same: folded, punctuation as spaces, one space. */
export const phraseKey = (text: string): string => wordsOf(text).join(" ")

/** Whether `phrase` occurs in `text` on word boundaries, after folding both. */
export const containsPhrase = (text: string, phrase: string): boolean => {
  const needle = phraseKey(phrase)
  if (needle === "") return false
  return ` ${phraseKey(text)} `.includes(` ${needle} `)
}

/** 32-bit FNV-1a: a stable hash for deterministic rotations, not for security. */
export const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash >>> 0
}

/** Collapses runs of whitespace and trims. */
export const squish = (text: string): string => text.replace(/\s+/g, " ").trim()

/**
 * Whether a text says a word or a phrase twice over: twice in a row ("Lakeside Family Dental dental
 * implants", "for children for children"), or the same "for ...", "in ..." or "with ..." phrase of
 * two words or more twice ("lessons for children near me for children"). A name that doubles its
 * own word ("Bora Bora", "Walla Walla") or a hyphened word ("yo-yo") is one word said once.
 */
export const saysTwice = (text: string): boolean => {
  const tokens = text.split(/\s+/u).map((t) => t.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")).filter((t) => t.length > 0)
  const folded = tokens.map(fold)
  const same = (i: number, j: number, n: number) => folded.slice(i, i + n).join(" ") === folded.slice(j, j + n).join(" ")
  for (let n = 1; n <= 4; n++) {
    for (let i = 0; i + 2 * n <= tokens.length; i++) {
      if (!same(i, i + n, n) || folded.slice(i, i + n).every((w) => STOP_WORDS.has(w))) continue
      // ("Bora Bora": written alike, capitals and all, it is one name.)
      if (tokens.slice(i, i + n).join(" ") === tokens.slice(i + n, i + 2 * n).join(" ") && /^\p{Lu}/u.test(tokens[i]!)) continue
      return true
    }
  }
  for (let n = 2; n <= 4; n++) {
    for (let i = 0; i + n <= tokens.length; i++) {
      if (!/^(?:for|in|with)$/u.test(folded[i]!)) continue
      for (let j = i + n; j + n <= tokens.length; j++) if (same(i, j, n)) return true
    }
  }
  return false
}
