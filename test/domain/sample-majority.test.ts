import { describe, expect, it } from "vitest"
import { majorityOf, type SampleReading } from "../../src/domain/sample-majority.ts"

const seen = (position: number, sentiment: SampleReading["sentiment"] = "neutral"): SampleReading => ({ visible: true, position, sentiment })
const unseen: SampleReading = { visible: false, position: null, sentiment: null }

describe("majorityOf", () => {
  it("is visible when more than half the samples are, keeping the share", () => {
    expect(majorityOf([seen(2, "positive"), unseen, seen(4, "positive")])).toEqual({
      visible: true,
      visibleShare: 2 / 3,
      position: 2,
      sentiment: "positive"
    })
  })

  it("is not visible on a tie or a minority, and keeps the share", () => {
    expect(majorityOf([seen(1), unseen])).toEqual({ visible: false, visibleShare: 0.5, position: null, sentiment: null })
    expect(majorityOf([seen(1), unseen, unseen])).toEqual({ visible: false, visibleShare: 1 / 3, position: null, sentiment: null })
  })

  it("takes the median position and the majority sentiment of the visible samples", () => {
    expect(majorityOf([seen(5, "negative"), seen(1, "negative"), seen(3, "positive")])).toEqual({
      visible: true,
      visibleShare: 1,
      position: 3,
      sentiment: "negative"
    })
  })

  it("is not visible with no answered sample", () => {
    expect(majorityOf([])).toEqual({ visible: false, visibleShare: 0, position: null, sentiment: null })
  })
})
