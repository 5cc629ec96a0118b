import { Either } from "effect"
import { describe, expect, it } from "vitest"
import {
  canonicalAddress,
  cidrContains,
  inRanges,
  isVerified,
  parseCidr,
  parseIp,
  parsePublishedRanges,
  RANGE_FILES,
  rangeFileText,
  VENDOR_LISTS
} from "../../src/domain/ip-ranges.ts"

describe("parseIp", () => {
  it("reads IPv4", () => {
    expect(parseIp("132.196.86.1")).toEqual({ version: 4, value: (132n << 24n) | (196n << 16n) | (86n << 8n) | 1n })
    expect(parseIp(" 0.0.0.0 ")).toEqual({ version: 4, value: 0n })
    expect(parseIp("255.255.255.255")).toEqual({ version: 4, value: 0xffffffffn })
  })

  it("reads IPv6 in its every form", () => {
    expect(parseIp("::")).toEqual({ version: 6, value: 0n })
    expect(parseIp("::1")).toEqual({ version: 6, value: 1n })
    expect(parseIp("2001:db8::")).toEqual({ version: 6, value: 0x20010db8n << 96n })
    expect(parseIp("2001:0DB8:0000:0000:0000:0000:0000:0001")).toEqual(parseIp("2001:db8::1"))
    expect(parseIp("2001:4860:4801:10::1")?.value).toBe(0x2001_4860_4801_0010_0000_0000_0000_0001n)
    expect(parseIp("fe80::1%eth0")).toEqual(parseIp("fe80::1"))
    expect(parseIp("64:ff9b::192.0.2.1")?.value).toBe((0x64ff9bn << 96n) | 0xc0000201n)
  })

  it("reads an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(parseIp("::ffff:132.196.86.1")).toEqual(parseIp("132.196.86.1"))
    expect(parseIp("::ffff:84c4:5601")).toEqual(parseIp("132.196.86.1"))
  })

  it("refuses what is not an address", () => {
    for (
      const bad of [
        "",
        "abc",
        "256.1.1.1",
        "1.2.3",
        "1.2.3.4.5",
        "1.2.3.-4",
        "::1::2",
        "1:2:3:4:5:6:7:8:9",
        "1:2:3:4:5:6:7",
        "12345::",
        "g::1",
        ":1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:8::",
        "::ffff:300.1.1.1",
        "132.196.86.0/24"
      ]
    ) {
      expect(parseIp(bad), bad).toBeUndefined()
    }
  })

  it("canonicalizes recorded addresses", () => {
    expect(canonicalAddress("::ffff:127.0.0.1")).toBe("127.0.0.1")
    expect(canonicalAddress(" 2001:DB8::1 ")).toBe("2001:db8::1")
    expect(canonicalAddress("10.0.0.1")).toBe("10.0.0.1")
  })
})

describe("CIDRs", () => {
  it("matches IPv4 prefixes at their edges", () => {
    const cidr = parseCidr("172.182.202.0/25")!
    expect(cidrContains(cidr, parseIp("172.182.202.0")!)).toBe(true)
    expect(cidrContains(cidr, parseIp("172.182.202.127")!)).toBe(true)
    expect(cidrContains(cidr, parseIp("172.182.202.128")!)).toBe(false)
    expect(cidrContains(cidr, parseIp("172.182.201.255")!)).toBe(false)
    expect(inRanges("10.9.8.7", ["0.0.0.0/0"])).toBe(true)
    expect(inRanges("10.9.8.7", ["10.9.8.7/32"])).toBe(true)
    expect(inRanges("10.9.8.6", ["10.9.8.7/32"])).toBe(false)
  })

  it("matches IPv6 prefixes, and never an address of the other family", () => {
    expect(inRanges("2001:4860:4801:10::1", ["2001:4860:4801:10::/64"])).toBe(true)
    expect(inRanges("2001:4860:4801:10:ffff:ffff:ffff:ffff", ["2001:4860:4801:10::/64"])).toBe(true)
    expect(inRanges("2001:4860:4801:11::", ["2001:4860:4801:10::/64"])).toBe(false)
    expect(inRanges("::", ["0.0.0.0/0"])).toBe(false)
    expect(inRanges("1.2.3.4", ["::/0"])).toBe(false)
  })

  it("clears host bits and refuses malformed prefixes", () => {
    expect(parseCidr("10.1.2.3/8")).toEqual({ version: 4, bits: 8, value: 10n << 24n })
    for (const bad of ["10.0.0.0", "10.0.0.0/33", "::/129", "10.0.0.0/x", "10.0.0.0/8/8", "::ffff:10.0.0.0/104", "x/8"]) {
      expect(parseCidr(bad), bad).toBeUndefined()
    }
    expect(inRanges("10.0.0.1", ["garbage", "10.0.0.0/8"])).toBe(true)
    expect(inRanges("not an ip", ["0.0.0.0/0"])).toBe(false)
  })
})

