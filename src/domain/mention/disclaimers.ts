/**
 * Knowledge disclaimers ("I don't have information about X") and disambiguation asides ("not to
 * be confused with X"): a mention inside one does not count.
 */
import { type Doc, firstEndingAfter, slice, type Span, spanIndexAt } from "./document.ts"
import { foldPlain } from "./fold.ts"

const INFO = "(?:information|info|data|details|knowledge|records?|results?|mentions?)"
const SOME_WORDS = "(?:[\\w-]+\\s+){0,3}"
const KNOWLEDGE_NEGATIONS: ReadonlyArray<RegExp> = [
  new RegExp(`\\b(?:don't|dont|do not|doesn't|does not|didn't|did not|may not|might not)\\s+have\\s+${SOME_WORDS}${INFO}\\b`),
  new RegExp(`\\b(?:i|we)\\s+have\\s+no\\s+${SOME_WORDS}${INFO}\\b`),
  new RegExp(`\\bthere\\s+(?:is|'s|are|was|were)\\s+(?:no|not\\s+(?:much|any|enough))\\s+${SOME_WORDS}${INFO}\\b`),
  new RegExp(`\\bthere\\s+(?:isn't|aren't|wasn't|weren't)\\s+(?:much|any|enough)\\s+${SOME_WORDS}${INFO}\\b`),
  new RegExp(`\\bno\\s+${SOME_WORDS}${INFO}\\s+(?:is\\s+|are\\s+|was\\s+)?(?:available\\s+|found\\s+)?(?:about|on|regarding|for|of)\\b`),
  /\b(?:not|un)\s*familiar\s+with\b/,
  /\b(?:i'm|i am|we're|we are)\s+not\s+(?:familiar|aware)\b/,
  /\bnot\s+aware\s+of\b/,
  /\b(?:i|we)\s+(?:couldn't|could not|can't|cannot|can not|didn't|did not|was unable to|were unable to|am unable to|wasn't able to|was not able to)\s+(?:find|locate|verify|confirm|identify)\b/,
  /\b(?:i'm|i am|we're|we are)\s+(?:unable|not able)\s+to\s+(?:find|locate|verify|confirm|identify|provide)\b/,
  /\bunable\s+to\s+(?:find|locate|verify|confirm)\b/,
  /\b(?:can't|cannot|can not|unable to)\s+provide\s+(?:any\s+)?(?:specific\s+|reliable\s+|detailed\s+)?(?:information|details)\b/,
  /\b(?:doesn't|does not|don't|do not|didn't|did not)\s+(?:appear|show up|exist)\s+(?:in|within)\s+(?:my|the)\s+(?:training|knowledge|data|sources|search)/,
  /\bnot\s+(?:in|within|part\s+of)\s+my\s+(?:training|knowledge)/,
  /\b(?:beyond|outside(?:\s+of)?)\s+my\s+knowledge\b/,
  /\b(?:i|we)\s+(?:don't|do not)\s+know\s+(?:of|about|much\s+about|anything\s+about|what|who|which|whether|if)\b/,
  /\bknow\s+nothing\s+about\b/,
  /\b(?:no|lack)\s+(?:knowledge|record)\s+of\b/,
  /\bnot\s+something\s+i\b/,
  /\bi\s+lack\s+(?:\w+\s+)?(?:information|data|details)\b/,
  /\bnot\s+sure\s+(?:what|who|which)\b/,
  /\b(?:haven't|have not|never)\s+heard\s+of\b/,
  /\bdoesn't\s+ring\s+a\s+bell\b/,
  /\bfound\s+nothing\b/,
  // A search that came back empty: "Nothing turned up for X", "X didn't show up in my search".
  /\bnothing\s+(?:comes|came|turns|turned|shows|showed)\s+up\b/,
  /\b(?:doesn't|does not|didn't|did not)\s+(?:come|turn|show)\s+up\s+(?:in|on)\s+(?:my|the|any)\b/,
  // "I can't vouch for them", "I can't comment on X" (for lack of knowledge).
  /\b(?:i|we)\s+(?:can't|cannot|can not|couldn't|could not)\s+(?:speak\s+to|comment\s+on|vouch\s+for)\b/,
  // First person without reviews or experience of it: "I have no ratings for X".
  new RegExp(`\\b(?:i|we)\\s+(?:don't|dont|do not|didn't|did not)\\s+have\\s+${SOME_WORDS}(?:reviews?|ratings?|feedback|opinions?|experience|insight)\\b`),
  new RegExp(`\\b(?:i|we)\\s+have\\s+no\\s+${SOME_WORDS}(?:reviews?|ratings?|feedback|opinions?|experience|insight)\\b`),
  // Impersonal and passive: "Reviews of X could not be confirmed", "Details about X are limited",
  // "Little independent information exists on X", "Information on X's fees is not publicly available".
  /\b(?:could|can|cannot|can't|couldn't)\s+(?:not\s+)?be\s+(?:verified|confirmed|independently\s+(?:verified|confirmed))\b/,
  /\b(?:not|nothing)\s+(?:much\s+)?(?:is\s+)?(?:known|published|written|documented)\b/,
  /\b(?:little|limited|scant|sparse|thin)\s+(?:\w+\s+){0,2}(?:information|info|data|details|coverage|testing|reviews|is\s+known|has\s+been\s+(?:published|written))\b/,
  new RegExp(`\\b(?:${INFO.slice(3, -1)}|sources|coverage|reviews)\\s+(?:about|on|for|of|regarding)\\b.{1,60}?\\b(?:is|are|seem|seems)\\s+(?:\\w+\\s+)?(?:limited|thin|scarce|sparse|scant|lacking)\\b`),
  /\b(?:is|are)\s+not\s+publicly\s+available\b/,
  /\bnot\s+(?:much|a\s+lot)\s+(?:\w+\s+){0,2}(?:published|written|available|out\s+there)\b/,
  /\b(?:isn't|is\s+not|wasn't|aren't)\s+(?:much|a\s+lot)\s+(?:\w+\s+){0,2}(?:published|written|available)\b/,
  // Out of reach: "I can't check/pull up/access X's prices", "I'm not able to access X's site".
  /\b(?:i|we)\s+(?:can't|cannot|can\s+not|couldn't|could\s+not)\s+(?:check|pull\s+up|pull|access|look\s+up|browse|see|open|fetch|reach|review)\b/,
  /\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:unable|not\s+able)\s+to\s+(?:access|check|pull|look\s+up|browse|see|reach|review|judge|rate|say)\b/,
  /\bunable\s+to\s+access\b/,
  // Knowing too little to judge: "I don't know X well enough", "X is not a bakery I have
  // information about", "would be guesswork", "no reliable reviews of X turned up", "Nothing I
  // found independently confirms X's prices".
  /\b(?:don't|do\s+not)\s+know\s+.{1,60}?\bwell\s+enough\b/,
  new RegExp(`\\bnot\\s+(?:a|an|one)\\s+(?:[\\w'-]+\\s+){0,4}(?:i|we)\\s+(?:have|know|can\\s+find)\\s+(?:any\\s+|much\\s+)?(?:${INFO.slice(3, -1)}|anything)\\b`),
  /\bwould\s+be\s+(?:guesswork|a\s+guess|speculation)\b/,
  /\bno\s+(?:reliable|independent|verified|verifiable|solid|recent|trustworthy|credible)\s+(?:\w+\s+)?(?:reviews?|information|info|data|details|sources|coverage|ratings?)\b/,
  /\bnothing\s+(?:i|we)\s+(?:found|could\s+find|have\s+seen|saw)\b/,
  // The same disclaimers in Spanish, Portuguese, French, Italian and German (text is folded:
  // lower-case, no diacritics).
  /\bno\s+(?:tengo|tenemos|dispongo\s+de|disponemos\s+de|encontre|encuentro|hay)\s+(?:\w+\s+){0,2}(?:informacion|datos|detalles|resultados|registros?)\b/,
  /\bno\s+(?:conozco|conocemos|estoy\s+familiarizad[oa]|pude\s+(?:encontrar|verificar))\b/,
  /\bdesconozco\b/,
  /\bnao\s+(?:tenho|temos|ha|encontrei|encontramos)\s+(?:\w+\s+){0,2}(?:informac(?:ao|oes)|dados|detalhes|resultados|registros?)\b/,
  /\bnao\s+(?:conheco|conhecemos|estou\s+familiarizad[oa]|consegui\s+(?:encontrar|verificar))\b/,
  /\b(?:je|nous)\s+n'(?:ai|avons)\s+(?:pas|aucune?)\s+(?:\w+\s+){0,2}(?:d'\s*)?(?:informations?|donnees|details|resultats?)\b/,
  /\b(?:je|nous)\s+ne\s+(?:connais|connaissons|trouve|trouvons)\s+pas\b/,
  /\baucune\s+(?:information|donnee|trace)\b/,
  /\bnon\s+(?:ho|abbiamo|trovo|ho\s+trovato)\s+(?:\w+\s+){0,2}(?:informazioni|dati|dettagli|risultati)\b/,
  /\bnon\s+(?:conosco|conosciamo)\b/,
  /\bnessuna\s+informazione\b/,
  /\b(?:ich|wir)\s+(?:habe|haben)\s+keine\s+(?:\w+\s+){0,2}(?:informationen|daten|angaben|details|ergebnisse)\b/,
  /\bkeine\s+(?:informationen|angaben|daten)\s+(?:uber|zu)\b/,
  /\b(?:ist|sind)\s+mir\s+nicht\s+bekannt\b/,
]

const isKnowledgeNegation = (clause: string): boolean => {
  const folded = foldPlain(clause)
  return KNOWLEDGE_NEGATIONS.some((re) => re.test(folded))
}

/** Which of a document's clauses are knowledge disclaimers; read twice per detection, so kept. */
const disclaimersOf = (() => {
  const known = new WeakMap<Doc, ReadonlyArray<boolean>>()
  return (doc: Doc): ReadonlyArray<boolean> => {
    let found = known.get(doc)
    if (found === undefined) {
      found = doc.clauses.map((c) => isKnowledgeNegation(slice(doc, c)))
      known.set(doc, found)
    }
    return found
  }
})()

// A disclaimer that refers back by pronoun ("Crumb? I'm not familiar with it.") also covers the
// sentence that only restated the name: a question, or "You asked about…/Regarding…".
const REFERS_BACK = /\b(?:it|this|that|them|they|such)\b/
const RESTATES = /^\W*(?:you\s+(?:asked|mentioned|are\s+asking|'re\s+asking)|you're\s+asking|regarding|as\s+for|about)\b/

/** Whether a sentence asks a question or restates the user's ("Is Crumb open?", "**Does Crumb deliver?**"). */
const isQuestionOrRestatement = (sentence: string): boolean => {
  const trimmed = sentence.trim().replace(/[\s*_"'”’)\]]+$/u, "")
  return trimmed.endsWith("?") || RESTATES.test(foldPlain(trimmed))
}

// Disambiguation: a name given only to say another business is not it ("Pelham Books (not to be
// confused with Crumb)", "Zorba, no relation to Crumb,") is not named as a subject or option.
// The aside runs from the cue to the next closing parenthesis, comma, semicolon or dash, within
// the sentence and at most 160 characters.
const DISAMBIGUATION = /\b(?:not\s+to\s+be\s+confused\s+with|no\s+relation\s+to|not\s+related\s+to|unrelated\s+to|not\s+affiliated\s+with|unaffiliated\s+with|not\s+the\s+same\s+as)\b/giu
const ASIDE_END = /[),;]|[ \t][—–-][ \t]|—|–/u

export const disambiguationSpans = (doc: Doc): Array<Span> => {
  const out: Array<Span> = []
  for (const m of doc.text.matchAll(DISAMBIGUATION)) {
    const from = m.index + m[0].length
    const sentence = doc.sentences[spanIndexAt(doc.sentences, m.index)]
    // An aside is short: bounding it keeps the work linear.
    const limit = Math.min(sentence === undefined ? doc.text.length : sentence.end, from + 160)
    const rest = doc.text.slice(from, limit)
    const stop = ASIDE_END.exec(rest)
    out.push({ start: m.index, end: stop === null ? limit : from + stop.index })
  }
  return out
}

/**
 * Indexes of clauses that are knowledge disclaimers, plus the sentence before one that only
 * asked or restated the question, when the disclaimer refers back to it by pronoun ("Crumb? I'm
 * not familiar with it.") or names the entity again (`namesEntity`: "**Does Crumb deliver?**
 * I don't have details about Crumb's delivery options.").
 */
export const negatedClauses = (doc: Doc, namesEntity: (s: Span) => boolean): Set<number> => {
  const out = new Set<number>()
  const disclaimers = disclaimersOf(doc)
  doc.clauses.forEach((c, i) => {
    if (!disclaimers[i]) return
    out.add(i)
    if (!REFERS_BACK.test(foldPlain(slice(doc, c))) && !namesEntity(c)) return
    const si = spanIndexAt(doc.sentences, c.start)
    const prev = si > 0 ? doc.sentences[si - 1] : undefined
    if (prev === undefined) return
    if (isQuestionOrRestatement(slice(doc, prev))) {
      for (let k = firstEndingAfter(doc.clauses, prev.start); k < doc.clauses.length && doc.clauses[k]!.start < prev.end; k++) out.add(k)
    }
  })
  return out
}
