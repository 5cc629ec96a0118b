import { Redacted } from "effect"
import { describe, expect, it } from "vitest"
import { serviceKeyMatcher } from "../../src/accounts/api-keys.ts"

const keys = [Redacted.make("first-service-key-0001"), Redacted.make("second-service-key-0002")]

describe("serviceKeyMatcher", () => {
  it("accepts each configured key", () => {
    expect(serviceKeyMatcher(keys)("first-service-key-0001")).toBe(true)
    expect(serviceKeyMatcher(keys)("second-service-key-0002")).toBe(true)
  })

  it("rejects a key of the same length that differs", () => {
    expect(serviceKeyMatcher(keys)("first-service-key-0003")).toBe(false)
  })

  it("rejects keys of a different length, a prefix and an empty string", () => {
    expect(serviceKeyMatcher(keys)("first-service-key-00011")).toBe(false)
    expect(serviceKeyMatcher(keys)("first-service-key")).toBe(false)
    expect(serviceKeyMatcher(keys)("")).toBe(false)
  })

  it("rejects everything when no key is configured", () => {
    expect(serviceKeyMatcher([])("first-service-key-0001")).toBe(false)
    expect(serviceKeyMatcher([])("")).toBe(false)
  })
})
