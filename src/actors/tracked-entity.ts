/**
 * The actor of one tracked entity (a business or a product), as an `@effect/cluster` entity
 * whose id is the entity's stream id. It is the single writer of its stream: it loads the
 * stream, decides with the pure decider, and appends with the expected version. Messages are
 * persisted, so a command survives a crash of the runner and is redelivered.
 *
 * Redelivery is safe: a command's events get ids derived from its `commandId`, and a command
 * whose events are already in the stream answers what it recorded the first time.
 */
import { ClusterSchema, Entity } from "@effect/cluster"
import { Rpc } from "@effect/rpc"
import { Effect, Either, Schema } from "effect"
import {
  CreateBusiness,
  DeclareNames,
  decide,
  DeleteProduct,
  type EntityCommand,
  type EntityState,
  evolve,
  initialState,
  DeploySite,
  PublishPost,
  RecordPrompts,
  REJECTION_REASONS,
  RegisterProduct,
  ReviseScores,
  StoreScore
} from "../domain/entity-decider.ts"
import { EntityEvent, fromRecorded, fromStored, toStored } from "../domain/entity-events.ts"
import { eventIdFor } from "../eventstore/event-id.ts"
import { EventStore, type GlobalPosition, type RecordedEvent, StartOfLog } from "../eventstore/event-store.ts"
import { catchUp, type Folded, handleCommand, type StreamFold } from "../eventstore/handle-command.ts"

export const Position = Schema.Struct({ transactionId: Schema.BigInt, position: Schema.BigInt })

export class CommandResult extends Schema.Class<CommandResult>("CommandResult")({
  streamVersion: Schema.Int,
  /** Commit-order position of the stream's newest event: wait for projections to pass it. */
  lastPosition: Position,
  /** The events this command recorded (empty when it changed nothing). */
  events: Schema.Array(EntityEvent)
}) {}

/**
 * Why a command failed for the service rather than the caller: `unstorable`, the store refused
 * the command's events for what they hold (trying again fails the same way), and `unavailable`,
 * the database kept failing through the store's retries (or the reply did not come in time:
 * see `EntityCommands`).
 */
export const SERVICE_FAILURE_REASONS = ["unstorable", "unavailable"] as const

/** A command that changed nothing: one of the decider's reasons, or a service failure. */
export class CommandRejected extends Schema.TaggedError<CommandRejected>()("CommandRejected", {
  reason: Schema.Literal(...REJECTION_REASONS, ...SERVICE_FAILURE_REASONS),
  message: Schema.String
}) {}

const envelope = { commandId: Schema.String, correlationId: Schema.NullOr(Schema.String) }

/** One persisted RPC per command, named for it. */
const commandRpc = <const Tag extends EntityCommand["_tag"], C extends Schema.Schema<Extract<EntityCommand, { _tag: Tag }>, any>>(
  tag: Tag,
  command: C
) =>
  Rpc.make(tag, {
    payload: { ...envelope, command },
    success: CommandResult,
    error: CommandRejected,
    // Delivering the same command twice gives the reply of the first delivery.
    primaryKey: (({ commandId }: { readonly commandId: string }) => commandId) as any
  })

export const TrackedEntity = Entity.make("TrackedEntity", [
  commandRpc("CreateBusiness", CreateBusiness),
  commandRpc("RegisterProduct", RegisterProduct),
  commandRpc("DeleteProduct", DeleteProduct),
  commandRpc("RecordPrompts", RecordPrompts),
  commandRpc("StoreScore", StoreScore),
  commandRpc("DeploySite", DeploySite),
  commandRpc("PublishPost", PublishPost),
  commandRpc("DeclareNames", DeclareNames),
  commandRpc("ReviseScores", ReviseScores)
]).annotateRpcs(ClusterSchema.Persisted, true)

const unstorable = new CommandRejected({ reason: "unstorable", message: "the command's events could not be stored" })

/** What the actor folds its stream into: the decider's state, and what answers a redelivery. */
interface EntityFold {
  readonly entity: EntityState
  /** Commit-order position of the stream's newest event. */
  readonly lastPosition: GlobalPosition
  /**
   * Events of this stream by the command that caused them, to answer redeliveries. Shared by
   * the folds of one actor (only ever added to), so adding is idempotent: a fold caught up
   * from an older one adds nothing twice.
   */
  readonly byCommand: Map<string, Array<RecordedEvent>>
}

