/** The HttpApi of the service: one group per area. */
import { HttpApi, OpenApi } from "@effect/platform"
import { BillingApi, StripeWebhookApi } from "./billing-api.ts"
import { BusinessesApi } from "./businesses-api.ts"
import { EntityNamesApi } from "./entity-names-api.ts"
import { BadRequest, InternalError, PayloadTooLarge, Unauthorized } from "./errors.ts"
import { IdentityApi } from "./identity-api.ts"
import { API_DESCRIPTION, apiVersion, documentTransform } from "./openapi-document.ts"
import { PipelineApi } from "./pipeline-api.ts"
import { RankingApi } from "./ranking-api.ts"
import { SchedulerApi } from "./scheduler-api.ts"
import { SitesApi } from "./sites-api.ts"
import { SystemApi } from "./system-api.ts"
import { VisibilityApi } from "./visibility-api.ts"
import { BotVisitsApi, VisitWebhookApi } from "./visits-api.ts"

export class SightlineApi extends HttpApi.make("sightline")
  .add(SystemApi)
  .add(BusinessesApi)
  .add(EntityNamesApi)
  .add(VisibilityApi)
  .add(RankingApi)
  .add(PipelineApi)
  .add(VisitWebhookApi).add(BotVisitsApi)
  .add(SitesApi)
  .add(IdentityApi)
  .add(BillingApi).add(StripeWebhookApi)
  .add(SchedulerApi)
  .addError(BadRequest)
  .addError(PayloadTooLarge)
  .addError(Unauthorized)
  .addError(InternalError)
  .annotateContext(OpenApi.annotations({
    title: "Sightline API",
    version: apiVersion,
    description: API_DESCRIPTION,
    transform: documentTransform
  }))
{}
