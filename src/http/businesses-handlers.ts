import { HttpApiBuilder } from "@effect/platform"
import { Effect, Either, Option } from "effect"
import { randomUUID } from "node:crypto"
import { CurrentPrincipal } from "../accounts/principal.ts"
import { BillingJournal } from "../writers/billing-journal.ts"
import { EntityCommands } from "../actors/entity-commands.ts"
import { IdentityJournal } from "../writers/identity-journal.ts"
import { RankingKeeper } from "../writers/ranking-keeper.ts"
import { SiteHostRegistry } from "../writers/site-host-registry.ts"
import { AppConfig } from "../config/app-config.ts"
import { WallClock } from "../config/wall-clock.ts"
import { CreateBusiness, DeleteProduct } from "../domain/entity-decider.ts"
import { cleanDeclaredNames } from "../domain/entity-names.ts"
import { type BusinessId, refOf } from "../domain/entity-ref.ts"
import { rankingScoreFor } from "../domain/ranking-score.ts"
import { siteUrlOfHost } from "../domain/site-address.ts"
import { slugify } from "../domain/slug.ts"
import { normalizeUrl, parseWebUrl } from "../domain/url.ts"
import { Entities, type EntityRow } from "../projections/entities.ts"
import { refOfRow } from "../projections/row-ref.ts"
import { SightlineApi } from "./api.ts"
import { requireOrganization, requireService } from "./authorize.ts"
import { BusinessRecord, type CreateBusinessRequest, EntityView } from "./businesses-api.ts"
import { toApiError } from "./command-rejection.ts"
import { badRequest, Conflict, forbidden, internalError } from "./errors.ts"
import { awaitProjections } from "./read-your-writes.ts"

const MAX_SLUG_SUFFIX = 100

/** The business URL as given, if it is a web address; an empty string counts as none. */
const businessUrlOf = (payload: CreateBusinessRequest) => {
  const raw = payload.business_url?.trim() ?? ""
  if (raw === "") return Effect.succeed(Option.none<URL>())
  return Option.match(parseWebUrl(raw), {
    onNone: () => Effect.fail(badRequest("business_url: expected an http(s) web address")),
    onSome: (url) => Effect.succeed(Option.some(url))
  })
}

