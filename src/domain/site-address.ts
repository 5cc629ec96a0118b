/**
 * Addresses of generated sites. A business lives at `<label>.<sites_domain>`; a product at
 * `<label>-<item_id>.<sites_domain>` (the form listings return) and, equally,
 * `<item_id>.<label>.<sites_domain>` (the nested form of bulk onboarding).
 *
 * Labels are unique across both single-label forms: each entity claims its host name in the
 * site host registry (see site-host-events.ts). The name wanted first is the business label
 * (its URL's host label, or its slug without a URL) or, for a product, `<business label>-<item>`;
 * when another entity holds it, the entity takes the first free name of
 * `<wanted>-<h4>`, `<wanted>-<h8>`, `<wanted>-<h12>`, `<wanted>-<h16>`, where `<hN>` is the first
 * N hex characters of the SHA-256 of the entity's seed (the business's random UUID, for a
 * product `<uuid>/<item>`): short, stable for the entity, and not guessable by another tenant.
 * Every name is cut to 63 characters (before its suffix) with no dash at either end.
 */
import { businessHostLabel } from "./host-label.ts"
import { sha256Hex } from "./sha256.ts"

export interface SitesSettings {
  readonly scheme: "http" | "https"
  readonly domain: string
}

const MAX_LABEL_LENGTH = 63
const SUFFIX_LENGTHS = [4, 8, 12, 16] as const

/** The label a business wants: from its URL, or its slug when it has none. */
export const siteLabelOf = (businessId: string, businessUrl: string | null): string =>
  businessUrl === null || businessUrl === "" ? businessId : businessHostLabel(businessUrl)

const fit = (label: string, room: number) => label.slice(0, room).replace(/^-+|-+$/g, "")

/** The host names an entity may take, in order of preference (see above). */
export const hostCandidates = (wanted: string, seed: string): ReadonlyArray<string> => {
  const hash = sha256Hex(seed)
  return [
    fit(wanted, MAX_LABEL_LENGTH),
    ...SUFFIX_LENGTHS.map((n) => `${fit(wanted, MAX_LABEL_LENGTH - n - 1)}-${hash.slice(0, n)}`)
  ]
}

/** The dashed host a product wants under its business's host. */
export const productHostWanted = (businessHost: string, itemId: string) => `${businessHost}-${itemId}`

export const siteUrlOfHost = (sites: SitesSettings, host: string) => `${sites.scheme}://${host}.${sites.domain}`

export const nestedProductSiteUrl = (sites: SitesSettings, businessHost: string, itemId: string) =>
  `${sites.scheme}://${itemId}.${businessHost}.${sites.domain}`
