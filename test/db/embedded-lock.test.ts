import { Effect, Either, Exit, Scope } from "effect"
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { acquireEmbeddedLock, EmbeddedDataDirInUse, lockPath, readEmbeddedLock } from "../../src/db/embedded-lock.ts"

const dirs: Array<string> = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "sightline-lock-"))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** The pid of a process that has exited. */
const deadPid = () =>
  new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" })
    child.on("error", reject)
    child.on("exit", () => resolve(child.pid!))
  })

const acquireIn = async (scope: Scope.CloseableScope, dir: string, controlSocket?: string) =>
  Effect.runPromise(Effect.either(Scope.extend(acquireEmbeddedLock(dir, { controlSocket }), scope)))

describe("embedded data directory lock", () => {
  it("is held by one process at a time and released when its scope closes", async () => {
    const dir = freshDir()
    const scope = Effect.runSync(Scope.make())
    const socket = join(dir, "control.sock")

    expect(await acquireIn(scope, dir, socket)).toEqual(Either.right(undefined))
    expect(JSON.parse(readFileSync(lockPath(dir), "utf8"))).toEqual({ pid: process.pid, controlSocket: socket })
    expect(readEmbeddedLock(dir)).toEqual({ pid: process.pid, controlSocket: socket })

    const other = Effect.runSync(Scope.make())
    const second = await acquireIn(other, dir)
    if (Either.isRight(second)) throw new Error("the second acquire should fail")
    expect(second.left).toBeInstanceOf(EmbeddedDataDirInUse)
    expect(second.left.pid).toBe(process.pid)
    expect(second.left.message).toBe(
      `The embedded database in ${dir} is in use by process ${process.pid}. Stop that process, or set DATABASE_URL to use a PostgreSQL server.`
    )
    // the failed attempt left the holder's lock as it was
    await Effect.runPromise(Scope.close(other, Exit.void))
    expect(readEmbeddedLock(dir)).toEqual({ pid: process.pid, controlSocket: socket })

    await Effect.runPromise(Scope.close(scope, Exit.void))
    expect(existsSync(lockPath(dir))).toBe(false)
    expect(readEmbeddedLock(dir)).toBe(undefined)

    // free again
    const again = Effect.runSync(Scope.make())
    expect(await acquireIn(again, dir)).toEqual(Either.right(undefined))
    expect(readEmbeddedLock(dir)).toEqual({ pid: process.pid, controlSocket: null })
    await Effect.runPromise(Scope.close(again, Exit.void))
    expect(existsSync(lockPath(dir))).toBe(false)
  })

  it("replaces a stale lock whose process is gone, and an unreadable one", async () => {
    const dir = freshDir()
    const pid = await deadPid()
    writeFileSync(lockPath(dir), JSON.stringify({ pid, controlSocket: join(dir, "old.sock") }))
    expect(readEmbeddedLock(dir)).toBe(undefined)

    const scope = Effect.runSync(Scope.make())
    expect(await acquireIn(scope, dir)).toEqual(Either.right(undefined))
    expect(JSON.parse(readFileSync(lockPath(dir), "utf8"))).toEqual({ pid: process.pid, controlSocket: null })
    await Effect.runPromise(Scope.close(scope, Exit.void))

    writeFileSync(lockPath(dir), "{not json")
    const next = Effect.runSync(Scope.make())
    expect(await acquireIn(next, dir)).toEqual(Either.right(undefined))
    expect(readEmbeddedLock(dir)).toEqual({ pid: process.pid, controlSocket: null })
    await Effect.runPromise(Scope.close(next, Exit.void))
    expect(existsSync(lockPath(dir))).toBe(false)
  })

  it("creates the data directory when missing and leaves no staging files behind", async () => {
    const dir = join(freshDir(), "nested", "pglite")
    await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      yield* acquireEmbeddedLock(dir)
      expect(readEmbeddedLock(dir)).toEqual({ pid: process.pid, controlSocket: null })
    })))
    expect(existsSync(dir)).toBe(true)
    expect(existsSync(lockPath(dir))).toBe(false)
    expect(readdirSync(dir)).toEqual([])
  })
})
