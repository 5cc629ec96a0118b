import { describe, expect, it } from "vitest"
import {
  ALLOW_ALL,
  DISALLOW_ALL,
  isPathAllowed,
  isUrlAllowed,
  normalizeRobotsPath,
  parseRobots,
  patternMatches
} from "../../../src/pipeline/crawler/robots.ts"
import { cpuTimed } from "../../support/cpu-time.ts"

describe("parseRobots: groups", () => {
  it("applies our own group, not the * group, when one names SightlineBot", () => {
    const robots = parseRobots([
      "User-agent: *",
      "Disallow: /",
      "",
      "User-agent: SightlineBot",
      "Disallow: /private/"
    ].join("\n"))
    expect(isPathAllowed(robots, "/")).toBe(true)
    expect(isPathAllowed(robots, "/shop")).toBe(true)
    expect(isPathAllowed(robots, "/private/x")).toBe(false)
  })

  it("matches the product token case-insensitively, ignoring a version", () => {
    const robots = parseRobots("User-agent: sightlinebot/2.1\nDisallow: /a\n\nUser-agent: *\nDisallow: /")
    expect(isPathAllowed(robots, "/b")).toBe(true)
    expect(isPathAllowed(robots, "/a")).toBe(false)
  })

  it("falls back to the * group, and allows everything without one", () => {
    expect(isPathAllowed(parseRobots("User-agent: *\nDisallow: /tmp"), "/tmp/x")).toBe(false)
    expect(isPathAllowed(parseRobots("User-agent: OtherBot\nDisallow: /"), "/anything")).toBe(true)
    expect(isPathAllowed(parseRobots(""), "/anything")).toBe(true)
  })

  it("shares rules among consecutive user-agent lines and merges groups for the same agent", () => {
    const robots = parseRobots([
      "User-agent: Googlebot",
      "User-agent: SightlineBot",
      "Disallow: /a",
      "User-agent: OtherBot",
      "Disallow: /b",
      "User-agent: SightlineBot",
      "Disallow: /c"
    ].join("\r\n"))
    expect(isPathAllowed(robots, "/a")).toBe(false)
    expect(isPathAllowed(robots, "/b")).toBe(true)
    expect(isPathAllowed(robots, "/c")).toBe(false)
  })

  it("ignores comments, unknown lines, rules before any group and empty Disallow", () => {
    const robots = parseRobots([
      "Disallow: /orphan",
      "# a comment",
      "User-agent: * # everyone",
      "Foo: bar",
      "Disallow:",
      "Disallow: /x # not /x#"
    ].join("\n"))
    expect(isPathAllowed(robots, "/orphan")).toBe(true)
    expect(isPathAllowed(robots, "/y")).toBe(true)
    expect(isPathAllowed(robots, "/x")).toBe(false)
  })

  it("reads Crawl-delay of the applicable group and Sitemap lines of the whole file", () => {
    const robots = parseRobots([
      "Sitemap: https://acme.example/sitemap.xml",
      "User-agent: *",
      "Crawl-delay: 1.5",
      "Disallow: /x",
      "Sitemap: /relative.xml",
      "Sitemap: https://acme.example/news.xml"
    ].join("\n"))
    expect(robots.crawlDelaySeconds).toBe(1.5)
    expect(robots.sitemaps).toEqual(["https://acme.example/sitemap.xml", "https://acme.example/news.xml"])
  })
})

describe("parseRobots: matching", () => {
  const robots = parseRobots([
    "User-agent: SightlineBot",
    "Disallow: /shop/",
    "Allow: /shop/public",
    "Disallow: /*.php$",
    "Disallow: /*?sessionid=",
    "Allow: /page",
    "Disallow: /page",
    "Disallow: /café"
  ].join("\n"))

  it.each([
    ["/shop/", false],
    ["/shop/cart", false],
    ["/shop/public/item", true], // longer Allow wins
    ["/shop", true],
    ["/index.php", false],
    ["/index.php?x=1", true], // `$` anchors the end
    ["/a/b.php", false],
    ["/list?sessionid=42", false],
    ["/list?page=2", true],
    ["/page", true], // Allow wins a tie
    ["/caf%C3%A9/menu", false], // percent-encoding normalized
    ["/caf%c3%a9", false],
    ["/robots.txt", true]
  ] as const)("%s → %s", (path, allowed) => {
    expect(isPathAllowed(robots, path)).toBe(allowed)
  })

  it("checks URLs by path and query", () => {
    expect(isUrlAllowed(robots, new URL("https://acme.example/list?sessionid=1"))).toBe(false)
    expect(isUrlAllowed(robots, new URL("https://acme.example/"))).toBe(true)
  })

  it("treats DISALLOW_ALL and ALLOW_ALL as their names say", () => {
    expect(isPathAllowed(DISALLOW_ALL, "/")).toBe(false)
    expect(isPathAllowed(DISALLOW_ALL, "/robots.txt")).toBe(true)
    expect(isPathAllowed(ALLOW_ALL, "/anything")).toBe(true)
  })

  it("matches wildcards in linear time, whatever the pattern", () => {
    const hostile = `/${"*a".repeat(200)}b`
    const path = `/${"a".repeat(2000)}`
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { result, cpuMs } = cpuTimed(() => patternMatches(hostile, path))
    expect(result).toBe(false)
    expect(cpuMs).toBeLessThan(500)
    expect(patternMatches("/a*c$", "/abc")).toBe(true)
    expect(patternMatches("/a*c$", "/abcd")).toBe(false)
    expect(patternMatches("*", "/anything")).toBe(true)
  })

  it("normalizes escapes: unreserved decoded, others upper-cased, non-ASCII encoded", () => {
    expect(normalizeRobotsPath("/%7euser/%2fa")).toBe("/~user/%2Fa")
    expect(normalizeRobotsPath("/é")).toBe("/%C3%A9")
  })
})
