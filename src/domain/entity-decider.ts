/**
 * The decider of a tracked entity: what it has become (`evolve`) and what a command
 * produces given that (`decide`). Pure: the actor supplies time and ids inside the commands.
 */
import { Data, Either, Schema } from "effect"
import {
  BusinessCreated,
  type EntityEvent,
  NamesDeclared,
  ProductDeleted,
  ProductRegistered,
  PromptResult,
  PromptsGenerated,
  ScoreRevised,
  ScoresRejudged,
  ScoreStored,
  TrackingType
} from "./entity-events.ts"
import { BlogPostPublished, DAILY_POST_LIMIT, ModelUsage, PostWriting, SiteDeployed, SiteFacts, SiteWriting } from "./site-events.ts"
import { BusinessId, type EntityRef, ItemId } from "./entity-ref.ts"
import { DeclaredNames, declaredNamesRefusal, noDeclaredNames, sameDeclaredNames } from "./entity-names.ts"
import { PLATFORM_KEYS } from "./platforms.ts"
import { summarize } from "./scoring.ts"

/** The generated site: its deployment version and day, and the posts of the latest post day. */
export interface SiteState {
  readonly version: number
  readonly deployedDay: string | null
  readonly postDay: string | null
  readonly postsThatDay: number
  /** Every post slug so far: a slug is never given twice. */
  readonly slugs: ReadonlySet<string>
}

const noSite: SiteState = { version: 0, deployedDay: null, postDay: null, postsThatDay: 0, slugs: new Set() }

/** A score the service computed, by its job: what it stands at now (as stored, or as last revised). */
export interface ServiceScore {
  readonly results: ReadonlyArray<PromptResult>
  readonly overallScore: number
}

export type EntityState =
  | { readonly _tag: "Unknown" }
  | {
    readonly _tag: "Business"
    readonly created: BusinessCreated
    readonly promptSetVersion: number
    readonly site: SiteState
    /** The names its owner declared; absent: none. */
    readonly names?: DeclaredNames
    /** The scores the service computed, by job (`ScoreStored.jobId`); absent: none. */
    readonly serviceScores?: ReadonlyMap<string, ServiceScore>
    /** The detector and names its scores were last derived again with (`ScoresRejudged`). */
    readonly rejudgedWith?: RejudgedWith
  }
  | {
    readonly _tag: "Product"
    readonly registered: ProductRegistered
    readonly deleted: boolean
    readonly promptSetVersion: number
    readonly site: SiteState
    readonly names?: DeclaredNames
    readonly serviceScores?: ReadonlyMap<string, ServiceScore>
    readonly rejudgedWith?: RejudgedWith
  }

export interface RejudgedWith {
  readonly detectorVersion: number
  readonly namesVersion: string
}

export const initialState: EntityState = { _tag: "Unknown" }

const evolveSite = (site: SiteState, event: SiteDeployed | BlogPostPublished): SiteState => {
  if (event._tag === "SiteDeployed") return { ...site, version: event.version, deployedDay: event.day }
  const sameDay = site.postDay === event.date
  return {
    ...site,
    postDay: event.date,
    postsThatDay: sameDay ? site.postsThatDay + 1 : 1,
    slugs: new Set([...site.slugs, event.slug])
  }
}

export const evolve = (state: EntityState, event: EntityEvent): EntityState => {
  switch (event._tag) {
    case "BusinessCreated":
      return { _tag: "Business", created: event, promptSetVersion: 0, site: noSite }
    case "ProductRegistered":
      return state._tag === "Product"
        ? { ...state, registered: event, deleted: false }
        : { _tag: "Product", registered: event, deleted: false, promptSetVersion: 0, site: noSite }
    case "ProductDeleted":
      return state._tag === "Product" ? { ...state, deleted: true } : state
    case "PromptsGenerated":
      return state._tag === "Unknown" ? state : { ...state, promptSetVersion: event.setVersion }
    case "ScoreStored":
    case "ScoreRevised": {
      if (state._tag === "Unknown" || event.jobId === null) return state
      const scores = new Map(state.serviceScores)
      scores.set(event.jobId, { results: event.results, overallScore: event.overallScore })
      // A score whose checks were judged otherwise than the last run's mark is not covered by it.
      const covered = state.rejudgedWith !== undefined && judgedAllWith(event.results, state.rejudgedWith)
      if (covered || state.rejudgedWith === undefined) return { ...state, serviceScores: scores }
      const { rejudgedWith: _, ...rest } = state
      return { ...rest, serviceScores: scores }
    }
    case "ScoresRejudged":
      return state._tag === "Unknown"
        ? state
        : { ...state, rejudgedWith: { detectorVersion: event.detectorVersion, namesVersion: event.namesVersion } }
    case "SiteDeployed":
    case "BlogPostPublished":
      return state._tag === "Unknown" ? state : { ...state, site: evolveSite(state.site, event) }
    case "NamesDeclared":
      return state._tag === "Unknown" ? state : { ...state, names: { aliases: event.aliases, notAliases: event.notAliases } }
  }
}

