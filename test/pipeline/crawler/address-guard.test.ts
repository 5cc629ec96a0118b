import { describe, expect, it } from "vitest"
import { isForbiddenAddress, isRefused, parseIpv6 } from "../../../src/pipeline/crawler/address-guard.ts"

// [address, reason]: every range the guard knows, at its edges where an edge can be wrong.
const FORBIDDEN: ReadonlyArray<readonly [string, string]> = [
  ["0.0.0.0", "this-network (0.0.0.0/8)"],
  ["0.255.255.255", "this-network (0.0.0.0/8)"],
  ["10.0.0.1", "private (10.0.0.0/8)"],
  ["10.255.255.255", "private (10.0.0.0/8)"],
  ["100.64.0.1", "carrier-grade-nat (100.64.0.0/10)"],
  ["100.127.255.254", "carrier-grade-nat (100.64.0.0/10)"],
  ["100.100.100.200", "cloud-metadata (100.100.100.200/32)"],
  ["127.0.0.1", "loopback (127.0.0.0/8)"],
  ["127.255.255.254", "loopback (127.0.0.0/8)"],
  ["169.254.0.1", "link-local (169.254.0.0/16)"],
  ["169.254.169.254", "cloud-metadata (169.254.169.254/32)"],
  ["169.254.170.2", "cloud-metadata (169.254.170.2/32)"],
  ["168.63.129.16", "cloud-metadata (168.63.129.16/32)"],
  ["172.16.0.1", "private (172.16.0.0/12)"],
  ["172.31.255.255", "private (172.16.0.0/12)"],
  ["192.0.0.8", "protocol-assignments (192.0.0.0/24)"],
  ["192.0.0.192", "cloud-metadata (192.0.0.192/32)"],
  ["192.0.2.10", "documentation (192.0.2.0/24)"],
  ["192.168.0.1", "private (192.168.0.0/16)"],
  ["192.168.255.255", "private (192.168.0.0/16)"],
  ["198.18.0.1", "benchmarking (198.18.0.0/15)"],
  ["198.19.255.255", "benchmarking (198.18.0.0/15)"],
  ["198.51.100.7", "documentation (198.51.100.0/24)"],
  ["203.0.113.9", "documentation (203.0.113.0/24)"],
  ["224.0.0.1", "multicast (224.0.0.0/4)"],
  ["239.255.255.250", "multicast (224.0.0.0/4)"],
  ["240.0.0.1", "reserved (240.0.0.0/4)"],
  ["255.255.255.254", "reserved (240.0.0.0/4)"],
  ["255.255.255.255", "broadcast (255.255.255.255/32)"],
  // IPv6
  ["::", "unspecified (::/128)"],
  ["::1", "loopback (::1/128)"],
  ["0:0:0:0:0:0:0:1", "loopback (::1/128)"],
  ["[::1]", "loopback (::1/128)"],
  ["fc00::1", "unique-local (fc00::/7)"],
  ["fdff:ffff::1", "unique-local (fc00::/7)"],
  ["fd00:ec2::254", "cloud-metadata (fd00:ec2::254/128)"],
  ["fd00:0ec2:0000:0000:0000:0000:0000:0254", "cloud-metadata (fd00:ec2::254/128)"],
  ["fe80::1", "link-local (fe80::/10)"],
  ["fe80::1%eth0", "link-local (fe80::/10)"],
  ["febf:ffff::1", "link-local (fe80::/10)"],
  ["fec0::1", "site-local (fec0::/10)"],
  ["ff02::1", "multicast (ff00::/8)"],
  ["ff05::1:3", "multicast (ff00::/8)"],
  ["2001:db8::1", "documentation (2001:db8::/32)"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "protocol-assignments (2001::/23)"], // Teredo
  ["100::1", "reserved (100::/64)"],
  ["::127.0.0.1", "reserved (outside 2000::/3)"], // deprecated IPv4-compatible
  ["4000::1", "reserved (outside 2000::/3)"],
  // IPv6 carrying an IPv4 address: the embedded address decides.
  ["::ffff:127.0.0.1", "loopback (127.0.0.0/8) via ::ffff:0:0/96"],
  ["::ffff:7f00:1", "loopback (127.0.0.0/8) via ::ffff:0:0/96"],
  ["0:0:0:0:0:ffff:7f00:0001", "loopback (127.0.0.0/8) via ::ffff:0:0/96"],
  ["::ffff:10.1.2.3", "private (10.0.0.0/8) via ::ffff:0:0/96"],
  ["::ffff:a9fe:a9fe", "cloud-metadata (169.254.169.254/32) via ::ffff:0:0/96"],
  ["::ffff:0:127.0.0.1", "loopback (127.0.0.0/8) via ::ffff:0:0:0/96"],
  ["64:ff9b::127.0.0.1", "loopback (127.0.0.0/8) via 64:ff9b::/96"],
  ["64:ff9b::a00:1", "private (10.0.0.0/8) via 64:ff9b::/96"],
  ["64:ff9b:1::1", "private (64:ff9b:1::/48)"],
  ["2002:7f00:1::1", "loopback (127.0.0.0/8) via 2002::/16"],
  ["2002:c0a8:101::1", "private (192.168.0.0/16) via 2002::/16"]
]

