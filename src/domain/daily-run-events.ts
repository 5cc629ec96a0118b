/**
 * The daily run, as events. A run (`dailyrun-<run_id>`) is queued, starts with the entities it
 * covers and finishes with the ones that failed. An entity's daily work belongs to the entity
 * and the day, not to a run (`daily-<date>-<entity>`): two runs of one day share it, so a second
 * trigger adds nothing. Progress events carry their own counts, so a re-run records them once.
 */
import { Schema } from "effect"
import { storedCodec } from "./stored-event.ts"

export const DAILY_STEPS = ["site", "blog", "analyze", "score"] as const
export const DailyStep = Schema.Literal(...DAILY_STEPS)
export type DailyStep = typeof DailyStep.Type

/** Per entity per UTC day, in the spec's order: 1 site update, 15 posts, the prompts, 1 score. */
export const POSTS_PER_DAY = 15

const EntityKey = Schema.Struct({ businessId: Schema.String, itemId: Schema.NullOr(Schema.String) })

export class DailyRunQueued extends Schema.TaggedClass<DailyRunQueued>()("DailyRunQueued", {
  runId: Schema.String,
  date: Schema.String,
  /** Only this business and its products; null for every active entity. */
  businessId: Schema.NullOr(Schema.String),
  trigger: Schema.Literal("cron", "manual"),
  at: Schema.String
}) {}

export class DailyRunStarted extends Schema.TaggedClass<DailyRunStarted>()("DailyRunStarted", {
  runId: Schema.String,
  date: Schema.String,
  entities: Schema.Array(Schema.Struct({ ...EntityKey.fields, prompts: Schema.Int })),
  at: Schema.String
}) {}

export class DailyRunFinished extends Schema.TaggedClass<DailyRunFinished>()("DailyRunFinished", {
  runId: Schema.String,
  outcome: Schema.Literal("succeeded", "failed"),
  failedEntities: Schema.Array(Schema.Struct({ ...EntityKey.fields, errors: Schema.Array(Schema.String) })),
  at: Schema.String
}) {}

export class DailyStepProgressed extends Schema.TaggedClass<DailyStepProgressed>()("DailyStepProgressed", {
  date: Schema.String,
  ...EntityKey.fields,
  step: DailyStep,
  done: Schema.Int,
  failed: Schema.Int,
  total: Schema.Int,
  at: Schema.String
}) {}

export class DailyEntityFinished extends Schema.TaggedClass<DailyEntityFinished>()("DailyEntityFinished", {
  date: Schema.String,
  ...EntityKey.fields,
  outcome: Schema.Literal("succeeded", "failed"),
  errors: Schema.Array(Schema.String),
  at: Schema.String
}) {}

export const DailyRunEvent = Schema.Union(DailyRunQueued, DailyRunStarted, DailyRunFinished, DailyStepProgressed, DailyEntityFinished)
export type DailyRunEvent = typeof DailyRunEvent.Type

export const DAILY_RUN_EVENT_VERSION = 1
const codec = storedCodec(DailyRunEvent, () => DAILY_RUN_EVENT_VERSION)
export const dailyToStored = codec.toStored
export const dailyFromStored = codec.fromStored

/** `daily-<date>` for every entity, `daily-<date>-<business>` for one business and its products. */
export const runIdOf = (date: string, businessId: string | null) => (businessId === null ? `daily-${date}` : `daily-${date}-${businessId}`)

export const dailyRunStreamOf = (runId: string) => `dailyrun-${runId}`

export const dailyEntityStreamOf = (date: string, businessId: string, itemId: string | null) =>
  `daily-${date}-${businessId}${itemId === null ? "" : `:${itemId}`}`
