/**
 * A projection worker's step without a database: the in-memory log, and checkpoints kept in
 * memory with the same compare-and-set promise as the SQL ones. What only PostgreSQL shows (the
 * page and the checkpoint in one transaction, NOTIFY) stays in `runner.int.test.ts`.
 */
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { describe, expect, it } from "vitest"
import { comparePositions, type EventStoreShape, type GlobalPosition, StartOfLog } from "../../src/eventstore/event-store.ts"
import * as MemoryEventStore from "../../src/eventstore/memory-event-store.ts"
import { CheckpointMoved } from "../../src/projections/checkpoints.ts"
import { type Checkpoints, type Cursor, step, type StepOutcome } from "../../src/projections/paging.ts"
import type { Projection } from "../../src/projections/projection.ts"

const projection: Projection = {
  name: "test_paging",
  version: 1,
  eventTypes: ["Counted"],
  tables: [],
  setup: Effect.void,
  apply: () => Effect.void
}

class CommitFailed extends Error {}

/** Checkpoints in memory: every page committed, in order, and the stored position. */
const memoryCheckpoints = () => {
  let stored: GlobalPosition = StartOfLog
  const pages: Array<{ readonly ids: ReadonlyArray<string>; readonly from: GlobalPosition; readonly to: GlobalPosition }> = []
  let failNext = false
  const checkpoints: Checkpoints<CommitFailed, never> = {
    read: () => Effect.sync(() => stored),
    commit: (_projection, events, from, to) =>
      Effect.suspend(() => {
        if (failNext) {
          failNext = false
          return Effect.fail(new CommitFailed("the read model refused the page"))
        }
        if (comparePositions(stored, from) !== 0) return Effect.fail(new CheckpointMoved({ projection: projection.name }))
        pages.push({ ids: events.map((event) => String((event.data as { n: number }).n)), from, to })
        stored = to
        return Effect.void
      })
  }
  return {
    checkpoints,
    pages,
    stored: () => stored,
    /** Another runner moves the checkpoint. */
    moveTo: (position: GlobalPosition) => {
      stored = position
    },
    failNextCommit: () => {
      failNext = true
    }
  }
}

/** A log in memory and a function appending an event of `type` carrying `n`; answers its position. */
const makeLog = Effect.gen(function*() {
  const store = yield* MemoryEventStore.make
  const append = (type: string, n: number) =>
    Effect.map(
      store.append(`s-${n}`, "any", [{ eventId: randomUUID(), type, schemaVersion: 1, data: { n } }]),
      (result): GlobalPosition => result.lastPosition
    )
  return { store, append }
})

const stepFrom = (
  store: EventStoreShape,
  checkpoints: Checkpoints<CommitFailed, never>,
  cursor: Cursor,
  pageSize: number
): Effect.Effect<StepOutcome, CommitFailed> =>
  step({
    projection,
    readPage: (after) => store.readPage({ after, limit: pageSize, types: projection.eventTypes }),
    checkpoints,
    pageSize,
    cursor
  })

const start: Cursor = { progress: StartOfLog, stored: StartOfLog }

