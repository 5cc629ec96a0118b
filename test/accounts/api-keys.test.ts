import { Redacted } from "effect"
import { describe, expect, it } from "vitest"
import { matchesServiceKey } from "../../src/accounts/api-keys.ts"

const keys = [Redacted.make("first-service-key-0001"), Redacted.make("second-service-key-0002")]

describe("matchesServiceKey", () => {
  it("accepts each configured key", () => {
    expect(matchesServiceKey("first-service-key-0001", keys)).toBe(true)
    expect(matchesServiceKey("second-service-key-0002", keys)).toBe(true)
  })

  it("rejects a key of the same length that differs", () => {
    expect(matchesServiceKey("first-service-key-0003", keys)).toBe(false)
  })

  it("rejects keys of a different length, a prefix and an empty string", () => {
    expect(matchesServiceKey("first-service-key-00011", keys)).toBe(false)
    expect(matchesServiceKey("first-service-key", keys)).toBe(false)
    expect(matchesServiceKey("", keys)).toBe(false)
  })

  it("rejects everything when no key is configured", () => {
    expect(matchesServiceKey("first-service-key-0001", [])).toBe(false)
    expect(matchesServiceKey("", [])).toBe(false)
  })
})
