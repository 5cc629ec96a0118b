/**
 * Whether a crawler's address lies in the ranges its vendor publishes (docs/ai-crawlers.md §2), so a
 * visit can be marked `verified`. Pure: the lists are data files beside this module
 * (`crawler-ip-ranges/*.json`, one per published URL), refreshed by
 * `npm run refresh-crawler-ranges` and read when the service starts.
 *
 * Rules (§2.3):
 * - one list per token where the vendor publishes one per token: GPTBot is checked against
 *   `gptbot.json` only, never against ChatGPT-User's list;
 * - an address outside the list, or a vendor that publishes nothing (Meta, xAI, DeepSeek,
 *   Mistral's training crawler), gives `false`: "not verified", which is not "spoofed";
 * - signed agents (ChatGPT agent, Google-Agent's Web Bot Auth) are verified by signature, not
 *   address; only the address check is done here.
 */
import { Either } from "effect"
import anthropicBots from "./crawler-ip-ranges/anthropic-bots.json" with { type: "json" }
import bingBingbot from "./crawler-ip-ranges/bing-bingbot.json" with { type: "json" }
import googleCommonCrawlers from "./crawler-ip-ranges/google-common-crawlers.json" with { type: "json" }
import googleUserTriggeredAgents from "./crawler-ip-ranges/google-user-triggered-agents.json" with { type: "json" }
import googleUserTriggeredFetchersGoogle from "./crawler-ip-ranges/google-user-triggered-fetchers-google.json" with { type: "json" }
import googleUserTriggeredFetchers from "./crawler-ip-ranges/google-user-triggered-fetchers.json" with { type: "json" }
import mistralIndex from "./crawler-ip-ranges/mistral-index.json" with { type: "json" }
import mistralUser from "./crawler-ip-ranges/mistral-user.json" with { type: "json" }
import openaiChatgptUser from "./crawler-ip-ranges/openai-chatgpt-user.json" with { type: "json" }
import openaiGptbot from "./crawler-ip-ranges/openai-gptbot.json" with { type: "json" }
import openaiSearchbot from "./crawler-ip-ranges/openai-searchbot.json" with { type: "json" }
import perplexityBot from "./crawler-ip-ranges/perplexity-bot.json" with { type: "json" }
import perplexityUser from "./crawler-ip-ranges/perplexity-user.json" with { type: "json" }

/** One data file: the ranges published at one URL. */
export interface RangeFile {
  readonly source: string
  /** The user-agent tokens the vendor says this list covers. */
  readonly covers: ReadonlyArray<string>
  /** When `refresh-crawler-ranges` last downloaded it; null: never (seeded from the research). */
  readonly fetchedAt: string | null
  /** The vendor's own `creationTime`, when it gives one. */
  readonly creationTime: string | null
  readonly note?: string | undefined
  /** CIDRs, IPv4 and IPv6 mixed (`132.196.86.0/24`, `2001:4860:4801:10::/64`). */
  readonly prefixes: ReadonlyArray<string>
}

/** The data files by name (the file is `crawler-ip-ranges/<name>.json`). */
export const RANGE_FILES: Readonly<Record<string, RangeFile>> = {
  "openai-gptbot": openaiGptbot,
  "openai-searchbot": openaiSearchbot,
  "openai-chatgpt-user": openaiChatgptUser,
  "anthropic-bots": anthropicBots,
  "google-common-crawlers": googleCommonCrawlers,
  "google-user-triggered-fetchers": googleUserTriggeredFetchers,
  "google-user-triggered-fetchers-google": googleUserTriggeredFetchersGoogle,
  "google-user-triggered-agents": googleUserTriggeredAgents,
  "perplexity-bot": perplexityBot,
  "perplexity-user": perplexityUser,
  "bing-bingbot": bingBingbot,
  "mistral-user": mistralUser,
  "mistral-index": mistralIndex
}

/**
 * A detection's `vendor` key → the files its address is checked against. Keys not listed
 * here (`meta`, `xai`, `deepseek`, `mistral-training`, `anthropic-legacy`, `google-unlisted`)
 * have no published list: never verified.
 */
export const VENDOR_LISTS: Readonly<Record<string, ReadonlyArray<string>>> = {
  "openai-gptbot": ["openai-gptbot"],
  "openai-searchbot": ["openai-searchbot"],
  "openai-chatgpt-user": ["openai-chatgpt-user"],
  "anthropic": ["anthropic-bots"],
  "google-common-crawlers": ["google-common-crawlers"],
  "google-user-triggered-fetchers": ["google-user-triggered-fetchers", "google-user-triggered-fetchers-google"],
  "google-user-triggered-agents": ["google-user-triggered-agents"],
  "perplexity-bot": ["perplexity-bot"],
  "perplexity-user": ["perplexity-user"],
  "bing-bingbot": ["bing-bingbot"],
  "mistral-user": ["mistral-user"],
  "mistral-index": ["mistral-index"]
}

