/**
 * A new embedded database starts from a copy of a freshly initialised PGlite cluster instead of
 * running PostgreSQL's initdb, which is most of a first start's time. The build makes the copy
 * once (`scripts/build.mjs`, beside the bundle in `dist/`) with the PGlite version installed;
 * it holds only what initdb writes, no data. Without it (sources run before any build), or if
 * PGlite refuses it, the database is initialised as before.
 */
import { PGlite, type PGliteOptions } from "@electric-sql/pglite"
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

/** Where the build writes the copy; `import.meta.url` names this source file, bundled or not. */
export const TEMPLATE_FILE = fileURLToPath(new URL("../../dist/pglite-template.tgz", import.meta.url))

let template: Blob | null | undefined

/** The build's copy, read once per process; undefined when there is none. */
const readTemplate = (): Blob | undefined => {
  if (template === undefined) {
    try {
      template = new Blob([readFileSync(TEMPLATE_FILE)])
    } catch {
      template = null
    }
  }
  return template ?? undefined
}

const entriesOf = (dir: string): ReadonlyArray<string> => (existsSync(dir) ? readdirSync(dir) : [])

/**
 * PGlite on `dataDir` (in memory when undefined). A database that does not exist yet (no
 * `PG_VERSION`; the directory may hold the service's lock file) is loaded from the template
 * when there is one; if that fails, what it wrote is removed and initdb runs.
 */
export const createPglite = async (
  dataDir: string | undefined,
  options: PGliteOptions,
  fromTemplate: () => Blob | undefined = readTemplate
): Promise<PGlite> => {
  const before = dataDir === undefined ? [] : entriesOf(dataDir)
  const copy = before.includes("PG_VERSION") ? undefined : fromTemplate()
  if (copy !== undefined) {
    try {
      return await PGlite.create(dataDir ?? "memory://", { ...options, loadDataDir: copy })
    } catch {
      if (copy === template) template = null
      if (dataDir !== undefined) {
        for (const entry of entriesOf(dataDir)) if (!before.includes(entry)) rmSync(join(dataDir, entry), { recursive: true, force: true })
      }
    }
  }
  return PGlite.create(dataDir ?? "memory://", options)
}
