/**
 * What every CheckpointStore adapter must do, as one suite: `describeCheckpointStoreContract`
 * runs it on an adapter (in memory, embedded PGlite, the PostgreSQL server), as
 * `test/eventstore/event-store-contract.ts` does for the log. Each adapter brings a read model
 * that keeps the ids of the events applied to it and refuses a page holding a `Poison` event.
 */
import { SqlError } from "@effect/sql"
import { Effect, Either, type Layer } from "effect"
import { randomUUID } from "node:crypto"
import { describe, expect, it } from "vitest"
import { EventStore, type GlobalPosition, type RecordedEvent, StartOfLog } from "../../src/eventstore/event-store.ts"
import { CheckpointMoved, CheckpointStore } from "../../src/projections/checkpoint-store.ts"
import type { Projection } from "../../src/projections/projection.ts"
import { storeRuntime } from "../eventstore/event-store-contract.ts"

export const POISON = "Poison"

/** The read model's refusal of a page holding a Poison event, as a database would refuse it. */
export const poisonRefusal = (event: RecordedEvent) =>
  new SqlError.SqlError({ cause: event.eventId, message: `the read model refuses event ${event.eventId}` })

export interface CheckpointStoreUnderTest<R> {
  readonly layer: Layer.Layer<EventStore | CheckpointStore | R, unknown>
  readonly release: () => Promise<void>
  /** A projection named `name` whose read model keeps the ids of the events applied to it. */
  readonly projection: (name: string, version: number, eventTypes: ReadonlyArray<string>) => Projection
  /** The ids its read model holds, in the order applied. */
  readonly appliedIds: (name: string) => Effect.Effect<ReadonlyArray<string>, unknown, EventStore | CheckpointStore | R>
}