// ---------------------------------------------------------------------------------------------
// Addresses and CIDRs

export interface IpAddress {
  readonly version: 4 | 6
  readonly value: bigint
}

export interface Cidr extends IpAddress {
  readonly bits: number
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

const parseIPv4Value = (text: string): bigint | undefined => {
  const match = IPV4.exec(text)
  if (match === null) return undefined
  let value = 0n
  for (const part of match.slice(1)) {
    const octet = Number(part)
    if (octet > 255) return undefined
    value = (value << 8n) | BigInt(octet)
  }
  return value
}

const HEXTET = /^[0-9a-f]{1,4}$/i

/** The 16-bit words of one side of `::`; a dotted IPv4 tail (`::ffff:192.0.2.1`) gives two. */
const wordsOf = (part: string, allowIPv4Tail: boolean): Array<bigint> | undefined => {
  if (part === "") return []
  const groups = part.split(":")
  const words: Array<bigint> = []
  for (const [index, group] of groups.entries()) {
    if (allowIPv4Tail && index === groups.length - 1 && group.includes(".")) {
      const v4 = parseIPv4Value(group)
      if (v4 === undefined) return undefined
      words.push(v4 >> 16n, v4 & 0xffffn)
    } else if (HEXTET.test(group)) {
      words.push(BigInt(parseInt(group, 16)))
    } else {
      return undefined
    }
  }
  return words
}

const parseIPv6Value = (text: string): bigint | undefined => {
  if (text.length > 45) return undefined
  const halves = text.split("::")
  if (halves.length > 2) return undefined
  let words: Array<bigint>
  if (halves.length === 1) {
    const all = wordsOf(text, true)
    if (all === undefined || all.length !== 8) return undefined
    words = all
  } else {
    const head = wordsOf(halves[0]!, false)
    const tail = wordsOf(halves[1]!, true)
    if (head === undefined || tail === undefined) return undefined
    const missing = 8 - head.length - tail.length
    if (missing < 1) return undefined
    words = [...head, ...Array<bigint>(missing).fill(0n), ...tail]
  }
  return words.reduce((acc, word) => (acc << 16n) | word, 0n)
}

const V4_MAPPED_PREFIX = 0xffffn << 32n

/**
 * Parses an IPv4 or IPv6 address. A zone (`fe80::1%eth0`) is dropped; an IPv4-mapped IPv6
 * address (`::ffff:192.0.2.1`, what a dual-stack socket reports) reads as its IPv4 address.
 */
export const parseIp = (text: string): IpAddress | undefined => {
  const trimmed = text.trim()
  const v4 = parseIPv4Value(trimmed)
  if (v4 !== undefined) return { version: 4, value: v4 }
  if (!trimmed.includes(":")) return undefined
  const v6 = parseIPv6Value(trimmed.replace(/%[0-9a-z._-]+$/i, ""))
  if (v6 === undefined) return undefined
  if (v6 >> 32n === 0xffffn) return { version: 4, value: v6 - V4_MAPPED_PREFIX }
  return { version: 6, value: v6 }
}

export const isIpAddress = (text: string): boolean => parseIp(text) !== undefined

/**
 * The address as it is recorded: an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a
 * dual-stack socket reports) as its IPv4 form, anything else trimmed and lower-cased.
 */
export const canonicalAddress = (text: string): string => {
  const trimmed = text.trim().toLowerCase()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed)
  return mapped !== null && parseIPv4Value(mapped[1]!) !== undefined ? mapped[1]! : trimmed
}

const widthOf = (version: 4 | 6) => (version === 4 ? 32 : 128)

/** Parses `address/bits`; host bits set below the prefix are cleared (`10.0.0.1/8` is `10.0.0.0/8`). */
export const parseCidr = (text: string): Cidr | undefined => {
  const [address, bitsText, extra] = text.trim().split("/")
  if (address === undefined || bitsText === undefined || extra !== undefined || !/^\d{1,3}$/.test(bitsText)) return undefined
  const ip = parseIp(address)
  // A mapped IPv6 prefix would be ambiguous about its width: ranges are written plainly.
  if (ip === undefined || (ip.version === 4) !== !address.includes(":")) return undefined
  const bits = Number(bitsText)
  const width = widthOf(ip.version)
  if (bits > width) return undefined
  const hostBits = BigInt(width - bits)
  return { version: ip.version, bits, value: (ip.value >> hostBits) << hostBits }
}