const ALLOWED = ["8.8.8.8", "1.1.1.1", "93.184.216.34", "100.63.255.255", "100.128.0.1", "172.15.255.255", "172.32.0.1",
  "192.167.255.255", "198.17.255.255", "198.20.0.1", "223.255.255.255", "2606:4700::1111", "2001:4860:4860::8888",
  "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"]

const INVALID = ["", "localhost", "0177.0.0.1", "0x7f.0.0.1", "2130706433", "1.2.3", "256.0.0.1", "::1::", "1:2:3:4:5:6:7:8:9",
  "gggg::1", "[::1", "::ffff:127.0.0.1.5"]

describe("isForbiddenAddress", () => {
  it.each(FORBIDDEN)("refuses %s: %s", (address, reason) => {
    expect(isForbiddenAddress(address)).toMatchObject({ forbidden: true, reason })
  })

  it.each(ALLOWED)("allows the public address %s", (address) => {
    expect(isForbiddenAddress(address)).toEqual({ forbidden: false, reason: "public", category: "public" })
  })

  it.each(INVALID)("refuses what is not an IP address: %j", (input) => {
    expect(isForbiddenAddress(input)).toEqual({ forbidden: true, reason: "invalid (not an IP address)", category: "invalid" })
  })
})

describe("isRefused", () => {
  it("lets CRAWLER_ALLOW_PRIVATE unlock loopback, private, link-local and the like", () => {
    for (const address of ["127.0.0.1", "::1", "10.0.0.1", "192.168.1.1", "169.254.0.1", "fe80::1", "fc00::1", "::ffff:127.0.0.1"]) {
      expect(isRefused(address, true).forbidden).toBe(false)
      expect(isRefused(address, false).forbidden).toBe(true)
    }
  })

  it("keeps cloud metadata addresses and garbage refused even then", () => {
    for (const address of ["169.254.169.254", "fd00:ec2::254", "::ffff:169.254.169.254", "100.100.100.200", "not-an-ip"]) {
      expect(isRefused(address, true).forbidden).toBe(true)
    }
  })
})

describe("parseIpv6", () => {
  it("expands compressed forms, dotted tails and zones", () => {
    expect(parseIpv6("::")).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
    expect(parseIpv6("1::")).toEqual([1, 0, 0, 0, 0, 0, 0, 0])
    expect(parseIpv6("1:2::7:8")).toEqual([1, 2, 0, 0, 0, 0, 7, 8])
    expect(parseIpv6("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304])
    expect(parseIpv6("fe80::a%en0")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 0xa])
    expect(parseIpv6("1:2:3:4:5:6:7")).toBeUndefined()
  })
})
