/**
 * Events of a tracked entity's stream. Past tense, versioned: the stored type is the tag and
 * `schemaVersion` its shape. A new shape gets a new version and an upcaster below.
 */
import { Schema } from "effect"
import { storedCodec } from "./stored-event.ts"
import { BusinessId, ItemId } from "./entity-ref.ts"
import { PlatformKey } from "./platforms.ts"
import { BlogPostPublished, ModelUsage, SiteDeployed } from "./site-events.ts"

export const TrackingType = Schema.Literal("business", "product")
export type TrackingType = typeof TrackingType.Type

export class BusinessCreated extends Schema.TaggedClass<BusinessCreated>()("BusinessCreated", {
  businessId: BusinessId,
  businessUuid: Schema.UUID,
  businessName: Schema.String,
  businessUrl: Schema.NullOr(Schema.String),
  trackingType: TrackingType,
  identityOrgId: Schema.NullOr(Schema.String),
  identityUserId: Schema.NullOr(Schema.String),
  rankingScore: Schema.NullOr(Schema.Int),
  createdAt: Schema.String
}) {}

export class ProductRegistered extends Schema.TaggedClass<ProductRegistered>()("ProductRegistered", {
  businessId: BusinessId,
  itemId: ItemId,
  name: Schema.NullOr(Schema.String),
  url: Schema.String,
  registeredAt: Schema.String
}) {}

export class ProductDeleted extends Schema.TaggedClass<ProductDeleted>()("ProductDeleted", {
  businessId: BusinessId,
  itemId: ItemId,
  deletedAt: Schema.String
}) {}

export class PromptsGenerated extends Schema.TaggedClass<PromptsGenerated>()("PromptsGenerated", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  /** 1 for the first set; a regeneration is the next version and the old set stays in the log. */
  setVersion: Schema.Int,
  prompts: Schema.Array(Schema.String),
  /** "llm" (a configured model), "builtin" (the offline generator) or "llm+builtin" (the model's, topped up). */
  generator: Schema.String,
  generatedAt: Schema.String,
  /** The tokens the model's calls used (and USD when the vendor reported it); absent when no model answered (schema version 1 has none). */
  usage: Schema.optionalWith(ModelUsage, { exact: true })
}) {}

export const JudgedWith = Schema.Struct({ detectorVersion: Schema.Int, namesVersion: Schema.String })
export type JudgedWith = typeof JudgedWith.Type

export const PromptResult = Schema.Struct({
  prompt: Schema.String,
  flags: Schema.Record({ key: PlatformKey, value: Schema.Boolean }),
  /** Platforms whose check failed for this prompt: their flag is false but unmeasured. */
  failedPlatforms: Schema.Array(PlatformKey),
  /**
   * The detector version and declared names (`namesVersionOf`) the flags' checks were judged
   * with, when the service judged them all alike; absent for an outside caller's flags.
   */
  judgedWith: Schema.optionalWith(JudgedWith, { exact: true })
})
export type PromptResult = typeof PromptResult.Type

export class ScoreStored extends Schema.TaggedClass<ScoreStored>()("ScoreStored", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  results: Schema.Array(PromptResult),
  promptsAnalyzed: Schema.Int,
  totalTrue: Schema.Int,
  overallScore: Schema.Int,
  platformScores: Schema.Record({ key: Schema.String, value: Schema.Int }),
  /** Checks that failed and stayed failed: counted as not visible, reported apart. */
  unmeasuredChecks: Schema.Int,
  storedAt: Schema.String,
  /**
   * The job (onboarding, or a daily run) whose checks the service computed this score from: its
   * checks carry it as their correlation. Null for a score an outside caller stored with its own
   * flags, and for scores stored before it was recorded (schema version 1): those are never revised.
   */
  jobId: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null })
}) {}

/**
 * A score the service computed (`ScoreStored` with a `jobId`) derived again from its job's checks
 * as judged now (a new detector version, or declared names changed): the new figures, and what
 * they were. The stored score's event is never changed; read models show the latest revision.
 */
