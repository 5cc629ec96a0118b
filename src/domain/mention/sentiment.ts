/**
 * Sentiment of an answer towards the entity: a lexicon with negation scoped to its phrase, read
 * over the clauses and sentences that go on about the entity.
 */
import { isCommonWord } from "../common-words.ts"
import { type Doc, firstEndingAfter, isSentenceInitial, lineAt, overlapsAny, type Span, spanIndexAt } from "./document.ts"
import { foldPlain } from "./fold.ts"
import { LABELS, set, SOURCE_NAMES } from "./lexicon.ts"
import { isUpperLetter, stripPossessive, tokensOf } from "./words.ts"

export type Sentiment = "positive" | "neutral" | "negative"

const POSITIVE = set(`
  best top recommended recommend recommends excellent great leading popular trusted reliable
  standout favorite favourite favorites favourites top-rated highly-rated well-regarded
  well-reviewed well-loved beloved outstanding amazing fantastic superb exceptional impressive
  love loved loves praised acclaimed award-winning renowned solid strong go-to must-try
  must-visit delicious friendly perfect ideal stellar terrific wonderful good nice gem
  top-notch premier best-in-class industry-leading innovative robust powerful intuitive
  affordable worth standouts notable reputable quality high-quality
  better praise praises praising quick fast responsive helpful knowledgeable seamless smooth
  flawless convenient efficient generous glowing gentle patient calm careful thorough
  meticulous honest welcoming excellent-value beautiful lovely cozy
  dependable charming impressed thoughtful spotless punctual coziest easiest wins
  beats outdoes trumps
`)
const NEGATIVE = set(`
  avoid avoided avoiding poor poorly worst bad terrible awful horrible complaints complaint
  unreliable overpriced over-priced scam scams fraud fraudulent issues issue problems problem
  problematic disappointing disappointed disappointment mediocre subpar lacking rude dirty
  negative lawsuit lawsuits controversy controversial beware warning caution downside
  downsides drawback drawbacks weak worse buggy outdated frustrating unhelpful inconsistent
  overrated low-quality fake misleading unresponsive criticized criticised unsafe declining
  expensive
  disappoint disappoints frustrated frustration complain complains complained complaining
  cautious outage outages slow sluggish struggle struggles struggled mistake mistakes error
  errors penalty penalties rough costly pricey difficult difficulty difficulties missed fail
  fails failed failure failures broken delays delayed slipped glitchy clunky confusing hassle
  skip stale forgotten pushy upselling upsell bugs bug cancelled canceled sloppy overcharged
  leaks leaked dry
  letdown cramped lukewarm overcooked curt leaking
`)
const POSITIVE_PAIRS = new Set([
  "highly rated", "highly recommended", "top rated", "well regarded", "well reviewed", "stands out", "stand out", "must try",
  "go to", "fair price", "fair prices", "fair pricing", "fair rates",
  "i'd call", "i'd pick", "i'd choose", "i'd start", "safe choice", "safe bet", "sweet spot", "obvious choice",
  // Version 15: the speaker's own pick in other words.
  "i'd suggest", "i'd buy", "i'd book", "i'd try", "i'd see", "my recommendation", "my suggestion", "my pick", "good choice", "great choice",
  // Version 17: waited in line for, or ordered, by the speaker's choice.
  "i'd queue", "i'd order",
])
/** The speaker's own pick: "I'd call them", "I'd start with X". */
const RECOMMEND_PAIRS = new Set(["i'd call", "i'd pick", "i'd choose", "i'd start", "i'd suggest", "i'd buy", "i'd book", "i'd try", "i'd see", "i'd queue", "i'd order"])
/** What may follow the pick when it is the entity's: the entity, a pronoun, or where, when and what for. */
const PICKED = set(`them it him her they there first for in with here now today instead too as`)
const SOMEONE_ELSE = set(`a an another someone somebody something one other others elsewhere different`)
const picksEntity = (toks: ReadonlyArray<string>, at: number): boolean => {
  const next = toks[at]
  if (next === undefined || next === "|" || next === ENTITY_MARK || PICKED.has(next)) return !(next === "with" && SOMEONE_ELSE.has(toks[at + 1] ?? ""))
  return false
}
const NEGATIVE_PAIRS = new Set(["stay away", "steer clear", "hidden fees", "low quality", "not recommended", "wouldn't use", "wouldn't go", "wouldn't book",
  "be careful", "look elsewhere", "wouldn't buy", "wouldn't hire", "wouldn't call", "think twice"])
