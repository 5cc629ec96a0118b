import { SqlClient } from "@effect/sql"
import { ConfigError, ConfigProvider, Effect, Either, Layer, Logger, ManagedRuntime } from "effect"
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { UserPrincipal } from "../../src/accounts/principal.ts"
import { SigningKeys, type TokenClaims } from "../../src/accounts/signing-keys.ts"
import {
  InvalidToken,
  layerFromConfig,
  localKeysLayer,
  remoteJwksLayer,
  TokenVerifier
} from "../../src/accounts/token-verifier.ts"
import { AppConfig } from "../../src/config/app-config.ts"
import { layerFor, testDatabases } from "../support/databases.ts"

const configLayer = (entries: Record<string, string> = {}) =>
  AppConfig.Default.pipe(Layer.provide(Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(entries))))))

/** The error of a verification expected to fail; the test fails if it succeeded. */
const failureOf = (result: Either.Either<UserPrincipal, InvalidToken>): InvalidToken => {
  if (Either.isRight(result)) throw new Error(`expected InvalidToken, got ${JSON.stringify(result.right)}`)
  expect(result.left).toBeInstanceOf(InvalidToken)
  return result.left
}

const admin: UserPrincipal = { _tag: "User", userId: "user_1", orgId: "org_1", orgSlug: "acme", role: "org:admin", email: null }
const adminClaims: TokenClaims = { sub: "user_1", org_id: "org_1", org_slug: "acme", org_role: "org:admin" }

