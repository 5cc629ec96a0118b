/**
 * SSRF guard, the pure half: is an IP address one the crawler must never connect to?
 *
 * The crawler fetches URLs that customers and their (hostile) pages name, from inside our
 * network. Anything that is not a public unicast address is refused: loopback, private,
 * link-local, carrier-grade NAT, multicast, reserved and documentation ranges, in IPv4 and
 * IPv6, including IPv6 forms that embed an IPv4 address (IPv4-mapped, NAT64, 6to4), whose
 * embedded address is what the kernel actually reaches. `CRAWLER_ALLOW_PRIVATE=true` lifts the
 * refusal for every category except `cloud-metadata` (see `isRefused`): credentials live there,
 * and no test or development setup needs to reach them.
 *
 * Input that is not a well-formed address (`0177.0.0.1`, `1.2.3`, garbage) is refused: the
 * callers hand over what DNS or the URL parser produced, so anything else is suspicious.
 */
import { isIP } from "node:net"

export type AddressCategory =
  | "public"
  | "invalid"
  | "this-network"
  | "unspecified"
  | "loopback"
  | "private"
  | "carrier-grade-nat"
  | "link-local"
  | "cloud-metadata"
  | "protocol-assignments"
  | "documentation"
  | "benchmarking"
  | "multicast"
  | "reserved"
  | "broadcast"
  | "unique-local"
  | "site-local"

export interface AddressVerdict {
  readonly forbidden: boolean
  /** The category and the range that matched, e.g. `loopback (127.0.0.0/8)`; `public` when allowed. */
  readonly reason: string
  readonly category: AddressCategory
}

interface V4Range {
  readonly base: number
  readonly bits: number
  readonly cidr: string
  readonly category: AddressCategory
}

const v4ToInt = (a: number, b: number, c: number, d: number): number => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0

const v4Range = (cidr: string, category: AddressCategory): V4Range => {
  const [address = "", bits = "32"] = cidr.split("/")
  const [a = 0, b = 0, c = 0, d = 0] = address.split(".").map(Number)
  return { base: v4ToInt(a, b, c, d), bits: Number(bits), cidr, category }
}

// Most specific first: the metadata hosts sit inside link-local, CGNAT and 192.0.0.0/24, and
// must keep their own category so that allowPrivate cannot unlock them.
const V4_RANGES: ReadonlyArray<V4Range> = [
  v4Range("169.254.169.254/32", "cloud-metadata"), // AWS, GCP, Azure, OpenStack, DigitalOcean
  v4Range("169.254.170.2/32", "cloud-metadata"), // AWS ECS task credentials
  v4Range("169.254.170.23/32", "cloud-metadata"), // AWS EKS pod identity agent
  v4Range("100.100.100.200/32", "cloud-metadata"), // Alibaba Cloud
  v4Range("192.0.0.192/32", "cloud-metadata"), // Oracle Cloud
  v4Range("168.63.129.16/32", "cloud-metadata"), // Azure WireServer (a public address, reachable only from inside Azure)
  v4Range("255.255.255.255/32", "broadcast"),
  v4Range("0.0.0.0/8", "this-network"),
  v4Range("10.0.0.0/8", "private"),
  v4Range("100.64.0.0/10", "carrier-grade-nat"),
  v4Range("127.0.0.0/8", "loopback"),
  v4Range("169.254.0.0/16", "link-local"),
  v4Range("172.16.0.0/12", "private"),
  v4Range("192.0.0.0/24", "protocol-assignments"),
  v4Range("192.0.2.0/24", "documentation"),
  v4Range("192.168.0.0/16", "private"),
  v4Range("198.18.0.0/15", "benchmarking"),
  v4Range("198.51.100.0/24", "documentation"),
  v4Range("203.0.113.0/24", "documentation"),
  v4Range("224.0.0.0/4", "multicast"),
  v4Range("240.0.0.0/4", "reserved")
]

const inV4Range = (value: number, range: V4Range): boolean => {
  if (range.bits === 0) return true
  const mask = (0xffffffff << (32 - range.bits)) >>> 0
  return ((value & mask) >>> 0) === ((range.base & mask) >>> 0)
}

const PUBLIC: AddressVerdict = { forbidden: false, reason: "public", category: "public" }

const classifyV4Int = (value: number): AddressVerdict => {
  for (const range of V4_RANGES) {
    if (inV4Range(value, range)) {
      return { forbidden: true, reason: `${range.category} (${range.cidr})`, category: range.category }
    }
  }
  return PUBLIC
}

const parseV4 = (text: string): number | undefined => {
  if (isIP(text) !== 4) return undefined
  const parts = text.split(".").map(Number)
  const [a = 0, b = 0, c = 0, d = 0] = parts
  return v4ToInt(a, b, c, d)
}

/**
 * Eight 16-bit groups of an IPv6 address, or undefined. Accepts the compressed form (`::`), an
 * embedded dotted IPv4 tail (`::ffff:127.0.0.1`), a zone id (`fe80::1%eth0`, dropped: the zone
 * only scopes a link-local address, it does not change which range it is in) and brackets.
 */