describe("a projection worker's step", () => {
  it("on an empty log commits nothing and stops", async () => {
    await Effect.runPromise(Effect.gen(function*() {
      const { store } = yield* makeLog
      const memory = memoryCheckpoints()
      const outcome = yield* stepFrom(store, memory.checkpoints, start, 3)
      expect(outcome).toEqual({ cursor: start, more: false, moved: false })
      expect(memory.pages).toEqual([])
    }))
  })

  it("takes a log in pages of the page size, each committed from the last stored position, until a page is short", async () => {
    await Effect.runPromise(Effect.gen(function*() {
      const { store, append } = yield* makeLog
      const positions: Array<GlobalPosition> = []
      for (let n = 1; n <= 7; n++) positions.push(yield* append("Counted", n))
      const memory = memoryCheckpoints()
      const outcomes: Array<StepOutcome> = []
      let cursor = start
      for (;;) {
        const outcome = yield* stepFrom(store, memory.checkpoints, cursor, 3)
        outcomes.push(outcome)
        cursor = outcome.cursor
        if (!outcome.more) break
      }
      expect(memory.pages).toEqual([
        { ids: ["1", "2", "3"], from: StartOfLog, to: positions[2] },
        { ids: ["4", "5", "6"], from: positions[2], to: positions[5] },
        { ids: ["7"], from: positions[5], to: positions[6] }
      ])
      expect(outcomes.map((outcome) => [outcome.more, outcome.cursor])).toEqual([
        [true, { progress: positions[2], stored: positions[2] }],
        [true, { progress: positions[5], stored: positions[5] }],
        [false, { progress: positions[6], stored: positions[6] }]
      ])
      expect(memory.stored()).toEqual(positions[6])
    }))
  })

  it("a full last page asks for one more step, which finds nothing and stops", async () => {
    await Effect.runPromise(Effect.gen(function*() {
      const { store, append } = yield* makeLog
      yield* append("Counted", 1)
      const last = yield* append("Counted", 2)
      const memory = memoryCheckpoints()
      const first = yield* stepFrom(store, memory.checkpoints, start, 2)
      expect(first).toEqual({ cursor: { progress: last, stored: last }, more: true, moved: false })
      const second = yield* stepFrom(store, memory.checkpoints, first.cursor, 2)
      expect(second).toEqual({ cursor: { progress: last, stored: last }, more: false, moved: false })
      expect(memory.pages.length).toBe(1)
    }))
  })

  it("moves only its progress over events of other types, and the next commit starts from the stored position", async () => {
    await Effect.runPromise(Effect.gen(function*() {
      const { store, append } = yield* makeLog
      const mine = yield* append("Counted", 1)
      const memory = memoryCheckpoints()
      const first = yield* stepFrom(store, memory.checkpoints, start, 10)
      const others = [yield* append("Other", 2), yield* append("Other", 3)]
      const idle = yield* stepFrom(store, memory.checkpoints, first.cursor, 10)
      // Past the other types without a write: the stored checkpoint stays at the last own event.
      expect(idle).toEqual({ cursor: { progress: others[1], stored: mine }, more: false, moved: false })
      expect(memory.stored()).toEqual(mine)
      const next = yield* append("Counted", 4)
      const taken = yield* stepFrom(store, memory.checkpoints, idle.cursor, 10)
      expect(taken).toEqual({ cursor: { progress: next, stored: next }, more: false, moved: false })
      expect(memory.pages).toEqual([
        { ids: ["1"], from: StartOfLog, to: mine },
        { ids: ["4"], from: mine, to: next }
      ])
    }))
  })

  it("when another runner moved the checkpoint, commits nothing and continues from its position", async () => {
    await Effect.runPromise(Effect.gen(function*() {
      const { store, append } = yield* makeLog
      yield* append("Counted", 1)
      const theirs = yield* append("Counted", 2)
      yield* append("Counted", 3)
      const memory = memoryCheckpoints()
      memory.moveTo(theirs)
      const moved = yield* stepFrom(store, memory.checkpoints, start, 10)
      expect(moved).toEqual({ cursor: { progress: theirs, stored: theirs }, more: true, moved: true })
      expect(memory.pages).toEqual([])
      const taken = yield* stepFrom(store, memory.checkpoints, moved.cursor, 10)
      expect(memory.pages.map((page) => page.ids)).toEqual([["3"]])
      expect(taken.moved).toBe(false)
    }))
  })

  it("a failed commit fails the step and the same step again takes the same page", async () => {
    await Effect.runPromise(Effect.gen(function*() {
      const { store, append } = yield* makeLog
      const last = [yield* append("Counted", 1), yield* append("Counted", 2)][1]
      const memory = memoryCheckpoints()
      memory.failNextCommit()
      const failed = yield* Effect.flip(stepFrom(store, memory.checkpoints, start, 10))
      expect(failed).toBeInstanceOf(CommitFailed)
      expect(memory.stored()).toEqual(StartOfLog)
      const retried = yield* stepFrom(store, memory.checkpoints, start, 10)
      expect(retried).toEqual({ cursor: { progress: last, stored: last }, more: false, moved: false })
      expect(memory.pages).toEqual([{ ids: ["1", "2"], from: StartOfLog, to: last }])
    }))
  })
})
