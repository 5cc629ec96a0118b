/**
 * Checks a model's copy against the facts it was written from: every number (prices, dates,
 * times, counts), e-mail, phone, web address and capitalised name in the text must be found in
 * the crawled facts. Numbers, e-mails, phones and addresses match exactly (a number by its value,
 * so `1.40` is `1.4`; a phone by its digits); a capitalised term (not opening a sentence) must be
 * a word of the facts. What the check cannot see (a claim in plain lower-case words) it does not
 * pretend to: it is a net for invented figures and names, the commonest inventions.
 */
import type { SiteFacts } from "../domain/site-events.ts"

export interface FactCheck {
  readonly passed: boolean
  /** Each unsupported item, e.g. `price 12.00: not in the facts`. */
  readonly failures: ReadonlyArray<string>
}

/** Words any copy may capitalise without a fact behind them. */
const ALWAYS = new Set(["i", "faq", "faqs", "ai", "q", "a", "ok", "usd", "eur", "gbp", "am", "pm"])

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu
const URL_RE = /\bhttps?:\/\/[^\s<>"“”)]+/gi
const PHONE = /\+?\(?\d[\d\s().-]{7,}\d/g
const NUMBER = /\d+(?:[.,]\d+)*/g

/** Every string of the facts, as one text to search. */
export const factText = (facts: SiteFacts): string => {
  const out: Array<string> = []
  const walk = (v: unknown): void => {
    if (typeof v === "string") out.push(v)
    else if (Array.isArray(v)) v.forEach(walk)
    else if (typeof v === "object" && v !== null) Object.values(v).forEach(walk)
  }
  walk(facts)
  return out.join("\n")
}

const digits = (s: string) => s.replace(/\D/g, "")

const numberValue = (s: string): number | null => {
  // `1,250` and `1.250` as thousands, `4,25` as a decimal comma: both readings are accepted.
  const plain = Number(s.replace(/,/g, ""))
  return Number.isFinite(plain) ? plain : null
}

const stripTrailing = (s: string) => s.replace(/[.,;:!?]+$/, "")

/** Checks `text` against `facts`; `allowed` adds texts whose words and numbers count as facts (the prompt). */
export const factCheck = (text: string, facts: SiteFacts, allowed: ReadonlyArray<string> = []): FactCheck => {
  const source = [factText(facts), ...allowed].join("\n")
  const lower = source.toLowerCase()
  const failures: Array<string> = []
  let rest = text

  for (const m of text.match(URL_RE) ?? []) {
    const url = stripTrailing(m)
    if (!lower.includes(url.toLowerCase()) && !lower.includes(url.toLowerCase().replace(/\/$/, ""))) failures.push(`web address ${url}: not in the facts`)
    rest = rest.split(m).join(" ")
  }
  for (const m of rest.match(EMAIL) ?? []) {
    if (!lower.includes(m.toLowerCase())) failures.push(`e-mail ${m}: not in the facts`)
    rest = rest.split(m).join(" ")
  }
  const sourcePhones = new Set((source.match(PHONE) ?? []).map(digits))
  for (const m of rest.match(PHONE) ?? []) {
    // A run of digits long enough to be a phone number: its digits must be a phone of the facts.
    if (digits(m).length < 7) continue
    if (!sourcePhones.has(digits(m))) failures.push(`phone ${m.trim()}: not in the facts`)
    rest = rest.split(m).join(" ")
  }
  const sourceNumbers = new Set<number>()
  for (const n of source.match(NUMBER) ?? []) {
    const v = numberValue(n)
    if (v !== null) sourceNumbers.add(v)
  }
  for (const n of rest.match(NUMBER) ?? []) {
    const v = numberValue(n)
    if (v === null || !sourceNumbers.has(v)) failures.push(`number ${n}: not in the facts`)
  }
  const sourceWords = new Set(lower.normalize("NFKC").split(/[^\p{L}\p{N}]+/u))
  for (const sentence of rest.split(/(?<=[.!?:])\s+|\n+/)) {
    // A possessive is its name: `Acme's` is `Acme`.
    const words = sentence.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "").replace(/['’]s$/iu, "")).filter((w) => w !== "")
    words.forEach((word, i) => {
      if (i === 0 || !/^\p{Lu}/u.test(word)) return
      for (const part of word.toLowerCase().normalize("NFKC").split(/[^\p{L}\p{N}]+/u)) {
        if (part === "" || ALWAYS.has(part) || sourceWords.has(part)) continue
        failures.push(`name ${word}: not in the facts`)
        return
      }
    })
  }
  const unique = [...new Set(failures)]
  return { passed: unique.length === 0, failures: unique }
}
