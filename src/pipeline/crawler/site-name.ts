/**
 * What a site calls itself when its home page says so only in its title. Titles join the site's
 * name and a page's own words with a separator, in either order ("Chalk | Bouldering Gym in
 * Galway", "About | Chalk Bouldering"): the part the other pages' titles repeat is the name. With
 * nothing to compare (one page, one part, no part repeated) the whole title stands, as before.
 */
export const SEPARATOR = /\s+(?:[|–—·•:]|::|-)\s+/

const fold = (text: string) => text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim()

/** The part of the home page's title that the most other titles contain (the first on a tie). */
export const siteNameFromTitles = (homeTitle: string, otherTitles: ReadonlyArray<string>): string => {
  const parts = homeTitle.split(SEPARATOR).map((part) => part.trim()).filter((part) => part !== "")
  if (parts.length < 2) return homeTitle
  const others = otherTitles.map(fold)
  const wordsIn = (part: string) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${fold(part).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:$|[^\\p{L}\\p{N}])`, "u")
  const counts = parts.map((part) => {
    const pattern = wordsIn(part)
    return others.filter((title) => pattern.test(title)).length
  })
  const best = Math.max(...counts)
  return best === 0 ? homeTitle : parts[counts.indexOf(best)]!
}
