/**
 * The embedded data directory is private to the user running the service: it holds the token
 * signing key (a readable copy lets anyone on the machine mint tokens) and every tenant's data.
 * `DATA_DIR` and `DATA_DIR/pglite` are created 0700, files the process creates afterwards are
 * 0600 (umask 077, set before PGlite writes anything; what PGlite chmods itself is tightened
 * once it is open), and a directory that other users can enter or read is refused with the
 * command that fixes it.
 */
import { Data, Effect } from "effect"
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs"
import { join, resolve } from "node:path"

export const EMBEDDED_SUBDIR = "pglite"

export class DataDirExposed extends Data.TaggedError("DataDirExposed")<{
  readonly path: string
  readonly mode: number
  readonly message: string
}> {}

const OTHERS = 0o077

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, "0")

/** Files and directories created from now on are the owner's alone. */
export const restrictNewFiles = () => {
  try {
    process.umask(0o077)
  } catch {
    // A worker thread cannot set the umask; the process's main thread sets it.
  }
}

const restrict = (path: string) => {
  const mode = lstatSync(path).mode
  if ((mode & OTHERS) !== 0) chmodSync(path, mode & 0o700)
}

/**
 * Removes the group and others bits from everything under `dir` (symbolic links are left
 * alone). PGlite's file system sets some modes explicitly (its initial database files are 0666
 * whatever the umask), so the embedded directory is walked once it is open.
 */
export const makePrivate = (dir: string): void => {
  restrict(dir)
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) makePrivate(path)
    else if (entry.isFile()) restrict(path)
  }
}

const ownedByMe = (path: string) => typeof process.getuid !== "function" || statSync(path).uid === process.getuid()

/**
 * A directory this service made with the default umask (an earlier version did): owned by this
 * user and holding nothing but the embedded database. Its modes are tightened rather than refused.
 */
const madeByTheService = (dataDir: string) => {
  const entries = readdirSync(dataDir)
  return entries.length === 1 && entries[0] === EMBEDDED_SUBDIR && ownedByMe(dataDir) && ownedByMe(join(dataDir, EMBEDDED_SUBDIR))
}

const exposed = (path: string, mode: number) =>
  new DataDirExposed({
    path,
    mode,
    message: `${path} is open to other users (mode ${octal(mode)}); it holds the token signing key and every ` +
      `tenant's data, so Sightline will not start on it. Make it private with: chmod 700 ${path}`
  })

/**
 * Prepares `DATA_DIR` for the embedded database and returns the database's directory
 * (`DATA_DIR/pglite`). Missing directories are created 0700; a directory the service made
 * earlier with looser modes is made private; any other directory open to the group or others
 * fails with DataDirExposed.
 */
export const secureDataDir = (dataDir: string): Effect.Effect<string, DataDirExposed> =>
  Effect.suspend(() => {
    restrictNewFiles()
    const root = resolve(dataDir)
    const embedded = join(root, EMBEDDED_SUBDIR)
    if (existsSync(root)) {
      const mode = statSync(root).mode
      if ((mode & OTHERS) !== 0) {
        if (!madeByTheService(root)) return Effect.fail(exposed(root, mode))
        makePrivate(root)
      }
    } else {
      mkdirSync(root, { recursive: true, mode: 0o700 })
    }
    if (existsSync(embedded)) {
      const mode = statSync(embedded).mode
      if ((mode & OTHERS) !== 0) return Effect.fail(exposed(embedded, mode))
    } else {
      mkdirSync(embedded, { mode: 0o700 })
    }
    return Effect.succeed(embedded)
  })
