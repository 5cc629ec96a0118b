/**
 * Opening hours from a crawl: schema.org `openingHours` strings (`Mo-Fr 07:00-18:00`),
 * `openingHoursSpecification` nodes, and lines of visible text such as "Monday to Saturday,
 * 7am to 7pm" or "Sun: closed". Each line keeps the site's own words for display and, when it
 * reads cleanly, its days and 24-hour times for the JSON-LD the generated site emits.
 */
import type { OpeningHours } from "../domain/site-events.ts"
import { cleanAndCut } from "../domain/text.ts"

export const MAX_HOURS_LINES = 14
const MAX_LINE = 120

const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const

/** The index in `WEEK` of a day name or abbreviation (`Mo`, `Tue`, `Thurs`, `Sundays`, a schema.org URL); -1 if none. */
const dayIndex = (word: string): number => {
  const w = word.toLowerCase().replace(/^https?:\/\/schema\.org\//, "").replace(/[.\s]/g, "").replace(/^weds$/, "wed")
  if (w.length < 2) return -1
  const at = (v: string) => WEEK.findIndex((d) => d.toLowerCase().startsWith(v))
  const i = at(w)
  return i >= 0 || !w.endsWith("s") ? i : at(w.slice(0, -1))
}

/** `Mon–Fri` → Monday..Friday; a range that wraps (`Fri-Mon`) wraps over Sunday. */
const dayRange = (from: number, to: number): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (let i = from; out.length < 7; i = (i + 1) % 7) {
    out.push(WEEK[i]!)
    if (i === to) break
  }
  return out
}

/** `7am` → `07:00`, `7:30 p.m.` → `19:30`, `7.30pm` → `19:30`, `18h30` → `18:30`, `noon` → `12:00`; null when not a time. */
const time24 = (raw: string): string | null => {
  const t = raw.toLowerCase().replace(/(\d)\.(\d{2})/, "$1:$2").replace(/\./g, "").replace(/\s+/g, "")
  if (t === "noon") return "12:00"
  if (t === "midnight") return "00:00"
  const m = /^(\d{1,2})(?:[:h](\d{2}))?(am|pm)?$/.exec(t)
  if (m === null) return null
  let h = Number(m[1])
  const min = m[2] ?? "00"
  if (m[3] === "pm" && h < 12) h += 12
  if (m[3] === "am" && h === 12) h = 0
  if (h > 24 || Number(min) > 59) return null
  return `${String(h).padStart(2, "0")}:${min}`
}

const DAY = String.raw`(?:mon(?:day)?|tue(?:s|sday)?|wed(?:s|nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)s?\.?`
const TO = String.raw`\s*(?:-|–|—|to|through|thru|until|till)\s*`
const DAYS = String.raw`${DAY}(?:${TO}${DAY})?(?:\s*(?:,|&|and|/)\s*${DAY}(?:${TO}${DAY})?)*`
const TIME = String.raw`(?:\d{1,2}(?:[:h.]\d{2})?\s*(?:[ap]\.?m\.?)?|noon|midnight)`
const SPAN = String.raw`(?:${TIME}${TO}${TIME}|closed)`
// Days, then optional punctuation and "from", then a span or "closed": nothing else in between.
// "First Saturday of the month 8:00–12:00": a day of some weeks only, shown but not structured.
const SOME = String.raw`(?:(?:first|second|third|fourth|last)\s+${DAY}\s+of\s+(?:the|each|every)\s+month)`
const LINE = new RegExp(String.raw`\b(?:(${SOME})|(${DAYS})|(daily|every day|weekdays|weekends))\s*[:,]?\s*(?:from\s+|open\s+)?(${SPAN})(?:\s*(?:,|and|&)\s*(${TIME}${TO}${TIME}))?`, "gi")

const ALL = dayRange(0, 6)

