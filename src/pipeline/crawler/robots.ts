/**
 * robots.txt (RFC 9309), pure. The groups naming our product token apply, merged; without one,
 * the `*` groups; without either, everything is allowed. The longest matching pattern decides,
 * and `Allow` wins a tie. Patterns are matched with a linear wildcard matcher, never a regex:
 * the file is written by the site, and `/*a*a*a*a*b` must not cost us exponential time.
 */
import { CRAWLER_TOKEN } from "./user-agent.ts"

export interface RobotsRule {
  readonly allow: boolean
  /** Normalized pattern: `*` any run of characters, a final `$` anchors the end. */
  readonly pattern: string
}

export interface Robots {
  /** The rules of the groups that apply to us. */
  readonly rules: ReadonlyArray<RobotsRule>
  /** Seconds, as the applicable group says; undefined when it says nothing. */
  readonly crawlDelaySeconds: number | undefined
  /** Absolute http(s) URLs of `Sitemap:` lines (they belong to no group). */
  readonly sitemaps: ReadonlyArray<string>
}

export const ALLOW_ALL: Robots = { rules: [], crawlDelaySeconds: undefined, sitemaps: [] }

/** What an unreachable robots.txt (5xx, network error) means under RFC 9309 §2.3.1.4. */
export const DISALLOW_ALL: Robots = { rules: [{ allow: false, pattern: "/" }], crawlDelaySeconds: undefined, sitemaps: [] }

// RFC 9309 asks parsers to read at least 500 KiB; beyond that, and beyond these counts, we stop.
const MAX_CHARS = 512 * 1024
const MAX_RULES = 5_000
const MAX_SITEMAPS = 50
const MAX_PATTERN = 2_048

interface Group {
  readonly agents: Array<string>
  readonly rules: Array<RobotsRule>
  crawlDelay: number | undefined
}

const UNRESERVED = /[A-Za-z0-9\-._~]/

/**
 * The comparison form of a path or pattern (RFC 9309 §2.2.2): characters a URL would carry
 * percent-encoded are encoded (UTF-8), escapes of unreserved characters are decoded, and the
 * remaining escapes are upper-cased, so `/caf%c3%a9`, `/café` and `/caf%C3%A9` compare equal.
 */
export const normalizeRobotsPath = (text: string): string => {
  let out = ""
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code > 0x7e || code <= 0x20 || `"<>\`{}`.includes(char)) {
      out += encodeURIComponent(char).replace(/%[0-9a-f]{2}/gi, (e) => e.toUpperCase())
    } else {
      out += char
    }
  }
  return out.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
    const decoded = String.fromCharCode(parseInt(hex, 16))
    return UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`
  })
}

/** The product token of a `User-agent:` value: `SightlineBot/1.0` → `sightlinebot`. */
const agentToken = (value: string): string => value === "*" ? "*" : (/^[A-Za-z_-]+/.exec(value)?.[0] ?? "").toLowerCase()

export const parseRobots = (input: string, token: string = CRAWLER_TOKEN): Robots => {
  const text = input.length > MAX_CHARS ? input.slice(0, MAX_CHARS) : input
  const groups: Array<Group> = []
  const sitemaps: Array<string> = []
  let current: Group | undefined
  let ruleCount = 0

  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const hash = rawLine.indexOf("#")
    const line = (hash >= 0 ? rawLine.slice(0, hash) : rawLine).trim()
    const colon = line.indexOf(":")
    if (colon <= 0) continue
    const key = line.slice(0, colon).trim().toLowerCase().replace(/[\s_]+/g, "-")
    const value = line.slice(colon + 1).trim()
    switch (key) {
      case "user-agent":
      case "useragent": {
        // Consecutive user-agent lines share one group; one after a rule starts the next.
        if (current === undefined || current.rules.length > 0 || current.crawlDelay !== undefined) {
          current = { agents: [], rules: [], crawlDelay: undefined }
          groups.push(current)
        }
        current.agents.push(agentToken(value))
        break
      }
      case "allow":
      case "disallow": {
        // An empty value matches nothing; rules before any user-agent line belong to no group.
        if (current === undefined || value === "" || ruleCount >= MAX_RULES) break
        const pattern = normalizeRobotsPath(value.slice(0, MAX_PATTERN))
        current.rules.push({ allow: key === "allow", pattern: pattern.startsWith("/") || pattern.startsWith("*") ? pattern : `/${pattern}` })
        ruleCount++
        break
      }
      case "crawl-delay": {
        const seconds = Number(value)
        if (current !== undefined && Number.isFinite(seconds) && seconds >= 0) current.crawlDelay = seconds
        break
      }
      case "sitemap": {
        if (sitemaps.length >= MAX_SITEMAPS) break
        try {
          const url = new URL(value)
          if (url.protocol === "http:" || url.protocol === "https:") sitemaps.push(url.href)
        } catch {
          // Not an absolute URL: ignored, as the sitemaps protocol requires absolute ones.
        }
        break
      }
    }
  }

  const ours = token.toLowerCase()
  let applicable = groups.filter((group) => group.agents.includes(ours))
  if (applicable.length === 0) applicable = groups.filter((group) => group.agents.includes("*"))
  const delays = applicable.map((group) => group.crawlDelay).filter((d): d is number => d !== undefined)
  return {
    rules: applicable.flatMap((group) => group.rules),
    crawlDelaySeconds: delays.length === 0 ? undefined : Math.max(...delays),
    sitemaps
  }
}

/**
 * Whether `pattern` matches the start of `path` (or all of it, with a final `$`). Greedy
 * two-pointer wildcard matching: at most O(path × pattern) steps whatever the pattern.
 */
export const patternMatches = (pattern: string, path: string): boolean => {
  const anchored = pattern.endsWith("$")
  const p = anchored ? pattern.slice(0, -1) : `${pattern}*`
  let i = 0
  let j = 0
  let star = -1
  let mark = 0
  while (i < path.length) {
    if (j < p.length && p[j] !== "*" && p[j] === path[i]) {
      i++
      j++
    } else if (j < p.length && p[j] === "*") {
      star = j++
      mark = i
    } else if (star >= 0) {
      j = star + 1
      i = ++mark
    } else {
      return false
    }
  }
  while (j < p.length && p[j] === "*") j++
  return j === p.length
}

/** `pathAndQuery` as a URL carries it (`/shop?page=2`). `/robots.txt` itself is always allowed. */
export const isPathAllowed = (robots: Robots, pathAndQuery: string): boolean => {
  const path = normalizeRobotsPath(pathAndQuery === "" ? "/" : pathAndQuery)
  if (path === "/robots.txt") return true
  let best: RobotsRule | undefined
  for (const rule of robots.rules) {
    if (!patternMatches(rule.pattern, path)) continue
    if (
      best === undefined || rule.pattern.length > best.pattern.length ||
      (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)
    ) best = rule
  }
  return best === undefined || best.allow
}

export const isUrlAllowed = (robots: Robots, url: URL): boolean => isPathAllowed(robots, `${url.pathname}${url.search}`)