export class CreateBusiness extends Schema.TaggedClass<CreateBusiness>()("CreateBusiness", {
  businessId: BusinessId,
  businessUuid: Schema.UUID,
  businessName: Schema.String,
  businessUrl: Schema.NullOr(Schema.String),
  trackingType: TrackingType,
  identityOrgId: Schema.NullOr(Schema.String),
  identityUserId: Schema.NullOr(Schema.String),
  rankingScore: Schema.NullOr(Schema.Int),
  at: Schema.String,
  /** Names declared with the business (`entity-names.ts`), recorded as `NamesDeclared`. */
  names: Schema.optionalWith(DeclaredNames, { exact: true })
}) {}

export class RegisterProduct extends Schema.TaggedClass<RegisterProduct>()("RegisterProduct", {
  businessId: BusinessId,
  itemId: ItemId,
  name: Schema.NullOr(Schema.String),
  url: Schema.String,
  at: Schema.String,
  /** Names declared with the product; absent: the ones it has stay. */
  names: Schema.optionalWith(DeclaredNames, { exact: true })
}) {}

export class DeleteProduct extends Schema.TaggedClass<DeleteProduct>()("DeleteProduct", {
  businessId: BusinessId,
  itemId: ItemId,
  at: Schema.String
}) {}

export class RecordPrompts extends Schema.TaggedClass<RecordPrompts>()("RecordPrompts", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  prompts: Schema.Array(Schema.String),
  generator: Schema.String,
  at: Schema.String,
  /** The tokens the model's calls used, when a model wrote any of them. */
  usage: Schema.optionalWith(ModelUsage, { exact: true })
}) {}

export class StoreScore extends Schema.TaggedClass<StoreScore>()("StoreScore", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  results: Schema.Array(PromptResult),
  at: Schema.String,
  /** The job whose checks the service computed the results from; absent: an outside caller's flags. */
  jobId: Schema.optionalWith(Schema.String, { exact: true })
}) {}

/**
 * Revises scores the service computed (each by its job) to the results their checks give when
 * judged now; a score whose results are already these is left alone, so a second run records
 * nothing. `complete`: these are the last of the run, which derived `scores` scores again, of
 * which the earlier commands revised `revised`.
 */
export class ReviseScores extends Schema.TaggedClass<ReviseScores>()("ReviseScores", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  revisions: Schema.Array(Schema.Struct({ jobId: Schema.String, results: Schema.Array(PromptResult) })),
  detectorVersion: Schema.Int,
  namesVersion: Schema.String,
  complete: Schema.optionalWith(Schema.Struct({ scores: Schema.Int, revised: Schema.Int }), { exact: true }),
  at: Schema.String
}) {}

export class DeploySite extends Schema.TaggedClass<DeploySite>()("DeploySite", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  day: Schema.String,
  facts: SiteFacts,
  faq: Schema.Array(Schema.Struct({ question: Schema.String, answer: Schema.String })),
  about: Schema.String,
  /** A deployment already made today is kept unless forced (onboarding with force_refresh). */
  force: Schema.Boolean,
  at: Schema.String,
  writing: Schema.optionalWith(SiteWriting, { exact: true })
}) {}

export class PublishPost extends Schema.TaggedClass<PublishPost>()("PublishPost", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  date: Schema.String,
  slug: Schema.String,
  title: Schema.String,
  summary: Schema.String,
  bodyParagraphs: Schema.Array(Schema.String),
  topic: Schema.String,
  at: Schema.String,
  angle: Schema.optionalWith(Schema.String, { exact: true }),
  writing: Schema.optionalWith(PostWriting, { exact: true })
}) {}

/** Replaces both lists of the entity's declared names (`entity-names.ts`). */
export class DeclareNames extends Schema.TaggedClass<DeclareNames>()("DeclareNames", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  aliases: Schema.Array(Schema.String),
  notAliases: Schema.Array(Schema.String),
  at: Schema.String
}) {}

