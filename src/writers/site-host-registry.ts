/**
 * Gives each entity its site host name (see site-address.ts for the rule), claimed in the
 * registry streams at version 0: of two entities wanting one name exactly one gets it, and a
 * name once held never moves. The entity's own earlier claim is found again, so a retry (or
 * two requests for one entity at once) converges on one name.
 */
import { Effect, Either } from "effect"
import { randomBytes } from "node:crypto"
import { WallClock } from "../config/wall-clock.ts"
import type { EntityRef } from "../domain/entity-ref.ts"
import { hostCandidates, productHostWanted, siteLabelOf } from "../domain/site-address.ts"
import { SiteHostClaimed, siteHostFromStored, siteHostStreamOf, siteHostToStored } from "../domain/site-host-events.ts"
import { EventStore, type GlobalPosition } from "../eventstore/event-store.ts"
import { Entities } from "../projections/entities.ts"
import { ProjectionRunner } from "../projections/runner.ts"
import { SiteHosts } from "../projections/site-hosts.ts"
import { eventIdFor } from "../eventstore/event-id.ts"

const keyOf = (ref: { readonly businessId: string; readonly itemId: string | null }) => `${ref.businessId}/${ref.itemId ?? ""}`

/** Random last resorts, should every derived name be held by someone else. */
const RANDOM_ATTEMPTS = 3

export class SiteHostRegistry extends Effect.Service<SiteHostRegistry>()("SiteHostRegistry", {
  effect: Effect.gen(function*() {
    const store = yield* EventStore
    const hosts = yield* SiteHosts
    const entities = yield* Entities
    const runner = yield* ProjectionRunner
    const clock = yield* WallClock

    /** Claims `host` for the entity: its position when it is (now or already) the entity's, else undefined. */
    const claimOne = Effect.fn("SiteHostRegistry.claimOne")(function*(host: string, ref: EntityRef) {
      for (;;) {
        const events = yield* store.readStream(siteHostStreamOf(host))
        const first = events[0]
        if (first !== undefined) {
          const holder = siteHostFromStored(first)
          return keyOf(holder) === keyOf(ref) ? first as GlobalPosition : undefined
        }
        const claimed = new SiteHostClaimed({ host, businessId: ref.businessId, itemId: ref.itemId, at: (yield* clock.now).toISOString() })
        const appended = yield* Effect.either(store.append(siteHostStreamOf(host), 0, [
          // The id names the claimant too: another entity's claim of this host conflicts, never repeats.
          { eventId: eventIdFor(`sitehost:${host}:${keyOf(ref)}`, 0), ...siteHostToStored(claimed) }
        ]))
        if (Either.isRight(appended)) return appended.right.lastPosition
        if (appended.left._tag !== "WrongExpectedVersion") return yield* Effect.die(appended.left)
        // Someone claimed it meanwhile: read who.
      }
    })

    const claimFirstFree = Effect.fn("SiteHostRegistry.claim")(function*(ref: EntityRef, candidates: ReadonlyArray<string>) {
      const last = candidates[candidates.length - 1] ?? ref.businessId
      const randomOnes = Array.from({ length: RANDOM_ATTEMPTS }, () => `${last.slice(0, 40).replace(/-+$/, "")}-${randomBytes(8).toString("hex")}`)
      for (const host of [...candidates, ...randomOnes]) {
        // An address an entity had before hosts were registered stays that entity's.
        const legacy = yield* entities.unregisteredWanting(host)
        if (legacy !== undefined && keyOf(legacy) !== keyOf(ref)) continue
        const position = yield* claimOne(host, ref)
        if (position !== undefined) return { host, position }
      }
      return yield* Effect.dieMessage(`no free site host for ${keyOf(ref)}`)
    })

    const awaitReadable = (position: GlobalPosition) => runner.waitFor(position, ["site_hosts"]).pipe(Effect.ignore)

    /**
     * The entity's host name, claimed now when it has none yet; undefined when the entity (or,
     * for a product, its business) is unknown.
     */
    const hostFor = (ref: EntityRef): Effect.Effect<string | undefined> =>
      Effect.gen(function*() {
        const known = (yield* hosts.hostsOf([ref.businessId])).get(keyOf(ref))
        if (known !== undefined) return known
        const business = yield* entities.find(ref.businessId, null)
        if (business === undefined) return undefined
        const seed = business.business_uuid ?? business.business_id
        const candidates = ref.itemId === null
          ? hostCandidates(siteLabelOf(business.business_id, business.source_url), seed)
          : yield* Effect.map(hostFor({ businessId: ref.businessId, itemId: null }), (businessHost) =>
            hostCandidates(productHostWanted(businessHost ?? business.business_id, ref.itemId!), `${seed}/${ref.itemId}`))
        const claimed = yield* claimFirstFree(ref, candidates)
        yield* awaitReadable(claimed.position)
        return claimed.host
      }).pipe(Effect.withSpan("SiteHostRegistry.hostFor"))

    /** The host names of many entities (a listing), claiming those that have none yet. */
    const hostsFor = (refs: ReadonlyArray<EntityRef>) =>
      Effect.gen(function*() {
        const known = yield* hosts.hostsOf([...new Set(refs.map((ref) => ref.businessId))])
        const found = new Map(known)
        // Businesses first: their products' names derive from theirs.
        const missing = refs.filter((ref) => !found.has(keyOf(ref))).sort((a, b) => (a.itemId === null ? 0 : 1) - (b.itemId === null ? 0 : 1))
        for (const ref of missing) {
          const host = yield* hostFor(ref)
          if (host !== undefined) found.set(keyOf(ref), host)
        }
        return (ref: EntityRef) => found.get(keyOf(ref))
      })

    return { hostFor, hostsFor }
  }),
  dependencies: [SiteHosts.Default, Entities.Default]
}) {}
