import { describe, it } from "vitest"
import { RankingScoreAssigned } from "../../src/domain/ranking-events.ts"
import * as Ranking from "../../src/domain/ranking-decider.ts"
import { AssignScore } from "../../src/domain/ranking-decider.ts"
import { deciderSpec } from "../support/decider-spec.ts"

const given = deciderSpec(Ranking)
const T1 = new Date("2026-11-20T10:00:00.000Z")
const T2 = new Date("2026-11-21T10:00:00.000Z")

describe("ranking decider", () => {
  it("assigns a new URL the score derived from it", () => {
    given([]).when(new AssignScore({ normalizedUrl: "https://acme.com", at: T1 }))
      .then([new RankingScoreAssigned({ normalizedUrl: "https://acme.com", score: 32, assignedAt: T1.toISOString() })])
  })

  it("keeps the score assigned first", () => {
    const first = new RankingScoreAssigned({ normalizedUrl: "https://acme.com", score: 32, assignedAt: T1.toISOString() })
    given([first]).when(new AssignScore({ normalizedUrl: "https://acme.com", at: T2 })).then([])
  })
})