export class ScoreRevised extends Schema.TaggedClass<ScoreRevised>()("ScoreRevised", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  /** The revised score's job (`ScoreStored.jobId`): one score per job and entity. */
  jobId: Schema.String,
  results: Schema.Array(PromptResult),
  promptsAnalyzed: Schema.Int,
  totalTrue: Schema.Int,
  overallScore: Schema.Int,
  platformScores: Schema.Record({ key: Schema.String, value: Schema.Int }),
  unmeasuredChecks: Schema.Int,
  /** The overall score before this revision (as stored, or as last revised). */
  previousScore: Schema.Int,
  /** The detector version and declared names (`namesVersionOf`) the checks were judged with. */
  detectorVersion: Schema.Int,
  namesVersion: Schema.String,
  revisedAt: Schema.String
}) {}

/**
 * The names the owner declared for the entity, each list replacing the one before: aliases that
 * count as the entity, and names that never count (a namesake). See `entity-names.ts`.
 */
export class NamesDeclared extends Schema.TaggedClass<NamesDeclared>()("NamesDeclared", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  aliases: Schema.Array(Schema.String),
  notAliases: Schema.Array(Schema.String),
  declaredAt: Schema.String
}) {}

/**
 * Every score the service computed for the entity has been derived again from its checks as
 * judged by this detector version with these declared names (the revisions that changed a score
 * are the ScoreRevised events before it). A re-run with the same versions finds this and does nothing.
 */
export class ScoresRejudged extends Schema.TaggedClass<ScoresRejudged>()("ScoresRejudged", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  detectorVersion: Schema.Int,
  namesVersion: Schema.String,
  /** Service-computed scores derived again, and how many of them changed (over the whole run). */
  scores: Schema.Int,
  revised: Schema.Int,
  at: Schema.String
}) {}

export const EntityEvent = Schema.Union(
  BusinessCreated,
  ProductRegistered,
  ProductDeleted,
  PromptsGenerated,
  ScoreStored,
  SiteDeployed,
  BlogPostPublished,
  NamesDeclared,
  ScoreRevised,
  ScoresRejudged
)
export type EntityEvent = typeof EntityEvent.Type

/** The current schema version of each event type. */
export const eventVersions: Record<EntityEvent["_tag"], number> = {
  BusinessCreated: 1,
  ProductRegistered: 1,
  ProductDeleted: 1,
  // 2: `usage` added; a version 1 event has none and decodes as it is.
  PromptsGenerated: 2,
  // 2: `jobId` added; a version 1 event decodes with null (not known to be the service's).
  ScoreStored: 2,
  SiteDeployed: 1,
  BlogPostPublished: 1,
  NamesDeclared: 1,
  ScoreRevised: 1,
  ScoresRejudged: 1
}

export const isEntityEventType = (type: string): type is EntityEvent["_tag"] => Object.hasOwn(eventVersions, type)

const codec = storedCodec(EntityEvent, (tag) => eventVersions[tag])

export const toStored = codec.toStored
export const fromStored = codec.fromStored

/** The job in the score step's command id, `<job>:score:business` or `<job>:score:product:<item>`. */
const scoreStepJobOf = (commandId: string): string | undefined => {
  // Item ids are slugs (no colon): the last ":score:" is the step's.
  const at = commandId.lastIndexOf(":score:")
  if (at <= 0) return undefined
  const entity = commandId.slice(at + ":score:".length)
  return entity === "business" || (entity.startsWith("product:") && entity.length > "product:".length) ? commandId.slice(0, at) : undefined
}

/**
 * An entity event as recorded, with what its metadata says that its data did not yet: a
 * `ScoreStored` of schema version 1 was stored by the service's score step when its command
 * (the event's causation) is that step's (see `scoreStep`), and then its job is in that id.
 * An outside caller's command ids are random UUIDs, which never match.
 */
export const fromRecorded = (recorded: {
  readonly type: string
  readonly schemaVersion: number
  readonly data: unknown
  readonly metadata: { readonly causationId: string | null }
}): EntityEvent => {
  const event = fromStored(recorded)
  if (event._tag !== "ScoreStored" || recorded.schemaVersion !== 1 || event.jobId !== null) return event
  const job = scoreStepJobOf(recorded.metadata.causationId ?? "")
  return job === undefined ? event : new ScoreStored({ ...event, jobId: job }, { disableValidation: true })
}