export const cidrContains = (cidr: Cidr, ip: IpAddress): boolean => {
  if (cidr.version !== ip.version) return false
  const hostBits = BigInt(widthOf(ip.version) - cidr.bits)
  return (ip.value >> hostBits) === (cidr.value >> hostBits)
}

/** Whether the address lies in any of the CIDRs (malformed entries never match). */
export const inRanges = (ip: string, prefixes: ReadonlyArray<string>): boolean => {
  const address = parseIp(ip)
  if (address === undefined) return false
  return prefixes.some((prefix) => {
    const cidr = parseCidr(prefix)
    return cidr !== undefined && cidrContains(cidr, address)
  })
}

// Parsed once: a check runs per recorded visit.
const compiled = new Map<string, ReadonlyArray<Cidr>>(
  Object.entries(VENDOR_LISTS).map(([vendor, files]) => [
    vendor,
    files.flatMap((file) => (RANGE_FILES[file]?.prefixes ?? []).flatMap((prefix) => parseCidr(prefix) ?? []))
  ])
)

/**
 * Whether `ip` lies in the published ranges of `vendor` (a detection's `vendor` key,
 * `openai-gptbot`). False for an unparsable address, an unknown key, or a vendor without a list.
 */
export const isVerified = (ip: string | null | undefined, vendor: string): boolean => {
  if (ip === null || ip === undefined) return false
  const ranges = compiled.get(vendor)
  if (ranges === undefined || ranges.length === 0) return false
  const address = parseIp(ip)
  return address !== undefined && ranges.some((cidr) => cidrContains(cidr, address))
}

// ---------------------------------------------------------------------------------------------
// The vendors' published documents

export interface PublishedRanges {
  readonly creationTime: string | null
  readonly prefixes: ReadonlyArray<string>
}

/**
 * Reads a vendor's published list. Every documented list (OpenAI, Google, Bing, Anthropic,
 * Perplexity; §2.1) uses Google's envelope:
 * `{"creationTime": "...", "prefixes": [{"ipv4Prefix": "a.b.c.d/n"} | {"ipv6Prefix": "…/n"}]}`.
 * Anything else, a malformed CIDR, or an empty list is refused, so a bad download never
 * replaces a good file (an empty list would make every visit of that crawler unverifiable).
 */
export const parsePublishedRanges = (text: string): Either.Either<PublishedRanges, string> => {
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch {
    return Either.left("not JSON")
  }
  if (typeof document !== "object" || document === null || !Array.isArray((document as { prefixes?: unknown }).prefixes)) {
    return Either.left(`unrecognized shape: expected {"creationTime": "...", "prefixes": [{"ipv4Prefix" | "ipv6Prefix": "<cidr>"}]}`)
  }
  const { creationTime, prefixes } = document as { creationTime?: unknown; prefixes: ReadonlyArray<unknown> }
  const out: Array<string> = []
  for (const [index, entry] of prefixes.entries()) {
    const { ipv4Prefix, ipv6Prefix } = (typeof entry === "object" && entry !== null ? entry : {}) as {
      ipv4Prefix?: unknown
      ipv6Prefix?: unknown
    }
    const value = typeof ipv4Prefix === "string" ? ipv4Prefix : typeof ipv6Prefix === "string" ? ipv6Prefix : undefined
    if (value === undefined) return Either.left(`prefixes[${index}]: expected an ipv4Prefix or ipv6Prefix string`)
    const cidr = parseCidr(value)
    if (cidr === undefined || (cidr.version === 4) !== (typeof ipv4Prefix === "string")) {
      return Either.left(`prefixes[${index}]: "${value.slice(0, 60)}" is not a valid ${typeof ipv4Prefix === "string" ? "IPv4" : "IPv6"} CIDR`)
    }
    out.push(value.trim())
  }
  if (out.length === 0) return Either.left("the list holds no prefixes")
  return Either.right({ creationTime: typeof creationTime === "string" ? creationTime : null, prefixes: out })
}

/** The data file's new text after a download: the vendor's prefixes, stamped with when. */
export const rangeFileText = (previous: RangeFile, published: PublishedRanges, fetchedAt: Date): string =>
  `${
    JSON.stringify(
      {
        source: previous.source,
        covers: previous.covers,
        fetchedAt: fetchedAt.toISOString(),
        creationTime: published.creationTime,
        prefixes: published.prefixes
      } satisfies RangeFile,
      null,
      2
    )
  }\n`
