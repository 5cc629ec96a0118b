/**
 * `tsx bench/cpu-profile-top.ts <file.cpuprofile> [--skip-ms N] [--top N] [--callers REGEX]`:
 * the functions with the most self time in a V8 CPU profile (as `node --cpu-prof` writes, e.g.
 * from a benchmark run with BENCH_CPU_PROF=<dir>), and self time per package / source area.
 * `--skip-ms` drops the first N ms of samples (start-up); `--callers` lists the heaviest call
 * stacks (innermost first) ending in a function whose name matches REGEX; `--inclusive
 * 'label=REGEX;label=REGEX'` the total time of samples with a frame matching REGEX (tested on
 * `functionName url`) anywhere on their stack; `--by-src` each sample charged to the innermost
 * frame of the project's own `src/` on its stack (which part of the service asked for the work);
 * `--running-only` leaves out the time between samples when the thread was not running. Frames in a bundle with a source map beside it (`dist/*.js` and `dist/*.js.map`, the service as
 * the benches run it) are named by their source file and line, as under tsx.
 */
import { existsSync, readFileSync } from "node:fs"
import { SourceMap } from "node:module"
import { dirname, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

interface ProfileNode {
  readonly id: number
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number; readonly columnNumber: number }
  readonly children?: ReadonlyArray<number>
}
interface Profile {
  readonly nodes: ReadonlyArray<ProfileNode>
  readonly startTime: number
  readonly endTime: number
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const index = args.indexOf(name)
  return index === -1 ? fallback : Number(args[index + 1])
}
const file = args.find((arg, index) => !arg.startsWith("--") && (index === 0 || !args[index - 1]!.startsWith("--")))
if (file === undefined) {
  console.error("usage: tsx bench/cpu-profile-top.ts <file.cpuprofile> [--skip-ms N] [--top N]")
  process.exit(1)
}
const skipMs = option("--skip-ms", 0)
const top = option("--top", 30)
const callersIndex = args.indexOf("--callers")
const callers = callersIndex === -1 ? undefined : new RegExp(args[callersIndex + 1]!)
const inclusiveIndex = args.indexOf("--inclusive")
const inclusive = inclusiveIndex === -1 ? [] : args[inclusiveIndex + 1]!.split(";").map((pair) => {
  const at = pair.indexOf("=")
  return { label: pair.slice(0, at), pattern: new RegExp(pair.slice(at + 1)) }
})

type CallFrame = ProfileNode["callFrame"]
const sourceMaps = new Map<string, { readonly map: SourceMap; readonly dir: string } | undefined>()
/** A bundled frame's source file (as a file URL), line and column, through the bundle's source map. */
const original = (frame: CallFrame): CallFrame => {
  if (!/^file:\/\/.*\.js$/.test(frame.url)) return frame
  if (!sourceMaps.has(frame.url)) {
    const path = fileURLToPath(frame.url)
    sourceMaps.set(frame.url, existsSync(`${path}.map`)
      ? { map: new SourceMap(JSON.parse(readFileSync(`${path}.map`, "utf8"))), dir: dirname(path) }
      : undefined)
  }
  const bundle = sourceMaps.get(frame.url)
  if (bundle === undefined || frame.lineNumber < 0) return frame
  const entry = bundle.map.findEntry(frame.lineNumber, frame.columnNumber) as Partial<{ originalSource: string; originalLine: number; originalColumn: number }>
  if (entry.originalSource === undefined) return frame
  return {
    functionName: frame.functionName,
    url: pathToFileURL(resolve(bundle.dir, entry.originalSource)).href,
    lineNumber: entry.originalLine ?? 0,
    columnNumber: entry.originalColumn ?? 0
  }
}

const raw = JSON.parse(readFileSync(file, "utf8")) as Profile
const profile: Profile = { ...raw, nodes: raw.nodes.map((node) => ({ ...node, callFrame: original(node.callFrame) })) }
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const parentOf = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)

/**
 * `--running-only`: a gap between two samples of over 4x the median interval (the thread was not
 * running: it waited for a core) is charged as one median interval, so that on a loaded machine
 * the self times are the thread's CPU rather than whatever it was doing when it was preempted.
 */
const runningOnly = args.includes("--running-only")
const medianDelta = [...profile.timeDeltas].sort((a, b) => a - b)[Math.floor(profile.timeDeltas.length / 2)] ?? 1000
const selfUs = new Map<number, number>()
let elapsed = 0
let notRunningUs = 0
for (let i = 0; i < profile.samples.length; i++) {
  const raw = profile.timeDeltas[i] ?? 0
  elapsed += raw
  const delta = runningOnly && raw > 4 * medianDelta ? medianDelta : raw
  if (elapsed / 1000 >= skipMs) notRunningUs += raw - delta
  if (elapsed / 1000 < skipMs) continue
  // A sample's delta is the time since the previous sample: charge it to this sample's node.
  selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + delta)
}

