/**
 * The endpoints the lane answers ahead of HttpApi, read from `SightlineApi`: a route's method
 * and path come from the endpoint it stands in for, so renaming or moving the endpoint moves the
 * route with it, and a route whose endpoint is gone fails when this module loads.
 */
import type { HttpApiEndpoint } from "@effect/platform"
import { SightlineApi } from "../api.ts"

/** The endpoint `group.name` of `SightlineApi`; throws when it declares none. */
export const laneEndpoint = (group: string, name: string): HttpApiEndpoint.HttpApiEndpoint.AnyWithProps => {
  const endpoint = SightlineApi.groups[group]?.endpoints[name] as HttpApiEndpoint.HttpApiEndpoint.AnyWithProps | undefined
  if (endpoint === undefined) throw new Error(`the fast lane serves ${group}.${name}, which SightlineApi does not declare`)
  return endpoint
}

/** A path up to its first parameter: `/api/visibility-score/:org_slug` → `/api/visibility-score/`. */
export const prefixOf = (path: string) => {
  const colon = path.indexOf(":")
  return colon === -1 ? path : path.slice(0, colon)
}

/** Every endpoint a lane route answers, by route. */
export const LANE_ENDPOINTS = {
  visibilityScore: laneEndpoint("visibility", "visibilityScore"),
  recordVisit: laneEndpoint("visitWebhook", "recordVisit"),
  recordVisitPreflight: laneEndpoint("visitWebhook", "recordVisitPreflight")
} as const
