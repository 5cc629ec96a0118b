/** Business records and entity listings. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Authentication } from "./authentication.ts"
import { Conflict, Forbidden, NotFound, Unavailable } from "./errors.ts"
import { Slug } from "./schemas.ts"

const optionalText = (max: number) => Schema.optional(Schema.String.pipe(Schema.maxLength(max)))

export class CreateBusinessRequest extends Schema.Class<CreateBusinessRequest>("CreateBusinessRequest")({
  business_name: Schema.String.pipe(Schema.trimmed(), Schema.minLength(1), Schema.maxLength(200)),
  business_url: optionalText(2048),
  tracking_type: Schema.optional(Schema.Literal("business", "product")),
  identity_org_id: optionalText(200),
  identity_user_id: optionalText(200),
  org_slug: Schema.optional(Slug),
  /** Service API keys only, together with `identity_org_id`: links the organization's Stripe customer. */
  stripe_customer_id: Schema.optional(Schema.String.pipe(
    Schema.pattern(/^cus_[A-Za-z0-9_]+$/, { message: () => "stripe_customer_id: expected a Stripe customer id (cus_...)" }),
    Schema.maxLength(100, { message: () => "stripe_customer_id: expected at most 100 characters" })
  ))
}) {}

export class BusinessRecord extends Schema.Class<BusinessRecord>("BusinessRecord")({
  id: Schema.Int,
  business_uuid: Schema.String,
  business_name: Schema.String,
  created_at: Schema.String,
  ranking_score: Schema.Int,
  business_id: Schema.String
}) {}

export class EntityView extends Schema.Class<EntityView>("Entity")({
  business_id: Schema.String,
  item_id: Schema.NullOr(Schema.String),
  source_url: Schema.String,
  deployment_url: Schema.String
}) {}

export const EntitiesQuery = Schema.Struct({
  business_id: Schema.optional(Slug),
  type: Schema.optional(Schema.Literal("business", "product"))
})

export class BusinessesApi extends HttpApiGroup.make("businesses")
  .add(
    HttpApiEndpoint.post("createBusiness", "/api/business")
      .setPayload(CreateBusinessRequest)
      .addSuccess(BusinessRecord, { status: 201 })
      .addError(Conflict)
      .addError(Forbidden)
  )
  .add(
    HttpApiEndpoint.get("listEntities", "/api/cron/entities")
      .setUrlParams(EntitiesQuery)
      .addSuccess(Schema.Struct({ entities: Schema.Array(EntityView) }))
      .addError(Forbidden)
  )
  .add(
    HttpApiEndpoint.del("deleteProduct", "/api/products/:business_id/:item_id")
      .setPath(Schema.Struct({ business_id: Slug, item_id: Slug }))
      .addSuccess(Schema.Struct({ status: Schema.Literal("success"), message: Schema.String }))
      .addError(Forbidden)
  )
  .addError(NotFound)
  .addError(Unavailable)
  .middleware(Authentication)
{}
