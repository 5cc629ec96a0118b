import { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime } from "effect"
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EntityCommands } from "../../src/actors/entity-commands.ts"
import { coreFor } from "../../src/composition.ts"
import type { DatabaseTarget } from "../../src/db/database.ts"
import { DeleteProduct, RegisterProduct } from "../../src/domain/entity-decider.ts"
import { type BusinessId, type ItemId, refOf } from "../../src/domain/entity-ref.ts"
import { comparePositions, EventStore, type GlobalPosition } from "../../src/eventstore/event-store.ts"
import type { Projection } from "../../src/projections/projection.ts"
import { ProjectionProgress } from "../../src/projections/progress.ts"
import { layerWith, ProjectionRunner } from "../../src/projections/runner.ts"
import { createBusiness } from "../support/commands.ts"
import { testDatabases } from "../support/databases.ts"

const ENTITY_EVENTS = ["BusinessCreated", "ProductRegistered", "ProductDeleted"]

/**
 * Counts how often each event is applied. Deliberately not idempotent: a count above 1 means
 * the runner applied an event twice.
 */
const countingProjection = (version: number): Projection => ({
  name: "test_apply_counts",
  version,
  eventTypes: ENTITY_EVENTS,
  tables: ["test_apply_counts"],
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`CREATE TABLE IF NOT EXISTS test_apply_counts (
      event_id text PRIMARY KEY,
      event_type text NOT NULL,
      applied integer NOT NULL
    )`),
  apply: (event) =>
    Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql`INSERT INTO test_apply_counts (event_id, event_type, applied) VALUES (${event.eventId}, ${event.type}, 1)
        ON CONFLICT (event_id) DO UPDATE SET applied = test_apply_counts.applied + 1`)
})

type R = EntityCommands | ProjectionRunner | EventStore | SqlClient.SqlClient

/** Builds the runtime, runs `body`, disposes it: the next one opens the same database anew. */
const using = async <A, S = R>(layer: Layer.Layer<S, unknown>, body: (run: <B, E>(effect: Effect.Effect<B, E, S>) => Promise<B>) => Promise<A>) => {
  const runtime = ManagedRuntime.make(layer.pipe(Layer.orDie))
  try {
    return await body((effect) => runtime.runPromise(effect))
  } finally {
    await runtime.dispose()
  }
}

const withCounting = (target: DatabaseTarget, version: number) =>
  layerWith([countingProjection(version)]).pipe(Layer.provideMerge(coreFor(target)))

const createSome = (prefix: string, n: number) =>
  Effect.gen(function*() {
    const commands = yield* EntityCommands
    let last: GlobalPosition = { transactionId: 0n, position: 0n }
    for (let i = 0; i < n; i++) {
      const slug = `${prefix}-${i}-${randomUUID().slice(0, 6)}`
      last = (yield* commands.send(refOf(slug as BusinessId), createBusiness(slug))).lastPosition
    }
    return last
  })

const counts = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql<{ event_id: string; event_type: string; applied: number }>`
    SELECT event_id, event_type, applied FROM test_apply_counts ORDER BY event_id`)

const entityEventIds = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.map(
    sql<{ event_id: string }>`SELECT event_id FROM events WHERE ${sql.in("event_type", ENTITY_EVENTS)} ORDER BY event_id`,
    (rows) => rows.map((row) => row.event_id)
  ))

const storedCheckpoint = (name: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      sql<{ version: number; transaction_id: string; position: string }>`
        SELECT version, transaction_id, position FROM projection_checkpoints WHERE name = ${name}`,
      (rows) => rows[0]
    ))

