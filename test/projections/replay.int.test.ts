import { SqlClient } from "@effect/sql"
import { Deferred, Effect, Fiber, Layer, ManagedRuntime } from "effect"
import { execFile } from "node:child_process"
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EntityCommands } from "../../src/actors/entity-commands.ts"
import { coreFor } from "../../src/composition.ts"
import { acquireEmbeddedLock } from "../../src/db/embedded-lock.ts"
import { DeleteProduct, RegisterProduct } from "../../src/domain/entity-decider.ts"
import { type BusinessId, type ItemId, refOf } from "../../src/domain/entity-ref.ts"
import { EventStore, type GlobalPosition } from "../../src/eventstore/event-store.ts"
import { projections } from "../../src/projections/catalog.ts"
import { FRESH_SCHEMA_PREFIX, rebuildLive, verify } from "../../src/projections/rebuild.ts"
import { ProjectionRunner } from "../../src/projections/runner.ts"
import { createBusiness } from "../support/commands.ts"
import { distEntry } from "../support/dist-entry.ts"
import { testDatabases } from "../support/databases.ts"

type R = EntityCommands | ProjectionRunner | EventStore | SqlClient.SqlClient

/** Businesses, a product registered and another registered then deleted; waits for the read models. */
const seed = (prefix: string) =>
  Effect.gen(function*() {
    const commands = yield* EntityCommands
    const slugs = [0, 1, 2].map((i) => `${prefix}-${i}-${randomUUID().slice(0, 6)}`)
    let last: GlobalPosition = { transactionId: 0n, position: 0n }
    for (const slug of slugs) last = (yield* commands.send(refOf(slug as BusinessId), createBusiness(slug))).lastPosition
    for (const item of ["kept", "gone"]) {
      const ref = { businessId: slugs[0] as BusinessId, itemId: item as ItemId }
      last = (yield* commands.send(ref, new RegisterProduct({ businessId: ref.businessId, itemId: ref.itemId, name: item, url: `https://x.example/${item}`, at: "2026-11-20T11:00:00.000Z" }))).lastPosition
    }
    const gone = { businessId: slugs[0] as BusinessId, itemId: "gone" as ItemId }
    last = (yield* commands.send(gone, new DeleteProduct({ businessId: gone.businessId, itemId: gone.itemId, at: "2026-11-21T10:00:00.000Z" }))).lastPosition
    yield* (yield* ProjectionRunner).waitFor(last)
    return slugs
  })

const freshSchemas = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.map(
    sql<{ n: string }>`SELECT count(*) AS n FROM information_schema.schemata WHERE schema_name LIKE ${`${FRESH_SCHEMA_PREFIX}%`}`,
    (rows) => Number(rows[0]!.n)
  ))

const entityRow = (businessId: string, itemId = "") =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      sql<Record<string, unknown>>`SELECT * FROM entities WHERE business_id = ${businessId} AND item_id = ${itemId}`,
      (rows) => rows[0]
    ))

const tamper = (renamed: string, deleted: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all([
      sql`UPDATE entities SET name = 'tampered' WHERE business_id = ${renamed} AND item_id = ''`,
      sql`DELETE FROM entities WHERE business_id = ${deleted} AND item_id = ''`
    ]))

const byKey = (rows: ReadonlyArray<Record<string, unknown>>) =>
  [...rows].sort((a, b) => `${a.business_id}/${a.item_id}`.localeCompare(`${b.business_id}/${b.item_id}`))

interface CliResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

const runCli = (args: ReadonlyArray<string>, env: Record<string, string | undefined>) =>
  new Promise<CliResult>((resolve) => {
    const childEnv: Record<string, string> = {}
    for (const [key, value] of Object.entries({ ...process.env, ...env })) if (value !== undefined) childEnv[key] = value
    // A bound generous enough for a loaded machine: the test waits for the CLI's exit, not a guess.
    execFile(process.execPath, [distEntry("replay"), ...args], { env: childEnv, timeout: 240_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1
      resolve({ code, stdout, stderr })
    })
  })

const lastLine = (text: string) => text.trimEnd().split("\n").at(-1)

