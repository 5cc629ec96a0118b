/**
 * What a prompt asks, read from its words, so a post answers that first: opening hours (on a
 * given day), a price, where, a comparison, what to look for, something urgent, who is best
 * rated, the business by name, or something general. And the facts that answer it: the hours
 * the site gives for the day asked about, read from its structured hours.
 */
import type { SiteFacts } from "../domain/site-events.ts"
import { oneLine } from "./html.ts"

export const INTENTS = ["hours", "price", "where", "compare", "quality", "urgent", "rated", "brand", "general"] as const
export type Intent = (typeof INTENTS)[number]

const HOURS = /\b(open|opens|opening|hours|closed|closes|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekends?|late|early)\b/
const PRICE = /\b(price|prices|priced|cost|costs|budget|cheap|cheaper|afford|affordable|overpay|overpaying|pay|expensive|premium|money|how much)\b/
const WHERE = /\b(near me|nearby|closest|where can i|where else|where should|located|location|directions)\b/
const COMPARE = /\b(vs|versus|compare|comparison|difference|alternatives?|instead|better|chain)\b/
const QUALITY = /\b(quality|look for|tell if|trustworthy|choose|first time|should i know|tips|how do i|how to)\b/
const URGENT = /\b(short notice|long wait|emergency|urgent|same[- ]day|today|right now|quickly|asap|closed)\b/
const RATED = /\b(best|top|rated|reviews?|recommend|locals|known for|great|worth trying|lesser-known|disappointing)\b/

const lower = (s: string) => oneLine(s).toLowerCase()

/** The question a prompt asks, the first that matches in this order (hours before price: "open late" is no price). */
export const intentOf = (prompt: string, name: string): Intent => {
  const q = lower(prompt)
  if (PRICE.test(q)) return "price"
  if (HOURS.test(q) && !/\bwhere else\b/.test(q)) return "hours"
  if (URGENT.test(q)) return "urgent"
  if (COMPARE.test(q)) return "compare"
  if (QUALITY.test(q)) return "quality"
  if (WHERE.test(q)) return "where"
  if (RATED.test(q)) return "rated"
  const n = lower(name)
  if (n !== "" && q.includes(n)) return "brand"
  return "general"
}

/**
 * The two things a comparison names: "latte vs cortado", "Which is better, A or B?", "the
 * difference between A and B". Null when the prompt names no two.
 */
export const comparedPair = (prompt: string): readonly [string, string] | null => {
  const q = lower(prompt)
  const between = /difference between (.+?) and ([^,:;?]+)/u.exec(q)
  const pairs = between === null
    ? q.split(/[:;,?]\s*/u).map((part) => /^(?:which is (?:better|best) )?(.+?) (?:vs\.?|versus|or) (.+)$/u.exec(part.trim())).filter((m) => m !== null)
    : [between]
  const match = pairs[0]
  if (match === undefined) return null
  const side = (text: string) => text.replace(/^(?:a|an|the)\s+/u, "").trim()
  const [a, b] = [side(match[1]!), side(match[2]!)]
  // "the difference between cheap and premium croissants" weighs two kinds of one thing, not two things.
  const kindOfOne = (text: string) => /^(?:cheap|cheaper|budget|premium|expensive|luxury|new|used|small|large|local|independent|chain|online|in-store)$/u.test(text)
  return a === "" || b === "" || a.split(" ").length > 5 || b.split(" ").length > 5 || kindOfOne(a) || kindOfOne(b) ? null : [a, b]
}

export const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const
export type Day = (typeof DAYS)[number]

/** The days a prompt asks about: a named day, both weekend days, or none. */
export const daysAsked = (prompt: string): ReadonlyArray<Day> => {
  const q = lower(prompt)
  const named = DAYS.filter((d) => new RegExp(`\\b${d.toLowerCase()}s?\\b`).test(q))
  if (named.length > 0) return named
  return /\bweekends?\b/.test(q) ? ["Saturday", "Sunday"] : []
}

interface HoursEntry {
  readonly text: string
  readonly days?: ReadonlyArray<string>
  readonly opens?: string | null
  readonly closes?: string | null
}

/** What the site's hours say of one day: open from-to, closed, a line naming it, or nothing. */
export type DayHours =
  | { readonly kind: "open"; readonly opens: string; readonly closes: string }
  | { readonly kind: "closed" }
  | { readonly kind: "stated"; readonly text: string }
  | { readonly kind: "unknown" }

export const hoursOnDay = (facts: SiteFacts, day: Day): DayHours => {
  const entries = ((facts as SiteFacts & { readonly hours?: ReadonlyArray<HoursEntry> }).hours ?? [])
  for (const e of entries) {
    if (!(e.days ?? []).includes(day)) continue
    if (e.opens && e.closes) return { kind: "open", opens: e.opens, closes: e.closes }
    if (/\bclosed\b/i.test(e.text)) return { kind: "closed" }
  }
  const named = entries.find((e) => new RegExp(`\\b${day}s?\\b`, "i").test(e.text))
  return named === undefined ? { kind: "unknown" } : { kind: "stated", text: oneLine(named.text) }
}
