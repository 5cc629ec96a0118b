/**
 * Descriptions read from a page's sections, for the site's offerings: the text under a heading
 * that names an offering ("Ice machine repair" on a refrigeration page), and a page's lead with
 * its price table run in before it left out. Crawled text is flat (a table's cells run together
 * with the prose), so a section is the text between its heading and the next.
 */
import type { SiteCrawled } from "../domain/crawl-events.ts"
import { countPrices, PRICE_SOURCE } from "../domain/money.ts"
import { escapeRegExp } from "../domain/regex.ts"

type Page = SiteCrawled["pages"][number]

/** A name as names are compared: lower case, no accents or punctuation, a plural's "s" dropped ("Prep tables" is "prep table"). */
export const nameKey = (s: string): string =>
  s.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "").replace(/[^\p{L}\p{N}]+/gu, " ").trim().replace(/(\p{L}{3,})s\b/gu, "$1")

const words = (s: string): ReadonlyArray<string> => nameKey(s).split(" ").filter((w) => w !== "")

/** Whether a heading names the offering: every word of the name is in it ("Reach-in and prep table repair" names "prep table repair"). */
const headingNames = (heading: string, name: string): boolean => {
  const own = new Set(words(heading))
  const named = words(name)
  return own.size <= 10 && named.length > 0 && named.every((w) => own.has(w))
}

/** A question before the first statement, with the space French writes before its mark. */
const QUESTION_HOOK = /^[^.!?]{3,200}?\s?\?\s+(?=\p{Lu})/u

/** A sentence that can describe: long enough, ended, no price list, no denial of what it names. */
const SENTENCE = /^(.{20,300}?[.!?])(?=\s|$)/su

/**
 * The first sentence under a heading (not the page's first) that names the offering, up to the
 * next heading; null when no such heading, or its text opens with no sentence that describes.
 */
export const sectionDescription = (page: Page, name: string): string | null => {
  const heading = page.headings.slice(1).find((h) => headingNames(h, name))
  if (heading === undefined) return null
  const start = page.text.indexOf(heading, Math.max(0, page.text.indexOf(page.headings[0] ?? "")))
  if (start < 0) return null
  let section = page.text.slice(start + heading.length)
  for (const other of page.headings) {
    const at = other === heading ? -1 : section.indexOf(other)
    if (at >= 0) section = section.slice(0, at)
  }
  // A question opening the section is its hook, not what the offering is ("Vous êtes bricoleur ? Nous vendons …").
  const first = SENTENCE.exec(section.replace(/\s+/g, " ").trim().replace(QUESTION_HOOK, ""))?.[1]
  if (first === undefined || countPrices(first) >= 2 || /\b(?:not|no longer|don't|do not|never)\b/i.test(first)) return null
  return first
}

/**
 * A page's text with the price rows run in before its prose left out ("Plan Visits Price
 * Quarterly PM 4 per year $149 per month Monthly PM … $289 per month Plan customers get …" →
 * "Plan customers get …"): the text after the last of two or more rows written with their price.
 */
export const withoutRunInRows = (text: string, page: Page): string => {
  const rows = page.products.filter((p) => p.url === null && p.price !== null && p.name.trim().length >= 3)
  if (rows.length < 2) return text
  let start = text.length
  let end = -1
  let found = 0
  for (const row of rows) {
    const m = new RegExp(String.raw`${escapeRegExp(row.name.trim())}[^.!?\n]{0,120}?${PRICE_SOURCE}(?:\s+(?:per|a|each)\s+\p{L}+)?`, "u").exec(text)
    if (m === null) continue
    found++
    start = Math.min(start, m.index)
    end = Math.max(end, m.index + m[0].length)
  }
  // Prose before the rows is the page's own lead: only rows run into the first sentence are cut.
  const firstEnd = /[.!?](?=\s|$)/.exec(text)?.index ?? text.length
  if (found < 2 || start > firstEnd) return text
  const rest = text.slice(end).trim()
  return /^\p{Lu}/u.test(rest) ? rest : text
}

/**
 * A page's text without a list of names run into its first sentence ("Xero MYOB KeyPay Slack
 * Payroll integrations export …" → "Payroll integrations export …"): the text after the last of
 * two or more of the page's list items that stand, one after another, before its first sentence ends.
 */
export const withoutRunInList = (text: string, page: Page): string => {
  const items = (page.listItems ?? []).map((i) => i.text.trim()).filter((t) => t.length > 0 && t.length <= 60)
  const firstEnd = /[.!?](?=\s|$)/.exec(text)?.index ?? text.length
  let at = 0
  let found = 0
  for (const item of items) {
    const m = new RegExp(String.raw`^\s*${escapeRegExp(item)}(?![\p{L}\p{N}])`, "u").exec(text.slice(at))
    if (m === null) break
    at += m[0].length
    found++
  }
  const rest = text.slice(at).trim()
  return found >= 2 && at <= firstEnd && /^\p{Lu}/u.test(rest) ? rest : text
}
