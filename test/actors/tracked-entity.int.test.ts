import { SqlClient } from "@effect/sql"
import { Effect, Either, Layer, ManagedRuntime } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EntityCommands } from "../../src/actors/entity-commands.ts"
import { CommandRejected } from "../../src/actors/tracked-entity.ts"
import { coreFor } from "../../src/composition.ts"
import { DeleteProduct, RegisterProduct } from "../../src/domain/entity-decider.ts"
import { type BusinessId, type ItemId, refOf, streamIdOf } from "../../src/domain/entity-ref.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { ProjectionRunner } from "../../src/projections/runner.ts"
import { createBusiness } from "../support/commands.ts"
import { testDatabases } from "../support/databases.ts"

for (const database of testDatabases) {
  describe(`tracked entity actor (${database.name})`, () => {
    type R = EntityCommands | ProjectionRunner | EventStore | SqlClient.SqlClient
    let runtime: ManagedRuntime.ManagedRuntime<R, unknown>
    let release = async () => {}
    const run = <A, E>(effect: Effect.Effect<A, E, R>) => runtime.runPromise(effect)

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      runtime = ManagedRuntime.make(coreFor(created.target).pipe(Layer.orDie))
      await runtime.runPromise(Effect.void)
    })
    afterAll(async () => {
      await runtime?.dispose()
      await release()
    })

    it("records a command's events once, and the projection shows them before waitFor returns", async () => {
      const slug = `acme-${randomUUID().slice(0, 6)}`
      const command = createBusiness(slug)
      const commandId = randomUUID()
      const rows = await run(Effect.gen(function*() {
        const commands = yield* EntityCommands
        const result = yield* commands.send(refOf(slug as BusinessId), command, { commandId, correlationId: "req-1" })
        yield* (yield* ProjectionRunner).waitFor(result.lastPosition, ["entities"])
        const sql = yield* SqlClient.SqlClient
        return { result, rows: yield* sql`SELECT business_id, item_id, name, source_url, ranking_score, record_id FROM entities WHERE business_id = ${slug}` }
      }))
      expect(rows.result.streamVersion).toBe(1)
      expect(rows.result.events.map((e) => e._tag)).toEqual(["BusinessCreated"])
      expect(rows.rows).toEqual([{
        business_id: slug,
        item_id: "",
        name: `Business ${slug}`,
        source_url: `https://${slug}.example`,
        ranking_score: 40,
        record_id: rows.result.lastPosition.position.toString()
      }])
      const stored = await run(Effect.flatMap(EventStore, (store) => store.readStream(streamIdOf(refOf(slug as BusinessId)))))
      expect(stored.map((e) => [e.type, e.metadata.causationId, e.metadata.correlationId])).toEqual([["BusinessCreated", commandId, "req-1"]])
    })

    it("answers a redelivered command with its first result and writes nothing more", async () => {
      const slug = `beta-${randomUUID().slice(0, 6)}`
      const commandId = randomUUID()
      const command = createBusiness(slug)
      const [first, second] = await run(Effect.flatMap(EntityCommands, (commands) =>
        Effect.all([
          commands.send(refOf(slug as BusinessId), command, { commandId }),
          commands.send(refOf(slug as BusinessId), command, { commandId })
        ])))
      expect(second).toEqual(first)
      const stored = await run(Effect.flatMap(EventStore, (store) => store.readStream(`business-${slug}`)))
      expect(stored.length).toBe(1)
    })

    it("rejects a second creation of the same business with a typed error", async () => {
      const slug = `gamma-${randomUUID().slice(0, 6)}`
      const outcome = await run(Effect.flatMap(EntityCommands, (commands) =>
        commands.send(refOf(slug as BusinessId), createBusiness(slug)).pipe(
          Effect.zipRight(Effect.either(commands.send(refOf(slug as BusinessId), createBusiness(slug))))
        )))
      expect(Either.isLeft(outcome)).toBe(true)
      if (Either.isLeft(outcome)) {
        expect(outcome.left).toBeInstanceOf(CommandRejected)
        expect(outcome.left.reason).toBe("already_exists")
      }
    })

    it("registers and deletes a product in its own stream, keeping the row with deleted_at", async () => {
      const slug = `delta-${randomUUID().slice(0, 6)}`
      const ref = { businessId: slug as BusinessId, itemId: "widget" as ItemId }
      const rows = await run(Effect.gen(function*() {
        const commands = yield* EntityCommands
        yield* commands.send(ref, new RegisterProduct({ businessId: ref.businessId, itemId: ref.itemId, name: "Widget", url: "https://x.example/w", at: "2026-11-20T10:00:00.000Z" }))
        const deleted = yield* commands.send(ref, new DeleteProduct({ businessId: ref.businessId, itemId: ref.itemId, at: "2026-11-21T10:00:00.000Z" }))
        const again = yield* Effect.either(commands.send(ref, new DeleteProduct({ businessId: ref.businessId, itemId: ref.itemId, at: "2026-11-21T11:00:00.000Z" })))
        yield* (yield* ProjectionRunner).waitFor(deleted.lastPosition)
        const sql = yield* SqlClient.SqlClient
        return { again, rows: yield* sql<{ item_id: string; deleted_at: Date | null }>`SELECT item_id, deleted_at FROM entities WHERE business_id = ${slug}` }
      }))
      expect(rows.rows.map((r) => [r.item_id, r.deleted_at?.toISOString()])).toEqual([["widget", "2026-11-21T10:00:00.000Z"]])
      expect(Either.isLeft(rows.again) && rows.again.left.reason).toBe("not_found")
    })

    it("serializes concurrent commands to one entity: exactly one creation wins", async () => {
      const slug = `eps-${randomUUID().slice(0, 6)}`
      const outcomes = await run(Effect.flatMap(EntityCommands, (commands) =>
        Effect.all(Array.from({ length: 5 }, () => Effect.either(commands.send(refOf(slug as BusinessId), createBusiness(slug)))), { concurrency: "unbounded" })))
      expect(outcomes.filter(Either.isRight).length).toBe(1)
      expect(outcomes.filter(Either.isLeft).length).toBe(4)
    })
  })
}
