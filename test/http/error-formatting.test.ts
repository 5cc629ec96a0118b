/**
 * What a 400 prints of the value it refused is bounded, and a value too deep for effect's
 * formatters still gets a 400: the checks behind `describeIssues`, the lane's `decodeFailure`
 * and `errorMapping`'s `isFormatterOverflow`.
 */
import { Either, ParseResult, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { isFormatterOverflow } from "../../src/http/error-mapping.ts"
import { describeIssues } from "../../src/http/errors.ts"
import { checkJsonBody, checkJsonText, checkRequestUrl, hasForbiddenCharacters } from "../../src/http/json-guard.ts"
import { decodeFailure } from "../../src/http/fast-lane/route.ts"
import { describeThrown } from "../../src/safe-description.ts"

/** A decode failure whose refused value is an array nested `levels` deep. */
const deepFailure = (levels: number) => {
  const value = JSON.parse("[".repeat(levels) + "]".repeat(levels))
  const decoded = Schema.decodeUnknownEither(Schema.Struct({ name: Schema.String }))({ name: value })
  if (Either.isRight(decoded)) throw new Error("expected a decode failure")
  return decoded.left
}

describe("error messages quote a bounded part of the refused value", () => {
  it("quotes at most 120 characters of `actual`", () => {
    const long = `"${"x".repeat(5000)}"`
    expect(describeIssues([{ path: ["count"], message: `Expected number, actual ${long}` }]))
      .toBe(`count: Expected number, actual ${long.slice(0, 120)}…`)
    expect(describeIssues([{ path: ["type"], message: `Expected "a", actual ${long}` }, { path: ["type"], message: `Expected "b", actual ${long}` }]))
      .toBe(`type: expected "a" or "b", actual ${long.slice(0, 120)}…`)
  })

  it("leaves a short value and a message without `actual` as they are", () => {
    expect(describeIssues([{ path: ["business_name"], message: "Expected string, actual 5" }])).toBe("business_name: Expected string, actual 5")
    expect(describeIssues([{ path: [], message: "is missing" }])).toBe("body: is missing")
  })

  it("the lane answers a value too deep to format with a 400, not an exception", () => {
    const failure = deepFailure(100_000)
    expect(() => ParseResult.ArrayFormatter.formatErrorSync(failure)).toThrow(RangeError)
    expect(decodeFailure(failure)).toMatchObject({
      status: "error",
      code: "invalid_request",
      message: "body: the request does not match the expected schema"
    })
  })

  it("errorMapping recognises the formatters' stack overflow, and only it", () => {
    let overflow: unknown
    try {
      ParseResult.ArrayFormatter.formatErrorSync(deepFailure(100_000))
    } catch (error) {
      overflow = error
    }
    expect(isFormatterOverflow(overflow)).toBe(true)
    const recurse = (n: number): number => recurse(n + 1) + 1
    let elsewhere: unknown
    try {
      recurse(0)
    } catch (error) {
      elsewhere = error
    }
    expect(elsewhere).toBeInstanceOf(RangeError)
    expect(isFormatterOverflow(elsewhere)).toBe(false)
    expect(isFormatterOverflow(new Error("Maximum call stack size exceeded"))).toBe(false)
  })
})

describe("json-guard", () => {
  it("counts 64 levels as allowed and 65 as too deep, without recursing", () => {
    const nested = (levels: number) => JSON.parse("[".repeat(levels) + "]".repeat(levels))
    expect(checkJsonBody(nested(64))).toBeUndefined()
    expect(checkJsonBody(nested(65))).toEqual({ code: "invalid_json", message: "the request body is nested deeper than 64 levels" })
    expect(checkJsonBody(nested(100_000))).toEqual({ code: "invalid_json", message: "the request body is nested deeper than 64 levels" })
  })

  it("reads a large text's depth before it is parsed, ignoring brackets inside strings", () => {
    const TOO_DEEP = { code: "invalid_json", message: "the request body is nested deeper than 64 levels" }
    expect(checkJsonText("[".repeat(500_000) + "]".repeat(500_000))).toEqual(TOO_DEEP)
    const nested = (levels: number, filler: string) => "[".repeat(levels) + JSON.stringify(filler) + "]".repeat(levels)
    expect(checkJsonText(nested(64, "x".repeat(5000)))).toBeUndefined()
    expect(checkJsonText(nested(65, "x".repeat(5000)))).toEqual(TOO_DEEP)
    // Brackets and escaped quotes inside strings are text, not nesting.
    expect(checkJsonText(nested(1, `${"[{".repeat(3000)} \" \\`))).toBeUndefined()
    expect(checkJsonText(JSON.stringify({ a: "\\", b: "[".repeat(5000) }))).toBeUndefined()
    // A small text is parsed first (cheap at any depth) and its depth checked by checkJsonBody.
    expect(checkJsonText("[".repeat(2000) + "]".repeat(2000))).toBeUndefined()
  })

  it("tells unpaired surrogates and U+0000 from astral characters", () => {
    for (const text of ["\u0000", "a\u0000", "\ud800", "\udc00", "abc\ud83d", "\udc00\ud800", "🚀\ud800"]) expect(hasForbiddenCharacters(text)).toBe(true)
    for (const text of ["", "plain", "🚀", "a🥾b🏔️", "\ud83d\ude80", "\u0001"]) expect(hasForbiddenCharacters(text)).toBe(false)
  })

  it("names the field, and bounds a path built from the caller's keys", () => {
    expect(checkJsonBody({ a: [{ b: "ok" }, { b: "x\u0000" }] })).toEqual({ code: "invalid_request", message: "a.1.b: must not contain U+0000 or unpaired surrogates" })
    expect(checkJsonBody("\ud800")).toEqual({ code: "invalid_request", message: "body: must not contain U+0000 or unpaired surrogates" })
    const key = "k".repeat(500)
    expect(checkJsonBody({ [key]: "\u0000" })).toEqual({ code: "invalid_request", message: `${"k".repeat(200)}…: must not contain U+0000 or unpaired surrogates` })
  })

  it("checks a URL's decoded path and query", () => {
    expect(checkRequestUrl("/api/jobs/acme")).toBeUndefined()
    expect(checkRequestUrl("/api/jobs/caf%C3%A9?q=%F0%9F%9A%80")).toBeUndefined()
    expect(checkRequestUrl("/api/jobs/acme%00")).toEqual({ code: "invalid_request", message: "path: must not contain U+0000 or unpaired surrogates" })
    expect(checkRequestUrl("/api/jobs/acme?x=%00")).toEqual({ code: "invalid_request", message: "query: must not contain U+0000 or unpaired surrogates" })
    expect(checkRequestUrl("/api/jobs/%E0%A4%A")).toEqual({ code: "invalid_request", message: "the request URL holds a malformed percent-encoding" })
  })
})

describe("a failure described for the log", () => {
  it("names the error and its causes, without stack or a URL's credentials", () => {
    const error = new Error("could not connect to postgres://app:s3cret@db.example:5432/sightline", { cause: new TypeError("socket closed") })
    expect(describeThrown(error)).toBe("Error: could not connect to postgres://***@db.example:5432/sightline; caused by TypeError: socket closed")
    expect(describeThrown("a string")).toBe("a string")
    expect(describeThrown(42)).toBe("a thrown number")
    expect(describeThrown(new Error("x".repeat(1000)))).toBe(`Error: ${"x".repeat(493)}…`)
  })
})
