/**
 * A platform check: the answer one platform gave to one prompt for one entity, with what the
 * mention detector read in it. High-volume and order-free, so checks go to a stream of their
 * own per entity (`checks-<entity>`), not through the entity's actor. The raw answers stay in
 * the event, so a better detector can be replayed over history without asking again.
 */
import { Schema } from "effect"
import { BusinessId, type EntityRef, ItemId, streamIdOf } from "./entity-ref.ts"
import { DOUBT_KINDS } from "./mention/doubt.ts"
import { PlatformKey } from "./platforms.ts"
import { storedCodec } from "./stored-event.ts"

export const Sentiment = Schema.Literal("positive", "neutral", "negative")

/**
 * The adjudicator's reading of an answer whose rule verdict was in doubt (`doubtOf`), beside the
 * rule's (docs/mention-accuracy.md, "Adjudicator"): the model (`LLM_MODEL`) was asked about the
 * one sentence in doubt. `adjudicated`: it answered, and its `visible` and `sentiment` are the
 * answer's verdict; `failed`: it did not answer in shape (error, time-out, output refused), its
 * `visible` and `sentiment` are null, `reason` says why, and the rule verdict stands; `skipped`:
 * it was not asked, the day's calls having reached `MENTION_ADJUDICATOR_DAILY_LIMIT` (`reason`
 * "daily adjudication limit reached"), and the rule verdict stands.
 */
export const Adjudication = Schema.Struct({
  status: Schema.Literal("adjudicated", "failed", "skipped"),
  model: Schema.String,
  /** Why the rule verdict was in doubt (`DoubtKind`). */
  doubt: Schema.Literal(...DOUBT_KINDS),
  sentence: Schema.String,
  /** The rule engine's verdict on the whole answer. */
  ruleVisible: Schema.Boolean,
  visible: Schema.NullOr(Schema.Boolean),
  sentiment: Schema.NullOr(Sentiment),
  /** The model's reason (at most 200 characters), or why it failed or was not asked. */
  reason: Schema.String,
  /** The tokens the call used, as the model reported them; absent when it reported none or was not asked. */
  usage: Schema.optionalWith(Schema.Struct({ promptTokens: Schema.Int, completionTokens: Schema.Int }), { exact: true })
})
export type Adjudication = typeof Adjudication.Type

export const CheckedAnswer = Schema.Struct({
  text: Schema.String,
  citations: Schema.Array(Schema.String),
  engine: Schema.Literal("local", "openai-compatible"),
  model: Schema.String,
  latencyMs: Schema.Number,
  costUsd: Schema.NullOr(Schema.Number),
  visible: Schema.Boolean,
  position: Schema.NullOr(Schema.Int),
  sentiment: Schema.NullOr(Sentiment),
  /**
   * Present when an adjudicator was configured and the rule verdict was in doubt (schema version
   * 3); `visible`, `position` and `sentiment` above are then the adjudicated verdict when it
   * answered (position null when only the model found it), the rule's otherwise.
   */
  adjudication: Schema.optionalWith(Adjudication, { exact: true })
})
export type CheckedAnswer = typeof CheckedAnswer.Type

export class PlatformChecked extends Schema.TaggedClass<PlatformChecked>()("PlatformChecked", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  prompt: Schema.String,
  platform: PlatformKey,
  status: Schema.Literal("answered", "failed"),
  /** One per sample (AI_VISIBILITY_SAMPLES); the failed samples are not listed. */
  answers: Schema.Array(CheckedAnswer),
  /** Majority of the samples; false when failed (and then unmeasured, not "not visible"). */
  visible: Schema.Boolean,
  /** Share of the samples that were visible, 0..1. */
  visibleShare: Schema.Number,
  position: Schema.NullOr(Schema.Int),
  sentiment: Schema.NullOr(Sentiment),
  error: Schema.NullOr(Schema.Struct({ reason: Schema.String, message: Schema.String })),
  samplesRequested: Schema.Int,
  checkedAt: Schema.String,
  /**
   * The mention detector's version that judged `answers` (`DETECTOR_VERSION`). Checks recorded
   * before it was recorded (schema version 1) read as 0: judged by an unknown detector.
   */
  detectorVersion: Schema.optionalWith(Schema.Int, { default: () => 0 }),
  /**
   * Which declared names judged it (`namesVersionOf`: "none", or a fingerprint of the aliases
   * and not_aliases); null for checks recorded before it was recorded (schema version 1).
   */
  namesVersion: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null })
}) {}

/**
 * 2: `detectorVersion` and `namesVersion` added; a version 1 event decodes with 0 and null.
 * 3: an answer may carry an `adjudication`; older events have none and decode as they are.
 * 4: an adjudication may be `skipped` (the daily limit) and may carry the call's `usage`; older
 *    events hold neither and decode as they are.
 */
export const CHECK_EVENT_VERSION = 4

export const checksStreamOf = (ref: EntityRef) => `checks-${streamIdOf(ref).replace(/^(business|product)-/, "$1:")}`

const codec = storedCodec(PlatformChecked, () => CHECK_EVENT_VERSION)

export const checkToStored = codec.toStored
export const checkFromStored = codec.fromStored
