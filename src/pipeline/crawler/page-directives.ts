/**
 * What a page says about its own use: `<meta name="robots">` (or `<meta name="sightlinebot">`)
 * and the `X-Robots-Tag` header. `noindex` (or `none`): its content is not used; `nofollow`
 * (or `none`): its links are not followed. A header entry prefixed with a user agent
 * (`otherbot: noindex`) applies to that crawler only.
 */
import { tokenize } from "./html-tokens.ts"
import { CRAWLER_TOKEN } from "./user-agent.ts"

export interface PageDirectives {
  readonly noindex: boolean
  readonly nofollow: boolean
}

const OUR_AGENT = CRAWLER_TOKEN.toLowerCase()

/** Directive names a header value may start with, so `noindex: ...` is not read as an agent prefix. */
const DIRECTIVE_NAMES = new Set([
  "all", "none", "noindex", "nofollow", "noarchive", "nosnippet", "notranslate", "noimageindex", "unavailable_after",
  "max-snippet", "max-image-preview", "max-video-preview", "indexifembedded", "index", "follow", "noodp", "noydir"
])

const fold = (into: { noindex: boolean; nofollow: boolean }, directives: string) => {
  for (const raw of directives.split(",")) {
    const directive = raw.trim().toLowerCase()
    if (directive === "none") {
      into.noindex = true
      into.nofollow = true
    }
    if (directive === "noindex") into.noindex = true
    if (directive === "nofollow") into.nofollow = true
  }
}

/** Folds one `X-Robots-Tag` value (entries may be joined with commas by the HTTP client). */
const foldHeader = (into: { noindex: boolean; nofollow: boolean }, header: string) => {
  // "otherbot: noindex, nofollow" applies to otherbot; a comma-joined second header value may
  // start another agent's part, so the agent in force is carried from entry to entry.
  let agent: string | undefined
  for (const raw of header.split(",")) {
    let entry = raw.trim()
    const colon = entry.indexOf(":")
    if (colon > 0) {
      const head = entry.slice(0, colon).trim().toLowerCase()
      if (!DIRECTIVE_NAMES.has(head)) {
        agent = head
        entry = entry.slice(colon + 1)
      }
    }
    if (agent === undefined || agent === OUR_AGENT) fold(into, entry)
  }
}

/** Tokens scanned for the meta tag: it belongs in the head, which comes first. */
const MAX_TOKENS = 20_000

export const pageDirectives = (html: string, robotsHeader: string): PageDirectives => {
  const found = { noindex: false, nofollow: false }
  if (robotsHeader !== "") foldHeader(found, robotsHeader)
  let tokens = 0
  for (const token of tokenize(html)) {
    if (++tokens > MAX_TOKENS) break
    if (token.type === "start" && token.name === "body") break
    if (token.type !== "start" || token.name !== "meta") continue
    const name = (token.attrs.get("name") ?? "").trim().toLowerCase()
    if (name === "robots" || name === OUR_AGENT) fold(found, token.attrs.get("content") ?? "")
  }
  return found
}
