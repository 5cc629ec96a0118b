/**
 * The fast lane's plain-code twins answer as their Effect counterparts do, on the same inputs
 * (the table in `src/http/fast-lane/index.ts`): authentication, the score read, the visit
 * target lookup and the slug check. The requests themselves are compared both ways in
 * `fast-lane.e2e.test.ts`.
 */
import { ConfigProvider, Effect, Either, Layer, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EntityCommands } from "../../../src/actors/entity-commands.ts"
import { AppConfig } from "../../../src/config/app-config.ts"
import type { BusinessId, ItemId } from "../../../src/domain/entity-ref.ts"
import { RegisterProduct } from "../../../src/domain/entity-decider.ts"
import { isSlug, Slug } from "../../../src/domain/slug.ts"
import { BearerAuth } from "../../../src/http/authentication.ts"
import { Entities } from "../../../src/projections/entities.ts"
import { ProjectionRunner } from "../../../src/projections/runner.ts"
import { Scores } from "../../../src/projections/scores.ts"
import { testDatabases } from "../../support/databases.ts"
import { type RunningService, SERVICE_KEY, startService } from "../../support/service.ts"

describe("isSlug and the Slug schema", () => {
  it("accept and refuse the same strings", () => {
    const values = [
      "a", "acme", "acme-shoes", "a1-b2", "a".repeat(63), "a".repeat(64), "a".repeat(65), "", "-", "-acme", "acme-", "acme--shoes",
      "Acme", "acme_shoes", "acme.shoes", "acme shoes", " acme", "acme\n", "ácme", "acme/shoes", "%61cme", "0", "9-lives"
    ]
    const isSchemaSlug = Schema.is(Slug)
    expect(values.map(isSlug)).toEqual(values.map(isSchemaSlug))
  })
})

const database = testDatabases[0]!