for (const database of testDatabases) {
  describe(`projection runner (${database.name})`, () => {
    let target: DatabaseTarget
    let release = async () => {}
    let dataDir: string | undefined

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      // Restarts must find the data again: the embedded database gets a directory.
      if (created.target._tag === "Embedded") {
        dataDir = mkdtempSync(join(tmpdir(), "sightline-runner-"))
        target = { _tag: "Embedded", dataDir }
      } else {
        target = created.target
      }
    })
    afterAll(async () => {
      await release()
      if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
    })

    it("applies entity commands, and waitFor returns only once the entities table shows them", async () => {
      await using(coreFor(target), async (run) => {
        const slug = `alpha-${randomUUID().slice(0, 6)}`
        const ref = { businessId: slug as BusinessId, itemId: "widget" as ItemId }
        // Each wait is followed at once by a read: an early return would show up as a missing row.
        const seen = await run(Effect.gen(function*() {
          const commands = yield* EntityCommands
          const runner = yield* ProjectionRunner
          const sql = yield* SqlClient.SqlClient
          const read = sql<{ item_id: string; name: string | null; deleted_at: Date | null }>`
            SELECT item_id, name, deleted_at FROM entities WHERE business_id = ${slug} ORDER BY item_id`
          const created = yield* commands.send(refOf(slug as BusinessId), createBusiness(slug))
          yield* runner.waitFor(created.lastPosition, ["entities"])
          const afterCreate = yield* read
          const registered = yield* commands.send(ref, new RegisterProduct({ businessId: ref.businessId, itemId: ref.itemId, name: "Widget", url: "https://x.example/w", at: "2026-11-20T11:00:00.000Z" }))
          yield* runner.waitFor(registered.lastPosition, ["entities"])
          const afterRegister = yield* read
          const deleted = yield* commands.send(ref, new DeleteProduct({ businessId: ref.businessId, itemId: ref.itemId, at: "2026-11-21T10:00:00.000Z" }))
          yield* runner.waitFor(deleted.lastPosition)
          const afterDelete = yield* read
          return { afterCreate, afterRegister, afterDelete }
        }))
        expect(seen.afterCreate).toEqual([{ item_id: "", name: `Business ${slug}`, deleted_at: null }])
        expect(seen.afterRegister.map((row) => [row.item_id, row.name, row.deleted_at])).toEqual([
          ["", `Business ${slug}`, null],
          ["widget", "Widget", null]
        ])
        expect(seen.afterDelete.map((row) => [row.item_id, row.deleted_at?.toISOString() ?? null])).toEqual([
          ["", null],
          ["widget", "2026-11-21T10:00:00.000Z"]
        ])

        // Several commands in a row, then one wait for the last: all of them are visible.
        const many = await run(Effect.gen(function*() {
          const last = yield* createSome("burst", 5)
          yield* (yield* ProjectionRunner).waitFor(last, ["entities"])
          const sql = yield* SqlClient.SqlClient
          return yield* sql<{ n: string }>`SELECT count(*) AS n FROM entities WHERE business_id LIKE 'burst-%'`
        }))
        expect(Number(many[0]!.n)).toBe(5)
      })
    })

    it("moves a projection's changed position only when it applies events, its progress over any", async () => {
      // The board the runner records on: layers are shared within one build.
      await using<void, R | ProjectionProgress>(Layer.merge(coreFor(target), ProjectionProgress.Default), async (run) => {
        const slug = `changed-${randomUUID().slice(0, 6)}`
        const seen = await run(Effect.gen(function*() {
          const board = yield* ProjectionProgress
          const runner = yield* ProjectionRunner
          const created = yield* (yield* EntityCommands).send(refOf(slug as BusinessId), createBusiness(slug))
          yield* runner.waitFor(created.lastPosition, ["entities"])
          const changedAfterCreate = board.changedOf("entities")
          // An event of no type the entities read model reads: its progress passes it, nothing changed.
          const [other] = yield* (yield* EventStore).appendNew(`changed-test-${slug}`, [
            { eventId: randomUUID(), type: "TestNothingForEntities", schemaVersion: 1, data: {} }
          ])
          yield* runner.waitFor(other!.position, ["entities"])
          const afterOther = { reached: board.reachedOf("entities"), changed: board.changedOf("entities") }
          const registered = yield* (yield* EntityCommands).send(
            { businessId: slug as BusinessId, itemId: "widget" as ItemId },
            new RegisterProduct({ businessId: slug as BusinessId, itemId: "widget" as ItemId, name: "Widget", url: "https://x.example/w", at: "2026-11-20T11:00:00.000Z" })
          )
          yield* runner.waitFor(registered.lastPosition, ["entities"])
          return { created: created.lastPosition, changedAfterCreate, other: other!.position, afterOther, registered: registered.lastPosition, changedAfterRegister: board.changedOf("entities") }
        }))
        expect(comparePositions(seen.changedAfterCreate, seen.created)).toBeGreaterThanOrEqual(0)
        expect(comparePositions(seen.afterOther.reached, seen.other)).toBeGreaterThanOrEqual(0)
        expect(seen.afterOther.changed).toEqual(seen.changedAfterCreate)
        expect(comparePositions(seen.changedAfterRegister, seen.registered)).toBeGreaterThanOrEqual(0)
        expect(comparePositions(seen.changedAfterRegister, seen.afterOther.changed)).toBe(1)
      })
    })

    it("reports no pending events and the head position once caught up", async () => {
      await using(coreFor(target), async (run) => {
        const { head, last, status } = await run(Effect.gen(function*() {
          const last = yield* createSome("status", 2)
          const runner = yield* ProjectionRunner
          yield* runner.waitFor(last)
          return { last, head: yield* (yield* EventStore).head, status: yield* runner.status }
        }))
        const entities = status.find((s) => s.name === "entities")!
        expect(entities.pendingEvents).toBe(0)
        expect(entities.lagMs).toBe(0)
        expect(entities.lastError).toBeNull()
        expect(entities.position).toEqual({ transactionId: head.transactionId.toString(), position: head.position.toString() })
        expect(comparePositions(head, last)).toBe(0)
      })
    })

    it("reports a stuck projection's pending events, the age of the oldest, and that it is retrying", async () => {
      const stuck: Projection = {
        name: "test_stuck",
        version: 1,
        eventTypes: ["BusinessCreated"],
        tables: [],
        setup: Effect.void,
        apply: () => Effect.dieMessage("this projection never applies anything")
      }
      await using(layerWith([stuck]).pipe(Layer.provideMerge(coreFor(target))), async (run) => {
        const status = await run(Effect.gen(function*() {
          const runner = yield* ProjectionRunner
          const before = (yield* runner.status)[0]!
          yield* createSome("stuck", 3)
          yield* Effect.sleep("1200 millis")
          return { before, after: (yield* runner.status)[0]! }
        }))
        const pendingBefore = status.before.pendingEvents
        expect(status.after.name).toBe("test_stuck")
        // Every BusinessCreated of the log is pending (the tests before wrote some), 3 more now.
        expect(status.after.pendingEvents).toBe(pendingBefore + 3)
        expect(status.after.lagMs).toBeGreaterThanOrEqual(1200)
        expect(status.after.lastError).toMatch(/this projection never applies anything/)
        expect(status.after.position).toEqual({ transactionId: "0", position: "0" })
      })
    })

    it("keeps a projection's checkpoint over a restart and applies no event twice", async () => {
      const before = await using(withCounting(target, 1), async (run) =>
        run(Effect.gen(function*() {
          const runner = yield* ProjectionRunner
          expect((yield* runner.status).map((s) => s.name)).toEqual(["test_apply_counts"])
          const last = yield* createSome("restart-a", 3)
          yield* runner.waitFor(last)
          return { counts: yield* counts, ids: yield* entityEventIds, checkpoint: yield* storedCheckpoint("test_apply_counts") }
        })))
      // Every entity event of the log so far, including those of the tests before, once each.
      expect(before.counts.map((row) => row.event_id)).toEqual(before.ids)
      expect(before.counts.every((row) => row.applied === 1)).toBe(true)
      expect(before.checkpoint?.version).toBe(1)

      const after = await using(withCounting(target, 1), async (run) =>
        run(Effect.gen(function*() {
          const runner = yield* ProjectionRunner
          // Started from the stored checkpoint: nothing new to do, nothing re-applied.
          const status = yield* runner.status
          const last = yield* createSome("restart-b", 2)
          yield* runner.waitFor(last)
          return { status, counts: yield* counts, ids: yield* entityEventIds }
        })))
      expect(after.status[0]!.position).toEqual({ transactionId: before.checkpoint!.transaction_id, position: before.checkpoint!.position })
      expect(after.status[0]!.pendingEvents).toBe(0)
      expect(after.ids.length).toBe(before.ids.length + 2)
      expect(after.counts.map((row) => row.event_id)).toEqual(after.ids)
      expect(after.counts.filter((row) => row.applied !== 1)).toEqual([])
    })

    it("drops and rebuilds a projection's table from the log when its version changes", async () => {
      const expected = await using(withCounting(target, 1), async (run) =>
        run(Effect.gen(function*() {
          const runner = yield* ProjectionRunner
          yield* runner.waitFor(yield* (yield* EventStore).head)
          const rows = yield* counts
          // Damage the read model: only a rebuild from the log brings it back.
          const sql = yield* SqlClient.SqlClient
          yield* sql`DELETE FROM test_apply_counts WHERE event_id = ${rows[0]!.event_id}`
          yield* sql`UPDATE test_apply_counts SET applied = 7 WHERE event_id = ${rows[1]!.event_id}`
          yield* sql`INSERT INTO test_apply_counts (event_id, event_type, applied) VALUES ('bogus', 'Bogus', 1)`
          return rows
        })))
      expect(expected.length).toBeGreaterThan(2)
      expect(expected.every((row) => row.applied === 1)).toBe(true)

      const rebuilt = await using(withCounting(target, 2), async (run) =>
        run(Effect.gen(function*() {
          const runner = yield* ProjectionRunner
          yield* runner.waitFor(yield* (yield* EventStore).head)
          return { rows: yield* counts, checkpoint: yield* storedCheckpoint("test_apply_counts") }
        })))
      expect(rebuilt.rows).toEqual(expected)
      expect(rebuilt.checkpoint?.version).toBe(2)
    })
  })
}
