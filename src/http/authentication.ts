/**
 * Authentication for every non-public endpoint: `Authorization: Bearer <token>` where the token
 * is a service API key or a JWT of the identity provider. Missing or invalid: 401.
 * `BearerAuth` reads the header; the HttpApi middleware and the fast lane both call it.
 */
import { HttpApiMiddleware, HttpApiSecurity, HttpServerRequest } from "@effect/platform"
import { Effect, Layer } from "effect"
import { serviceKeyMatcher } from "../accounts/api-keys.ts"
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
const SERVICE: Principal = { _tag: "Service" }

export class BearerAuth extends Effect.Service<BearerAuth>()("BearerAuth", {
  effect: Effect.gen(function*() {
    const config = yield* AppConfig
    const verifier = yield* TokenVerifier
    const isServiceKey = serviceKeyMatcher(config.serviceApiKeys)
    /** The caller named by an `Authorization` header's value (the raw header, parsed strictly). */
    const authenticate = (header: string | undefined): Effect.Effect<Principal, Unauthorized> => {
      if (header === undefined || header.trim() === "") {
        return Effect.fail(unauthorized("missing Authorization: Bearer <token> header"))
      }
      const token = BEARER.exec(header)?.[1]
      if (token === undefined) return Effect.fail(unauthorized("the Authorization header must be Bearer <token>"))
      if (isServiceKey(token)) return Effect.succeed(SERVICE)
      return verifier.verify(token).pipe(Effect.mapError((error) => unauthorized(`invalid token: ${error.reason}`)))
    }
    return { authenticate }
  })
}) {}

export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.map(BearerAuth, (auth) =>
    Authentication.of({
      // The decoded value is ignored: the raw header is parsed strictly instead.
      bearer: () => Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => auth.authenticate(request.headers.authorization))
    }))
)
