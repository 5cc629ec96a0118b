/**
 * Slugs: the shape every business and product id has (`blue-door-bakery`), and how a name
 * becomes one.
 */
import { Schema } from "effect"

const MAX_SLUG_LENGTH = 48
const FALLBACK_SLUG = "business"
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/

/** A slug's shape, for a check before (instead of) a full decode on a hot path. */
export const isSlug = (value: string): boolean => SLUG.test(value)

/** Lower-case letters, digits and dashes, 1 to 64 characters, a dash at neither end. */
export const Slug = Schema.String.pipe(Schema.pattern(SLUG, {
  message: () => "expected a slug: lower-case letters, digits and dashes, 1 to 64 characters",
  description: "a slug: lower-case letters, digits and dashes, 1 to 64 characters"
}))

const trimDashes = (s: string): string => s.replace(/^-+|-+$/g, "")

/** Letters NFKD does not fold, as they are written in ASCII (`Ermäßigt` → `ermassigt`, `Smørrebrød` → `smorrebrod`). */
const LETTERS: Readonly<Record<string, string>> = { "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ð": "d", "þ": "th", "đ": "d", "ł": "l", "ı": "i" }

/**
 * Lower-case ASCII slug: diacritics folded (NFKD, marks dropped; ß, æ, ø and the like spelled out), every run of other
 * characters becomes one dash, no dash at either end, at most 48 characters;
 * `business` when nothing is left. `Café Déjà Vu!` → `cafe-deja-vu`.
 */
export const slugify = (text: string): string => {
  const folded = text
    .replace(/[ßæœøðþđłı]/giu, (c) => LETTERS[c.toLowerCase()] ?? c)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
  const slug = trimDashes(trimDashes(folded).slice(0, MAX_SLUG_LENGTH))
  return slug === "" ? FALLBACK_SLUG : slug
}
