/**
 * Addresses of generated sites. A business lives at `<label>.<sites_domain>`; a product at
 * `<label>-<item_id>.<sites_domain>` (the form listings return) and, equally,
 * `<item_id>.<label>.<sites_domain>` (the nested form of bulk onboarding).
 */
import { businessHostLabel } from "./host-label.ts"

export interface SitesSettings {
  readonly scheme: "http" | "https"
  readonly domain: string
}

/** The label of a business: from its URL, or its slug when it has none. */
export const siteLabelOf = (businessId: string, businessUrl: string | null): string =>
  businessUrl === null || businessUrl === "" ? businessId : businessHostLabel(businessUrl)

export const businessSiteUrl = (sites: SitesSettings, label: string) => `${sites.scheme}://${label}.${sites.domain}`

export const productSiteUrl = (sites: SitesSettings, label: string, itemId: string) =>
  `${sites.scheme}://${label}-${itemId}.${sites.domain}`

export const nestedProductSiteUrl = (sites: SitesSettings, label: string, itemId: string) =>
  `${sites.scheme}://${itemId}.${label}.${sites.domain}`