export const describeCheckpointStoreContract = <R>(name: string, open: () => Promise<CheckpointStoreUnderTest<R>>) => {
  describe(`checkpoint store (${name})`, () => {
    let adapter: CheckpointStoreUnderTest<R> | undefined
    const run = storeRuntime<CheckpointStore | R>(async () => {
      adapter = await open()
      return adapter
    })
    /** A projection of its own for each test, reading events of a type of its own. */
    const fresh = (version = 1) => {
      const suffix = randomUUID().replaceAll("-", "").slice(0, 12)
      const type = `Contract${suffix}`
      return { projection: adapter!.projection(`contract_${suffix}`, version, [type, POISON]), type }
    }
    /** Appends one event of each type given, each in a transaction of its own. */
    const append = (...types: ReadonlyArray<string>) =>
      Effect.gen(function*() {
        const store = yield* EventStore
        const stream = `contract-${randomUUID()}`
        for (const type of types) {
          yield* store.append(stream, "any", [{ eventId: randomUUID(), type, schemaVersion: 1, data: {} }])
        }
        return yield* store.readStream(stream)
      })
    const ids = (events: ReadonlyArray<RecordedEvent>) => events.map((event) => event.eventId)
    const at = (event: RecordedEvent): GlobalPosition => ({ transactionId: event.transactionId, position: event.position })

    it("reads a projection it never readied at the start of the log", async () => {
      const position = await run(Effect.flatMap(CheckpointStore, (store) => store.read(`contract_never_${randomUUID().slice(0, 8)}`)))
      expect(position).toEqual(StartOfLog)
    })

    it("commits pages from the stored position, each moving the checkpoint to its end, its events applied in order", async () => {
      const { projection, type } = fresh()
      const seen = await run(Effect.gen(function*() {
        const store = yield* CheckpointStore
        yield* store.ensure(projection)
        const readied = yield* store.read(projection.name)
        const events = yield* append(type, type, type)
        yield* store.commit(projection, events.slice(0, 2), StartOfLog, at(events[1]!))
        const afterFirst = yield* store.read(projection.name)
        yield* store.commit(projection, events.slice(2), at(events[1]!), at(events[2]!))
        return { events, readied, afterFirst, afterSecond: yield* store.read(projection.name), applied: yield* adapter!.appliedIds(projection.name) }
      }))
      expect(seen.readied).toEqual(StartOfLog)
      expect(seen.afterFirst).toEqual(at(seen.events[1]!))
      expect(seen.afterSecond).toEqual(at(seen.events[2]!))
      expect(seen.applied).toEqual(ids(seen.events))
    })

    it("keeps the checkpoint and the read model when readied again at the same version", async () => {
      const { projection, type } = fresh()
      const seen = await run(Effect.gen(function*() {
        const store = yield* CheckpointStore
        yield* store.ensure(projection)
        const events = yield* append(type, type)
        yield* store.commit(projection, events, StartOfLog, at(events[1]!))
        yield* store.ensure(projection)
        return { events, position: yield* store.read(projection.name), applied: yield* adapter!.appliedIds(projection.name) }
      }))
      expect(seen.position).toEqual(at(seen.events[1]!))
      expect(seen.applied).toEqual(ids(seen.events))
    })

    it("empties the read model and moves the checkpoint back to the start when readied at another version", async () => {
      const { projection, type } = fresh(1)
      const seen = await run(Effect.gen(function*() {
        const store = yield* CheckpointStore
        yield* store.ensure(projection)
        const events = yield* append(type, type)
        yield* store.commit(projection, events, StartOfLog, at(events[1]!))
        yield* store.ensure(adapter!.projection(projection.name, 2, projection.eventTypes))
        return { position: yield* store.read(projection.name), applied: yield* adapter!.appliedIds(projection.name) }
      }))
      expect(seen.position).toEqual(StartOfLog)
      expect(seen.applied).toEqual([])
    })

    it("fails a commit from a position the checkpoint has left with CheckpointMoved, applying nothing of it", async () => {
      const { projection, type } = fresh()
      const seen = await run(Effect.gen(function*() {
        const store = yield* CheckpointStore
        yield* store.ensure(projection)
        const events = yield* append(type, type)
        yield* store.commit(projection, events.slice(0, 1), StartOfLog, at(events[0]!))
        const stale = yield* Effect.either(store.commit(projection, events, StartOfLog, at(events[1]!)))
        return { events, stale, position: yield* store.read(projection.name), applied: yield* adapter!.appliedIds(projection.name) }
      }))
      expect(Either.isLeft(seen.stale) && seen.stale.left).toEqual(new CheckpointMoved({ projection: projection.name }))
      expect(seen.position).toEqual(at(seen.events[0]!))
      expect(seen.applied).toEqual([seen.events[0]!.eventId])
    })

    it("commits nothing of a page its read model refuses: no event of it, and the checkpoint stays", async () => {
      const { projection, type } = fresh()
      const seen = await run(Effect.gen(function*() {
        const store = yield* CheckpointStore
        yield* store.ensure(projection)
        const events = yield* append(type, POISON)
        const refused = yield* Effect.flip(store.commit(projection, events, StartOfLog, at(events[1]!)))
        return { events, refused, position: yield* store.read(projection.name), applied: yield* adapter!.appliedIds(projection.name) }
      }))
      expect(seen.refused).toBeInstanceOf(SqlError.SqlError)
      expect(seen.refused.message).toBe(`the read model refuses event ${seen.events[1]!.eventId}`)
      expect(seen.position).toEqual(StartOfLog)
      expect(seen.applied).toEqual([])
    })

    it("lets one of two commits racing from the same position through; the other fails CheckpointMoved and applies nothing", async () => {
      const { projection, type } = fresh()
      const seen = await run(Effect.gen(function*() {
        const store = yield* CheckpointStore
        yield* store.ensure(projection)
        const events = yield* append(type, type)
        const pages = [events.slice(0, 1), events] as const
        const outcomes = yield* Effect.all(
          pages.map((page) => Effect.either(store.commit(projection, page, StartOfLog, at(page[page.length - 1]!)))),
          { concurrency: "unbounded" }
        )
        return { events, pages, outcomes, position: yield* store.read(projection.name), applied: yield* adapter!.appliedIds(projection.name) }
      }))
      const won = seen.outcomes.findIndex(Either.isRight)
      expect(seen.outcomes.filter(Either.isRight).length).toBe(1)
      expect(seen.outcomes[1 - won]).toEqual(Either.left(new CheckpointMoved({ projection: projection.name })))
      const page = seen.pages[won]!
      expect(seen.position).toEqual(at(page[page.length - 1]!))
      expect(seen.applied).toEqual(ids(page))
    })

    it("counts each projection's backlog: events of its types after its position, up to the limit, and when the first was recorded", async () => {
      const { type } = fresh()
      const other = `${type}Other`
      const seen = await run(Effect.gen(function*() {
        const store = yield* CheckpointStore
        const events = yield* append(type, other, type, type)
        const backlog = yield* store.backlog([
          { name: "after_first", after: at(events[0]!), types: [type] },
          { name: "from_start", after: StartOfLog, types: [type, other] },
          { name: "caught_up", after: at(events[3]!), types: [type] }
        ], 2)
        return { events, backlog: [...backlog].sort((a, b) => a.name.localeCompare(b.name)) }
      }))
      const [a, , c] = seen.events
      expect(seen.backlog).toEqual([
        { name: "after_first", pending: 2, oldest: c!.recordedAt },
        { name: "caught_up", pending: 0, oldest: null },
        { name: "from_start", pending: 2, oldest: a!.recordedAt }
      ])
    })
  })
}
