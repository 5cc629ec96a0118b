/**
 * Verifies a bearer JWT and names its user. Two adapters: the identity provider's remote JWKS
 * (`AUTH_JWKS_URL`), or this service's own signing key (local identity mode).
 *
 * An InvalidToken's reason is shown to the caller, so it is built from jose's error class only:
 * never from the token, and never from a message that could quote it.
 */
import { ConfigError, Context, Data, Effect, Either, Layer, Option } from "effect"
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey, type JWTVerifyResult } from "jose"
import { AppConfig } from "../config/app-config.ts"
import { principalFromClaims } from "./claims.ts"
import type { UserPrincipal } from "./principal.ts"
import { SigningKeys } from "./signing-keys.ts"
import { makeVerifiedTokens } from "./verified-tokens.ts"

export class InvalidToken extends Data.TaggedError("InvalidToken")<{ readonly reason: string }> {}

export interface TokenVerifierShape {
  readonly verify: (token: string) => Effect.Effect<UserPrincipal, InvalidToken>
  /** The principal of a token verified within the last minute and not expired, without a fiber. */
  readonly verifiedRecently: (token: string) => UserPrincipal | undefined
}

export class TokenVerifier extends Context.Tag("TokenVerifier")<TokenVerifier, TokenVerifierShape>() {}

export interface VerifierChecks {
  readonly issuer: Option.Option<string>
  readonly audience: Option.Option<string>
}

export const ACCEPTED_ALGORITHMS = ["ES256", "RS256", "EdDSA"]
export const CLOCK_TOLERANCE_SECONDS = 5
/**
 * The longest a token may live: its `exp` at most this far past now and, when it carries `iat`,
 * past its issue time. A leaked token then stops working within a day whatever its issuer chose.
 */
export const MAX_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60

// Longer than any real token; spares jose parsing megabytes sent as a header.
const MAX_TOKEN_LENGTH = 16 * 1024

const claimReason = (claim: string, reason: string): string => {
  if (reason === "missing") return `token has no ${claim} claim`
  switch (claim) {
    case "iss":
      return "unexpected issuer"
    case "aud":
      return "unexpected audience"
    case "nbf":
      return "token not yet valid"
    default:
      return `invalid ${claim} claim`
  }
}

/** Why a verified token's times are refused, if they are: too long a life, or issued in the future. */
const lifetimeProblem = (payload: { readonly exp?: number; readonly iat?: number }, nowSeconds: number): string | undefined => {
  const exp = payload.exp!
  if (payload.iat !== undefined && payload.iat > nowSeconds + CLOCK_TOLERANCE_SECONDS) return "token issued in the future"
  if (exp - nowSeconds > MAX_TOKEN_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS) return "token lifetime too long"
  if (payload.iat !== undefined && exp - payload.iat > MAX_TOKEN_LIFETIME_SECONDS) return "token lifetime too long"
  return undefined
}

/** True when the keys could not be obtained: the caller is not at fault, operators should know. */
const isKeySourceFailure = (error: unknown) =>
  error instanceof errors.JWKSTimeout ||
  error instanceof errors.JWKSInvalid ||
  (error instanceof errors.JOSEError && error.code === "ERR_JOSE_GENERIC") ||
  !(error instanceof errors.JOSEError)

const reasonOf = (error: unknown): string => {
  if (error instanceof errors.JWTExpired) return "token expired"
  if (error instanceof errors.JWTClaimValidationFailed) return claimReason(error.claim, error.reason)
  if (error instanceof errors.JWSSignatureVerificationFailed) return "signature invalid"
  if (error instanceof errors.JWKSNoMatchingKey) return "no signing key matches the token"
  if (error instanceof errors.JWKSMultipleMatchingKeys) return "several signing keys match the token"
  if (error instanceof errors.JOSEAlgNotAllowed) return "signing algorithm not allowed"
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid || error instanceof errors.JOSENotSupported) {
    return "malformed token"
  }
  if (isKeySourceFailure(error)) return "signing keys unavailable"
  return "token invalid"
}