describe("isVerified", () => {
  it("checks a token against its own list only (docs/ai-crawlers.md §2.3)", () => {
    // Quoted from OpenAI's gptbot.json (§2.2).
    expect(isVerified("132.196.86.77", "openai-gptbot")).toBe(true)
    expect(isVerified("::ffff:132.196.86.77", "openai-gptbot")).toBe(true)
    expect(isVerified("172.182.202.127", "openai-gptbot")).toBe(true)
    expect(isVerified("172.182.202.128", "openai-gptbot")).toBe(false)
    expect(isVerified("132.196.86.77", "openai-chatgpt-user")).toBe(false)
    expect(isVerified("132.196.86.77", "openai-searchbot")).toBe(false)
    // Quoted from Google's googlebot.json (§2.2), now common-crawlers.json.
    expect(isVerified("2001:4860:4801:10::abcd", "google-common-crawlers")).toBe(true)
    expect(isVerified("2001:4860:4801:11::abcd", "google-common-crawlers")).toBe(false)
  })

  it("never verifies a vendor without a list, an unknown key or a missing address", () => {
    for (const vendor of ["meta", "xai", "deepseek", "mistral-training", "anthropic-legacy", "nobody"]) {
      expect(isVerified("132.196.86.77", vendor)).toBe(false)
    }
    expect(isVerified(null, "openai-gptbot")).toBe(false)
    expect(isVerified(undefined, "openai-gptbot")).toBe(false)
    expect(isVerified("", "openai-gptbot")).toBe(false)
  })

  it("has a well-formed data file behind every list", () => {
    for (const [vendor, files] of Object.entries(VENDOR_LISTS)) {
      expect(files.length, vendor).toBeGreaterThan(0)
      for (const name of files) expect(RANGE_FILES[name], `${vendor} → ${name}`).toBeDefined()
    }
    for (const [name, file] of Object.entries(RANGE_FILES)) {
      expect(file.source, name).toMatch(/^https:\/\/[a-z0-9.-]+\/\S+\.json$/)
      expect(file.covers.length, name).toBeGreaterThan(0)
      expect(file.fetchedAt === null || !Number.isNaN(Date.parse(file.fetchedAt)), name).toBe(true)
      for (const prefix of file.prefixes) expect(parseCidr(prefix), `${name}: ${prefix}`).toBeDefined()
    }
  })
})

describe("parsePublishedRanges (the vendors' documented shape)", () => {
  it("reads OpenAI's envelope (docs/ai-crawlers.md §2.2)", () => {
    const sample = `{
      "creationTime": "2025-10-30T11:00:00.000000",
      "prefixes": [ { "ipv4Prefix": "132.196.86.0/24" }, { "ipv4Prefix": "172.182.202.0/25" } ]
    }`
    expect(parsePublishedRanges(sample)).toEqual(Either.right({
      creationTime: "2025-10-30T11:00:00.000000",
      prefixes: ["132.196.86.0/24", "172.182.202.0/25"]
    }))
  })

  it("reads Google's envelope with IPv4 and IPv6 mixed", () => {
    const sample = JSON.stringify({
      creationTime: "2026-09-01T00:00:00.000000",
      prefixes: [{ ipv6Prefix: "2001:4860:4801:10::/64" }, { ipv4Prefix: "66.249.64.0/27" }]
    })
    expect(parsePublishedRanges(sample)).toEqual(Either.right({
      creationTime: "2026-09-01T00:00:00.000000",
      prefixes: ["2001:4860:4801:10::/64", "66.249.64.0/27"]
    }))
    // Bing's list has no creationTime field in some copies: null, not a failure.
    expect(parsePublishedRanges(`{"prefixes":[{"ipv4Prefix":"157.55.39.0/24"}]}`)).toEqual(
      Either.right({ creationTime: null, prefixes: ["157.55.39.0/24"] })
    )
  })

  it("refuses anything that would replace a good file with a bad one", () => {
    const cases: ReadonlyArray<[string, RegExp]> = [
      ["<html>Access denied</html>", /not JSON/],
      ["[]", /unrecognized shape/],
      [`{"ranges": []}`, /unrecognized shape/],
      [`{"prefixes": []}`, /no prefixes/],
      [`{"prefixes": [{"cidr": "1.2.3.0/24"}]}`, /prefixes\[0\]: expected an ipv4Prefix or ipv6Prefix/],
      [`{"prefixes": [{"ipv4Prefix": "1.2.3.0/24"}, {"ipv4Prefix": "1.2.3.0/40"}]}`, /prefixes\[1\]: "1.2.3.0\/40" is not a valid IPv4 CIDR/],
      [`{"prefixes": [{"ipv4Prefix": "2001:db8::/32"}]}`, /not a valid IPv4 CIDR/],
      [`{"prefixes": [{"ipv6Prefix": "10.0.0.0/8"}]}`, /not a valid IPv6 CIDR/]
    ]
    for (const [text, message] of cases) {
      const parsed = parsePublishedRanges(text)
      expect(Either.isLeft(parsed), text).toBe(true)
      if (Either.isLeft(parsed)) expect(parsed.left).toMatch(message)
    }
  })

  it("writes the data file the service reads back", () => {
    const previous = RANGE_FILES["openai-gptbot"]!
    const text = rangeFileText(previous, { creationTime: "2026-01-01T00:00:00", prefixes: ["10.0.0.0/8"] }, new Date("2026-11-01T00:00:00Z"))
    expect(JSON.parse(text)).toEqual({
      source: "https://openai.com/gptbot.json",
      covers: ["GPTBot"],
      fetchedAt: "2026-11-01T00:00:00.000Z",
      creationTime: "2026-01-01T00:00:00",
      prefixes: ["10.0.0.0/8"]
    })
    expect(text.endsWith("}\n")).toBe(true)
  })
})