const entityFold = (byCommand: Map<string, Array<RecordedEvent>>): StreamFold<EntityFold> => ({
  initialState: { entity: initialState, lastPosition: StartOfLog, byCommand },
  evolve: (fold, recorded) => {
    const causation = recorded.metadata.causationId
    if (causation !== null) {
      const known = byCommand.get(causation) ?? []
      if (!known.some((event) => event.eventId === recorded.eventId)) byCommand.set(causation, [...known, recorded])
    }
    return { entity: evolve(fold.entity, fromRecorded(recorded)), lastPosition: recorded, byCommand }
  }
})

export const TrackedEntityLive = TrackedEntity.toLayer(
  Effect.gen(function*() {
    const streamId = (yield* Entity.CurrentAddress).entityId
    const store = yield* EventStore
    const byCommand = new Map<string, Array<RecordedEvent>>()
    const fold = entityFold(byCommand)

    // The stream's newest fold this actor has read; undefined until its first command.
    let current: Folded<EntityFold> | undefined
    const remember = (folded: Folded<EntityFold>) => {
      if (current === undefined || folded.version >= current.version) current = folded
    }

    const result = (folded: Folded<EntityFold>, events: ReadonlyArray<RecordedEvent>) =>
      new CommandResult({
        streamVersion: folded.version,
        lastPosition: { transactionId: folded.state.lastPosition.transactionId, position: folded.state.lastPosition.position },
        events: events.map(fromStored)
      })

    const handle = (commandId: string, correlationId: string | null, cmd: EntityCommand) =>
      Effect.gen(function*() {
        const decideOn = (state: EntityFold) =>
          Effect.gen(function*() {
            // A redelivered command: its events are already in the stream.
            if (state.byCommand.has(commandId)) return []
            const decision = decide(cmd, state.entity)
            if (Either.isLeft(decision)) {
              return yield* new CommandRejected({ reason: decision.left.reason, message: decision.left.message })
            }
            return yield* Effect.try({
              try: () =>
                decision.right.map((event, index) => ({
                  eventId: eventIdFor(commandId, index),
                  ...toStored(event),
                  metadata: { correlationId, causationId: commandId }
                })),
              catch: () => unstorable
            })
          })
        const handled = yield* handleCommand(streamId, fold, decideOn, { current, onRead: remember }).pipe(
          // A failed append is the command's answer, never a defect: a defect restarts the
          // entity and redelivers the command, which fails again, and callers wait meanwhile.
          Effect.catchTags({
            EventsRefused: (refused) =>
              Effect.zipRight(Effect.logWarning("entity: the store refused a command's events", refused.reason), unstorable),
            StoreUnavailable: () => new CommandRejected({ reason: "unavailable", message: "the event store is unavailable; retry" }),
            WrongExpectedVersion: () => new CommandRejected({ reason: "unavailable", message: "the entity kept changing meanwhile; retry" })
          })
        )
        remember(handled.decidedOn)
        // Whether it was written now or before, the stream now holds it: read it back.
        if (handled.appended !== undefined) remember(yield* catchUp(streamId, fold, current))
        return result(current!, byCommand.get(commandId) ?? [])
      }).pipe(
        Effect.provideService(EventStore, store),
        Effect.withSpan("TrackedEntity.handle", { attributes: { streamId, command: cmd._tag } })
      )

    const handler = ({ payload }: { readonly payload: { readonly commandId: string; readonly correlationId: string | null; readonly command: EntityCommand } }) =>
      handle(payload.commandId, payload.correlationId, payload.command)
    return TrackedEntity.of({
      CreateBusiness: handler,
      RegisterProduct: handler,
      DeleteProduct: handler,
      RecordPrompts: handler,
      StoreScore: handler,
      DeploySite: handler,
      PublishPost: handler,
      DeclareNames: handler,
      ReviseScores: handler
    })
  }),
  { maxIdleTime: "5 minutes" }
)