export const EntityCommand = Schema.Union(
  CreateBusiness,
  RegisterProduct,
  DeleteProduct,
  RecordPrompts,
  StoreScore,
  DeploySite,
  PublishPost,
  DeclareNames,
  ReviseScores
)
export type EntityCommand = typeof EntityCommand.Type

/** Why `decide` refuses a command. */
export const REJECTION_REASONS = ["already_exists", "not_found", "wrong_kind", "invalid", "daily_limit", "no_site", "no_facts"] as const
export type RejectionReason = (typeof REJECTION_REASONS)[number]

/**
 * How a caller over HTTP is answered a rejection: the status and the body's `code`. The
 * message is the rejection's own, except a 500's, which never carries details. A `code`
 * may name what is missing by the entity the command was for.
 */
export interface RejectionAnswer {
  readonly status: 400 | 404 | 409 | 429 | 500
  readonly code: string | ((entity: EntityRef) => string)
}

const invalidRequest = { status: 400, code: "invalid_request" } as const
const entityNotFound = {
  status: 404,
  code: (entity: EntityRef): "business_not_found" | "product_not_found" => entity.itemId === null ? "business_not_found" : "product_not_found"
} as const
/** The sites endpoints name no kind: the site builder finds the entity gone without knowing which. */
const siteEntityNotFound = { status: 404, code: "not_found" } as const

/**
 * Every reason each command can be refused for, with its answer: the one place both are
 * declared. `decide` can refuse a command only for a reason listed under it, and the HTTP
 * side answers a rejection from this table alone (`http/command-rejection.ts`), so a new
 * reason cannot reach a caller unanswered.
 */
export const REJECTIONS = {
  CreateBusiness: { already_exists: { status: 409, code: "business_exists" }, invalid: invalidRequest },
  RegisterProduct: { wrong_kind: { status: 409, code: "conflict" }, invalid: invalidRequest },
  DeleteProduct: { not_found: entityNotFound },
  RecordPrompts: { not_found: entityNotFound, invalid: invalidRequest },
  StoreScore: { not_found: entityNotFound, invalid: invalidRequest },
  // The site builder refuses to deploy a site with nothing to say (no crawled page, no
  // description): nothing is published from nothing.
  DeploySite: { not_found: siteEntityNotFound, no_facts: { status: 409, code: "no_facts" } },
  PublishPost: {
    not_found: siteEntityNotFound,
    no_site: { status: 409, code: "site_not_deployed" },
    // A daily limit is lifted at the next UTC day: the 429's Retry-After.
    daily_limit: { status: 429, code: "daily_limit_reached" },
    // A post dated another day than the one it is written on (`at`): never backdated.
    invalid: invalidRequest,
    // Concurrent posts kept taking the slug through the site builder's retries: a conflict
    // with the site's state, which a later call does not meet.
    already_exists: { status: 409, code: "conflict" }
  },
  DeclareNames: { not_found: entityNotFound, invalid: invalidRequest },
  // Sent by the service's own score reviser, never by a caller: a refusal is a defect there.
  ReviseScores: { not_found: entityNotFound, invalid: invalidRequest }
} as const satisfies { readonly [C in EntityCommand["_tag"]]: { readonly [R in RejectionReason]?: RejectionAnswer } }

/** The reasons a command (every command of a union) can be refused for. */
export type RejectionOf<C extends EntityCommand["_tag"]> = keyof (typeof REJECTIONS)[C] & RejectionReason

export class Rejected extends Data.TaggedError("Rejected")<{
  readonly reason: RejectionReason
  readonly message: string
}> {}

const reject = <C extends EntityCommand["_tag"]>(_command: C, reason: RejectionOf<C>, message: string) =>
  Either.left(new Rejected({ reason, message }))

/** Prompts are the same prompt when they differ only in case and spacing. */
const promptKey = (prompt: string) => prompt.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim()

/** Why a score's results cannot be stored, if they cannot: none, or a prompt twice. */
const resultsRefusal = (results: ReadonlyArray<PromptResult>): string | undefined => {
  if (results.length === 0) return "results must hold at least one prompt"
  const seen = new Set<string>()
  for (const result of results) {
    const key = promptKey(result.prompt)
    if (seen.has(key)) return `results: duplicate prompt "${result.prompt.slice(0, 100)}"`
    seen.add(key)
  }
  return undefined
}

/** A business, or a product that is not deleted: what prompts and scores may be recorded for. */
const isActive = (state: EntityState) => state._tag === "Business" || (state._tag === "Product" && !state.deleted)

