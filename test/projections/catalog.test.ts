import { describe, expect, it } from "vitest"
import { type ProjectionName, projections, projectionsByName } from "../../src/projections/catalog.ts"

describe("the projection catalogue", () => {
  it("keys each projection by its own name, so a name waitFor compiles with is one the runner runs", () => {
    for (const [key, projection] of Object.entries(projectionsByName)) expect(projection.name).toBe(key)
  })

  it("lists every projection once, in the catalogue's order", () => {
    expect(projections.map((projection) => projection.name)).toEqual([
      "entities", "scores", "prompts", "ranking_scores", "documents", "jobs",
      "sites", "site_hosts", "bot_visits", "billing", "organizations", "scheduler_runs"
    ])
  })

  it("names projections with a type a misspelt name does not pass (checked by tsc)", () => {
    const named: ReadonlyArray<ProjectionName> = ["scores", "site_hosts"]
    // @ts-expect-error: not a projection of the catalogue
    const misspelt: ReadonlyArray<ProjectionName> = ["score"]
    expect([...named, ...misspelt].every((name) => name in projectionsByName)).toBe(false)
  })
})
