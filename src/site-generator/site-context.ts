/**
 * What every page of a generated site is rendered with: the input, its plan, the names and
 * source address in display form, the organization's JSON-LD, and the page shape the layout
 * renders. Small shared helpers for links and dates live here too.
 */
import { stripWwwPrefix } from "../domain/url.ts"
import type { Html } from "./html.ts"
import { oneLine, safeUrl } from "./html.ts"
import { type JsonNode, organizationNode } from "./json-ld.ts"
import { entitySummary } from "./llms-txt.ts"
import type { SiteInput } from "./site-input.ts"
import { absolute, type SitePlan } from "./site-plan.ts"
import { type SiteWords, siteWords } from "./site-words.ts"
import { displayHost, externalUrl, truncate } from "./text.ts"

export type NavKey = "home" | "offerings" | "faq" | "blog" | "about" | "contact"

export interface Crumb {
  readonly name: string
  readonly path: string
}

export interface Page {
  /** `/`, `/faq/`, ...: the page's address; its file is `<path>index.html`. */
  readonly path: string
  readonly nav: NavKey | null
  readonly title: string
  readonly description: string
  readonly canonical: string
  readonly ogType: "website" | "article"
  /** JSON-LD nodes besides the organization (added to every page) and the breadcrumbs. */
  readonly graph: ReadonlyArray<JsonNode>
  /** Empty on the home page; otherwise from Home down to the page itself. */
  readonly crumbs: ReadonlyArray<Crumb>
  readonly head?: Html
  readonly body: Html
}

export interface Context {
  readonly input: SiteInput
  readonly plan: SitePlan
  readonly name: string
  readonly businessName: string
  /** The source website as a safe absolute URL, or null. */
  readonly source: string | null
  readonly sourceHost: string
  readonly summary: string
  readonly orgNode: JsonNode
  readonly orgRef: JsonNode
  /** The entity itself as a schema.org Product, on a product's site. */
  readonly productRef: JsonNode | null
  readonly url: (path: string) => string
  /** The generator's own words, in the site's language. */
  readonly words: SiteWords
}

export const nonEmpty = (s: string | null | undefined): s is string => s !== null && s !== undefined && oneLine(s) !== ""

export const makeContext = (input: SiteInput, plan: SitePlan): Context => {
  const url = (path: string) => absolute(plan, path)
  const source = externalUrl(input.sourceUrl, input.sourceUrl)
  const name = oneLine(input.name) === "" ? oneLine(input.businessName) : oneLine(input.name)
  const businessName = oneLine(input.businessName) === "" ? name : oneLine(input.businessName)
  const orgId = url("/#organization")
  // On a product's site the organization is the business behind it, whose site is the origin.
  const orgUrl = source === null ? url("/") : input.kind === "product" ? `${new URL(source).origin}/` : source
  const orgNode = organizationNode(input, orgId, orgUrl, businessName)
  return {
    input,
    plan,
    name,
    businessName,
    source,
    sourceHost: source === null ? name : displayHost(source),
    summary: entitySummary(input),
    orgNode,
    orgRef: { "@id": orgId },
    productRef: input.kind === "product" ? { "@id": url("/#product") } : null,
    url,
    words: siteWords(input.language)
  }
}

export const sameHost = (a: string, b: string | null): boolean => {
  if (b === null) return false
  try {
    const host = (u: string) => stripWwwPrefix(new URL(u).hostname.toLowerCase())
    return host(a) === host(b)
  } catch {
    return false
  }
}

// Only digits and a leading plus reach a `tel:` link; anything else stays plain text.
export const telHref = (phone: string): string | null => {
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "")
  return digits.replace(/\D/g, "").length >= 5 ? safeUrl(`tel:${digits}`) : null
}

const EMAIL = /^[^\s@<>"'`()\\,;:]+@[^\s@<>"'`()\\,;:]+\.[^\s@<>"'`()\\,;:]+$/
export const mailHref = (email: string): string | null => (EMAIL.test(oneLine(email)) ? safeUrl(`mailto:${oneLine(email)}`) : null)

/** `2026-03-01` → `1 March 2026` (`1er mars 2026`, `1. März 2026`), with no locale data involved. */
export const humanDate = (date: string, words: SiteWords): string => {
  const [y, m, d] = date.split("-")
  return words.date(Number(d), words.months[Number(m) - 1] ?? "", y ?? "")
}

export const metaDescription = (text: string): string => truncate(text, 160)
