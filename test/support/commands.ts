/** Commands the database suites send to entity actors. */
import { randomUUID } from "node:crypto"
import { CreateBusiness } from "../../src/domain/entity-decider.ts"
import type { BusinessId } from "../../src/domain/entity-ref.ts"

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