for (const database of testDatabases) {
  describe(`replay (${database.name})`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<R, unknown>
    let release = async () => {}
    let url: string | undefined
    let slugs: ReadonlyArray<string> = []
    const run = <A, E>(effect: Effect.Effect<A, E, R>) => runtime.runPromise(effect)

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      url = created.url
      runtime = ManagedRuntime.make(coreFor(created.target).pipe(Layer.orDie))
      slugs = await runtime.runPromise(seed("audit"))
    })
    afterAll(async () => {
      await runtime?.dispose()
      await release()
    })

    it("verify finds the read models equal to a rebuild from the log", async () => {
      const { report, count } = await run(Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ n: string }>`SELECT count(*) AS n FROM entities`
        return { report: yield* verify(projections), count: Number(row!.n) }
      }))
      expect(report.differences).toBe(0)
      expect(report.projections.map((p) => p.name)).toEqual(projections.map((p) => p.name))
      const [table] = report.projections.find((p) => p.name === "entities")!.tables
      expect(table).toEqual({
        table: "entities",
        liveRows: count,
        rebuiltRows: count,
        missingFromLive: [],
        missingFromLiveCount: 0,
        extraInLive: [],
        extraInLiveCount: 0
      })
      expect(count).toBe(5)
      expect(await run(freshSchemas)).toBe(0)
    })

    it("verify lists a tampered and a deleted row, and rebuildLive repairs them", async () => {
      const [renamed, deleted] = [slugs[1]!, slugs[2]!]
      const original = await run(Effect.all([entityRow(renamed), entityRow(deleted)]))
      await run(tamper(renamed, deleted))
      const tampered = await run(entityRow(renamed))
      expect(tampered?.name).toBe("tampered")

      const report = await run(verify(projections))
      expect(report.differences).toBe(3)
      const table = report.projections[0]!.tables[0]!
      expect(byKey(table.missingFromLive)).toEqual(byKey([original[0]!, original[1]!]))
      expect(table.missingFromLiveCount).toBe(2)
      expect(table.extraInLive).toEqual([tampered])
      expect(table.extraInLiveCount).toBe(1)
      expect(table.rebuiltRows - table.liveRows).toBe(1)

      const rebuilt = await run(rebuildLive(projections))
      const head = await run(Effect.flatMap(EventStore, (store) => store.head))
      expect(rebuilt.projections.map((p) => [p.name, p.position])).toEqual(projections.map((p) => [p.name, head]))
      expect(rebuilt.projections[0]!.tables).toEqual([{ table: "entities", rows: 5 }])
      expect(await run(Effect.all([entityRow(renamed), entityRow(deleted)]))).toEqual(original)
      expect((await run(verify(projections))).differences).toBe(0)
      expect(await run(freshSchemas)).toBe(0)

      // The runner goes on from the checkpoint the swap set, on the swapped-in table.
      const slug = `after-${randomUUID().slice(0, 6)}`
      const row = await run(Effect.gen(function*() {
        const result = yield* (yield* EntityCommands).send(refOf(slug as BusinessId), createBusiness(slug))
        yield* (yield* ProjectionRunner).waitFor(result.lastPosition)
        return yield* entityRow(slug)
      }))
      expect(row?.name).toBe(`Business ${slug}`)
      expect((await run(verify(projections))).differences).toBe(0)
    })

    it("verify settles on a checkpoint while commands keep arriving", async () => {
      const report = await run(Effect.gen(function*() {
        const commands = yield* EntityCommands
        // Verify starts once three writes are in the read model (a count, not a time: a slow
        // machine writes fewer in any given time), and runs while the writer goes on.
        const thirdWritten = yield* Deferred.make<GlobalPosition>()
        let written = 0
        const writer = yield* Effect.fork(Effect.forever(Effect.gen(function*() {
          const slug = `busy-${randomUUID().slice(0, 8)}`
          const result = yield* commands.send(refOf(slug as BusinessId), createBusiness(slug))
          if (++written === 3) yield* Deferred.succeed(thirdWritten, result.lastPosition)
          yield* Effect.sleep("20 millis")
        })))
        yield* (yield* ProjectionRunner).waitFor(yield* Deferred.await(thirdWritten))
        const report = yield* verify(projections)
        yield* Fiber.interrupt(writer)
        return report
      }))
      expect(report.differences).toBe(0)
      // The 4 businesses of the tests before, and at least the 3 written before verify began.
      expect(report.projections[0]!.tables[0]!.liveRows).toBeGreaterThan(6)
      expect(await run(freshSchemas)).toBe(0)
    })

    // The embedded database belongs to one process, so its CLI runs are in the suite below.
    if (database.name === "server") it("the CLI exits 1 and lists the differences of a tampered server database", async () => {
      const [renamed, deleted] = [slugs[0]!, slugs[1]!]
      await run(tamper(renamed, deleted))
      const result = await runCli(["--verify"], { DATABASE_URL: url, DATA_DIR: undefined })
      expect(result.stderr).toBe("")
      expect(result.code).toBe(1)
      expect(lastLine(result.stdout)).toBe("replay verify: 3 differences")
      expect(result.stdout).toContain("2 missing from live, 1 extra in live")
      expect(result.stdout).toMatch(/extra in live: \{.*"name":"tampered"/)

      const repaired = await runCli([], { DATABASE_URL: url, DATA_DIR: undefined })
      expect(repaired.code).toBe(0)
      expect(lastLine(repaired.stdout)).toBe(`replay: rebuilt ${projections.length} read models`)
      const again = await runCli(["--verify"], { DATABASE_URL: url, DATA_DIR: undefined })
      expect(again.code).toBe(0)
      expect(lastLine(again.stdout)).toBe("replay verify: 0 differences")
      expect(await run(freshSchemas)).toBe(0)
    }, 300_000)
  })
}

describe("replay CLI (embedded)", () => {
  let dataDir = ""
  let env: Record<string, string | undefined> = {}
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "sightline-replay-"))
    env = { DATABASE_URL: undefined, DATA_DIR: dataDir }
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it("verifies a fresh data directory, then one with events, and exits 0", async () => {
    const empty = await runCli(["--verify"], env)
    expect(empty.code).toBe(0)
    expect(lastLine(empty.stdout)).toBe("replay verify: 0 differences")

    // The database lives in DATA_DIR/pglite, as the service and the CLI both resolve it.
    const runtime = ManagedRuntime.make(coreFor({ _tag: "Embedded", dataDir: join(dataDir, "pglite") }).pipe(Layer.orDie))
    try {
      await runtime.runPromise(seed("cli"))
    } finally {
      await runtime.dispose()
    }

    const result = await runCli(["--verify"], env)
    expect(result.stderr).toBe("")
    expect(result.code).toBe(0)
    expect(result.stdout).toContain("entities: 5 live rows, 5 rebuilt rows: ok")
    expect(lastLine(result.stdout)).toBe("replay verify: 0 differences")
  }, 300_000)

  it("refuses a data directory held by another process", async () => {
    const result = await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      yield* acquireEmbeddedLock(join(dataDir, "pglite"))
      return yield* Effect.promise(() => runCli(["--verify"], env))
    })))
    expect(result.code).toBe(1)
    expect(result.stdout).toBe("")
    expect(result.stderr).toMatch(/^error: .*in use by process \d+/)
  })
})