export const parseIpv6 = (input: string): ReadonlyArray<number> | undefined => {
  let text = input.trim()
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1)
  const zone = text.indexOf("%")
  if (zone >= 0) text = text.slice(0, zone)
  if (isIP(text) !== 6) return undefined

  const groupsOf = (part: string): Array<number> | undefined => {
    if (part === "") return []
    const out: Array<number> = []
    const pieces = part.split(":")
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] ?? ""
      if (piece.includes(".")) {
        if (i !== pieces.length - 1) return undefined
        const v4 = parseV4(piece)
        if (v4 === undefined) return undefined
        out.push(v4 >>> 16, v4 & 0xffff)
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(piece)) return undefined
        out.push(parseInt(piece, 16))
      }
    }
    return out
  }

  const halves = text.split("::")
  if (halves.length > 2) return undefined
  const head = groupsOf(halves[0] ?? "")
  if (head === undefined) return undefined
  if (halves.length === 1) return head.length === 8 ? head : undefined
  const tail = groupsOf(halves[1] ?? "")
  if (tail === undefined || head.length + tail.length > 7) return undefined
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail]
}

const prefixMatches = (groups: ReadonlyArray<number>, prefix: ReadonlyArray<number>, bits: number): boolean => {
  for (let i = 0; i < 8 && bits > 0; i++) {
    const take = Math.min(16, bits)
    const mask = (0xffff << (16 - take)) & 0xffff
    if (((groups[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false
    bits -= take
  }
  return true
}

interface V6Range {
  readonly prefix: ReadonlyArray<number>
  readonly bits: number
  readonly cidr: string
  readonly category: AddressCategory
}

const v6Range = (cidr: string, category: AddressCategory): V6Range => {
  const [address = "", bits = "128"] = cidr.split("/")
  const prefix = parseIpv6(address)
  if (prefix === undefined) throw new Error(`bad IPv6 range ${cidr}`)
  return { prefix, bits: Number(bits), cidr, category }
}

const V6_RANGES: ReadonlyArray<V6Range> = [
  v6Range("fd00:ec2::254/128", "cloud-metadata"), // AWS instance metadata over IPv6
  v6Range("fd00:ec2::23/128", "cloud-metadata"), // AWS EKS pod identity agent over IPv6
  v6Range("::/128", "unspecified"),
  v6Range("::1/128", "loopback"),
  v6Range("64:ff9b:1::/48", "private"), // local-use NAT64 (RFC 8215): translates to anything
  v6Range("100::/64", "reserved"), // discard-only
  v6Range("2001:db8::/32", "documentation"),
  v6Range("2001:2::/48", "benchmarking"),
  v6Range("2001::/23", "protocol-assignments"), // Teredo, ORCHID, AMT, ...
  v6Range("fc00::/7", "unique-local"),
  v6Range("fe80::/10", "link-local"),
  v6Range("fec0::/10", "site-local"),
  v6Range("ff00::/8", "multicast")
]

// IPv6 forms that carry an IPv4 address the packet ends up at: classify that address.
const V6_EMBEDDING: ReadonlyArray<{ readonly range: V6Range; readonly v4At: "low32" | "6to4" }> = [
  { range: v6Range("::ffff:0:0/96", "reserved"), v4At: "low32" }, // IPv4-mapped
  { range: v6Range("::ffff:0:0:0/96", "reserved"), v4At: "low32" }, // IPv4-translated (SIIT)
  { range: v6Range("64:ff9b::/96", "reserved"), v4At: "low32" }, // NAT64 well-known prefix
  { range: v6Range("2002::/16", "reserved"), v4At: "6to4" }
]

const GLOBAL_UNICAST = v6Range("2000::/3", "public")

const classifyV6 = (groups: ReadonlyArray<number>): AddressVerdict => {
  for (const { range, v4At } of V6_EMBEDDING) {
    if (!prefixMatches(groups, range.prefix, range.bits)) continue
    const [hi, lo] = v4At === "low32" ? [groups[6] ?? 0, groups[7] ?? 0] : [groups[1] ?? 0, groups[2] ?? 0]
    const v4 = ((hi << 16) | lo) >>> 0
    const inner = classifyV4Int(v4)
    if (!inner.forbidden) return PUBLIC
    return { forbidden: true, reason: `${inner.reason} via ${range.cidr}`, category: inner.category }
  }
  for (const range of V6_RANGES) {
    if (prefixMatches(groups, range.prefix, range.bits)) {
      return { forbidden: true, reason: `${range.category} (${range.cidr})`, category: range.category }
    }
  }
  // Everything outside 2000::/3 is unassigned or special (including the deprecated
  // IPv4-compatible ::a.b.c.d): refuse rather than enumerate.
  if (!prefixMatches(groups, GLOBAL_UNICAST.prefix, GLOBAL_UNICAST.bits)) {
    return { forbidden: true, reason: "reserved (outside 2000::/3)", category: "reserved" }
  }
  return PUBLIC
}

/** Classifies one IP address (IPv4 dotted quad or IPv6 in any textual form, brackets and zone allowed). */
export const isForbiddenAddress = (ip: string): AddressVerdict => {
  const v4 = parseV4(ip.trim())
  if (v4 !== undefined) return classifyV4Int(v4)
  const groups = parseIpv6(ip)
  if (groups !== undefined) return classifyV6(groups)
  return { forbidden: true, reason: "invalid (not an IP address)", category: "invalid" }
}

/**
 * The guard's decision with the crawler's setting applied. `allowPrivate` (development and tests
 * on loopback) unlocks every non-public category except cloud metadata and unparseable input.
 */
export const isRefused = (ip: string, allowPrivate: boolean): AddressVerdict => {
  const verdict = isForbiddenAddress(ip)
  if (!verdict.forbidden || !allowPrivate) return verdict
  if (verdict.category === "cloud-metadata" || verdict.category === "invalid") return verdict
  return { forbidden: false, reason: `${verdict.reason}, allowed by CRAWLER_ALLOW_PRIVATE`, category: verdict.category }
}
