/**
 * One process per embedded data directory. PGlite is a single PostgreSQL session with no
 * cross-process locking: two processes opening one directory would corrupt it. The holder
 * writes `<dataDir>/sightline.lock` with its pid and, for a server, the control socket through
 * which other processes (`npm run token`) may ask it for work instead of opening the database.
 */
import { Data, Effect } from "effect"
import type { Scope } from "effect"
import { randomBytes } from "node:crypto"
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"

export const LOCK_FILE = "sightline.lock"

export interface EmbeddedLockHolder {
  readonly pid: number
  /** Absolute path of the holder's control socket; null for a holder that serves none (the CLI). */
  readonly controlSocket: string | null
}

export class EmbeddedDataDirInUse extends Data.TaggedError("EmbeddedDataDirInUse")<{
  readonly dataDir: string
  readonly pid: number
  readonly message: string
}> {}

export const lockPath = (dataDir: string) => join(dataDir, LOCK_FILE)

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user; it still holds the directory.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

const readRaw = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return undefined
  }
}

const parse = (raw: string | undefined): EmbeddedLockHolder | undefined => {
  if (raw === undefined) return undefined
  try {
    const value = JSON.parse(raw) as { pid?: unknown; controlSocket?: unknown }
    if (typeof value.pid !== "number" || !Number.isInteger(value.pid) || value.pid <= 0) return undefined
    return { pid: value.pid, controlSocket: typeof value.controlSocket === "string" ? value.controlSocket : null }
  } catch {
    return undefined
  }
}

/** The live process holding the directory, if any. */
export const readEmbeddedLock = (dataDir: string): EmbeddedLockHolder | undefined => {
  const holder = parse(readRaw(lockPath(dataDir)))
  return holder !== undefined && isAlive(holder.pid) ? holder : undefined
}

const inUse = (dataDir: string, pid: number) =>
  new EmbeddedDataDirInUse({
    dataDir,
    pid,
    message: `The embedded database in ${dataDir} is in use by process ${pid}. ` +
      `Stop that process, or set DATABASE_URL to use a PostgreSQL server.`
  })

const tryAcquire = (dataDir: string, controlSocket: string | null): Effect.Effect<string, EmbeddedDataDirInUse> =>
  Effect.suspend(() => {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    const path = lockPath(dataDir)
    const content = JSON.stringify({ pid: process.pid, controlSocket })
    // Written in full under a private name, then linked into place: link fails atomically when
    // the lock exists, and a reader never sees a half-written lock (as it could after open "wx").
    const staging = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`
    writeFileSync(staging, content, { mode: 0o600 })
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          linkSync(staging, path)
          return Effect.succeed(content)
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
        }
        const raw = readRaw(path)
        const holder = parse(raw)
        if (holder !== undefined && isAlive(holder.pid)) return Effect.fail(inUse(dataDir, holder.pid))
        // Stale (its process is gone) or unreadable: remove it, unless it changed meanwhile
        // (another process replaced it first), then try again.
        if (raw === undefined || readRaw(path) === raw) {
          try {
            unlinkSync(path)
          } catch {
            // already removed by a concurrent acquirer
          }
        }
      }
      const holder = parse(readRaw(path))
      return Effect.fail(inUse(dataDir, holder?.pid ?? 0))
    } finally {
      try {
        unlinkSync(staging)
      } catch {
        // nothing to clean
      }
    }
  })

const release = (dataDir: string, content: string) =>
  Effect.sync(() => {
    const path = lockPath(dataDir)
    // Only our own lock: never a successor's.
    if (readRaw(path) !== content) return
    try {
      unlinkSync(path)
    } catch {
      // already gone
    }
  })

/**
 * Holds `<dataDir>/sightline.lock` for the scope. A lock left by a dead process is replaced;
 * one held by a live process (this one included) fails with EmbeddedDataDirInUse.
 */
export const acquireEmbeddedLock = (
  dataDir: string,
  options: { readonly controlSocket?: string | undefined } = {}
): Effect.Effect<void, EmbeddedDataDirInUse, Scope.Scope> => {
  const dir = resolve(dataDir)
  const controlSocket = options.controlSocket === undefined ? null : resolve(options.controlSocket)
  return Effect.asVoid(Effect.acquireRelease(tryAcquire(dir, controlSocket), (content) => release(dir, content)))
}
