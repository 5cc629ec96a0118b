import { Effect, Either, Option } from "effect"
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTVerifyGetKey, SignJWT } from "jose"
import { describe, expect, it } from "vitest"
import type { UserPrincipal } from "../../src/accounts/principal.ts"
import { make } from "../../src/accounts/token-verifier.ts"
import { makeVerifiedTokens } from "../../src/accounts/verified-tokens.ts"

describe("makeVerifiedTokens", () => {
  const clock = () => {
    let now = 1_000_000
    return { now: () => now, advance: (ms: number) => void (now += ms) }
  }

  it("keeps an entry until its token's exp or the ttl, whichever is first", () => {
    const time = clock()
    const tokens = makeVerifiedTokens<string>(time.now, { ttlMs: 60_000, max: 10 })
    tokens.set("long-lived", "a", time.now() + 3_600_000)
    tokens.set("expiring", "b", time.now() + 10_000)
    time.advance(9_999)
    expect([tokens.get("long-lived"), tokens.get("expiring")]).toEqual(["a", "b"])
    time.advance(1)
    expect([tokens.get("long-lived"), tokens.get("expiring")]).toEqual(["a", undefined])
    time.advance(50_000)
    expect(tokens.get("long-lived")).toBeUndefined()
    expect(tokens.size()).toBe(0)
  })

  it("finds only the exact token, and stores nothing already expired", () => {
    const time = clock()
    const tokens = makeVerifiedTokens<string>(time.now, { ttlMs: 60_000, max: 10 })
    tokens.set("header.payload.signature", "a", time.now() + 60_000)
    expect(tokens.get("header.payload.signaturE")).toBeUndefined()
    expect(tokens.get("header.payload.signatur")).toBeUndefined()
    tokens.set("expired", "b", time.now())
    expect(tokens.size()).toBe(1)
  })

  it("drops the oldest entry when full", () => {
    const time = clock()
    const tokens = makeVerifiedTokens<number>(time.now, { ttlMs: 60_000, max: 3 })
    for (const n of [1, 2, 3, 4]) tokens.set(`t${n}`, n, time.now() + 60_000)
    expect([tokens.get("t1"), tokens.get("t2"), tokens.get("t3"), tokens.get("t4")]).toEqual([undefined, 2, 3, 4])
    expect(tokens.size()).toBe(3)
  })
})

describe("the token verifier's recently verified tokens", () => {
  const setUp = async () => {
    const pair = await generateKeyPair("ES256")
    const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "ES256" }] })
    let lookups = 0
    const counted: JWTVerifyGetKey = (header, token) => {
      lookups++
      return jwks(header, token)
    }
    const verifier = make(counted, { issuer: Option.none(), audience: Option.none() })
    const sign = (claims: Record<string, unknown>, expiresIn: string) =>
      new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: "k1", typ: "JWT" }).setIssuedAt().setExpirationTime(expiresIn).sign(pair.privateKey)
    return { verifier, sign, lookups: () => lookups }
  }
  const member: UserPrincipal = { _tag: "User", userId: "user_1", orgId: "org_1", orgSlug: "acme", role: "org:member", email: null }
  const claims = { sub: "user_1", org_id: "org_1", org_slug: "acme", org_role: "org:member" }

  it("verifies a token once, then answers it from memory, with or without a fiber", async () => {
    const { verifier, sign, lookups } = await setUp()
    const token = await sign(claims, "1h")
    expect(verifier.verifiedRecently(token)).toBeUndefined()
    expect(await Effect.runPromise(Effect.either(verifier.verify(token)))).toEqual(Either.right(member))
    expect(lookups()).toBe(1)
    expect(await Effect.runPromise(Effect.either(verifier.verify(token)))).toEqual(Either.right(member))
    expect(verifier.verifiedRecently(token)).toEqual(member)
    expect(lookups()).toBe(1)
  })

  it("remembers no failure, and never takes a changed token for a verified one", async () => {
    const { verifier, sign, lookups } = await setUp()
    const token = await sign(claims, "1h")
    await Effect.runPromise(verifier.verify(token))
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`
    const first = await Effect.runPromise(Effect.either(verifier.verify(tampered)))
    expect(Either.isLeft(first) && first.left.reason).toBe("signature invalid")
    const second = await Effect.runPromise(Effect.either(verifier.verify(tampered)))
    expect(Either.isLeft(second) && second.left.reason).toBe("signature invalid")
    expect(verifier.verifiedRecently(tampered)).toBeUndefined()
    expect(lookups()).toBe(3)
  })

  it("runs one signature check for concurrent requests with one token, a failing one too", async () => {
    const { verifier, sign, lookups } = await setUp()
    const token = await sign(claims, "1h")
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`
    const fiveOf = (t: string) => Effect.all(Array.from({ length: 5 }, () => Effect.either(verifier.verify(t))), { concurrency: "unbounded" })
    expect(await Effect.runPromise(fiveOf(token))).toEqual(Array.from({ length: 5 }, () => Either.right(member)))
    expect(lookups()).toBe(1)
    const refused = await Effect.runPromise(fiveOf(tampered))
    expect(refused.map((result) => Either.isLeft(result) && result.left.reason)).toEqual(Array.from({ length: 5 }, () => "signature invalid"))
    expect(lookups()).toBe(2)
    // Once settled the check is not kept: the next request with the refused token is checked again.
    await Effect.runPromise(Effect.either(verifier.verify(tampered)))
    expect(lookups()).toBe(3)
  })
})
