/**
 * What a product's own page calls the product, for a product onboarded without a declared name.
 * The site's name (`siteName`) is the wrong answer there: a product page's JSON-LD Organization
 * or og:site_name names its maker, and its title usually adds a tagline ("Varroa Monitor –
 * count mites from a photo"), which no answer would ever repeat, so mention checks could never
 * find the product.
 *
 * In order: the one Product the page's JSON-LD describes (itself, not a related item linked
 * elsewhere); else the part of the title that is the page's first heading; else the title's
 * first part that is not only the maker's name. Null when the page says nothing.
 */
import { SEPARATOR } from "./site-name.ts"
import { productsFromJsonLd } from "./structured-data.ts"

interface ProductPage {
  readonly url: string
  readonly title: string
  readonly headings: ReadonlyArray<string>
  readonly jsonLd: ReadonlyArray<unknown>
}

const fold = (text: string) => text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim()

/** The URL without fragment, query or trailing slash, to tell the page itself from other pages. */
const pageKey = (url: string): string => {
  try {
    const parsed = new URL(url)
    return `${parsed.host}${parsed.pathname.replace(/\/+$/, "")}`.toLowerCase()
  } catch {
    return url
  }
}

export const productNameOf = (page: ProductPage, makerName: string | null): string | null => {
  const own = productsFromJsonLd(page.jsonLd, page.url)
    .filter((product) => product.url === null || pageKey(product.url) === pageKey(page.url))
  const names = [...new Set(own.map((product) => product.name.trim()).filter((name) => name !== ""))]
  if (names.length === 1) return names[0]!

  const title = page.title.trim()
  const parts = title.split(SEPARATOR).map((part) => part.trim()).filter((part) => part !== "")
  if (parts.length < 2) return title === "" ? null : title
  const heading = page.headings.map(fold).find((text) => text !== "")
  const asHeading = parts.find((part) => fold(part) === heading)
  if (asHeading !== undefined) return asHeading
  const maker = makerName === null ? "" : fold(makerName)
  return parts.find((part) => fold(part) !== maker) ?? title
}
