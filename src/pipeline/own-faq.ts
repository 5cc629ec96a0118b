/**
 * The questions a site answers itself, with its own answers: FAQPage / Question JSON-LD, and
 * the visible text of its FAQ pages. The crawler keeps a page's text on one line (whitespace
 * collapsed) plus its headings, so a visible FAQ — `<details>`, `dt`/`dd`, a heading followed
 * by paragraphs — reads as "Question? Answer. Next question? ...": a sentence ending in `?`
 * opens an entry, the sentences after it up to the next question or the next plain heading
 * answer it. Crawled text is hostile: entries are bounded in number and length.
 */
import type { OwnFaqEntry } from "../domain/site-events.ts"
import { cleanAndCut } from "../domain/text.ts"
import { typeNamesOf } from "./crawler/jsonld-walk.ts"
import { jsonLdNodes } from "./prompts/jsonld-facts.ts"
import { chromeStart } from "../site-generator/text.ts"

export const MAX_OWN_FAQ = 20
const MAX_QUESTION = 200
const MAX_ANSWER = 700
const MAX_ANSWER_SENTENCES = 5

export interface FaqSourcePage {
  readonly url: string
  readonly title: string
  readonly headings: ReadonlyArray<string>
  readonly text: string
  readonly jsonLd: ReadonlyArray<unknown>
}

const clean = (text: string, max: number) =>
  cleanAndCut(text.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim(), max)

// The label a Q/A list writes before an answer ("A: No. Our licence covers …"), in the languages around us.
const ANSWER_LABEL = /^(?:A|Ans|Answer|R|Rép|Réponse|Respuesta|Antwort|Risposta|Antwoord|Svar|Resposta)\s?[:.]\s+/iu
// The next question's label, left at the end of an answer when the question is read from its "?" ("… 20 metres. Q.").
const NEXT_QUESTION_LABEL = /\s+(?:Q|Question|F|Frage|P|Pregunta|Domanda|Vraag|Fråga|Spørgsmål|Pergunta)\s?[:.]$/iu

/** An answer's text, cleaned and bounded, without its "A:" label or the next question's "Q.". */
const answerOf = (text: string) => clean(clean(text, MAX_ANSWER + 20).replace(ANSWER_LABEL, "").replace(NEXT_QUESTION_LABEL, ""), MAX_ANSWER)

const answerText = (value: unknown): string => {
  const answers = Array.isArray(value) ? value : [value]
  for (const a of answers) {
    if (typeof a === "string") return a
    const text = typeof a === "object" && a !== null ? (a as Record<string, unknown>).text : undefined
    if (typeof text === "string") return text
  }
  return ""
}

/** Question nodes with an accepted (or suggested) answer. */
const fromJsonLd = (page: FaqSourcePage): ReadonlyArray<OwnFaqEntry> =>
  jsonLdNodes(page.jsonLd)
    .filter((node) => typeNamesOf(node).includes("Question"))
    .map((node) => ({
      question: clean(typeof node.name === "string" ? node.name : "", MAX_QUESTION),
      answer: answerOf(answerText(node.acceptedAnswer ?? node.suggestedAnswer)),
      url: page.url
    }))

const FAQ_PAGE = /\bfaqs?\b|frequently asked|questions|\bq\s*&\s*a\b/i

/** Whether a page is an FAQ page, by its address, title or first heading. */
export const isFaqPage = (page: FaqSourcePage): boolean => {
  let path = ""
  try {
    path = new URL(page.url).pathname
  } catch {
    path = ""
  }
  return FAQ_PAGE.test(path.replace(/[-_/.]/g, " ")) || FAQ_PAGE.test(page.title) || FAQ_PAGE.test(page.headings[0] ?? "")
}

/**
 * The text cut into units: each heading found in order is a unit of its own (marked), and the
 * text between headings is split into sentences.
 */
const units = (page: FaqSourcePage): ReadonlyArray<{ readonly text: string; readonly heading: boolean }> => {
  const out: Array<{ text: string; heading: boolean }> = []
  const text = page.text
  let at = 0
  const sentences = (chunk: string) => {
    for (const s of chunk.split(/(?<=[.!?])\s+(?=["“(]?[\p{Lu}\p{N}])/u)) {
      const t = s.trim()
      if (t !== "") out.push({ text: t, heading: false })
    }
  }
  for (const heading of page.headings) {
    const h = heading.trim()
    const found = h === "" ? -1 : text.indexOf(h, at)
    if (found < 0) continue
    sentences(text.slice(at, found))
    out.push({ text: h, heading: true })
    at = found + h.length
  }
  sentences(text.slice(at))
  return out
}

const isQuestion = (s: string) => /\?["”)]?$/.test(s) && s.length >= 8 && s.length <= MAX_QUESTION * 2

// Menu or breadcrumb text run into a question ("Home | FAQ Do you deliver?") is left out: the
// question starts at its question word when it has one.
const QUESTION_START = /(?:^|[\s|>»•:])((?:Do|Does|Did|Is|Are|Was|Can|Could|What|What's|When|Where|Why|How|Which|Who|Will|Would|Should|May|Have|Has|I|My|If)\b[^?]*\?["”)]?)$/

const questionOf = (unit: string): string => QUESTION_START.exec(unit)?.[1] ?? unit

/** Visible question-and-answer pairs of an FAQ page. */
const fromText = (page: FaqSourcePage): ReadonlyArray<OwnFaqEntry> => {
  const out: Array<OwnFaqEntry> = []
  let current: { question: string; answer: Array<string> } | null = null
  const flush = () => {
    if (current !== null && current.answer.length > 0 && current.question.length <= MAX_QUESTION) {
      out.push({ question: clean(current.question, MAX_QUESTION), answer: answerOf(current.answer.join(" ")), url: page.url })
    }
    current = null
  }
  for (const unit of units(page)) {
    if (isQuestion(unit.text)) {
      flush()
      current = { question: questionOf(unit.text), answer: [] }
    } else if (unit.heading) {
      // A plain heading (a section such as "Ordering") ends the answer before it.
      flush()
    } else if (current !== null && current.answer.length < MAX_ANSWER_SENTENCES) {
      // Page chrome after the last answer (a footer's bullets, the copyright, a cookie notice) ends it.
      const chrome = chromeStart(unit.text, true)
      if (chrome < 0) current.answer.push(unit.text)
      else {
        // Within the answer's first sentence the chrome cuts it; a later sentence is chrome whole.
        // What is left must read as an answer: an age gate's "Are you over 18? This site uses
        // cookies …" leaves "This site", which is none.
        const before = unit.text.slice(0, chrome).trim()
        if (current.answer.length === 0 && (/[.!?]["”)]?$/u.test(before) || before.split(/\s+/u).length >= 4)) current.answer.push(before)
        flush()
      }
    }
    if (out.length >= MAX_OWN_FAQ) break
  }
  flush()
  return out
}

const key = (question: string) => question.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()

/** The site's own FAQ: JSON-LD entries first, then visible ones, each question once. */
export const ownFaqFrom = (pages: ReadonlyArray<FaqSourcePage>): ReadonlyArray<OwnFaqEntry> => {
  const seen = new Set<string>()
  const out: Array<OwnFaqEntry> = []
  const candidates = [...pages.flatMap(fromJsonLd), ...pages.filter(isFaqPage).flatMap(fromText)]
  for (const entry of candidates) {
    const k = key(entry.question)
    if (entry.question === "" || entry.answer === "" || k === "" || seen.has(k)) continue
    seen.add(k)
    out.push(entry)
    if (out.length === MAX_OWN_FAQ) break
  }
  return out
}
