import { HttpApiBuilder } from "@effect/platform"
import { Effect, Option } from "effect"
import { SigningKeys } from "../accounts/signing-keys.ts"
import { AppConfig } from "../config/app-config.ts"
import { databaseAnswers } from "../db/health.ts"
import { ProjectionRunner } from "../projections/runner.ts"
import { SightlineApi } from "./api.ts"
import { notFound } from "./errors.ts"
import { Degraded, Greeting, Healthy } from "./system-api.ts"

const GREETING = "Sightline: how visible your business is in AI answers, and the assets that raise it."

export const SystemHandlers = HttpApiBuilder.group(SightlineApi, "system", (handlers) =>
  Effect.gen(function*() {
    const config = yield* AppConfig
    const runner = yield* ProjectionRunner
    const keys = yield* SigningKeys
    const degraded = new Degraded({
      status: "degraded",
      code: "service_degraded",
      message: "the database does not answer",
      database: "unreachable"
    })
    const statusLate = new Degraded({
      status: "degraded",
      code: "service_degraded",
      message: "the database answers, but the projections' status took over 2 s",
      database: "ok"
    })
    // Health checks come often and from several places: they share one status read a second.
    const projectionStatus = yield* Effect.cachedWithTTL(runner.status, "1 second")
    return handlers
      .handle("root", () => Effect.succeed(new Greeting({ message: GREETING })))
      .handle("health", () =>
        Effect.gen(function*() {
          if (!(yield* databaseAnswers)) return yield* Effect.fail(degraded)
          const projections = yield* projectionStatus.pipe(
            Effect.timeout("2 seconds"),
            Effect.catchAllCause(() => Effect.fail(statusLate))
          )
          return new Healthy({
            status: "healthy",
            database: "ok",
            projections: projections.map((p) => ({
              name: p.name,
              pending_events: p.pendingEvents,
              lag_ms: Math.round(p.lagMs),
              last_error: p.lastError === null ? null : "the projection is retrying after a failure"
            }))
          })
        }))
      .handle("jwks", () =>
        Option.isSome(config.authJwksUrl)
          ? Effect.fail(notFound("not_found", "tokens come from the identity provider's JWKS"))
          : Effect.succeed({ keys: keys.jwks.keys.map((key) => ({ ...key })) }))
  }))
