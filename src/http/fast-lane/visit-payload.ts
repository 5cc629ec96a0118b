/**
 * The webhook's body rules as plain predicates, shared by its schema (`visits-api.ts`) and by
 * `plainVisitPayload`, which decodes a plainly valid body without the schema: the webhook is
 * the busiest write, and its schema decode cost a tenth of a request's CPU.
 */
import { Option } from "effect"
import { type BusinessId, isBusinessId, isItemId, type ItemId } from "../../domain/entity-ref.ts"
import { isIpAddress } from "../../domain/ip-ranges.ts"
import { parseWebUrl } from "../../domain/url.ts"
import { PageType } from "../../domain/visit-events.ts"

export const MAX_PAGE_URL = 2048
export const MAX_PAGE_TITLE = 1000
export const MAX_USER_AGENT = 1024
export const MAX_IP_ADDRESS = 64
export const MAX_REFERRER = 2048

export const isPageUrl = (value: string) => /^https?:\/\//i.test(value.trim()) && Option.isSome(parseWebUrl(value))

const PAGE_TYPES: ReadonlySet<unknown> = new Set(PageType.literals)

/** What the webhook's schema decodes a body to. */
export interface VisitPayload {
  readonly business_id: BusinessId
  readonly item_id?: ItemId | null | undefined
  readonly page_url: string
  readonly page_type: PageType
  readonly page_title?: string | null | undefined
  readonly user_agent: string
  readonly ip_address?: string | null | undefined
  readonly referrer?: string | null | undefined
}

const absentOr = (value: unknown, check: (text: string) => boolean) =>
  value === undefined || value === null || (typeof value === "string" && check(value))

/**
 * The payload the schema decodes `json` to, when every field is plainly valid; undefined for
 * anything else, which the caller hands to the schema for its exact 400. A test holds the two
 * to the same answers.
 */
export const plainVisitPayload = (json: unknown): VisitPayload | undefined => {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined
  const { business_id, item_id, page_url, page_type, page_title, user_agent, ip_address, referrer } = json as Record<string, unknown>
  if (typeof business_id !== "string" || !isBusinessId(business_id)) return undefined
  if (!absentOr(item_id, isItemId)) return undefined
  if (typeof page_url !== "string" || page_url.length > MAX_PAGE_URL || !isPageUrl(page_url)) return undefined
  if (!(page_type === undefined || page_type === null || PAGE_TYPES.has(page_type))) return undefined
  if (!absentOr(page_title, (text) => text.length <= MAX_PAGE_TITLE)) return undefined
  if (typeof user_agent !== "string" || user_agent.length === 0 || user_agent.length > MAX_USER_AGENT) return undefined
  if (!absentOr(ip_address, (text) => text.length <= MAX_IP_ADDRESS && isIpAddress(text))) return undefined
  if (!absentOr(referrer, (text) => text.length <= MAX_REFERRER)) return undefined
  return {
    business_id,
    item_id: item_id as ItemId | null | undefined,
    page_url,
    page_type: (page_type ?? "ai_site") as PageType,
    page_title: page_title as string | null | undefined,
    user_agent,
    ip_address: ip_address as string | null | undefined,
    referrer: referrer as string | null | undefined
  }
}
