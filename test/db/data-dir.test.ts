import { Effect, Exit } from "effect"
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { DataDirExposed, makePrivate, secureDataDir } from "../../src/db/data-dir.ts"

const roots: Array<string> = []
const scratch = () => {
  const root = mkdtempSync(join(tmpdir(), "sightline-data-dir-"))
  roots.push(root)
  return root
}
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

const modeOf = (path: string) => statSync(path).mode & 0o777

const refusal = (path: string, mode: string) =>
  new DataDirExposed({
    path,
    mode: Number.parseInt(mode, 8) | 0o040000,
    message: `${path} is open to other users (mode ${mode}); it holds the token signing key and every tenant's data, ` +
      `so Sightline will not start on it. Make it private with: chmod 700 ${path}`
  })

describe("secureDataDir", () => {
  it("creates a missing DATA_DIR and its pglite directory 0700, and sets a 077 umask", () => {
    const dataDir = join(scratch(), "nested", "data")
    const embedded = Effect.runSync(secureDataDir(dataDir))
    expect(embedded).toBe(join(dataDir, "pglite"))
    expect([modeOf(dataDir), modeOf(embedded)]).toEqual([0o700, 0o700])
    writeFileSync(join(embedded, "probe"), "x")
    expect(modeOf(join(embedded, "probe"))).toBe(0o600)
  })

  it("refuses a DATA_DIR open to others that holds anything besides the database, naming the path and the fix", () => {
    const dataDir = join(scratch(), "data")
    mkdirSync(dataDir)
    writeFileSync(join(dataDir, "notes.txt"), "mine")
    chmodSync(dataDir, 0o755)
    const exit = Effect.runSyncExit(secureDataDir(dataDir))
    expect(exit).toEqual(Exit.fail(refusal(dataDir, "0755")))
    expect(modeOf(dataDir)).toBe(0o755)
  })

  it("refuses an empty DATA_DIR readable by its group", () => {
    const dataDir = join(scratch(), "data")
    mkdirSync(dataDir)
    chmodSync(dataDir, 0o750)
    expect(Effect.runSyncExit(secureDataDir(dataDir))).toEqual(Exit.fail(refusal(dataDir, "0750")))
  })

  it("refuses a group-accessible pglite directory inside a private DATA_DIR", () => {
    const dataDir = join(scratch(), "data")
    mkdirSync(join(dataDir, "pglite"), { recursive: true })
    chmodSync(dataDir, 0o700)
    chmodSync(join(dataDir, "pglite"), 0o770)
    const embedded = join(dataDir, "pglite")
    expect(Effect.runSyncExit(secureDataDir(dataDir))).toEqual(Exit.fail(refusal(embedded, "0770")))
  })

  it("makes private a DATA_DIR that an earlier version created world-readable (only the database inside)", () => {
    const dataDir = join(scratch(), "data")
    const embedded = join(dataDir, "pglite")
    mkdirSync(join(embedded, "global"), { recursive: true })
    writeFileSync(join(embedded, "global", "1261"), "rows")
    chmodSync(join(embedded, "global", "1261"), 0o666)
    chmodSync(join(embedded, "global"), 0o755)
    chmodSync(embedded, 0o755)
    chmodSync(dataDir, 0o755)
    expect(Effect.runSync(secureDataDir(dataDir))).toBe(embedded)
    expect([modeOf(dataDir), modeOf(embedded), modeOf(join(embedded, "global")), modeOf(join(embedded, "global", "1261"))])
      .toEqual([0o700, 0o700, 0o700, 0o600])
  })
})

describe("makePrivate", () => {
  it("removes the group and others bits of every file and directory below, keeping the owner's", () => {
    const root = scratch()
    mkdirSync(join(root, "a", "b"), { recursive: true })
    writeFileSync(join(root, "a", "b", "f"), "x")
    chmodSync(join(root, "a", "b", "f"), 0o764)
    chmodSync(join(root, "a"), 0o777)
    makePrivate(root)
    expect([modeOf(join(root, "a")), modeOf(join(root, "a", "b")), modeOf(join(root, "a", "b", "f"))]).toEqual([0o700, 0o700, 0o700])
  })
})