for (const database of testDatabases) {
  describe(`signing keys and the local verifier (${database.name})`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<SqlClient.SqlClient, unknown>
    let release = async () => {}
    const run = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) => runtime.runPromise(effect)
    // A fresh construction each time, as a new process would do.
    const withKeys = <A, E>(f: (keys: SigningKeys) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(SigningKeys, f).pipe(Effect.provide(SigningKeys.Default)))
    const verifyWith = (keys: SigningKeys, token: string, config: Record<string, string> = {}) =>
      run(Effect.either(Effect.flatMap(TokenVerifier, (verifier) => verifier.verify(token))).pipe(
        Effect.provide(localKeysLayer.pipe(Layer.provide(configLayer(config)), Layer.provide(Layer.succeed(SigningKeys, keys))))
      ))
    const keyCount = () =>
      run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM signing_keys`)).then((rows) => rows[0]!.n)

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      runtime = ManagedRuntime.make(layerFor(created.target))
      await runtime.runPromise(Effect.void)
    })
    afterAll(async () => {
      await runtime?.dispose()
      await release()
    })

    it("creates exactly one key when two constructions race on an empty table", async () => {
      expect(await keyCount()).toBe(0)
      const kids = await run(Effect.all(
        [1, 2].map(() => Effect.map(SigningKeys, (keys) => keys.kid).pipe(Effect.provide(SigningKeys.Default))),
        { concurrency: "unbounded" }
      ))
      expect(kids[0]).toMatch(/^[0-9a-f]{16}$/)
      expect(kids[1]).toBe(kids[0])
      expect(await keyCount()).toBe(1)
    })

    it("reuses the stored key on the next construction and publishes only its public half", async () => {
      const first = await withKeys((keys) => Effect.succeed(keys))
      const second = await withKeys((keys) => Effect.succeed(keys))
      expect(second.kid).toBe(first.kid)
      expect(await keyCount()).toBe(1)
      expect(second.jwks.keys.length).toBe(1)
      const jwk = second.jwks.keys[0]!
      expect(Object.keys(jwk).sort()).toEqual(["alg", "crv", "kid", "kty", "use", "x", "y"])
      expect({ kid: jwk.kid, alg: jwk.alg, use: jwk.use, kty: jwk.kty, crv: jwk.crv }).toEqual({
        kid: first.kid,
        alg: "ES256",
        use: "sig",
        kty: "EC",
        crv: "P-256"
      })
    })

    it("signs a token that verifies to the exact principal", async () => {
      const keys = await withKeys((keys) => Effect.succeed(keys))
      const token = await run(keys.sign(adminClaims, { expiresIn: 3600 }))
      expect(decodeProtectedHeader(token)).toEqual({ alg: "ES256", kid: keys.kid, typ: "JWT" })
      const payload = decodeJwt(token)
      expect(payload.exp! - payload.iat!).toBe(3600)
      expect(await verifyWith(keys, token)).toEqual(Either.right(admin))

      const member = await run(keys.sign({ sub: "user_2", org_id: "org_2", org_slug: "beta", org_role: "org:member" }, { expiresIn: "2h" }))
      expect(decodeJwt(member).exp! - decodeJwt(member).iat!).toBe(7200)
      expect(await verifyWith(keys, member)).toEqual(
        Either.right({ _tag: "User", userId: "user_2", orgId: "org_2", orgSlug: "beta", role: "org:member", email: null })
      )
    })

    it("rejects an expired token, but tolerates 5 s of clock skew", async () => {
      const keys = await withKeys((keys) => Effect.succeed(keys))
      const expired = await run(keys.sign(adminClaims, { expiresIn: -60 }))
      expect(failureOf(await verifyWith(keys, expired)).reason).toBe("token expired")
      const justExpired = await run(keys.sign(adminClaims, { expiresIn: -2 }))
      expect(await verifyWith(keys, justExpired)).toEqual(Either.right(admin))
    })

    it("rejects a token signed by another key, with or without our kid", async () => {
      const keys = await withKeys((keys) => Effect.succeed(keys))
      const other = await generateKeyPair("ES256")
      const forged = await new SignJWT(adminClaims).setProtectedHeader({ alg: "ES256", kid: keys.kid, typ: "JWT" })
        .setIssuedAt().setExpirationTime("1h").sign(other.privateKey)
      expect(failureOf(await verifyWith(keys, forged)).reason).toBe("signature invalid")
      const foreign = await new SignJWT(adminClaims).setProtectedHeader({ alg: "ES256", kid: "someone-else", typ: "JWT" })
        .setIssuedAt().setExpirationTime("1h").sign(other.privateKey)
      expect(failureOf(await verifyWith(keys, foreign)).reason).toBe("no signing key matches the token")
    })

    it("rejects malformed tokens and tokens without sub or exp", async () => {
      const keys = await withKeys((keys) => Effect.succeed(keys))
      expect(failureOf(await verifyWith(keys, "not-a-jwt")).reason).toBe("malformed token")
      expect(failureOf(await verifyWith(keys, "")).reason).toBe("malformed token")
      const noSub = await run(keys.sign({ org_id: "org_1" } as JWTPayload as TokenClaims, { expiresIn: 60 }))
      expect(failureOf(await verifyWith(keys, noSub)).reason).toBe("token has no sub claim")
    })

    it("checks AUTH_ISSUER and AUTH_AUDIENCE when they are set", async () => {
      const keys = await withKeys((keys) => Effect.succeed(keys))
      const config = { AUTH_ISSUER: "https://issuer.test", AUTH_AUDIENCE: "sightline" }
      const good = await run(keys.sign(adminClaims, { expiresIn: 60, issuer: "https://issuer.test", audience: "sightline" }))
      expect(await verifyWith(keys, good, config)).toEqual(Either.right(admin))
      const wrongIssuer = await run(keys.sign(adminClaims, { expiresIn: 60, issuer: "https://evil.test", audience: "sightline" }))
      expect(failureOf(await verifyWith(keys, wrongIssuer, config)).reason).toBe("unexpected issuer")
      const wrongAudience = await run(keys.sign(adminClaims, { expiresIn: 60, issuer: "https://issuer.test", audience: "other" }))
      expect(failureOf(await verifyWith(keys, wrongAudience, config)).reason).toBe("unexpected audience")
      const bare = await run(keys.sign(adminClaims, { expiresIn: 60 }))
      expect(failureOf(await verifyWith(keys, bare, config)).reason).toBe("token has no iss claim")
      // unset: not checked
      expect(await verifyWith(keys, wrongIssuer)).toEqual(Either.right(admin))
    })
  })
}

describe("remote JWKS verifier", () => {
  let server: http.Server
  let jwksUrl = ""
  let requests = 0
  let privateKey: CryptoKey

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256")
    privateKey = pair.privateKey
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "rsa-1", alg: "RS256", use: "sig" }
    server = http.createServer((request, response) => {
      requests++
      if (request.url !== "/jwks.json") {
        response.writeHead(404).end()
        return
      }
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }))
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`
  })
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
  })

  const rsToken = (claims: JWTPayload, kid = "rsa-1") =>
    new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer("https://clerk.test").setAudience("sightline").setIssuedAt().setExpirationTime("10m").sign(privateKey)

  // Local keys that verify nothing and refuse to sign: the remote path must not rely on them.
  const noLocalKeys = Layer.succeed(
    SigningKeys,
    SigningKeys.make({ kid: "local", jwks: { keys: [] }, sign: () => Effect.dieMessage("SigningKeys used in remote mode") })
  )

  const verify = (
    token: string,
    config: Record<string, string>,
    layer: Layer.Layer<TokenVerifier, ConfigError.ConfigError, AppConfig | SigningKeys> = remoteJwksLayer
  ) =>
    Effect.runPromise(Effect.either(Effect.flatMap(TokenVerifier, (verifier) => verifier.verify(token))).pipe(
      Effect.provide(layer.pipe(Layer.provide(configLayer(config)), Layer.provide(noLocalKeys)))
    ))

  it("verifies an RS256 token from the identity provider's JWKS, in the nested organization form", async () => {
    const config = { AUTH_JWKS_URL: jwksUrl, AUTH_ISSUER: "https://clerk.test", AUTH_AUDIENCE: "sightline" }
    const token = await rsToken({ sub: "user_clerk", v: 2, o: { id: "org_9", slg: "nine", rol: "admin" } })
    expect(await verify(token, config, layerFromConfig)).toEqual(
      Either.right({ _tag: "User", userId: "user_clerk", orgId: "org_9", orgSlug: "nine", role: "org:admin", email: null })
    )
    expect(requests).toBeGreaterThanOrEqual(1)
  })

  it("rejects a token whose kid the JWKS does not hold", async () => {
    const token = await rsToken({ sub: "user_clerk" }, "rsa-unknown")
    expect(failureOf(await verify(token, { AUTH_JWKS_URL: jwksUrl })).reason).toBe("no signing key matches the token")
  })

  it("rejects a token with a bad signature", async () => {
    const other = await generateKeyPair("RS256")
    const token = await new SignJWT({ sub: "user_clerk" }).setProtectedHeader({ alg: "RS256", kid: "rsa-1" })
      .setIssuedAt().setExpirationTime("10m").sign(other.privateKey)
    expect(failureOf(await verify(token, { AUTH_JWKS_URL: jwksUrl })).reason).toBe("signature invalid")
  })

  it("refuses a token living longer than 24 hours or issued in the future, beyond 5 s of clock skew", async () => {
    const config = { AUTH_JWKS_URL: jwksUrl, AUTH_ISSUER: "https://clerk.test", AUTH_AUDIENCE: "sightline" }
    const now = Math.floor(Date.now() / 1000)
    const day = 24 * 60 * 60
    const signed = (iat: number | undefined, exp: number) => {
      let jwt = new SignJWT({ sub: "user_clerk" }).setProtectedHeader({ alg: "RS256", kid: "rsa-1" })
        .setIssuer("https://clerk.test").setAudience("sightline").setExpirationTime(exp)
      if (iat !== undefined) jwt = jwt.setIssuedAt(iat)
      return jwt.sign(privateKey)
    }
    const reasonFor = async (iat: number | undefined, exp: number) => {
      const result = await verify(await signed(iat, exp), config)
      return Either.isRight(result) ? "accepted" : result.left.reason
    }
    expect(await reasonFor(now, now + 100 * 365 * day)).toBe("token lifetime too long")
    expect(await reasonFor(undefined, now + 100 * 365 * day)).toBe("token lifetime too long")
    expect(await reasonFor(undefined, now + day + 60)).toBe("token lifetime too long")
    // Issued two hours ago, expiring in 23: 25 hours in all.
    expect(await reasonFor(now - 2 * 3600, now + 23 * 3600)).toBe("token lifetime too long")
    expect(await reasonFor(now + 365 * day, now + 365 * day + 60)).toBe("token issued in the future")
    expect(await reasonFor(now + 60, now + 600)).toBe("token issued in the future")
    expect(await reasonFor(now, now + day)).toBe("accepted")
    expect(await reasonFor(undefined, now + day)).toBe("accepted")
    expect(await reasonFor(now + 3, now + 600)).toBe("accepted")
  })

  it("warns at start-up when AUTH_JWKS_URL is set without AUTH_ISSUER", async () => {
    const warnings: Array<string> = []
    const capture = Logger.replace(Logger.defaultLogger, Logger.make(({ logLevel, message }) => {
      if (logLevel._tag === "Warning") warnings.push(String(Array.isArray(message) ? message.join(" ") : message))
    }))
    const build = (config: Record<string, string>) =>
      Effect.runPromise(Effect.scoped(Layer.build(remoteJwksLayer.pipe(Layer.provide(configLayer(config))))).pipe(Effect.provide(capture)))
    await build({ AUTH_JWKS_URL: jwksUrl, AUTH_ISSUER: "https://clerk.test" })
    expect(warnings).toEqual([])
    await build({ AUTH_JWKS_URL: jwksUrl })
    expect(warnings).toEqual([
      "AUTH_JWKS_URL is set without AUTH_ISSUER: tokens from any issuer whose keys this JWKS holds are accepted; set AUTH_ISSUER to the identity provider's issuer"
    ])
  })

  it("answers InvalidToken, without leaking details, when the JWKS cannot be fetched", async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const token = await rsToken({ sub: "user_clerk" })
    expect(failureOf(await verify(token, { AUTH_JWKS_URL: `http://127.0.0.1:${port}/jwks.json` })).reason).toBe(
      "signing keys unavailable"
    )
  })
})
