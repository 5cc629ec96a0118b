/**
 * The service's own JWT signing key (local identity mode): an ES256 key pair kept in
 * `signing_keys`, created on first start. Its public half is published as a JWKS; the private
 * half is only ever used to sign and is never logged or returned.
 */
import { SqlClient } from "@effect/sql"
import { Clock, Effect } from "effect"
import { exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, SignJWT } from "jose"
import { randomBytes } from "node:crypto"
import type { OrgRole } from "./principal.ts"

export const SIGNING_ALGORITHM = "ES256"

/** The claims a token of this service carries; anything else passes through as given. */
export interface TokenClaims extends JWTPayload {
  readonly sub: string
  readonly org_id?: string
  readonly org_slug?: string
  readonly org_role?: OrgRole
}

export interface SignOptions {
  /** Seconds from now (a number), or a jose duration such as "2h". */
  readonly expiresIn: string | number
  readonly issuer?: string | undefined
  readonly audience?: string | undefined
}

export interface PublicJwk extends JWK {
  readonly kid: string
  readonly alg: typeof SIGNING_ALGORITHM
  readonly use: "sig"
}

export interface Jwks {
  readonly keys: ReadonlyArray<PublicJwk>
}

interface KeyRow {
  readonly kid: string
  readonly private_jwk: unknown
  readonly public_jwk: unknown
}

// Both drivers parse jsonb; the string case only guards against a driver that does not.
const jwkOf = (value: unknown): JWK => (typeof value === "string" ? JSON.parse(value) : value) as JWK

// Serializes key creation across processes sharing one database (a server and `npm run token`
// starting together): the second waits, then finds the first one's key instead of adding its own.
const KEY_CREATION_LOCK = 0x5167_6e4b // "SgnK"

export class SigningKeys extends Effect.Service<SigningKeys>()("SigningKeys", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const newest = sql<KeyRow>`
      SELECT kid, private_jwk, public_jwk FROM signing_keys
      WHERE algorithm = ${SIGNING_ALGORITHM}
      ORDER BY created_at DESC, kid DESC
      LIMIT 1`.pipe(Effect.map((rows) => rows[0]))

    const create = Effect.gen(function*() {
      const { privateKey, publicKey } = yield* Effect.promise(() => generateKeyPair(SIGNING_ALGORITHM, { extractable: true }))
      const privateJwk = yield* Effect.promise(() => exportJWK(privateKey))
      const publicJwk = yield* Effect.promise(() => exportJWK(publicKey))
      const kid = randomBytes(8).toString("hex")
      yield* sql`
        INSERT INTO signing_keys (kid, algorithm, private_jwk, public_jwk)
        VALUES (${kid}, ${SIGNING_ALGORITHM}, ${JSON.stringify(privateJwk)}::jsonb, ${JSON.stringify(publicJwk)}::jsonb)
        ON CONFLICT (kid) DO NOTHING`
      yield* Effect.logInfo("created a new signing key").pipe(Effect.annotateLogs({ kid }))
    })

    // Inside one transaction holding the advisory lock, so racing processes create one key;
    // the re-read after it makes every process use the same (newest committed) row.
    yield* sql.withTransaction(Effect.gen(function*() {
      yield* sql`SELECT pg_advisory_xact_lock(${KEY_CREATION_LOCK})`
      if ((yield* newest) === undefined) yield* create
    }))
    const row = yield* newest
    if (row === undefined) return yield* Effect.dieMessage("signing_keys holds no ES256 key after creating one")

    const kid = row.kid
    const privateKey = yield* Effect.promise(() => importJWK(jwkOf(row.private_jwk), SIGNING_ALGORITHM))
    const { kty, crv, x, y } = jwkOf(row.public_jwk)
    // Only the public members are copied, so a private member can never be published by mistake.
    const publicJwk: PublicJwk = { kty, crv, x, y, kid, alg: SIGNING_ALGORITHM, use: "sig" } as PublicJwk
    const jwks: Jwks = { keys: [publicJwk] }

    const sign = Effect.fn("SigningKeys.sign")(function*(claims: TokenClaims, options: SignOptions) {
      const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
      let jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: "JWT" })
        .setIssuedAt(now)
        // jose reads a number as an absolute time, so seconds are added to now here.
        .setExpirationTime(typeof options.expiresIn === "number" ? now + options.expiresIn : options.expiresIn)
      if (options.issuer !== undefined) jwt = jwt.setIssuer(options.issuer)
      if (options.audience !== undefined) jwt = jwt.setAudience(options.audience)
      return yield* Effect.promise(() => jwt.sign(privateKey))
    })

    return { kid, jwks, sign } as const
  }).pipe(Effect.orDie)
}) {}
