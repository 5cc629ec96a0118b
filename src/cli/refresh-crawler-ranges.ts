/**
 * Downloads each vendor's published crawler address list and rewrites its data file under
 * `src/domain/crawler-ip-ranges/` (docs/ai-crawlers.md §2.1, which recommends a daily
 * refresh). The service reads the files when it starts, so restart it afterwards.
 *
 *   npm run refresh-crawler-ranges                   every list
 *   npm run refresh-crawler-ranges -- openai-gptbot  only the named lists
 *
 * A list that fails to download or to parse keeps its old file, and the command names it on
 * stderr and exits 1 once every other list has been tried. A file is replaced by a rename, so
 * a reader never sees half of one.
 */
import { Either } from "effect"
import { rename, writeFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"
import { parsePublishedRanges, RANGE_FILES, rangeFileText } from "../domain/ip-ranges.ts"

const DIRECTORY = fileURLToPath(new URL("../domain/crawler-ip-ranges/", import.meta.url))
const TIMEOUT_MS = 20_000
const MAX_BYTES = 5 * 1024 * 1024

const describe = (error: unknown): string => {
  if (error instanceof Error) {
    if (error.name === "TimeoutError") return `no answer within ${TIMEOUT_MS / 1000} s`
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ""
    return `${error.message}${cause}`
  }
  return String(error)
}

const download = async (url: string): Promise<string> => {
  const response = await fetch(url, {
    headers: { accept: "application/json", "user-agent": "sightline-refresh-crawler-ranges" },
    redirect: "follow",
    signal: AbortSignal.timeout(TIMEOUT_MS)
  })
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim())
  const text = await response.text()
  if (text.length > MAX_BYTES) throw new Error(`the list is over ${MAX_BYTES} bytes`)
  return text
}

const refresh = async (name: string): Promise<string> => {
  const previous = RANGE_FILES[name]!
  let text: string
  try {
    text = await download(previous.source)
  } catch (error) {
    throw new Error(`download of ${previous.source} failed: ${describe(error)}`)
  }
  const parsed = parsePublishedRanges(text)
  if (Either.isLeft(parsed)) throw new Error(`${previous.source} is not a usable list: ${parsed.left}`)
  const path = `${DIRECTORY}${name}.json`
  const temporary = `${path}.${process.pid}.tmp`
  await writeFile(temporary, rangeFileText(previous, parsed.right, new Date()))
  await rename(temporary, path)
  return `${parsed.right.prefixes.length} prefixes` +
    (parsed.right.creationTime === null ? "" : ` (created ${parsed.right.creationTime})`)
}

const main = async (): Promise<number> => {
  const requested = process.argv.slice(2).filter((arg) => arg !== "--")
  if (requested.includes("--help") || requested.includes("-h")) {
    process.stdout.write(`usage: npm run refresh-crawler-ranges [-- <list> ...]\n\nlists: ${Object.keys(RANGE_FILES).join(", ")}\n`)
    return 0
  }
  const unknown = requested.filter((name) => !(name in RANGE_FILES))
  if (unknown.length > 0) {
    process.stderr.write(`refresh-crawler-ranges: unknown list ${unknown.join(", ")}; known: ${Object.keys(RANGE_FILES).join(", ")}\n`)
    return 1
  }
  const names = requested.length > 0 ? requested : Object.keys(RANGE_FILES)
  let failed = 0
  for (const name of names) {
    try {
      process.stdout.write(`${name}: ${await refresh(name)}\n`)
    } catch (error) {
      failed++
      process.stderr.write(`refresh-crawler-ranges: ${name}: ${describe(error)}; its file was left as it was\n`)
    }
  }
  if (failed > 0) process.stderr.write(`refresh-crawler-ranges: ${failed} of ${names.length} lists failed\n`)
  return failed > 0 ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`refresh-crawler-ranges: ${describe(error)}\n`)
    process.exit(1)
  }
)