describe(`fast lane twins (${database.name})`, () => {
  let service: RunningService
  let release = async () => {}
  const slug = `twin-${randomUUID().slice(0, 8)}`
  const unscored = `twin-${randomUUID().slice(0, 8)}`

  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${service.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${SERVICE_KEY}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })

  const run = <A, E>(effect: Effect.Effect<A, E, any>) => service.runtime.runPromise(effect) as Promise<A>

  beforeAll(async () => {
    const created = await database.create()
    release = created.release
    service = await startService(created.target)
    for (const business of [slug, unscored]) {
      const answer = await send("POST", "/api/business", { business_name: `Twin ${business}`, business_url: `https://${business}.example`, org_slug: business })
      expect(answer.status).toBe(201)
    }
    for (const itemId of ["kept", "dropped"]) {
      await run(Effect.gen(function*() {
        const ref = { businessId: slug as BusinessId, itemId: itemId as ItemId }
        const sent = yield* Effect.flatMap(EntityCommands, (commands) =>
          commands.send(ref, new RegisterProduct({ ...ref, name: itemId, url: `https://${slug}.example/${itemId}`, at: new Date().toISOString() })))
        yield* Effect.flatMap(ProjectionRunner, (runner) => runner.waitFor(sent.lastPosition, ["entities"]))
      }))
    }
    const results = Array.from({ length: 2 }, (_, i) => ({
      prompt: `where to buy twins, take ${i}`,
      ...Object.fromEntries(Array.from({ length: 8 }, (_, n) => [`ai_platform_${n + 1}`, (i + n) % 3 === 0]))
    }))
    for (const itemId of [undefined, "kept", "dropped"]) {
      expect((await send("POST", "/api/cron/store-visibility-score", { business_id: slug, item_id: itemId, results })).status).toBe(200)
    }
    expect((await send("DELETE", `/api/products/${slug}/dropped`)).status).toBe(200)
  })
  afterAll(async () => {
    await service?.stop()
    await release()
  })

  /** Businesses and products: scored, unscored, deleted, unknown. */
  const keys: ReadonlyArray<readonly [string, string | null]> = [
    [slug, null], [slug, "kept"], [slug, "dropped"], [slug, "no-such-item"],
    [unscored, null], [unscored, "kept"], ["no-such-business", null], ["no-such-business", "kept"]
  ]

  it("BearerAuth.authenticateNow answers as BearerAuth.authenticate, header by header", async () => {
    const member = await service.sign({ sub: "user_twin", org_id: "org_twin", org_slug: slug, org_role: "org:member" })
    const auth = await run(BearerAuth.pipe(Effect.provide(BearerAuth.Default.pipe(
      Layer.provide(AppConfig.Default),
      Layer.provide(Layer.setConfigProvider(ConfigProvider.fromMap(new Map([["SERVICE_API_KEYS", SERVICE_KEY]]))))
    ))))
    const headers = [
      undefined, "", "   ", "Bearer", "Bearer ", `Bearer ${SERVICE_KEY}`, `bearer\t${SERVICE_KEY}  `, `Basic ${SERVICE_KEY}`,
      `Bearer ${SERVICE_KEY} more`, `Bearer ${SERVICE_KEY}x`, "Bearer garbage", `Bearer ${member}`, `Bearer ${member.slice(0, -2)}xx`
    ]
    for (const header of headers) {
      const now = await auth.authenticateNow(header)
      const effect = await run(Effect.either(auth.authenticate(header)))
      expect(now, String(header)).toEqual(effect)
      // Known at once whenever no signature is left to check, and then the same answer.
      const known = auth.authenticateKnown(header)
      if (known !== undefined) expect(known, String(header)).toEqual(effect)
    }
    // A service key and a malformed header need no signature; a token never verified (or
    // refused) does; the member's token, verified above, is remembered.
    expect(auth.authenticateKnown(`Bearer ${SERVICE_KEY}`)).toEqual(Either.right({ _tag: "Service" }))
    expect(auth.authenticateKnown("Bearer")).toEqual(await auth.authenticateNow("Bearer"))
    expect(auth.authenticateKnown("Bearer garbage")).toBeUndefined()
    expect(auth.authenticateKnown(`Bearer ${member.slice(0, -2)}xx`)).toBeUndefined()
    expect(auth.authenticateKnown(`Bearer ${member}`)).toEqual(await auth.authenticateNow(`Bearer ${member}`))
    expect(Either.isRight(auth.authenticateKnown(`Bearer ${member}`)!)).toBe(true)
  })

  it("Scores.visibilityNow reads the row Scores.current reads, and knows the entities Entities.find finds", async () => {
    for (const [businessId, itemId] of keys) {
      const { fast, current, business, entity } = await run(Effect.gen(function*() {
        const scores = yield* Scores
        const entities = yield* Entities
        return {
          fast: yield* Effect.promise(() => scores.visibilityNow(businessId, itemId)),
          current: yield* scores.current(businessId, itemId),
          business: yield* entities.find(businessId, null),
          entity: yield* entities.find(businessId, itemId)
        }
      }))
      const key = `${businessId}/${itemId}`
      expect(fast.current, key).toEqual(current)
      expect(fast.businessKnown, key).toBe(business !== undefined)
      expect(fast.entityKnown, key).toBe(entity !== undefined)
    }
  })

  it("Entities.visitTargetNow answers what Entities.find says of the business and the product", async () => {
    for (const [businessId, itemId] of keys) {
      const { target, business, entity } = await run(Effect.gen(function*() {
        const entities = yield* Entities
        return {
          target: yield* Effect.promise(() => entities.visitTargetNow({ businessId, itemId })),
          business: yield* entities.find(businessId, null),
          entity: yield* entities.find(businessId, itemId)
        }
      }))
      const expected = business === undefined ? "business_not_found" : entity !== undefined && entity.deleted_at === null ? "active" : "product_not_found"
      expect(target, `${businessId}/${itemId}`).toBe(expected)
    }
  })
})
