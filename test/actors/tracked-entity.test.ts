/**
 * The tracked entity actor without a database or a cluster: the entity's handlers run through
 * `Entity.makeTestClient` over the in-memory event store. What only PostgreSQL and the cluster
 * can show (projections, persisted delivery, two runners) stays in `tracked-entity.int.test.ts`.
 */
import { Entity, ShardingConfig } from "@effect/cluster"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer } from "effect"
import { CommandRejected, TrackedEntity, TrackedEntityLive } from "../../src/actors/tracked-entity.ts"
import { DeleteProduct, RegisterProduct } from "../../src/domain/entity-decider.ts"
import { type BusinessId, type ItemId, refOf, streamIdOf } from "../../src/domain/entity-ref.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import * as MemoryEventStore from "../../src/eventstore/memory-event-store.ts"
import { createBusiness } from "../support/commands.ts"

const TestLayer = Layer.mergeAll(ShardingConfig.layer(), MemoryEventStore.layer)

/** A client of the entity whose stream is `ref`'s, and the store it writes to. */
const actorOf = (streamId: string) =>
  Effect.gen(function*() {
    const makeClient = yield* Entity.makeTestClient(TrackedEntity, TrackedEntityLive)
    return yield* makeClient(streamId)
  })

describe("tracked entity actor (in memory)", () => {
  it.scoped("records a command's events once, with the command as their cause", () =>
    Effect.gen(function*() {
      const ref = refOf("acme" as BusinessId)
      const actor = yield* actorOf(streamIdOf(ref))
      const result = yield* actor.CreateBusiness({ commandId: "cmd-1", correlationId: "req-1", command: createBusiness("acme") })
      expect(result.streamVersion).toBe(1)
      expect(result.events.map((event) => event._tag)).toEqual(["BusinessCreated"])
      const stored = yield* (yield* EventStore).readStream(streamIdOf(ref))
      expect(stored.map((event) => [event.type, event.metadata.causationId, event.metadata.correlationId])).toEqual([
        ["BusinessCreated", "cmd-1", "req-1"]
      ])
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("answers a redelivered command with its first result and writes nothing more", () =>
    Effect.gen(function*() {
      const ref = refOf("beta" as BusinessId)
      const actor = yield* actorOf(streamIdOf(ref))
      const command = createBusiness("beta")
      const first = yield* actor.CreateBusiness({ commandId: "cmd-1", correlationId: null, command })
      const second = yield* actor.CreateBusiness({ commandId: "cmd-1", correlationId: null, command })
      expect(second).toEqual(first)
      expect((yield* (yield* EventStore).readStream(streamIdOf(ref))).length).toBe(1)
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("rejects a second creation of the same business with a typed error, writing nothing", () =>
    Effect.gen(function*() {
      const ref = refOf("gamma" as BusinessId)
      const actor = yield* actorOf(streamIdOf(ref))
      yield* actor.CreateBusiness({ commandId: "cmd-1", correlationId: null, command: createBusiness("gamma") })
      const again = yield* Effect.either(actor.CreateBusiness({ commandId: "cmd-2", correlationId: null, command: createBusiness("gamma") }))
      expect(Either.isLeft(again) && again.left instanceof CommandRejected && again.left.reason).toBe("already_exists")
      expect((yield* (yield* EventStore).readStream(streamIdOf(ref))).length).toBe(1)
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("registers and deletes a product; a second deletion is not_found", () =>
    Effect.gen(function*() {
      const ref = { businessId: "delta" as BusinessId, itemId: "widget" as ItemId }
      const actor = yield* actorOf(streamIdOf(ref))
      yield* actor.RegisterProduct({
        commandId: "cmd-1",
        correlationId: null,
        command: new RegisterProduct({ businessId: ref.businessId, itemId: ref.itemId, name: "Widget", url: "https://x.example/w", at: "2026-11-20T10:00:00.000Z" })
      })
      const deleted = yield* actor.DeleteProduct({
        commandId: "cmd-2",
        correlationId: null,
        command: new DeleteProduct({ businessId: ref.businessId, itemId: ref.itemId, at: "2026-11-21T10:00:00.000Z" })
      })
      expect(deleted.streamVersion).toBe(2)
      const again = yield* Effect.either(actor.DeleteProduct({
        commandId: "cmd-3",
        correlationId: null,
        command: new DeleteProduct({ businessId: ref.businessId, itemId: ref.itemId, at: "2026-11-21T11:00:00.000Z" })
      }))
      expect(Either.isLeft(again) && again.left.reason).toBe("not_found")
    }).pipe(Effect.provide(TestLayer)))
})
