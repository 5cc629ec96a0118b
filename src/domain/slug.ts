const MAX_SLUG_LENGTH = 48
const FALLBACK_SLUG = "business"
const VALID_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/

const trimDashes = (s: string): string => s.replace(/^-+|-+$/g, "")

/**
 * Lower-case ASCII slug: diacritics folded (NFKD, marks dropped), every run of other
 * characters becomes one dash, no dash at either end, at most 48 characters;
 * `business` when nothing is left. `Café Déjà Vu!` → `cafe-deja-vu`.
 */
export const slugify = (text: string): string => {
  const folded = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
  const slug = trimDashes(trimDashes(folded).slice(0, MAX_SLUG_LENGTH))
  return slug === "" ? FALLBACK_SLUG : slug
}

export const isValidSlug = (s: string): boolean => VALID_SLUG.test(s)
