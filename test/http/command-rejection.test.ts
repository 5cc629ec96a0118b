/**
 * How a rejected entity command is answered: every reason listed in `REJECTIONS` gets the
 * status and code listed there, a 500 never carries the rejection's message, and the two
 * service failures are 503 and 500.
 */
import { Effect, Logger, LogLevel } from "effect"
import { describe, expect, it } from "vitest"
import { CommandRejected } from "../../src/actors/tracked-entity.ts"
import { type EntityCommand, REJECTIONS } from "../../src/domain/entity-decider.ts"
import type { BusinessId, EntityRef, ItemId } from "../../src/domain/entity-ref.ts"
import { toApiError } from "../../src/http/command-rejection.ts"
import { statusOf } from "../../src/http/errors.ts"

const business: EntityRef = { businessId: "acme" as BusinessId, itemId: null }
const product: EntityRef = { businessId: "acme" as BusinessId, itemId: "widget" as ItemId }
const now = new Date("2026-11-05T23:59:00.000Z")

const answer = (command: EntityCommand["_tag"], reason: CommandRejected["reason"], entity: EntityRef = business) => {
  const rejected = new CommandRejected({ reason, message: "the rejection's message" })
  const error = Effect.runSync(Effect.flip(toApiError(command, rejected, { entity, now })).pipe(Logger.withMinimumLogLevel(LogLevel.None)))
  return { status: statusOf(error), body: { ...error } }
}

const GENERIC_500 = { status: "error", code: "internal_error", message: "the service failed to handle this request" }

describe("toApiError", () => {
  it("answers every listed reason with its status and code", () => {
    for (const [command, reasons] of Object.entries(REJECTIONS)) {
      for (const [reason, listed] of Object.entries(reasons)) {
        const code = typeof listed.code === "function" ? listed.code(business) : listed.code
        const got = answer(command as EntityCommand["_tag"], reason as CommandRejected["reason"])
        expect({ command, reason, status: got.status, code: got.body.code }).toEqual({ command, reason, status: listed.status, code })
      }
    }
  })

  it("quotes the rejection's message, except in a 500", () => {
    expect(answer("StoreScore", "invalid").body).toEqual({ status: "error", code: "invalid_request", message: "the rejection's message" })
    expect(answer("PublishPost", "already_exists")).toEqual({
      status: 409,
      body: { status: "error", code: "conflict", message: "the rejection's message" }
    })
    expect(answer("CreateBusiness", "unstorable").body).toEqual(GENERIC_500)
  })

  it("names the kind of entity a store or delete did not find; the sites endpoints do not", () => {
    expect(answer("StoreScore", "not_found", business).body.code).toBe("business_not_found")
    expect(answer("StoreScore", "not_found", product).body.code).toBe("product_not_found")
    expect(answer("DeleteProduct", "not_found", product).body.code).toBe("product_not_found")
    expect(answer("DeploySite", "not_found", product).body.code).toBe("not_found")
    expect(answer("PublishPost", "not_found", product).body.code).toBe("not_found")
  })

  it("gives a daily limit's 429 the seconds to the next UTC day", () => {
    expect(answer("PublishPost", "daily_limit")).toEqual({
      status: 429,
      body: { status: "error", code: "daily_limit_reached", message: "the rejection's message", retry_after: 60 }
    })
  })

  it("answers a service failure 503 when it can be retried, otherwise 500", () => {
    expect(answer("CreateBusiness", "unavailable")).toEqual({
      status: 503,
      body: { status: "error", code: "unavailable", message: "the service cannot answer right now; retry" }
    })
    expect(answer("CreateBusiness", "unstorable")).toEqual({ status: 500, body: GENERIC_500 })
  })

  it("answers 500 a reason the command does not list", () => {
    expect(answer("DeleteProduct", "wrong_kind")).toEqual({ status: 500, body: GENERIC_500 })
  })
})