const NEGATORS = set(`not no never nor without hardly barely don't doesn't isn't aren't wasn't weren't won't wouldn't can't cannot couldn't shouldn't didn't haven't hasn't hadn't lacks lack`)
/** Phrases with a sentiment word that are only a category: "a fast food chain". */
const NEUTRAL_PAIRS = new Set(["fast food", "fast casual", "quick service", "good faith", "best for", "worth checking", "worth reading"])
/** Comparatives, whose polarity turns when the entity is what is compared against ("better than Crumb"). */
const COMPARATIVES = set(`better worse cheaper pricier`)
/** Verbs of outdoing, whose polarity turns when the entity is what is outdone ("Zorba beats Crumb on price"). */
const OUTDOES = set(`beats outdoes trumps`)
/** Stands in for the entity's own names in the text scored for sentiment. */
const ENTITY_MARK = "⟦entity⟧"
/** Praise of the alternatives is not praise of the entity: "good alternatives are: …". */
const OTHERS = set(`alternatives replacements substitutes`)
/** Words and punctuation that end a negator's reach: "no tracking, and delays …". */
const NEGATION_BARRIERS = set(`and or but so then`)

// Word tokens, and `|` for punctuation that ends a phrase.
// A sentence's end is one too: "… isn't worth fixing. I'd call them" (the negator stays in its sentence).
const SENTIMENT_TOKEN = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*|⟦entity⟧|[,;:()—–.!?]|(?<=\s)-(?=\s)/gu

const PHRASE_MARKS = new Set([",", ";", ":", "(", ")", "—", "–", "-", ".", "!", "?"])
/** Only a word that starts a known pair needs the pair looked up. */
const PAIR_FIRST_WORDS = new Set([...POSITIVE_PAIRS, ...NEGATIVE_PAIRS, ...NEUTRAL_PAIRS].map((pair) => pair.split(" ")[0]!))

/** `text` with the entity's names replaced by `ENTITY_MARK`. */
const scoreClause = (text: string): number => {
  // A SENTIMENT_TOKEN is a word, the entity mark, or one of these marks, which end a phrase.
  const toks = (foldPlain(text).match(SENTIMENT_TOKEN) ?? []).map((tk) => (PHRASE_MARKS.has(tk) ? "|" : tk))
  let score = 0
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!
    const pair = i + 1 < toks.length && PAIR_FIRST_WORDS.has(t) ? `${t} ${toks[i + 1]}` : ""
    let polarity = 0
    let width = 1
    if (NEUTRAL_PAIRS.has(pair)) {
      i++
      continue
    }
    if (NEGATIVE_PAIRS.has(pair)) {
      polarity = -1
      width = 2
    } else if (POSITIVE_PAIRS.has(pair)) {
      polarity = 1
      width = 2
    } else if (POSITIVE.has(t)) polarity = 1
    // Version 14. "Not X: …", "Never X again": a verdict against the entity opening its phrase.
    else if ((t === "not" || t === "never") && toks[i + 1] === ENTITY_MARK && (i === 0 || toks[i - 1] === "|")) {
      score -= 1
      i += 1
      continue
    }
    else if (NEGATIVE.has(t)) polarity = -1
    if (polarity === 0) continue
    if (polarity > 0 && OTHERS.has(toks[i + width] ?? "")) continue
    // "I'd call them", "I'd start with X", "X is the one I'd pick.": the speaker's pick is the
    // entity; not "I'd pick Zorba", "I'd choose a company with monthly terms".
    if (width === 2 && RECOMMEND_PAIRS.has(pair) && !picksEntity(toks, i + 2)) continue
    // "Zorba is better than Crumb": the comparison goes against the entity.
    if (COMPARATIVES.has(t) && toks[i + 1] === "than" && toks[i + 2] === ENTITY_MARK) polarity = -polarity
    if (OUTDOES.has(t) && (toks[i + 1] === ENTITY_MARK || (toks[i + 1] === "the" && toks[i + 2] === ENTITY_MARK))) polarity = -polarity
    // "not recommended" is itself a negative pair; other sentiment words flip after a negator
    // within the three words before them ("not great", "no complaints", "would not recommend"),
    // in the same phrase: punctuation or a conjunction ends its reach.
    if (!(width === 2 && pair === "not recommended")) {
      for (let k = i - 1; k >= Math.max(0, i - 3); k--) {
        const w = toks[k]!
        if (w === "|" || NEGATION_BARRIERS.has(w)) break
        if (NEGATORS.has(w) && toks[k + 1] !== "only") {
          polarity = -polarity
          break
        }
      }
    }
    score += polarity
    i += width - 1
  }
  return score
}

/** What a passage says, good (> 0) or bad (< 0), in the lexicon of `sentimentOf` (names not masked). */
export const praiseScore = (text: string): number => scoreClause(text)

/** Words after a sentence's first word that show it is the subject: "Zorba has…", "Zorba is…". */
const SUBJECT_VERBS = set(`is are was were has have had does did can could will would should may might must also remains`)

