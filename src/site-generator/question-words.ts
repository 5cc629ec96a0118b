/**
 * The words of a question, shared by the copy that answers prompts (faq-copy.ts): its content
 * words, and a prompt written as an FAQ question.
 */
import { oneLine } from "./html.ts"
import { upperFirst } from "./post-facts.ts"

const STOP_WORDS = new Set(
  `the and for with what which who whom where when why how are was were can could should would does did
  you your yours our ours they their them this that these those there here from into onto about near nearby
  best good great top most more less any some all one ones get find need want looking look recommend
  recommended recommendation recommendations suggest options option choose choice list way ways like use using
  offer offers offering provide provides company companies business businesses service services place places
  around area local today year cheap affordable popular famous reliable trusted quality review reviews rated`
    .split(/\s+/)
    .filter((w) => w !== "")
)

/** Lower-case content words, a plural `s` dropped, so `Croissants` meets `croissant`. */
export const keywords = (text: string): ReadonlySet<string> =>
  new Set(
    oneLine(text)
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3 && !STOP_WORDS.has(w))
      .map((w) => (w.length > 4 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w))
  )


/** A prompt as an FAQ question: one line, capitalised, a `?` added when it has no end mark. */
export const promptQuestion = (prompt: string): string => {
  const q = upperFirst(oneLine(prompt))
  return q === "" || /[?.!]$/.test(q) ? q : `${q}?`
}
