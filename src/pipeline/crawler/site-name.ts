/**
 * What a site calls itself when its home page says so only in its title. Titles join the site's
 * name and a page's own words with a separator, in either order ("Chalk | Bouldering Gym in
 * Galway", "About | Chalk Bouldering"): the part the other pages' titles repeat is the name. With
 * nothing to compare (one page, one part, no part repeated) the whole title stands, as before.
 */
export const SEPARATOR = /\s+(?:[|–—·•:]|::|-)\s+/

const fold = (text: string) => text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim()

/** A pattern for the folded words of `part`, standing as whole words. */
const wholeWords = (part: string) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${fold(part).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:$|[^\\p{L}\\p{N}])`, "u")

/** The part of the home page's title that the most other titles contain (the first on a tie). */
export const siteNameFromTitles = (homeTitle: string, otherTitles: ReadonlyArray<string>): string => {
  const parts = homeTitle.split(SEPARATOR).map((part) => part.trim()).filter((part) => part !== "")
  if (parts.length < 2) return homeTitle
  const others = otherTitles.map(fold)
  const counts = parts.map((part) => {
    const pattern = wholeWords(part)
    return others.filter((title) => pattern.test(title)).length
  })
  const best = Math.max(...counts)
  if (best > 0) return parts[counts.indexOf(best)]!
  // The other titles may give the name short ("… | Saffron & Salt" beside the home page's
  // "Saffron & Salt Catering | Wedding & Event Caterers"): the home part holding it is the name.
  const short = commonPart(otherTitles)
  return short === null ? homeTitle : parts.find((part) => wholeWords(short).test(fold(part))) ?? homeTitle
}

/** The part of several titles that most of them end or start with, said by two or more; null if none. */
const commonPart = (titles: ReadonlyArray<string>): string | null => {
  const counts = new Map<string, number>()
  for (const title of titles) {
    const parts = title.split(SEPARATOR).map((part) => part.trim()).filter((part) => part !== "")
    if (parts.length < 2) continue
    for (const part of new Set([parts[0]!, parts.at(-1)!])) counts.set(fold(part), (counts.get(fold(part)) ?? 0) + 1)
  }
  const [part, count] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a), ["", 0])
  return count >= 2 && count * 2 > titles.length ? part : null
}

// "Inc.", "LLP", "& Co": a legal form after a comma is part of the name.
const LEGAL_FORM = /^(?:inc|incorporated|llc|llp|lp|ltd|limited|plc|pc|p\.?c|pllc|gmbh|ag|sa|s\.?a|sarl|srl|bv|nv|oy|ab|as|aps|pty|co|company|corp|corporation|and sons|& sons|& co)\.?$/i

/**
 * A title's name without the town it is followed by ("Lanna Touch Massage, Chiang Mai" is Lanna
 * Touch Massage): the part after the last comma is one to three capitalised words, not a legal
 * form, and the home page's own text names it apart from the name. A one-word name keeps its
 * tail ("Smith, Jones" may be two partners).
 */
export const withoutPlaceSuffix = (name: string, homeText: string): string => {
  const m = /^(\S+(?:\s+\S+)+?),\s+(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2})$/u.exec(name.trim())
  if (m === null || LEGAL_FORM.test(m[2]!)) return name
  const elsewhere = fold(homeText).split(fold(m[0])).join(" ")
  return wholeWords(m[2]!).test(elsewhere) ? m[1]! : name
}
