import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { sha256Hex } from "../../src/domain/sha256.ts"

const nodeSha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex")

describe("sha256Hex", () => {
  it("matches the published test vectors", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  })

  it.each([
    ["empty", ""],
    ["ascii", "https://acme.com"],
    ["unicode", "café 日本 😀 Ünïcödé"],
    ["55 bytes (one block)", "a".repeat(55)],
    ["56 bytes (padding spills into a second block)", "a".repeat(56)],
    ["64 bytes", "b".repeat(64)],
    ["long", "The quick brown fox jumps over the lazy dog. ".repeat(1000)],
  ])("matches node:crypto for %s input", (_name, text) => {
    expect(sha256Hex(text)).toBe(nodeSha256(text))
  })

  it("matches node:crypto for every length from 0 to 200", () => {
    for (let n = 0; n <= 200; n++) {
      const text = "é".repeat(n % 7) + "x".repeat(n)
      expect(sha256Hex(text)).toBe(nodeSha256(text))
    }
  })

  it("returns 64 lower-case hex characters", () => {
    expect(sha256Hex("Sightline")).toMatch(/^[0-9a-f]{64}$/)
  })
})
