/**
 * The entity actor answers a failed append at once, as the command's rejection, instead of
 * dying (which restarts the entity and redelivers the command, which fails again, while the
 * caller and every later command of the entity wait); and a caller waits for a reply only so long.
 */
import type { SqlClient } from "@effect/sql"
import { Effect, Either, Layer, ManagedRuntime, Option } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runnerLayer } from "../../src/actors/cluster.ts"
import { EntityCommands } from "../../src/actors/entity-commands.ts"
import { CommandRejected, TrackedEntityLive } from "../../src/actors/tracked-entity.ts"
import { CreateBusiness } from "../../src/domain/entity-decider.ts"
import { type BusinessId, refOf, streamIdOf } from "../../src/domain/entity-ref.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import * as PgEventStore from "../../src/eventstore/pg-event-store.ts"
import { createBusiness } from "../support/commands.ts"
import { layerFor, testDatabases } from "../support/databases.ts"

/** Appends per stream, and streams whose appends never finish (a database that hangs). */
const appends = new Map<string, number>()
const hanging = new Set<string>()

const countingStore = Layer.effect(
  EventStore,
  Effect.map(PgEventStore.make, (store) =>
    EventStore.of({
      ...store,
      append: (streamId, expected, events) => {
        appends.set(streamId, (appends.get(streamId) ?? 0) + 1)
        return hanging.has(streamId) ? Effect.never : store.append(streamId, expected, events)
      }
    }))
)

for (const database of testDatabases) {
  describe(`tracked entity: failed appends answer at once (${database.name})`, () => {
    type R = EntityCommands | EventStore | SqlClient.SqlClient
    let runtime: ManagedRuntime.ManagedRuntime<R, unknown>
    let release = async () => {}

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      runtime = ManagedRuntime.make(
        EntityCommands.Default.pipe(
          Layer.provideMerge(TrackedEntityLive),
          Layer.provideMerge(runnerLayer({ address: Option.none() })),
          Layer.provideMerge(countingStore),
          Layer.provideMerge(layerFor(created.target)),
          Layer.orDie
        )
      )
      // A first command, untimed: a runner just started may still be taking its shards (and a
      // message sent before that waits for the storage poll), which is not what these tests time.
      await runtime.runPromise(Effect.flatMap(EntityCommands, (commands) => {
        const warmUp = `warm-${randomUUID().slice(0, 6)}` as BusinessId
        return commands.send(refOf(warmUp), createBusiness(warmUp), { timeout: "30 seconds" })
      }))
    })
    afterAll(async () => {
      await runtime?.dispose()
      await release()
    })

    it("a command whose events cannot be stored is rejected at once, after one append; the next command succeeds", async () => {
      const slug = `acme-${randomUUID().slice(0, 6)}` as BusinessId
      const ref = refOf(slug)
      const poisoned = new CreateBusiness({ ...createBusiness(slug), businessName: "Acme\u0000" })
      // "At once" is told by what answers and by the appends, not by a clock: a caller that is
      // not answered gets `unavailable` from its own reply timeout (the default, 60 s), and an
      // entity that died on the failed append would be restarted and given the command again,
      // appending it again before any answer. So: `unstorable`, after exactly one append.
      const rejected = await runtime.runPromise(
        Effect.either(Effect.flatMap(EntityCommands, (commands) => commands.send(ref, poisoned)))
      )
      expect(Either.isLeft(rejected) && rejected.left).toEqual(
        new CommandRejected({ reason: "unstorable", message: "the command's events could not be stored" })
      )
      expect(appends.get(streamIdOf(ref))).toBe(1)

      const created = await runtime.runPromise(
        Effect.flatMap(EntityCommands, (commands) => commands.send(ref, createBusiness(slug)))
      )
      expect(created.events.map((event) => event._tag)).toEqual(["BusinessCreated"])
      // The rejected command was not redelivered: one append for it, one for the next.
      expect(appends.get(streamIdOf(ref))).toBe(2)
      const stored = await runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readStream(streamIdOf(ref))))
      expect(stored.map((event) => (event.data as { businessName: string }).businessName)).toEqual([`Business ${slug}`])
    })

    it("a reply that does not come in time is answered unavailable", async () => {
      const slug = `slow-${randomUUID().slice(0, 6)}` as BusinessId
      const ref = refOf(slug)
      hanging.add(streamIdOf(ref))
      const outcome = await runtime.runPromise(
        Effect.either(Effect.flatMap(EntityCommands, (commands) => commands.send(ref, createBusiness(slug), { timeout: "300 millis" })))
      )
      expect(Either.isLeft(outcome) && outcome.left).toEqual(
        new CommandRejected({ reason: "unavailable", message: "the entity did not answer in time; retry" })
      )
    }, 15_000)
  })
}
