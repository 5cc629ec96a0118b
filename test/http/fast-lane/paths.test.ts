/**
 * The lane's routes take their method and path from the HttpApi endpoints they stand in for:
 * each one names an endpoint `SightlineApi` declares, and a name it does not declare fails.
 */
import { describe, expect, it } from "vitest"
import { LANE_ENDPOINTS, laneEndpoint, prefixOf } from "../../../src/http/fast-lane/paths.ts"

describe("fast lane paths", () => {
  it("every lane route answers an endpoint SightlineApi declares, by its method and path", () => {
    const routes = Object.values(LANE_ENDPOINTS).map((endpoint) => `${endpoint.method} ${endpoint.path}`)
    expect(routes).toEqual([
      "GET /api/visibility-score/:org_slug",
      "POST /api/ai-recommendation-store",
      "OPTIONS /api/ai-recommendation-store"
    ])
  })

  it("the visibility score's only parameter ends its path: the lane reads the rest of the path as the slug", () => {
    const { path } = LANE_ENDPOINTS.visibilityScore
    expect(prefixOf(path)).toBe("/api/visibility-score/")
    expect(path.slice(prefixOf(path).length)).toMatch(/^:[a-z_]+$/)
    expect(prefixOf(LANE_ENDPOINTS.recordVisit.path)).toBe(LANE_ENDPOINTS.recordVisit.path)
  })

  it("a route for an endpoint the API does not declare fails", () => {
    expect(() => laneEndpoint("visibility", "noSuchEndpoint")).toThrow("SightlineApi does not declare")
    expect(() => laneEndpoint("noSuchGroup", "visibilityScore")).toThrow("SightlineApi does not declare")
  })
})