const notFound = (command: RecordPrompts | StoreScore | DeploySite | PublishPost | DeclareNames | ReviseScores) =>
  reject(command._tag, "not_found", command.itemId === null ? `business ${command.businessId} not found` : `product ${command.itemId} not found`)

/** The `NamesDeclared` that moves the entity's names from `current` to `next`: none when they are the same. */
const namesChange = (
  command: { readonly businessId: BusinessId; readonly itemId?: ItemId | null; readonly at: string },
  current: DeclaredNames,
  next: DeclaredNames | undefined
): ReadonlyArray<NamesDeclared> =>
  next === undefined || sameDeclaredNames(current, next) ? [] : [new NamesDeclared({
    businessId: command.businessId,
    itemId: command.itemId ?? null,
    aliases: next.aliases,
    notAliases: next.notAliases,
    declaredAt: command.at
  })]

/** Every result's checks were judged with these versions. */
export const judgedAllWith = (results: ReadonlyArray<PromptResult>, versions: RejudgedWith) =>
  results.every((result) =>
    result.judgedWith?.detectorVersion === versions.detectorVersion && result.judgedWith.namesVersion === versions.namesVersion
  )

const unmeasuredOf = (results: ReadonlyArray<PromptResult>) =>
  results.reduce((sum, result) => sum + result.failedPlatforms.filter((p) => PLATFORM_KEYS.includes(p)).length, 0)

/** The same flags and the same failed platforms, prompt by prompt. */
const sameResults = (a: ReadonlyArray<PromptResult>, b: ReadonlyArray<PromptResult>) =>
  a.length === b.length && a.every((result, i) => {
    const other = b[i]!
    return result.prompt === other.prompt && PLATFORM_KEYS.every((key) => result.flags[key] === other.flags[key]) &&
      result.failedPlatforms.length === other.failedPlatforms.length &&
      result.failedPlatforms.every((p) => other.failedPlatforms.includes(p))
  })

