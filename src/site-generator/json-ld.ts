/**
 * The schema.org nodes the generated pages carry: the organization (on every page), the entity
 * as a Product on a product's site, breadcrumbs, offers and opening hours. Only stated facts:
 * empty fields are dropped, and a price or an hour is emitted only when it reads cleanly.
 */
import type { OpeningHours } from "../domain/site-events.ts"
import { oneLine } from "./html.ts"
import { addressLine } from "./llms-txt.ts"
import type { Context, Crumb } from "./site-context.ts"
import type { SiteInput } from "./site-input.ts"
import type { PlannedOffering } from "./site-plan.ts"

export type JsonNode = Record<string, unknown>

const nonEmpty = (s: string | null | undefined): s is string => s !== null && s !== undefined && oneLine(s) !== ""

/** Drops null, undefined and empty-string fields, so JSON-LD carries only stated facts. */
export const compact = (node: Record<string, unknown>): JsonNode =>
  Object.fromEntries(Object.entries(node).filter(([, v]) => v !== null && v !== undefined && v !== ""))

export const isLocal = (input: SiteInput): boolean => nonEmpty(input.place) || addressLine(input) !== null

/** `openingHoursSpecification` for each line read cleanly (days and both times); closed days are left out. */
export const openingHoursNodes = (hours: ReadonlyArray<OpeningHours> | undefined): ReadonlyArray<JsonNode> =>
  (hours ?? [])
    .filter((h) => h.days.length > 0 && h.opens !== null && h.closes !== null && /^\d{2}:\d{2}$/.test(h.opens) && /^\d{2}:\d{2}$/.test(h.closes))
    .map((h) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: h.days.map((d) => oneLine(d)), opens: h.opens, closes: h.closes }))

/** The organization behind the site: a LocalBusiness when it has a place or an address. */
export const organizationNode = (input: SiteInput, orgId: string, orgUrl: string, businessName: string): JsonNode => {
  const address = input.address
  const postal =
    address === null || addressLine(input) === null
      ? null
      : compact({
          "@type": "PostalAddress",
          streetAddress: address.street,
          addressLocality: address.locality,
          addressRegion: address.region,
          postalCode: address.postalCode,
          addressCountry: address.country
        })
  const hours = openingHoursNodes(input.hours)
  return compact({
    "@type": isLocal(input) ? "LocalBusiness" : "Organization",
    "@id": orgId,
    name: businessName,
    url: orgUrl,
    description: input.kind === "business" && nonEmpty(input.description) ? oneLine(input.description) : null,
    telephone: nonEmpty(input.phone) ? oneLine(input.phone) : null,
    email: nonEmpty(input.email) ? oneLine(input.email) : null,
    address: postal,
    areaServed: nonEmpty(input.place) ? oneLine(input.place) : null,
    openingHoursSpecification: hours.length === 0 ? null : hours
  })
}

export const entityProductNode = (ctx: Context): JsonNode =>
  compact({
    "@type": "Product",
    "@id": ctx.url("/#product"),
    name: ctx.name,
    description: ctx.summary,
    url: ctx.source ?? ctx.url("/"),
    brand: { "@type": "Brand", name: ctx.businessName },
    manufacturer: ctx.orgRef
  })

export const breadcrumbNode = (ctx: Context, crumbs: ReadonlyArray<Crumb>): JsonNode => ({
  "@type": "BreadcrumbList",
  itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: ctx.url(c.path) }))
})

/** schema.org `Offer` only for a plain numeric price: a price is never guessed from free text. */
export const offerNode = (ctx: Context, o: PlannedOffering): JsonNode | null => {
  const price = o.offering.price === null ? "" : oneLine(o.offering.price).replace(/,(?=\d{3}\b)/g, "")
  const currency = o.offering.currency === null ? "" : oneLine(o.offering.currency).toUpperCase()
  if (!/^\d+(\.\d+)?$/.test(price) || !/^[A-Z]{3}$/.test(currency)) return null
  return { "@type": "Offer", price, priceCurrency: currency, url: ctx.url(o.path), seller: ctx.orgRef }
}