export const BusinessesHandlers = HttpApiBuilder.group(SightlineApi, "businesses", (handlers) =>
  Effect.gen(function*() {
    const config = yield* AppConfig
    const commands = yield* EntityCommands
    const entities = yield* Entities
    const clock = yield* WallClock
    const keeper = yield* RankingKeeper
    const identity = yield* IdentityJournal
    const billing = yield* BillingJournal
    const registry = yield* SiteHostRegistry
    const sites = { scheme: config.sitesScheme, domain: config.sitesDomain }

    /** The rows with the addresses their entities hold in the site host registry. */
    const toViews = (rows: ReadonlyArray<EntityRow>) =>
      Effect.map(registry.hostsFor(rows.map(refOfRow)), (hostOf) =>
        rows.map((row) =>
          new EntityView({
            business_id: row.business_id,
            item_id: row.item_id === "" ? null : row.item_id,
            source_url: row.source_url ?? "",
            deployment_url: siteUrlOfHost(sites, hostOf(refOfRow(row)) ?? row.business_id)
          })
        ))

    const createBusiness = (payload: CreateBusinessRequest) =>
      Effect.gen(function*() {
        const principal = yield* CurrentPrincipal
        const url = yield* businessUrlOf(payload)
        const names = cleanDeclaredNames(payload.aliases ?? [], payload.not_aliases ?? [])
        if (Either.isLeft(names)) return yield* Effect.fail(badRequest(names.left))
        // Linking a Stripe customer (docs/decisions.md, Billing): service API keys, with identity_org_id.
        const stripeCustomerId = payload.stripe_customer_id ?? null
        if (stripeCustomerId !== null) {
          if (principal._tag !== "Service") {
            return yield* Effect.fail(forbidden("stripe_customer_id may only be set with a service API key"))
          }
          if ((payload.identity_org_id ?? "") === "") {
            return yield* Effect.fail(badRequest("stripe_customer_id needs identity_org_id: the organization the customer belongs to"))
          }
        }
        // A user token speaks for its own organization and user only: naming another one would
        // record the caller as a member (admin) of a foreign organization.
        if (principal._tag === "User") {
          if (payload.identity_org_id !== undefined && payload.identity_org_id !== principal.orgId) {
            return yield* Effect.fail(forbidden("identity_org_id may name another organization than the token's only with a service API key"))
          }
          if (payload.identity_user_id !== undefined && payload.identity_user_id !== principal.userId) {
            return yield* Effect.fail(forbidden("identity_user_id may name another user than the token's only with a service API key"))
          }
        }
        // The slug: the one asked for, else the token's organization, else (service keys) the name.
        const requested = payload.org_slug ?? (principal._tag === "User" ? principal.orgSlug : null)
        if (requested === null && principal._tag === "User") {
          return yield* Effect.fail(forbidden("the token carries no organization"))
        }
        if (requested !== null) yield* requireOrganization(requested, "write")
        const base = requested ?? slugify(payload.business_name)
        const now = yield* clock.now
        // The same score GET /api/ranking-score gives for this URL (kept once assigned).
        const rankingScore = yield* Option.match(url, {
          onNone: () => Effect.succeed(rankingScoreFor(`business:${base}`)),
          onSome: (u) => keeper.scoreOf(normalizeUrl(u), now)
        })
        const user = principal._tag === "User" ? principal : null

        for (let suffix = 1; suffix <= MAX_SLUG_SUFFIX; suffix++) {
          const slug = (suffix === 1 ? base : `${base.slice(0, 60)}-${suffix}`) as BusinessId
          const command = new CreateBusiness({
            businessId: slug,
            businessUuid: randomUUID(),
            businessName: payload.business_name,
            businessUrl: Option.match(url, { onNone: () => null, onSome: (u) => u.href }),
            trackingType: payload.tracking_type ?? "business",
            identityOrgId: payload.identity_org_id ?? user?.orgId ?? null,
            identityUserId: payload.identity_user_id ?? user?.userId ?? null,
            rankingScore,
            at: now.toISOString(),
            names: names.right
          })
          const sent = yield* Effect.either(commands.send(refOf(slug), command))
          // A slug named by the caller is theirs or nobody's; a derived one takes the next suffix.
          if (sent._tag === "Left" && sent.left.reason === "already_exists" && requested === null) continue
          if (sent._tag === "Left") return yield* toApiError("CreateBusiness", sent.left, { entity: refOf(slug), now })
          yield* awaitProjections(sent.right.lastPosition, ["entities"])
          // The site address is taken now, while the business is new: a later business wanting
          // the same label gets a suffixed one (site-address.ts).
          yield* registry.hostFor(refOf(slug))
          // Local identity mode keeps organizations itself: the business's organization and its
          // creator (as admin) are recorded when missing.
          const orgId = user !== null ? user.orgId : payload.identity_org_id ?? null
          const creator = user !== null ? user.userId : payload.identity_user_id ?? null
          if (config.identityProvider === "local" && orgId !== null && creator !== null) {
            const recorded = yield* identity.ensureFromToken(
              { orgId, orgSlug: user?.orgSlug ?? slug, userId: creator, role: "org:admin", name: payload.business_name },
              now
            )
            yield* awaitProjections(recorded, ["organizations"])
          }
          if (stripeCustomerId !== null && payload.identity_org_id !== undefined) {
            const linked = yield* billing.linkCustomer(payload.identity_org_id, stripeCustomerId, now)
            yield* awaitProjections(linked.position, ["billing"])
          }
          const row = yield* entities.findBusiness(slug)
          if (row === undefined) return yield* Effect.fail(internalError())
          return new BusinessRecord({
            id: Number(row.record_id),
            business_uuid: row.business_uuid ?? command.businessUuid,
            business_name: row.name ?? payload.business_name,
            created_at: row.created_at.toISOString(),
            ranking_score: row.ranking_score ?? rankingScore,
            business_id: slug
          })
        }
        return yield* Effect.fail(new Conflict({ status: "error", code: "business_exists", message: `no free slug for ${base}` }))
      })

    return handlers
      .handle("createBusiness", ({ payload }) => createBusiness(payload))
      .handle("listEntities", ({ urlParams }) =>
        requireService.pipe(
          Effect.zipRight(entities.list({ businessId: urlParams.business_id, type: urlParams.type })),
          Effect.flatMap(toViews),
          Effect.map((views) => ({ entities: views }))
        ))
      .handle("deleteProduct", ({ path }) =>
        Effect.gen(function*() {
          yield* requireOrganization(path.business_id, "write")
          const ref = { businessId: path.business_id, itemId: path.item_id }
          const now = yield* clock.now
          const sent = yield* commands.send(ref, new DeleteProduct({ ...ref, at: now.toISOString() })).pipe(
            Effect.catchTag("CommandRejected", (rejected) => toApiError("DeleteProduct", rejected, { entity: ref, now }))
          )
          yield* awaitProjections(sent.lastPosition, ["entities"])
          return { status: "success" as const, message: `Product ${path.item_id} deleted; its history stays readable` }
        }))
  }))