export const decide = (command: EntityCommand, state: EntityState): Either.Either<ReadonlyArray<EntityEvent>, Rejected> => {
  switch (command._tag) {
    case "CreateBusiness": {
      if (state._tag !== "Unknown") return reject(command._tag, "already_exists", `business ${command.businessId} already exists`)
      const { at, _tag, names, ...fields } = command
      const refusal = names === undefined ? undefined : declaredNamesRefusal(names)
      if (refusal !== undefined) return reject(command._tag, "invalid", refusal)
      return Either.right([new BusinessCreated({ ...fields, createdAt: at }), ...namesChange(command, noDeclaredNames, names)])
    }
    case "RegisterProduct": {
      if (state._tag === "Business") return reject(command._tag, "wrong_kind", "a business stream cannot hold a product")
      const refusal = command.names === undefined ? undefined : declaredNamesRefusal(command.names)
      if (refusal !== undefined) return reject(command._tag, "invalid", refusal)
      // Registering a product again (a new onboarding) is a no-op unless it was deleted or changed.
      const unchanged = state._tag === "Product" && !state.deleted && state.registered.url === command.url &&
        state.registered.name === command.name
      const registration = unchanged ? [] : [new ProductRegistered({
        businessId: command.businessId,
        itemId: command.itemId,
        name: command.name,
        url: command.url,
        registeredAt: command.at
      })]
      const current = state._tag === "Product" ? state.names ?? noDeclaredNames : noDeclaredNames
      return Either.right([...registration, ...namesChange(command, current, command.names)])
    }
    case "DeclareNames": {
      const names = { aliases: command.aliases, notAliases: command.notAliases }
      const refusal = declaredNamesRefusal(names)
      if (refusal !== undefined) return reject(command._tag, "invalid", refusal)
      if (!isActive(state) || state._tag === "Unknown") return notFound(command)
      return Either.right(namesChange(command, state.names ?? noDeclaredNames, names))
    }
    case "DeleteProduct": {
      if (state._tag !== "Product" || state.deleted) return reject(command._tag, "not_found", `product ${command.itemId} not found`)
      return Either.right([new ProductDeleted({ businessId: command.businessId, itemId: command.itemId, deletedAt: command.at })])
    }
    case "RecordPrompts": {
      if (!isActive(state) || state._tag === "Unknown") return notFound(command)
      if (command.prompts.length === 0) return reject(command._tag, "invalid", "a prompt set needs at least one prompt")
      return Either.right([new PromptsGenerated({
        businessId: command.businessId,
        itemId: command.itemId,
        setVersion: state.promptSetVersion + 1,
        prompts: command.prompts,
        generator: command.generator,
        generatedAt: command.at,
        ...(command.usage === undefined ? {} : { usage: command.usage })
      })])
    }
    case "StoreScore": {
      // The results are checked before the entity: a malformed score is refused whoever it is for.
      const refusal = resultsRefusal(command.results)
      if (refusal !== undefined) return reject(command._tag, "invalid", refusal)
      if (!isActive(state)) return notFound(command)
      const summary = summarize(command.results)
      return Either.right([new ScoreStored({
        businessId: command.businessId,
        itemId: command.itemId,
        results: command.results,
        promptsAnalyzed: summary.promptsAnalyzed,
        totalTrue: summary.totalTrue,
        overallScore: summary.overallScore,
        platformScores: summary.platformScores,
        unmeasuredChecks: unmeasuredOf(command.results),
        storedAt: command.at,
        jobId: command.jobId ?? null
      })])
    }
    case "ReviseScores": {
      if (state._tag === "Unknown") return notFound(command)
      const events: Array<EntityEvent> = []
      const scores = new Map(state.serviceScores)
      for (const revision of command.revisions) {
        // Only a score the service computed from its checks: an outside caller's flags stay as given.
        const score = scores.get(revision.jobId)
        if (score === undefined) return reject(command._tag, "not_found", `no score computed by the service for job ${revision.jobId}`)
        const samePrompts = revision.results.length === score.results.length &&
          revision.results.every((result, i) => result.prompt === score.results[i]!.prompt)
        if (!samePrompts) return reject(command._tag, "invalid", `a revision of job ${revision.jobId} must keep its prompts, in order`)
        if (sameResults(revision.results, score.results)) continue
        const summary = summarize(revision.results)
        scores.set(revision.jobId, { results: revision.results, overallScore: summary.overallScore })
        events.push(new ScoreRevised({
          businessId: command.businessId,
          itemId: command.itemId,
          jobId: revision.jobId,
          results: revision.results,
          promptsAnalyzed: summary.promptsAnalyzed,
          totalTrue: summary.totalTrue,
          overallScore: summary.overallScore,
          platformScores: summary.platformScores,
          unmeasuredChecks: unmeasuredOf(revision.results),
          previousScore: score.overallScore,
          detectorVersion: command.detectorVersion,
          namesVersion: command.namesVersion,
          revisedAt: command.at
        }))
      }
      const marked = state.rejudgedWith?.detectorVersion === command.detectorVersion &&
        state.rejudgedWith.namesVersion === command.namesVersion
      if (command.complete !== undefined && !marked) {
        events.push(new ScoresRejudged({
          businessId: command.businessId,
          itemId: command.itemId,
          detectorVersion: command.detectorVersion,
          namesVersion: command.namesVersion,
          scores: command.complete.scores,
          revised: command.complete.revised + events.length,
          at: command.at
        }))
      }
      return Either.right(events)
    }
    case "DeploySite": {
      if (!isActive(state) || state._tag === "Unknown") return notFound(command)
      // One deployment per entity per UTC day: a second update the same day changes nothing.
      if (state.site.deployedDay === command.day && !command.force) return Either.right([])
      return Either.right([new SiteDeployed({
        businessId: command.businessId,
        itemId: command.itemId,
        version: state.site.version + 1,
        day: command.day,
        facts: command.facts,
        faq: command.faq,
        about: command.about,
        deployedAt: command.at,
        ...(command.writing === undefined ? {} : { writing: command.writing })
      })])
    }
    case "PublishPost": {
      if (!isActive(state) || state._tag === "Unknown") return notFound(command)
      if (state.site.version === 0) return reject(command._tag, "no_site", "the entity has no deployed site yet: update the site first")
      // A post is dated the UTC day it is written: a run for a past day never backdates one.
      if (command.date !== command.at.slice(0, 10)) {
        return reject(command._tag, "invalid", `a post written on ${command.at.slice(0, 10)} cannot be dated ${command.date}`)
      }
      const today = state.site.postDay === command.date ? state.site.postsThatDay : 0
      if (today >= DAILY_POST_LIMIT) {
        return reject(command._tag, "daily_limit", `${DAILY_POST_LIMIT} blog posts were already published for ${command.date}; the next can be published tomorrow (UTC)`)
      }
      // A slug is given once: two publishers that planned the same post (the writer is
      // deterministic) meet here, and the second plans again.
      if (state.site.slugs.has(command.slug)) return reject(command._tag, "already_exists", `a post with slug ${command.slug} exists`)
      const { at, _tag, ...post } = command
      return Either.right([new BlogPostPublished({ ...post, publishedAt: at })])
    }
  }
}