/** A verifier over a key source (a local or remote JWKS) with the configured claim checks. */
export const make = (keys: JWTVerifyGetKey, checks: VerifierChecks): TokenVerifierShape => {
  const verified = makeVerifiedTokens<UserPrincipal>(() => Date.now())
  const options = {
    algorithms: ACCEPTED_ALGORITHMS,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ["exp", "sub"],
    ...Option.match(checks.issuer, { onNone: () => ({}), onSome: (issuer) => ({ issuer }) }),
    ...Option.match(checks.audience, { onNone: () => ({}), onSome: (audience) => ({ audience }) })
  }
  // Requests carrying one token that is not remembered (a dashboard's first burst, or every
  // request in the moment its entry expires) share one signature check instead of each starting
  // its own; the entry goes when the check settles, so the map holds only checks under way.
  const checking = new Map<string, Promise<JWTVerifyResult>>()
  const checkSignature = (token: string) => {
    let pending = checking.get(token)
    if (pending === undefined) {
      pending = jwtVerify(token, keys, options)
      checking.set(token, pending)
      const settled = () => void checking.delete(token)
      pending.then(settled, settled)
    }
    return pending
  }
  const verifyAnew = Effect.fn("TokenVerifier.verify")(function*(token: string) {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return yield* new InvalidToken({ reason: "malformed token" })
    const { payload } = yield* Effect.tryPromise({
      try: () => checkSignature(token),
      catch: (error) => error
    }).pipe(
      Effect.tapError((error) =>
        isKeySourceFailure(error)
          ? Effect.logWarning("could not obtain the keys to verify a token").pipe(
            Effect.annotateLogs({ error: error instanceof Error ? error.message : String(error) })
          )
          : Effect.void
      ),
      Effect.mapError((error) => new InvalidToken({ reason: reasonOf(error) }))
    )
    // jose has checked that exp is a number and not past; its iat check needs iat present.
    const problem = lifetimeProblem(payload, Math.floor(Date.now() / 1000))
    if (problem !== undefined) return yield* new InvalidToken({ reason: problem })
    const principal = principalFromClaims(payload)
    if (Either.isLeft(principal)) return yield* new InvalidToken({ reason: principal.left })
    verified.set(token, principal.right, payload.exp! * 1000)
    return principal.right
  })
  const verify = (token: string) => {
    const known = verified.get(token)
    return known === undefined ? verifyAnew(token) : Effect.succeed(known)
  }
  return { verify, verifiedRecently: verified.get }
}

const checksOf = (config: AppConfig): VerifierChecks => ({ issuer: config.authIssuer, audience: config.authAudience })

/** The identity provider's JWKS at `AUTH_JWKS_URL`, cached by jose and refetched for an unknown kid. */
export const remoteJwksLayer: Layer.Layer<TokenVerifier, ConfigError.ConfigError, AppConfig> = Layer.effect(
  TokenVerifier,
  Effect.gen(function*() {
    const config = yield* AppConfig
    if (Option.isNone(config.authJwksUrl)) {
      return yield* Effect.fail(ConfigError.MissingData(["AUTH_JWKS_URL"], "Expected AUTH_JWKS_URL for the remote JWKS verifier"))
    }
    if (Option.isNone(config.authIssuer)) {
      yield* Effect.logWarning(
        "AUTH_JWKS_URL is set without AUTH_ISSUER: tokens from any issuer whose keys this JWKS holds are accepted; set AUTH_ISSUER to the identity provider's issuer"
      )
    }
    // A bounded fetch, and at most one refetch per 30 s however many unknown kids arrive.
    const keys = createRemoteJWKSet(new URL(config.authJwksUrl.value), { timeoutDuration: 5000, cooldownDuration: 30000 })
    return make(keys, checksOf(config))
  })
)

/** This service's own signing key (local identity mode). */
export const localKeysLayer: Layer.Layer<TokenVerifier, never, AppConfig | SigningKeys> = Layer.effect(
  TokenVerifier,
  Effect.gen(function*() {
    const config = yield* AppConfig
    const signingKeys = yield* SigningKeys
    const keys = createLocalJWKSet(signingKeys.jwks as unknown as JSONWebKeySet)
    return make(keys, checksOf(config))
  })
)

/** Remote when `AUTH_JWKS_URL` is set, else the local signing key. */
export const layerFromConfig: Layer.Layer<TokenVerifier, ConfigError.ConfigError, AppConfig | SigningKeys> = Layer.unwrapEffect(
  Effect.map(AppConfig, (config): Layer.Layer<TokenVerifier, ConfigError.ConfigError, AppConfig | SigningKeys> =>
    Option.isSome(config.authJwksUrl) ? remoteJwksLayer : localKeysLayer)
)
