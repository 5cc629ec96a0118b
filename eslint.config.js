/**
 * The boundary lint (`npm run lint`, part of `npm test`): the rooms table of
 * docs/architecture.md, checked on every import of `src/`. Core ESLint rules only; the
 * TypeScript parser reads the files without type information, so the lint stays fast.
 *
 * Four rules:
 * - `no-restricted-imports`: a room imports only the rooms it may (ROOMS below); SQL packages
 *   only in the SQL rooms and the repository files named in EXCEPTIONS; the pure rooms import
 *   no package but `effect`; `env` is not imported from `node:process`.
 * - `no-restricted-properties`: `process.env` only in `src/config/` (AppConfig reads every
 *   variable once, so a bad value stops start-up with its name).
 * - `no-restricted-syntax`: a dynamic `import()` is literal and stays in its room.
 *
 * Inline `eslint-disable` comments are refused: an exception is an entry of EXCEPTIONS, with
 * the reason beside it. `test/lint/boundaries.test.ts` proves each rule still reports.
 */
import tsParser from "@typescript-eslint/parser"

/**
 * Each room of `src/` (a folder, or a module at the root) and the rooms it may import besides
 * itself. Every room may import `effect` and `safe-description`. Keep in step with the table of
 * docs/architecture.md.
 */
export const ROOMS = {
  "domain": [],
  "config": [],
  "concurrency": [],
  "safe-description": [],
  "site-generator": ["domain"],
  "db": ["config", "concurrency"],
  "eventstore": ["domain", "db", "config"],
  "projections": ["domain", "eventstore", "db"],
  "actors": ["domain", "eventstore", "db", "config"],
  "writers": ["domain", "eventstore", "projections", "db", "config", "concurrency"],
  "platforms": ["domain", "config", "concurrency"],
  "pipeline": ["domain", "config", "concurrency", "eventstore", "projections", "actors", "writers", "platforms", "site-generator"],
  "accounts": ["domain", "config", "eventstore", "projections", "writers"],
  "scheduler": ["domain", "config", "eventstore", "projections", "actors", "writers", "pipeline"],
  "startup": ["domain", "config"],
  "http": [
    "domain", "config", "concurrency", "db", "eventstore", "projections", "actors", "writers", "platforms",
    "pipeline", "site-generator", "accounts", "scheduler"
  ],
  "cli": [
    "domain", "config", "concurrency", "db", "eventstore", "projections", "actors", "writers", "platforms",
    "pipeline", "site-generator", "accounts", "scheduler", "startup", "http"
  ],
  "observability": ["config"],
  "process-guard": [],
  "application": "all",
  "composition": "all",
  "main": "all"
}

/** Rooms that are one module at the root of `src/` rather than a folder. */
const ROOT_MODULES = ["safe-description", "process-guard", "application", "composition", "main"]

/** Every room may use these. */
const SHARED = ["safe-description"]

/** Rooms whose modules may import SQL packages. */
const SQL_ROOMS = ["db", "eventstore", "projections"]

/** Rooms that import no package but `effect` (pure code). */
const PURE_ROOMS = ["domain", "config", "concurrency", "safe-description", "site-generator"]

/**
 * Named files allowed what their room is not, each with why. `allow` lists extra rooms;
 * `sql: true` allows the SQL packages; `env: true` allows `process.env`.
 */
const EXCEPTIONS = [
  // A repository: the service's signing keys live in their own table (migration 0005).
  { file: "src/accounts/signing-keys.ts", sql: true },
  // The cluster's message and shard storage is SQL on the service's database (@effect/cluster).
  { file: "src/actors/cluster.ts", sql: true },
  // The adapter of the platforms' DocumentSource port: the local answer engine retrieves from
  // this read model, so the projection implements the port the platforms room declares.
  { file: "src/projections/documents.ts", allow: ["platforms"] }
]

const SQL_PACKAGES = "^(?:@effect/sql(?:-pg)?|pg|@electric-sql/pglite)(?:/|$)"

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The import specifiers that reach `room` from a module of a folder room (or of the root). */
const specifierOf = (room, fromRoot) => {
  const up = fromRoot ? "\\./" : "(?:\\./)?(?:\\.\\./)+"
  return ROOT_MODULES.includes(room)
    ? `^${up}${escape(room)}\\.ts$`
    : `^${up}${escape(room)}(?:/|$)`
}

const importRule = (room, { allow = [], sql = false } = {}) => {
  const allowed = ROOMS[room]
  const patterns = []
  if (allowed !== "all") {
    const may = new Set([room, ...SHARED, ...allowed, ...allow])
    const fromRoot = ROOT_MODULES.includes(room)
    for (const other of Object.keys(ROOMS)) {
      if (may.has(other)) continue
      patterns.push({
        regex: specifierOf(other, fromRoot),
        message: `src/${room} may not import src/${other}: see the rooms table of docs/architecture.md.`
      })
    }
  }
  if (PURE_ROOMS.includes(room)) {
    patterns.push({
      regex: "^(?!effect(?:/|$))[^.]",
      message: `src/${room} is pure: it imports no package but effect (docs/architecture.md).`
    })
  } else if (!sql && !SQL_ROOMS.includes(room)) {
    patterns.push({
      regex: SQL_PACKAGES,
      message: "SQL lives in src/db, src/eventstore, src/projections and the named repositories (docs/architecture.md)."
    })
  }
  return ["error", {
    paths: [
      { name: "node:process", importNames: ["env"], message: "Read configuration through AppConfig (src/config/)." },
      { name: "process", importNames: ["env"], message: "Read configuration through AppConfig (src/config/)." }
    ],
    patterns
  }]
}

const envRule = ["error", {
  object: "process",
  property: "env",
  message: "Only src/config/ reads the environment: add the variable to AppConfig."
}]

/**
 * A dynamic `import()` names a package or a module of its own room: an import across rooms is
 * static, where `no-restricted-imports` sees it, and a computed specifier cannot be checked.
 */
const dynamicImportRule = ["error",
  {
    selector: `ImportExpression[source.value=/^(\\.\\/)?(\\.\\.\\/)+(${Object.keys(ROOMS).join("|")})(\\.ts)?(\\/|$)/]`,
    message: "Import another room statically, so the rooms table is checked (docs/architecture.md)."
  },
  {
    selector: "ImportExpression[source.type!='Literal']",
    message: "A dynamic import names its module literally, so the boundary lint can check it."
  }
]

const filesOf = (room) => ROOT_MODULES.includes(room) ? [`src/${room}.ts`] : [`src/${room}/**/*.ts`]

export default [
  {
    files: ["src/**/*.ts"],
    languageOptions: { parser: tsParser, ecmaVersion: "latest", sourceType: "module" },
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "off" },
    rules: { "no-restricted-properties": envRule, "no-restricted-syntax": dynamicImportRule }
  },
  { files: ["src/config/**/*.ts"], rules: { "no-restricted-properties": "off" } },
  ...Object.keys(ROOMS).map((room) => ({
    files: filesOf(room),
    rules: { "no-restricted-imports": importRule(room) }
  })),
  ...EXCEPTIONS.map(({ file, env, ...options }) => ({
    files: [file],
    rules: {
      "no-restricted-imports": importRule(file.split("/")[1].replace(/\.ts$/, ""), options),
      ...(env ? { "no-restricted-properties": "off" } : {})
    }
  }))
]
