/**
 * Authentication for every non-public endpoint: `Authorization: Bearer <token>` where the token
 * is a service API key or a JWT of the identity provider. Missing or invalid: 401.
 * `BearerAuth` reads the header; the HttpApi middleware and the fast lane both call it.
 */
import { HttpApiMiddleware, HttpApiSecurity, HttpServerRequest } from "@effect/platform"
import { Effect, Either, Layer, Runtime } from "effect"
import { serviceKeyMatcher } from "../accounts/api-keys.ts"
import { CurrentPrincipal, type Principal } from "../accounts/principal.ts"
import { layerFromConfig, TokenVerifier } from "../accounts/token-verifier.ts"
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
    const runPromise = Runtime.runPromise(yield* Effect.runtime<never>())

    /** A service key's principal, the token to verify, or the 401 (the raw header, parsed strictly). */
    const read = (header: string | undefined): Either.Either<Principal | string, Unauthorized> => {
      if (header === undefined || header.trim() === "") return Either.left(unauthorized("missing Authorization: Bearer <token> header"))
      const token = BEARER.exec(header)?.[1]
      if (token === undefined) return Either.left(unauthorized("the Authorization header must be Bearer <token>"))
      return Either.right(isServiceKey(token) ? SERVICE : token)
    }
    const verify = (token: string) => verifier.verify(token).pipe(Effect.mapError((error) => unauthorized(`invalid token: ${error.reason}`)))

    /** The caller named by an `Authorization` header's value. */
    const authenticate = (header: string | undefined): Effect.Effect<Principal, Unauthorized> =>
      Effect.flatMap(read(header), (found) => typeof found === "string" ? verify(found) : Effect.succeed(found))

    /**
     * The same without waiting, when no signature needs checking: a service key, a token
     * verified recently, or the 401 of a malformed header. Undefined when the token must be
     * verified (`authenticateNow`). Lets the fast lane answer those without a promise.
     */
    const authenticateKnown = (header: string | undefined): Either.Either<Principal, Unauthorized> | undefined => {
      const found = read(header)
      if (Either.isLeft(found) || typeof found.right !== "string") return found as Either.Either<Principal, Unauthorized>
      const known = verifier.verifiedRecently(found.right)
      return known === undefined ? undefined : Either.right(known)
    }

    /** The same, as a promise: for the fast lane, which runs no fiber per request (service keys run none at all). */
    const authenticateNow = (header: string | undefined): Promise<Either.Either<Principal, Unauthorized>> => {
      const found = read(header)
      if (Either.isLeft(found) || typeof found.right !== "string") return Promise.resolve(found as Either.Either<Principal, Unauthorized>)
      const known = verifier.verifiedRecently(found.right)
      if (known !== undefined) return Promise.resolve(Either.right(known))
      return runPromise(Effect.either(verify(found.right)))
    }
    return { authenticate, authenticateKnown, authenticateNow }
  }),
  dependencies: [layerFromConfig]
}) {}

export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.map(BearerAuth, (auth) =>
    Authentication.of({
      // The decoded value is ignored: the raw header is parsed strictly instead.
      bearer: () => Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => auth.authenticate(request.headers.authorization))
    }))
)
