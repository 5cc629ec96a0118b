/**
 * Whether a head, one distinctive word of a longer name ("Foundry" for "Foundry Coworking"), is
 * used as the business's name (`headVerdict`). A single word is as often a place, a surname or
 * an ordinary word, so it counts only where the answer presents it as a business or product.
 */
import { type Doc, lineAt, nextWord, slice } from "./document.ts"
import { foldPlain } from "./fold.ts"
import { BUSINESS_NOUNS, TRADE_WORDS } from "./lexicon.ts"
import { isUpperLetter } from "./words.ts"

const NOUNS = [...BUSINESS_NOUNS, ...TRADE_WORDS].join("|")
// "Foundry, a friendly coworking space", "Duarte is an orthodontic practice": a description of
// at most five words ending in a business noun. Bounded repetition keeps it linear.
const DESCRIBED = new RegExp(
  String.raw`^(?:['’]s)?(?:[ \t]*,[ \t]*|[ \t]+(?:is|was|remains|has\s+been)[ \t]+)(?:a|an|the|one)[ \t]+(?:[\w'’-]+[ \t]+){0,5}?(?:${NOUNS})s?\b`,
  "iu",
)
// A product line carrying the brand: "Kestrel Trail Jacket", "Kestrel Stormline shell".
const PRODUCT_NOUNS = "jacket shell parka vest pants boots shoes pack tent serum cream cleanser moisturizer chino shirt tee sweater hoodie jeans trousers shorts sneaker sneakers backpack bag bottle mattress pillow bed".split(" ")
const PRODUCT_LINE = new RegExp(
  String.raw`^(?:[ \t]+\p{Lu}[\p{L}\p{N}-]*){1,3}[ \t]+(?:${PRODUCT_NOUNS.map((w) => `[${w[0]}${w[0]!.toUpperCase()}]${w.slice(1)}`).join("|")})s?\b`,
  "u",
)

/**
 * A head counts when it is written capitalised and: is a list item's or table row's lead or a
 * bold or linked phrase, exactly; is followed by a business or trade noun ("Ledge gym",
 * "Duarte's practice"), by a description ending in one ("Bolt is a contractor…", "Foundry, a
 * coworking space"), or by a product line ("Kestrel Trail Jacket"). Otherwise it does not.
 */
export const headVerdict = (doc: Doc, start: number, end: number, possessive: boolean): boolean => {
  if (!isUpperLetter(doc.text[start])) return false
  const afterName = possessive ? end + 2 : end
  const line = lineAt(doc, start)
  const exactEmphasis = (doc.emphasisEnds.get(start) ?? []).some((e) => e === end || e === afterName)
  const exactLead = line.lead !== undefined && line.lead.start === start && (line.lead.end === end || line.lead.end === afterName)
  if (exactEmphasis || exactLead) return true
  const next = nextWord(doc, afterName)
  if (next !== undefined) {
    const nw = foldPlain(slice(doc, next))
    if (BUSINESS_NOUNS.has(nw) || TRADE_WORDS.has(nw)) return true
  }
  const rest = doc.text.slice(end, Math.min(line.end, end + 120))
  return DESCRIBED.test(rest) || (!possessive && PRODUCT_LINE.test(rest))
}

/** Whether a product line follows a head ending at `end` ("Kestrel| Trail Jacket"). */
export const productLineAt = (doc: Doc, end: number): boolean => PRODUCT_LINE.test(doc.text.slice(end, Math.min(lineAt(doc, end).end, end + 120)))