/** Day names of a `DAYS` match or of `daily`/`weekdays`/`weekends`. */
const daysOf = (spec: string): ReadonlyArray<string> => {
  const lower = spec.toLowerCase()
  if (lower === "daily" || lower === "every day") return ALL
  if (lower === "weekdays") return dayRange(0, 4)
  if (lower === "weekends") return dayRange(5, 6)
  const out: Array<string> = []
  for (const part of spec.split(/\s*(?:,|&|\band\b|\/)\s*/i)) {
    const ends = part.split(new RegExp(TO, "i")).map((d) => dayIndex(d.replace(/s?\.?$/, "").trim()))
    if (ends.some((i) => i < 0)) continue
    const list = ends.length === 2 ? dayRange(ends[0]!, ends[1]!) : [WEEK[ends[0]!]!]
    for (const d of list) if (!out.includes(d)) out.push(d)
  }
  return out
}

const spanTimes = (span: string): { readonly opens: string | null; readonly closes: string | null } => {
  const parts = span.split(new RegExp(TO, "i"))
  if (parts.length !== 2) return { opens: null, closes: null }
  const opens = time24(parts[0]!)
  let closes = time24(parts[1]!)
  // "8:00–5:00" on a 12-hour clock: a closing time before the opening one is in the afternoon.
  if (opens !== null && closes !== null && closes < opens && !/[ap]\.?m/i.test(parts[1]!) && Number(closes.slice(0, 2)) < 12) {
    closes = `${String(Number(closes.slice(0, 2)) + 12).padStart(2, "0")}${closes.slice(2)}`
  }
  return opens === null || closes === null ? { opens: null, closes: null } : { opens, closes }
}

const tidy = (text: string) => {
  // The point of "5 p.m." is the abbreviation's, not the sentence's.
  const t = cleanAndCut(text.replace(/\s+/g, " ").trim().replace(/(?<!\b[ap]\.m)[.,;:]$/i, "").replace(/\b([ap])\.m$/i, "$1.m."), MAX_LINE)
  return t === "" ? t : t[0]!.toUpperCase() + t.slice(1)
}

// Words that say a schedule is when the place is open: "Opening hours", "Open daily", "Hours:",
// "closed"; not a duration ("30 hours", "two hours").
const OPEN_CUE = /\b(?:open(?:s|ing)?|(?<!\d\s?|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|few|many|several|extra)\s)hours|closed|horaires?|horarios?|öffnungszeiten|openingstijden|orari)\b/i
const CUE_WINDOW = 80
// Hours of answering, not of being open: "Support hours: Monday to Friday, 8:00 to 18:00",
// "Phone lines are open …", "Live chat …" (software states them, and has no door).
const ANSWERING_CUE = /\b(?:support|help ?desk|customer (?:service|care)|phone lines?|lines are open|live chat|call (?:us|centre|center))\b[^.!?]{0,30}$/i
// A line right after an accepted one is the same list ("Opening hours: Mon 9–5 · Tue 9–5 · …").
const LIST_GAP = 40

/**
 * Hours stated in visible text, in the order they appear. `cued`: only lines with an opening cue
 * in the words just before them, for a page that is not about visiting (a course's "Monday to
 * Friday, 9:00–15:30" is its timetable, not the shop's hours).
 */
export const hoursFromText = (text: string, cued = false): ReadonlyArray<OpeningHours> => {
  const out: Array<OpeningHours> = []
  const body = text.slice(0, 20_000)
  let listEnd = -Infinity
  for (const m of body.matchAll(LINE)) {
    if (cued && m.index - listEnd > LIST_GAP && !OPEN_CUE.test(body.slice(Math.max(0, m.index - CUE_WINDOW), m.index + m[0].length))) continue
    if (m.index - listEnd > LIST_GAP && ANSWERING_CUE.test(body.slice(Math.max(0, m.index - CUE_WINDOW), m.index))) continue
    listEnd = m.index + m[0].length
    if (m[1] !== undefined) {
      out.push({ text: tidy(m[0]), days: [], opens: null, closes: null })
      continue
    }
    const days = daysOf(m[2] ?? m[3] ?? "")
    if (days.length === 0) continue
    const span = m[4]!
    const closed = /^closed$/i.test(span)
    const times = closed ? { opens: null, closes: null } : spanTimes(span)
    out.push({ text: tidy(m[0]), days, ...times })
    if (out.length === MAX_HOURS_LINES) break
  }
  return out
}

const asArray = (v: unknown): ReadonlyArray<unknown> => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v])

