#!/usr/bin/env node
/**
 * Compiles the service and the token command to plain JavaScript in `dist/`, so that `npm start`
 * runs `node` on it: no TypeScript transpiling on every start, and no loader process beside the
 * service. The sources stay the truth (`npx tsx src/main.ts` and `npx deno run -A src/main.ts`
 * run them directly); `dist/` is never committed.
 *
 *   node scripts/build.mjs             build
 *   node scripts/build.mjs --if-stale  build only when a source is newer than the last build
 *
 * npm runs it on install (`prepare`) and before `start` and `token` (with --if-stale).
 * The project's modules and Effect's are bundled; `import.meta.url` keeps naming each source
 * file, so paths relative to a source (package.json, data files) resolve as they do under tsx.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const outdir = join(root, "dist")
const stamp = join(outdir, ".built")
const entryPoints = { main: "src/main.ts", token: "src/cli/token.ts" }

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
 * some find their own files (PGlite's WebAssembly) next to their modules.
 */
const effectInside = {
  name: "effect-inside",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (/^(effect|@effect\/)/.test(args.path) ? undefined : { path: args.path, external: true }))
  }
}

if (process.argv.includes("--if-stale") && !stale()) process.exit(0)

const started = performance.now()
const { build } = await import("esbuild")
try {
  await build({
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
    plugins: [sourceUrls, effectInside]
  })
} catch {
  // esbuild has printed the errors.
  process.stderr.write("sightline: building dist/ from src/ failed (see above)\n")
  process.exit(1)
}
writeFileSync(stamp, `${new Date().toISOString()}\n`)
process.stderr.write(`sightline: built ${relative(root, outdir)}/ from src/ in ${Math.round(performance.now() - started)} ms\n`)
