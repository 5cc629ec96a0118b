#!/usr/bin/env node
/**
 * Compiles the service and its commands (token, daily, replay) to plain JavaScript in `dist/`, so
 * that `npm start` and `npm run token|daily|replay` run `node` on it: no TypeScript transpiling on
 * every start, and no loader process beside the service. The sources stay the truth
 * (`npx tsx src/main.ts` and `npx deno run -A src/main.ts` run them directly); `dist/` is never
 * committed.
 *
 *   node scripts/build.mjs             build
 *   node scripts/build.mjs --if-stale  build only when a source is newer than the last build
 *
 * npm runs it on install (`prepare`), before `start` and the commands (with --if-stale), and the
 * test suite before its first file (`test/support/build-dist.ts`), so tests run what users run.
 * It also saves a freshly initialised embedded database for new ones to start from (see below).
 * The project's modules and Effect's are bundled; `import.meta.url` keeps naming each source
 * file, so paths relative to a source (package.json, data files) resolve as they do under tsx.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const outdir = join(root, "dist")
const stamp = join(outdir, ".built")
const entryPoints = { main: "src/main.ts", token: "src/cli/token.ts", daily: "src/cli/daily.ts", replay: "src/cli/replay.ts" }

const newestSource = (dir) => {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs)
  }
  return newest
}

const stale = () => {
  let built
  try {
    built = statSync(stamp).mtimeMs
  } catch {
    return true
  }
  const inputs = [newestSource(join(root, "src")), statSync(join(root, "package.json")).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs]
  return inputs.some((mtime) => mtime > built)
}

/** `import.meta.url` in a bundled module would name the bundle; it names the source instead. */
const sourceUrls = {
  name: "source-urls",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, "utf8")
      return {
        contents: text.includes("import.meta.url") ? text.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)) : text,
        loader: "ts"
      }
    })
  }
}

/**
 * Effect's packages are bundled in (loading their hundreds of small modules one by one is a
 * large share of start-up); every other package is imported from node_modules at run time, as
 * some find their own files (PGlite's WebAssembly) next to their modules. Except fast-check
 * (and its pure-rand), which Effect's Arbitrary module imports and nothing in the service calls:
 * bundled, only what Arbitrary names is kept, instead of the whole library loaded at start-up.
 */
const effectInside = {
  name: "effect-inside",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      /^(effect|@effect\/|fast-check$|pure-rand$)/.test(args.path) ? undefined : { path: args.path, external: true })
  }
}

/**
 * `/docs` loads HttpApi's Swagger module on its first request (`src/http/docs-page.ts`): it holds
 * the UI's script as a string of about 1.9 million characters. `@effect/platform`'s index
 * re-exports it, so any `import { ... } from "@effect/platform"` would put it in a chunk read at
 * start-up; the bundle's copy of that index leaves this one re-export out (importing
 * HttpApiSwagger from the index then fails the build, loudly).
 */
const swaggerOnDemand = {
  name: "swagger-on-demand",
  setup(build) {
    build.onLoad({ filter: /@effect[\\/]platform[\\/]dist[\\/]esm[\\/]index\.js$/ }, (args) => {
      const text = readFileSync(args.path, "utf8")
      const without = text.replace(/^export \* as HttpApiSwagger from "\.\/HttpApiSwagger\.js";$/m, "")
      if (without === text) throw new Error(`swagger-on-demand: no HttpApiSwagger re-export in ${args.path}`)
      return { contents: without, loader: "js" }
    })
  }
}

/**
 * A freshly initialised PGlite cluster, gzipped, that a new embedded database is loaded from
 * instead of running initdb (`src/db/pglite-template.ts`). Made again when the installed PGlite
 * is another version than the one that made it.
 */
const templateFile = join(outdir, "pglite-template.tgz")
const templateVersionFile = join(outdir, "pglite-template.version")
const installedPglite = () => JSON.parse(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")).version
const ensurePgliteTemplate = async () => {
  const version = installedPglite()
  try {
    if (readFileSync(templateVersionFile, "utf8").trim() === version && statSync(templateFile).size > 0) return
  } catch {
    // Not made yet.
  }
  const started = performance.now()
  const { PGlite } = await import("@electric-sql/pglite")
  const db = await PGlite.create()
  const dump = await db.dumpDataDir("gzip")
  await db.close()
  mkdirSync(outdir, { recursive: true })
  writeFileSync(`${templateFile}.partial`, Buffer.from(await dump.arrayBuffer()))
  renameSync(`${templateFile}.partial`, templateFile)
  writeFileSync(templateVersionFile, `${version}\n`)
  process.stderr.write(`sightline: made ${relative(root, templateFile)} (PGlite ${version}) in ${Math.round(performance.now() - started)} ms\n`)
}

if (process.argv.includes("--if-stale") && !stale()) {
  await ensurePgliteTemplate()
  process.exit(0)
}

const started = performance.now()
const { build } = await import("esbuild")
let built
try {
  built = await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    // The token command loads the database's modules only when no server answers it.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [sourceUrls, effectInside, swaggerOnDemand],
    metafile: true
  })
} catch {
  // esbuild has printed the errors.
  process.stderr.write("sightline: building dist/ from src/ failed (see above)\n")
  process.exit(1)
}
// Chunks are named by their content, so each build after a change leaves the last one's behind
// (and the test suite builds whenever a source changed): keep only what this build wrote.
const written = new Set(Object.keys(built.metafile.outputs).map((path) => join(root, path)))
for (const name of readdirSync(outdir)) {
  const path = join(outdir, name)
  if (/\.js(\.map)?$/.test(name) && !written.has(path)) rmSync(path)
}
await ensurePgliteTemplate()
writeFileSync(stamp, `${new Date().toISOString()}\n`)
process.stderr.write(`sightline: built ${relative(root, outdir)}/ from src/ in ${Math.round(performance.now() - started)} ms\n`)
