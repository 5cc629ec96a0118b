/**
 * What counts as naming an entity in an answer: a business by its name, derived spellings and
 * its domain; a product by its name and its page URL (its business's domain alone is not it).
 */
import { aliasesFor, type MentionTarget } from "./mention-detection.ts"
import { parseWebUrl } from "./url.ts"

export interface EntityFacts {
  readonly itemId: string | null
  /** The business name, or for a product its display name (null: derived from the item id). */
  readonly name: string | null
  /** The business website, or the product page. */
  readonly url: string | null
}

const hostOf = (url: string | null) => {
  if (url === null) return undefined
  const parsed = parseWebUrl(url)
  return parsed._tag === "Some" ? parsed.value.hostname.toLowerCase().replace(/^www\./, "") : undefined
}

/** `trail-runner-3` → `Trail Runner 3` */
const humanize = (slug: string) => slug.split("-").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ")

export const mentionTargetOf = (facts: EntityFacts): MentionTarget => {
  const name = facts.name ?? (facts.itemId === null ? "" : humanize(facts.itemId))
  const names = name === "" ? [] : [name]
  const aliases = names.flatMap((n) => aliasesFor(n)).filter((alias) => !names.includes(alias))
  if (facts.itemId !== null) {
    return { names, aliases, domains: [], urls: facts.url === null ? [] : [facts.url] }
  }
  const host = hostOf(facts.url)
  return { names, aliases, domains: host === undefined ? [] : [host], urls: [] }
}
