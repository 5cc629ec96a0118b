/** Commands the database suites send to entity actors. */
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { EntityCommands } from "../../src/actors/entity-commands.ts"
import { CreateBusiness, type EntityCommand } from "../../src/domain/entity-decider.ts"
import type { BusinessId, EntityRef } from "../../src/domain/entity-ref.ts"
import { ProjectionRunner } from "../../src/projections/runner.ts"
import type { RunningService } from "./service.ts"

export const createBusiness = (slug: string) =>
  new CreateBusiness({
    businessId: slug as BusinessId,
    businessUuid: randomUUID(),
    businessName: `Business ${slug}`,
    businessUrl: `https://${slug}.example`,
    trackingType: "business",
    identityOrgId: null,
    identityUserId: null,
    rankingScore: 40,
    at: "2026-11-20T10:00:00.000Z"
  })

/**
 * Sends a command to an entity's actor through the service's runtime and waits until every
 * read model has its events, as an endpoint would before answering.
 */
export const sendAndRead = (runtime: RunningService["runtime"], ref: EntityRef, command: EntityCommand) =>
  runtime.runPromise(Effect.gen(function*() {
    const result = yield* (yield* EntityCommands).send(ref, command)
    yield* (yield* ProjectionRunner).waitFor(result.lastPosition)
    return result
  }))
