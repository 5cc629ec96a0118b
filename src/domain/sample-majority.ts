/**
 * With several answers per prompt and platform (AI_VISIBILITY_SAMPLES), the flag is the
 * majority of the answered samples (a tie is not visible) and the share is kept.
 */
export interface SampleReading {
  readonly visible: boolean
  readonly position: number | null
  readonly sentiment: "positive" | "neutral" | "negative" | null
}

export interface Majority {
  readonly visible: boolean
  readonly visibleShare: number
  readonly position: number | null
  readonly sentiment: "positive" | "neutral" | "negative" | null
}

export const majorityOf = (samples: ReadonlyArray<SampleReading>): Majority => {
  const visibleSamples = samples.filter((s) => s.visible)
  const visible = samples.length > 0 && visibleSamples.length * 2 > samples.length
  if (!visible) {
    return { visible: false, visibleShare: samples.length === 0 ? 0 : visibleSamples.length / samples.length, position: null, sentiment: null }
  }
  const positions = visibleSamples.map((s) => s.position).filter((p): p is number => p !== null).sort((a, b) => a - b)
  const counts = { positive: 0, neutral: 0, negative: 0 }
  for (const s of visibleSamples) if (s.sentiment !== null) counts[s.sentiment]++
  const sentiment = counts.positive > counts.negative && counts.positive >= counts.neutral
    ? "positive"
    : counts.negative > counts.positive && counts.negative >= counts.neutral
    ? "negative"
    : "neutral"
  return {
    visible,
    visibleShare: visibleSamples.length / samples.length,
    // The median position of the visible samples (the lower middle for an even count).
    position: positions.length === 0 ? null : positions[Math.floor((positions.length - 1) / 2)]!,
    sentiment
  }
}
