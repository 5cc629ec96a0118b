/**
 * The boundary lint (eslint.config.js) still checks what docs/architecture.md says it does: a
 * module breaking each rule, linted at a path inside `src/`, is reported by exactly that rule,
 * and an import the rooms table allows is not. Without this a changed config, parser or ESLint
 * release could let the lint pass while checking nothing.
 */
import { ESLint } from "eslint"
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { beforeAll, describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))

let eslint: ESLint
let rooms: Record<string, ReadonlyArray<string> | "all">

beforeAll(async () => {
  eslint = new ESLint({ cwd: root })
  const configUrl = pathToFileURL(join(root, "eslint.config.js")).href
  rooms = ((await import(configUrl)) as { ROOMS: typeof rooms }).ROOMS
})

/** The rule ids ESLint reports for `code` as the module at `path` (relative to the repository). */
const reported = async (path: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) })
  return (result?.messages ?? []).map((message) => message.ruleId)
}

describe("boundary lint", () => {
  it("refuses an import the rooms table does not allow", async () => {
    expect(await reported("src/domain/probe.ts", `import { x } from "../eventstore/event-store.ts"\nexport const y = x\n`))
      .toEqual(["no-restricted-imports"])
    expect(await reported("src/domain/mention/probe.ts", `export { x } from "../../http/api.ts"\n`))
      .toEqual(["no-restricted-imports"])
    expect(await reported("src/projections/probe.ts", `import type { X } from "../actors/cluster.ts"\nexport type Y = X\n`))
      .toEqual(["no-restricted-imports"])
    expect(await reported("src/accounts/probe.ts", `import { serverLayer } from "../http/server.ts"\nexport const y = serverLayer\n`))
      .toEqual(["no-restricted-imports"])
    expect(await reported("src/process-guard.ts", `import { x } from "./composition.ts"\nexport const y = x\n`))
      .toEqual(["no-restricted-imports"])
  })

  it("refuses a package in a pure room", async () => {
    expect(await reported("src/domain/probe.ts", `import { createHash } from "node:crypto"\nexport const y = createHash\n`))
      .toEqual(["no-restricted-imports"])
    expect(await reported("src/site-generator/probe.ts", `import { readFileSync } from "node:fs"\nexport const y = readFileSync\n`))
      .toEqual(["no-restricted-imports"])
  })

  it("refuses SQL outside the SQL rooms and the named repositories", async () => {
    expect(await reported("src/http/probe.ts", `import { SqlClient } from "@effect/sql"\nexport const y = SqlClient\n`))
      .toEqual(["no-restricted-imports"])
    expect(await reported("src/writers/probe.ts", `import pg from "pg"\nexport const y = pg\n`))
      .toEqual(["no-restricted-imports"])
  })

  it("refuses process.env outside src/config", async () => {
    expect(await reported("src/http/probe.ts", `export const port = process.env.PORT\n`))
      .toEqual(["no-restricted-properties"])
    expect(await reported("src/platforms/probe.ts", `import { env } from "node:process"\nexport const port = env.PORT\n`))
      .toEqual(["no-restricted-imports"])
  })

  it("refuses a dynamic import across rooms, or one it cannot read", async () => {
    expect(await reported("src/domain/probe.ts", `export const load = () => import("../db/database.ts")\n`))
      .toEqual(["no-restricted-syntax"])
    expect(await reported("src/pipeline/probe.ts", `export const load = (name: string) => import(name)\n`))
      .toEqual(["no-restricted-syntax"])
    expect(await reported("src/cli/probe.ts", `export const load = () => import("./token-local.ts")\n`)).toEqual([])
  })

  it("refuses an inline eslint-disable (an exception is a named entry of eslint.config.js)", async () => {
    const [result] = await eslint.lintText(
      `// eslint-disable-next-line no-restricted-properties\nexport const port = process.env.PORT\n`,
      { filePath: join(root, "src/http/probe.ts") }
    )
    expect((result?.messages ?? []).map((message) => message.ruleId)).toContain("no-restricted-properties")
  })

  it("lets through what the table allows", async () => {
    expect(await reported("src/config/probe.ts", `export const port = process.env.PORT\n`)).toEqual([])
    expect(await reported(
      "src/http/fast-lane/probe.ts",
      `import { Effect } from "effect"\nimport { x } from "../../db/direct-query.ts"\nimport { y } from "../error-mapping.ts"\nexport const z = [Effect, x, y]\n`
    )).toEqual([])
    expect(await reported("src/projections/probe.ts", `import { SqlClient } from "@effect/sql"\nexport const y = SqlClient\n`))
      .toEqual([])
    expect(await reported("src/domain/mention/probe.ts", `import { x } from "../text.ts"\nexport const y = x\n`)).toEqual([])
  })

  it("knows every room of src/", () => {
    const entries = readdirSync(join(root, "src"), { withFileTypes: true })
      .map((entry) => entry.isDirectory() ? entry.name : entry.name.replace(/\.ts$/, ""))
    expect(entries.filter((name) => !(name in rooms))).toEqual([])
  })
})