/** Hours from JSON-LD nodes: `openingHours` strings and `openingHoursSpecification` objects. */
export const hoursFromJsonLd = (nodes: ReadonlyArray<Record<string, unknown>>): ReadonlyArray<OpeningHours> => {
  const out: Array<OpeningHours> = []
  for (const node of nodes) {
    for (const line of asArray(node.openingHours)) {
      if (typeof line !== "string") continue
      // `Mo-Fr 07:00-18:00`, `Mo,We 09:00-12:00`, or `Mo-Su` (open all day).
      const m = /^\s*([A-Za-z,\s-]+?)\s+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})\s*$/.exec(line)
      const days = m === null ? [] : daysOf(m[1]!.replace(/-/g, " to "))
      const text = tidy(line)
      if (text === "") continue
      out.push(m === null || days.length === 0 ? { text, days: [], opens: null, closes: null } : { text: tidy(`${describeDays(days)} ${m[2]}–${m[3]}`), days, opens: time24(m[2]!), closes: time24(m[3]!) })
    }
    for (const spec of asArray(node.openingHoursSpecification)) {
      if (typeof spec !== "object" || spec === null) continue
      const s = spec as Record<string, unknown>
      const days = asArray(s.dayOfWeek).flatMap((d) => (typeof d === "string" && dayIndex(d) >= 0 ? [WEEK[dayIndex(d)]!] : []))
      const opens = typeof s.opens === "string" ? time24(s.opens.slice(0, 5)) : null
      const closes = typeof s.closes === "string" ? time24(s.closes.slice(0, 5)) : null
      if (days.length === 0) continue
      const closed = opens === null || closes === null || (opens === "00:00" && closes === "00:00")
      out.push({ text: tidy(`${describeDays(days)} ${closed ? "closed" : `${opens}–${closes}`}`), days, opens: closed ? null : opens, closes: closed ? null : closes })
    }
    if (out.length >= MAX_HOURS_LINES) break
  }
  return out.slice(0, MAX_HOURS_LINES)
}

/** `Monday–Friday`, `Saturday`, `Monday, Wednesday`: consecutive runs of the week joined by a dash. */
export const describeDays = (days: ReadonlyArray<string>): string => {
  const idx = [...new Set(days.map((d) => WEEK.indexOf(d as (typeof WEEK)[number])).filter((i) => i >= 0))].sort((a, b) => a - b)
  const runs: Array<string> = []
  for (let i = 0; i < idx.length; ) {
    let j = i
    while (j + 1 < idx.length && idx[j + 1] === idx[j]! + 1) j++
    runs.push(j - i >= 2 ? `${WEEK[idx[i]!]}–${WEEK[idx[j]!]}` : idx.slice(i, j + 1).map((k) => WEEK[k]).join(", "))
    i = j + 1
  }
  return runs.join(", ")
}

/**
 * Lines from several sources, the same days and times once (first wording kept). A line whose
 * days earlier sources have all stated is dropped: the sources are in order of trust, and a
 * second wording of a day (a footer's "Thu till 7.30" beside the table's Thursday) would read as
 * a contradiction. Within one source a day may have several lines (lunch and dinner).
 */
export const mergeHours = (...lists: ReadonlyArray<ReadonlyArray<OpeningHours>>): ReadonlyArray<OpeningHours> => {
  const seen = new Set<string>()
  const stated = new Set<string>()
  const out: Array<OpeningHours> = []
  for (const list of lists) {
    const kept = list.filter((h) => h.days.length === 0 || !h.days.every((day) => stated.has(day)))
    for (const h of kept) {
      for (const day of h.days) stated.add(day)
      // "First Saturday of the month: 8:00–12:00" and "first Saturday of each month, 8am to noon"
      // are one line: lines read without days are told apart by their opening words.
      const text = h.text.toLowerCase()
      const key = h.days.length > 0 ? `${h.days.join(",")}|${h.opens}|${h.closes}` : /^(?:first|second|third|fourth|last) \w+/.exec(text)?.[0] ?? text
      if (seen.has(key)) continue
      seen.add(key)
      out.push(h)
      if (out.length === MAX_HOURS_LINES) return out
    }
  }
  return out
}
