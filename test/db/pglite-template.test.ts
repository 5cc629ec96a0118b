/**
 * A new embedded database starts from the build's copy of a freshly initialised cluster
 * (`src/db/pglite-template.ts`), and from initdb when the copy is missing or unusable.
 */
import { PGlite } from "@electric-sql/pglite"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createPglite, TEMPLATE_FILE } from "../../src/db/pglite-template.ts"

const dirs: Array<string> = []
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), "sightline-template-"))
  dirs.push(dir)
  return join(dir, "pglite")
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** The build's copy of a freshly initialised cluster, as `createPglite` is given it. */
const buildCopy = () => new Blob([readFileSync(TEMPLATE_FILE)])

const tablesOf = async (db: PGlite) =>
  (await db.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).rows.map((row) => row.tablename)

/** A table written, the database closed and opened again (without a template): the row is there. */
const writesAndKeeps = async (db: PGlite, dataDir: string) => {
  await db.exec("CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)")
  await db.close()
  const again = await createPglite(dataDir, {}, () => undefined)
  try {
    expect((await again.query<{ n: number }>("SELECT n FROM kept")).rows).toEqual([{ n: 42 }])
  } finally {
    await again.close()
  }
}

describe("the embedded database's template", () => {
  let copy: Blob
  beforeAll(async () => {
    // Marked, so that a database started from it is told from one initdb made. Started from the
    // build's copy when there is one (an initdb costs seconds; the first test checks the copy).
    const made = await PGlite.create(existsSync(TEMPLATE_FILE) ? { loadDataDir: buildCopy() } : {})
    await made.exec("CREATE TABLE from_the_copy (n int)")
    copy = await made.dumpDataDir("gzip")
    await made.close()
  }, 60_000)

  it("is made by the build beside the bundle (npm ci runs it)", () => {
    expect(existsSync(TEMPLATE_FILE)).toBe(true)
    expect(readFileSync(`${TEMPLATE_FILE.replace(/\.tgz$/, "")}.version`, "utf8").trim())
      .toBe(JSON.parse(readFileSync(join(import.meta.dirname, "../../node_modules/@electric-sql/pglite/package.json"), "utf8")).version)
  })

  it("starts a new database on disk from the copy, which then keeps what is written", async () => {
    // The service's lock file is in the directory before the database is.
    const dataDir = scratch()
    mkdirSync(dataDir)
    writeFileSync(join(dataDir, "sightline.lock"), "{}")
    let asked = 0
    const db = await createPglite(dataDir, {}, () => (asked++, copy))
    expect(asked).toBe(1)
    expect(await tablesOf(db)).toEqual(["from_the_copy"])
    const version = (await db.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version
    expect(readFileSync(join(dataDir, "PG_VERSION"), "utf8").trim()).toBe(version.split(".")[0])
    await writesAndKeeps(db, dataDir)
  }, 60_000)

  it("never loads the copy over a database that exists", async () => {
    const dataDir = scratch()
    // An existing database, unmarked (from the build's copy when there is one: no initdb).
    await (await createPglite(dataDir, {}, () => existsSync(TEMPLATE_FILE) ? buildCopy() : undefined)).close()
    let asked = 0
    const db = await createPglite(dataDir, {}, () => (asked++, copy))
    expect(asked).toBe(0)
    expect(await tablesOf(db)).toEqual([])
    await writesAndKeeps(db, dataDir)
  }, 60_000)

  it("runs initdb when the copy is unusable, leaving nothing of it behind and the lock file in place", async () => {
    const dataDir = scratch()
    mkdirSync(dataDir)
    writeFileSync(join(dataDir, "sightline.lock"), "{}")
    const db = await createPglite(dataDir, {}, () => new Blob([new Uint8Array([31, 139, 8, 0, 1, 2, 3])]))
    expect(readdirSync(dataDir)).toContain("PG_VERSION")
    expect(readFileSync(join(dataDir, "sightline.lock"), "utf8")).toBe("{}")
    expect(await tablesOf(db)).toEqual([])
    await writesAndKeeps(db, dataDir)
  }, 60_000)

  it("starts an in-memory database from the copy", async () => {
    const db = await createPglite(undefined, {}, () => copy)
    try {
      expect(await tablesOf(db)).toEqual(["from_the_copy"])
    } finally {
      await db.close()
    }
  }, 60_000)
})