/**
 * Whether a span names a brand other than the entity: a brand candidate (`otherBrands`), or a
 * capitalised word that is not an ordinary word, a review site or a label, inside a sentence
 * or, at its start, as its subject (possessive, or before a verb: "Zorba has…", "Zorba's…";
 * not an imperative such as "Try one with…").
 */
const namesOtherBrand = (doc: Doc, s: Span, entitySpans: ReadonlyArray<Span>, otherBrands: ReadonlyArray<Span>): boolean => {
  if (overlapsAny(otherBrands, s)) return true
  const toks = tokensOf(doc.text.slice(s.start, s.end))
  for (let i = 0; i < toks.length; i++) {
    const tk = toks[i]!
    if (!isUpperLetter(tk.text[0])) continue
    const w = foldPlain(stripPossessive(tk.text))
    if (isCommonWord(w) || SOURCE_NAMES.has(w) || LABELS.has(w)) continue
    const at = { start: s.start + tk.start, end: s.start + tk.end }
    if (overlapsAny(entitySpans, at)) continue
    if (!isSentenceInitial(doc, at.start)) return true
    const next = toks[i + 1] === undefined ? "" : foldPlain(toks[i + 1]!.text)
    if (/['’]s$/i.test(tk.text) || SUBJECT_VERBS.has(next) || (/^[a-z]{3,}s$/.test(next) && !/ss$/.test(next))) return true
  }
  return false
}

/**
 * `entitySpans`: every span naming the entity, as sorted disjoint spans (see `unionOf`);
 * `otherBrands`: the other brands' candidate spans, likewise.
 */
export const sentimentOf = (
  doc: Doc,
  counted: ReadonlyArray<Span>,
  entitySpans: ReadonlyArray<Span>,
  otherBrands: ReadonlyArray<Span>,
): Sentiment => {
  // The unit read for each mention: when the mention leads a list item or heading, the whole
  // line, since everything on it describes the entity ("3. **Pix** – colorful desserts; some
  // complaints about prices"). Otherwise its clause and the clauses and sentences after it in
  // the same paragraph or item, up to the first that names another brand: they go on about the
  // entity ("Crumb opened in 2019. Locals call its croissants the best in the city."; "I haven't
  // tried Crumb's rye, but it's a wonderful bakery."; not "Crumb is great, but avoid Zorba.").
  const units = new Map<number, Span>()
  // Clauses before `reach` already belong to the unit of an earlier mention; each clause is
  // looked at once, so the work stays linear however many mentions there are.
  let reach = 0
  for (const s of [...counted].sort((a, b) => a.start - b.start)) {
    const line = lineAt(doc, s.start)
    if (line.lead !== undefined && s.start >= line.lead.start && s.start < line.lead.end) {
      units.set(line.start, { start: line.start, end: line.end })
      continue
    }
    const i = spanIndexAt(doc.clauses, s.start)
    if (i === -1 || i < reach) continue
    let k = i + 1
    while (k < doc.clauses.length && doc.clauses[k]!.start < line.end && !namesOtherBrand(doc, doc.clauses[k]!, entitySpans, otherBrands)) k++
    reach = k
    units.set(doc.clauses[i]!.start, { start: doc.clauses[i]!.start, end: doc.clauses[k - 1]!.end })
  }
  const sorted = [...units.values()].sort((a, b) => a.start - b.start || b.end - a.end)
  let score = 0
  let coveredUntil = -1
  for (const u of sorted) {
    if (u.end <= coveredUntil) continue
    const from = Math.max(u.start, coveredUntil)
    coveredUntil = u.end
    // Mask the entity's own names so "Best Buy" or "Top Pot" is not read as praise.
    let text = ""
    let at = from
    for (let k = firstEndingAfter(entitySpans, from); k < entitySpans.length && entitySpans[k]!.start < u.end; k++) {
      const e = entitySpans[k]!
      if (e.start > at) text += doc.text.slice(at, e.start)
      text += ` ${ENTITY_MARK} `
      at = Math.max(at, e.end)
    }
    if (at < u.end) text += doc.text.slice(at, u.end)
    score += scoreClause(text)
  }
  // Ranked first: the entity leading the first item of a numbered list ("1. **Crumb** – …") is the
  // answer's first recommendation, praise when nothing else is said either way.
  if (counted.some((s) => rankedFirst(doc, s))) score += 1
  return score > 0 ? "positive" : score < 0 ? "negative" : "neutral"
}

const FIRST_ITEM = /^[ \t]*1[.)][ \t]/
/** Whether a mention leads a list item numbered 1. */
const rankedFirst = (doc: Doc, s: Span): boolean => {
  const line = lineAt(doc, s.start)
  return line.lead !== undefined && s.start >= line.lead.start && s.start < line.lead.end && FIRST_ITEM.test(doc.text.slice(line.start, line.start + 8))
}
