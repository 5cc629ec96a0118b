import { HttpApiBuilder } from "@effect/platform"
import { Effect, Either } from "effect"
import { EntityCommands } from "../actors/entity-commands.ts"
import { WallClock } from "../config/wall-clock.ts"
import { DeclareNames } from "../domain/entity-decider.ts"
import { cleanDeclaredNames } from "../domain/entity-names.ts"
import { refOf } from "../domain/entity-ref.ts"
import { ScoreRevision } from "../pipeline/score-revision.ts"
import { Entities } from "../projections/entities.ts"
import { SightlineApi } from "./api.ts"
import { requireOrganization } from "./authorize.ts"
import { toApiError } from "./command-rejection.ts"
import { EntityNamesResponse } from "./entity-names-api.ts"
import { badRequest, internalError } from "./errors.ts"
import { awaitProjections } from "./read-your-writes.ts"

export const EntityNamesHandlers = HttpApiBuilder.group(SightlineApi, "entityNames", (handlers) =>
  Effect.gen(function*() {
    const commands = yield* EntityCommands
    const entities = yield* Entities
    const clock = yield* WallClock
    const revision = yield* ScoreRevision

    return handlers.handle("declareNames", ({ path, payload }) =>
      Effect.gen(function*() {
        // Authorization first: another organization learns nothing of what exists there.
        yield* requireOrganization(path.business_id, "write")
        const names = cleanDeclaredNames(payload.aliases, payload.not_aliases)
        if (Either.isLeft(names)) return yield* Effect.fail(badRequest(names.left))
        const ref = refOf(path.business_id, payload.item_id)
        const now = yield* clock.now
        const sent = yield* commands.send(ref, new DeclareNames({ ...ref, ...names.right, at: now.toISOString() })).pipe(
          Effect.catchTag("CommandRejected", (rejected) => toApiError("DeclareNames", rejected, { entity: ref, now }))
        )
        // The prompts read model judges the entity's checks again with the names: read-your-writes.
        yield* awaitProjections(sent.lastPosition, ["entities", "prompts"])
        // Other names: the service's scores are derived again from their checks, in the background.
        if (sent.events.length > 0) yield* revision.request(ref)
        const row = yield* entities.find(ref.businessId, ref.itemId)
        if (row === undefined) return yield* Effect.fail(internalError())
        return new EntityNamesResponse({
          business_id: row.business_id,
          item_id: ref.itemId,
          aliases: row.aliases,
          not_aliases: row.not_aliases
        })
      }))
  }))
