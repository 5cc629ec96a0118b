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
  decide,
  DeleteProduct,
  type EntityCommand,
  type EntityState,
  evolve,
  initialState,
  DeploySite,
  PublishPost,
  RecordPrompts,
  RegisterProduct,
  StoreScore
} from "../domain/entity-decider.ts"
import { EntityEvent, fromStored, toStored } from "../domain/entity-events.ts"
import { eventIdFor } from "../eventstore/event-id.ts"
import { EventStore, type GlobalPosition, type RecordedEvent, StartOfLog } from "../eventstore/event-store.ts"

export const Position = Schema.Struct({ transactionId: Schema.BigInt, position: Schema.BigInt })

export class CommandResult extends Schema.Class<CommandResult>("CommandResult")({
  streamVersion: Schema.Int,
  /** Commit-order position of the stream's newest event: wait for projections to pass it. */
  lastPosition: Position,
  /** The events this command recorded (empty when it changed nothing). */
  events: Schema.Array(EntityEvent)
}) {}

/**
 * A command that changed nothing. Besides the decider's reasons: `unstorable`, the store
 * refused the command's events for what they hold (trying again fails the same way), and
 * `unavailable`, the database kept failing through the store's retries (or the reply did not
 * come in time: see `EntityCommands`).
 */
export class CommandRejected extends Schema.TaggedError<CommandRejected>()("CommandRejected", {
  reason: Schema.Literal("already_exists", "not_found", "wrong_kind", "invalid", "daily_limit", "no_site", "unstorable", "unavailable"),
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
  commandRpc("PublishPost", PublishPost)
]).annotateRpcs(ClusterSchema.Persisted, true)

const MAX_CONFLICT_RETRIES = 3

const unstorable = new CommandRejected({ reason: "unstorable", message: "the command's events could not be stored" })

export const TrackedEntityLive = TrackedEntity.toLayer(
  Effect.gen(function*() {
    const streamId = (yield* Entity.CurrentAddress).entityId
    const store = yield* EventStore

    let state: EntityState = initialState
    let version = 0
    let lastPosition: GlobalPosition = StartOfLog
    let loaded = false
    // Events of this stream by the command that caused them, to answer redeliveries.
    const byCommand = new Map<string, Array<RecordedEvent>>()

    const absorb = (events: ReadonlyArray<RecordedEvent>) => {
      for (const recorded of events) {
        state = evolve(state, fromStored(recorded))
        version = recorded.streamVersion
        lastPosition = recorded
        const causation = recorded.metadata.causationId
        if (causation !== null) byCommand.set(causation, [...(byCommand.get(causation) ?? []), recorded])
      }
    }

    const catchUp = Effect.gen(function*() {
      absorb(yield* store.readStream(streamId, version))
      loaded = true
    })

    const result = (events: ReadonlyArray<RecordedEvent>) =>
      new CommandResult({
        streamVersion: version,
        lastPosition: { transactionId: lastPosition.transactionId, position: lastPosition.position },
        events: events.map(fromStored)
      })

    const handle = (commandId: string, correlationId: string | null, cmd: EntityCommand) =>
      Effect.gen(function*() {
        if (!loaded) yield* catchUp
        for (let attempt = 0;; attempt++) {
          const recorded = byCommand.get(commandId)
          if (recorded !== undefined) return result(recorded)
          const decision = decide(cmd, state)
          if (Either.isLeft(decision)) {
            return yield* new CommandRejected({ reason: decision.left.reason, message: decision.left.message })
          }
          if (decision.right.length === 0) return result([])
          const events = yield* Effect.try({
            try: () =>
              decision.right.map((event, index) => ({
                eventId: eventIdFor(commandId, index),
                ...toStored(event),
                metadata: { correlationId, causationId: commandId }
              })),
            catch: () => unstorable
          })
          const appended = yield* Effect.either(store.append(streamId, version, events))
          // Whether it was written now or before, the stream now holds it: read it back.
          if (Either.isRight(appended)) {
            yield* catchUp
            return result(byCommand.get(commandId) ?? [])
          }
          // A failed append is the command's answer, never a defect: a defect restarts the
          // entity and redelivers the command, which fails again, and callers wait meanwhile.
          switch (appended.left._tag) {
            case "EventsRefused":
              yield* Effect.logWarning("entity: the store refused a command's events", appended.left.reason)
              return yield* unstorable
            case "StoreUnavailable":
              return yield* new CommandRejected({ reason: "unavailable", message: "the event store is unavailable; retry" })
          }
          if (attempt >= MAX_CONFLICT_RETRIES) {
            return yield* new CommandRejected({ reason: "unavailable", message: "the entity kept changing meanwhile; retry" })
          }
          // Another writer moved the stream (a runner that owned this entity before): catch up, decide again.
          yield* catchUp
        }
      }).pipe(Effect.withSpan("TrackedEntity.handle", { attributes: { streamId, command: cmd._tag } }))

    const handler = ({ payload }: { readonly payload: { readonly commandId: string; readonly correlationId: string | null; readonly command: EntityCommand } }) =>
      handle(payload.commandId, payload.correlationId, payload.command)
    return TrackedEntity.of({
      CreateBusiness: handler,
      RegisterProduct: handler,
      DeleteProduct: handler,
      RecordPrompts: handler,
      StoreScore: handler,
      DeploySite: handler,
      PublishPost: handler
    })
  }),
  { maxIdleTime: "5 minutes" }
)
