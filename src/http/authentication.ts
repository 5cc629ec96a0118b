/**
 * Authentication for every non-public endpoint: `Authorization: Bearer <token>` where the token
 * is a service API key or a JWT of the identity provider. Missing or invalid: 401.
 */
import { HttpApiMiddleware, HttpApiSecurity, HttpServerRequest } from "@effect/platform"
import { Effect, Layer } from "effect"
import { matchesServiceKey } from "../accounts/api-keys.ts"
import { CurrentPrincipal, type Principal } from "../accounts/principal.ts"
import { TokenVerifier } from "../accounts/token-verifier.ts"
import { AppConfig } from "../config/app-config.ts"
import { Unauthorized, unauthorized } from "./errors.ts"

export class Authentication extends HttpApiMiddleware.Tag<Authentication>()("Authentication", {
  failure: Unauthorized,
  provides: CurrentPrincipal,
  security: { bearer: HttpApiSecurity.bearer }
}) {}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function*() {
    const config = yield* AppConfig
    const verifier = yield* TokenVerifier
    return Authentication.of({
      // The decoded value is ignored: the raw header is parsed strictly here instead.
      bearer: () =>
        Effect.gen(function*() {
          const request = yield* HttpServerRequest.HttpServerRequest
          const header = request.headers.authorization
          if (header === undefined || header.trim() === "") {
            return yield* Effect.fail(unauthorized("missing Authorization: Bearer <token> header"))
          }
          const token = BEARER.exec(header)?.[1]
          if (token === undefined) return yield* Effect.fail(unauthorized("the Authorization header must be Bearer <token>"))
          if (matchesServiceKey(token, config.serviceApiKeys)) return { _tag: "Service" } satisfies Principal
          return yield* verifier.verify(token).pipe(
            Effect.mapError((error) => unauthorized(`invalid token: ${error.reason}`))
          )
        })
    })
  })
)
