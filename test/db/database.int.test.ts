import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { clientFor, type DatabaseTarget } from "../../src/db/database.ts"
import { DirectQuery } from "../../src/db/direct-query.ts"
import { migrations } from "../../src/db/migrations/index.ts"
import { testDatabases } from "../support/databases.ts"
import { json, SERVICE_KEY, startService } from "../support/service.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }

const dirs: Array<string> = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "sightline-db-"))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

interface MigrationRow {
  readonly migration_id: number
  readonly name: string
  readonly created_at: string
}

/** Opens the target with `clientFor` (migrating it), reads what the migrator recorded, closes it. */
const openAndInspect = (target: DatabaseTarget) =>
  Effect.runPromise(
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const applied = yield* sql<MigrationRow>`
        SELECT migration_id, name, created_at::text AS created_at
        FROM effect_sql_migrations ORDER BY migration_id`.withoutTransform
      const tables = yield* sql<{ readonly table_name: string }>`
        SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() ORDER BY table_name`.withoutTransform
      return { applied, tables: tables.map((row) => row.table_name) }
    }).pipe(Effect.provide(clientFor(target)))
  )

for (const database of testDatabases) {
  describe(`database start-up (${database.name})`, () => {
    // The server database is created once per suite and reused, so a second open sees the first's data.
    let serverTarget: DatabaseTarget | undefined
    let release = async () => {}
    beforeAll(async () => {
      if (database.name === "server") {
        const created = await database.create()
        serverTarget = created.target
        release = created.release
      }
    })
    afterAll(() => release())

    /** Embedded: a fresh data directory that persists between opens; server: the suite's database. */
    const persistentTarget = (): DatabaseTarget =>
      database.name === "embedded" ? { _tag: "Embedded", dataDir: freshDir() } : serverTarget!

    it("applies every migration once; opening again applies nothing new", async () => {
      const known = await Effect.runPromise(migrations)
      const expected = known.map(([id, name]) => ({ migration_id: id, name }))
      // ids are 1..N, one per key of src/db/migrations/index.ts
      expect(expected.map((row) => row.migration_id)).toEqual(Array.from({ length: known.length }, (_, i) => i + 1))

      const target = persistentTarget()
      const first = await openAndInspect(target)
      expect(first.applied.map(({ migration_id, name }) => ({ migration_id, name }))).toEqual(expected)
      expect(first.tables).toEqual(expect.arrayContaining(["events", "streams", "projection_checkpoints", "signing_keys"]))

      const second = await openAndInspect(target)
      // the same rows with the same timestamps: the second open recorded (so ran) no migration
      expect(second.applied).toEqual(first.applied)
      expect(second.tables).toEqual(first.tables)
    })

    if (database.name === "server") {
      it("opens the server's connections with JIT compiling off, through @effect/sql and the direct queries alike", async () => {
        const settings = await Effect.runPromise(Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const direct = yield* DirectQuery
          const [viaSql] = yield* sql<{ readonly jit: string }>`SHOW jit`
          const [viaDirect] = yield* Effect.promise(() => direct.query<{ readonly jit: string }>("SHOW jit", []))
          return [viaSql?.jit, viaDirect?.jit]
        }).pipe(Effect.provide(clientFor(serverTarget!))))
        expect(settings).toEqual(["off", "off"])
      })
    }

    it("keeps a created business across a restart of the service", async () => {
      const target = persistentTarget()
      const created = { business_name: "Persist Co", org_slug: "persist-co" }

      const before = await startService(target)
      try {
        const response = await json(await fetch(`${before.baseUrl}/api/business`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify(created)
        }))
        expect(response.status).toBe(201)
        expect(response.body.business_id).toBe("persist-co")
        expect(response.body.business_name).toBe("Persist Co")
      } finally {
        await before.stop()
      }

      const after = await startService(target)
      try {
        const listed = await json(await fetch(`${after.baseUrl}/api/cron/entities`, { headers: auth }))
        expect(listed).toEqual({
          status: 200,
          body: {
            entities: [{
              business_id: "persist-co",
              item_id: null,
              source_url: "",
              // SITES_DOMAIN defaults to sites.localhost:${PORT} (8080), a business without URL is labelled by its slug
              deployment_url: "http://persist-co.sites.localhost:8080"
            }]
          }
        })
        // the event stream survived too, not only the read model: the slug is still taken
        const again = await json(await fetch(`${after.baseUrl}/api/business`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify(created)
        }))
        expect(again).toEqual({ status: 409, body: { status: "error", code: "business_exists", message: "business persist-co already exists" } })
      } finally {
        await after.stop()
      }
    })
  })
}