const shortUrl = (url: string) => url.replace(/^file:\/\//, "").replace(/^.*\/node_modules\//, "nm:").replace(/^.*\/work\/main\//, "")

const area = (url: string, functionName: string) => {
  if (url === "") return `(${functionName || "native"})`
  const nm = /\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (nm !== null) return nm[1]!
  if (url.startsWith("node:")) return "node:internal"
  const src = /\/work\/main\/(src\/[^/]+)/.exec(url)
  if (src !== null) return src[1]!
  return shortUrl(url)
}

const byFunction = new Map<string, number>()
const byArea = new Map<string, number>()
let total = 0
for (const [id, us] of selfUs) {
  const frame = byId.get(id)!.callFrame
  const key = `${frame.functionName || "(anonymous)"}  ${shortUrl(frame.url)}:${frame.lineNumber + 1}`
  byFunction.set(key, (byFunction.get(key) ?? 0) + us)
  const a = area(frame.url, frame.functionName)
  byArea.set(a, (byArea.get(a) ?? 0) + us)
  total += us
}
const idle = [...byFunction].filter(([key]) => key.startsWith("(idle)")).reduce((sum, [, us]) => sum + us, 0)
const busy = total - idle
const rows = (map: Map<string, number>) =>
  [...map].filter(([key]) => !key.startsWith("(idle)")).sort((a, b) => b[1] - a[1]).slice(0, top).map(([key, us]) => ({
    self_ms: Math.round(us / 1000),
    "% of busy": +((100 * us) / busy).toFixed(1),
    what: key
  }))

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled after ${skipMs} ms, busy ${(busy / 1e6).toFixed(1)} s` +
  (runningOnly ? ` (${(notRunningUs / 1e6).toFixed(1)} s of gaps between samples left out)` : ""))
console.table(rows(byArea))
console.table(rows(byFunction))

if (callers !== undefined) {
  const stacks = new Map<string, number>()
  for (const [id, us] of selfUs) {
    if (!callers.test(byId.get(id)!.callFrame.functionName)) continue
    const frames: Array<string> = []
    for (let at: number | undefined = id; at !== undefined && frames.length < 14; at = parentOf.get(at)) {
      const frame = byId.get(at)!.callFrame
      if (frame.functionName === "(root)") break
      frames.push(`${frame.functionName || "(anonymous)"} ${shortUrl(frame.url).replace(/^nm:/, "")}:${frame.lineNumber + 1}`)
    }
    const key = frames.join("\n    <- ")
    stacks.set(key, (stacks.get(key) ?? 0) + us)
  }
  for (const [stack, us] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`\n${Math.round(us / 1000)} ms:\n    ${stack}`)
  }
}

if (inclusive.length > 0) {
  const rowsOut = inclusive.map(({ label, pattern }) => {
    let us = 0
    for (const [id, self] of selfUs) {
      for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
        const frame = byId.get(at)!.callFrame
        if (pattern.test(`${frame.functionName} ${frame.url}`)) {
          us += self
          break
        }
      }
    }
    return { inclusive_ms: Math.round(us / 1000), "% of busy": +((100 * us) / busy).toFixed(1), what: label }
  })
  console.table(rowsOut)
}

if (args.includes("--by-src")) {
  const bySrc = new Map<string, number>()
  for (const [id, us] of selfUs) {
    let key: string | undefined
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)!.callFrame
      if (/\/work\/main\/src\//.test(frame.url)) {
        key = `${frame.functionName || "(anonymous)"}  ${shortUrl(frame.url)}:${frame.lineNumber + 1}`
        break
      }
    }
    const leaf = byId.get(id)!.callFrame
    if (leaf.functionName === "(idle)") continue
    key ??= `(no src frame) ${area(leaf.url, leaf.functionName)}`
    bySrc.set(key, (bySrc.get(key) ?? 0) + us)
  }
  console.table([...bySrc].sort((a, b) => b[1] - a[1]).slice(0, top).map(([what, us]) => ({
    self_ms: Math.round(us / 1000),
    "% of busy": +((100 * us) / busy).toFixed(1),
    what
  })))
}

/**
 * `--stalls MS`: every stretch of at least MS ms in which the thread never went idle, with how
 * much of it the thread was not running (gaps between samples over 4x the median interval: the
 * process waited for a core, the machine's share) and what the samples in it ran (innermost `src/`
 * frame, else the leaf's area). A stretch that is mostly gaps is the machine's; one full of samples
 * is the process's own work holding the event loop.
 */
const stallsIndex = args.indexOf("--stalls")
if (stallsIndex !== -1) {
  const minMs = Number(args[stallsIndex + 1])
  const deltas = [...profile.timeDeltas].sort((a, b) => a - b)
  const gapUs = 4 * (deltas[Math.floor(deltas.length / 2)] ?? 1000)
  const srcKey = (id: number) => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)!.callFrame
      if (/\/work\/main\/src\//.test(frame.url)) return `${frame.functionName || "(anonymous)"} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`
    }
    const leaf = byId.get(id)!.callFrame
    return area(leaf.url, leaf.functionName)
  }
  interface Stretch { startMs: number; us: number; gapUs: number; what: Map<string, number> }
  const stretches: Array<Stretch> = []
  let current: Stretch | undefined
  let at = 0
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0
    at += delta
    const id = profile.samples[i]!
    if (byId.get(id)!.callFrame.functionName === "(idle)") {
      if (current !== undefined && current.us / 1000 >= minMs) stretches.push(current)
      current = undefined
      continue
    }
    current ??= { startMs: at / 1000, us: 0, gapUs: 0, what: new Map() }
    current.us += delta
    if (delta > gapUs) current.gapUs += delta
    const key = srcKey(id)
    current.what.set(key, (current.what.get(key) ?? 0) + delta)
  }
  if (current !== undefined && current.us / 1000 >= minMs) stretches.push(current)
  console.log(`\nstretches without idle of at least ${minMs} ms: ${stretches.length} (gap = more than ${Math.round(gapUs / 1000)} ms between two samples)`)
  console.table(stretches.filter((s) => s.startMs >= skipMs).sort((a, b) => b.us - a.us).slice(0, top).map((s) => ({
    at_s: +(s.startMs / 1000).toFixed(2),
    ms: Math.round(s.us / 1000),
    "not running ms": Math.round(s.gapUs / 1000),
    what: [...s.what].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([key, us]) => `${key} ${Math.round(us / 1000)}`).join("; ")
  })))
}
