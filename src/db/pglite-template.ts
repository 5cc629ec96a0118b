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

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0

/**
 * PGlite on `dataDir` (in memory when undefined). A database that does not exist yet is loaded
 * from the template when there is one; if that fails, what it wrote is removed (the directory
 * was empty) and initdb runs.
 */
export const createPglite = async (
  dataDir: string | undefined,
  options: PGliteOptions,
  fromTemplate: () => Blob | undefined = readTemplate
): Promise<PGlite> => {
  const copy = dataDir === undefined || isEmptyDir(dataDir) ? fromTemplate() : undefined
  if (copy !== undefined) {
    try {
      return await PGlite.create(dataDir ?? "memory://", { ...options, loadDataDir: copy })
    } catch {
      if (copy === template) template = null
      if (dataDir !== undefined) for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true })
    }
  }
  return PGlite.create(dataDir ?? "memory://", options)
}
