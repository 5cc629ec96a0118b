/** Business records and entity listings. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { BusinessId, ItemId } from "../domain/entity-ref.ts"
import { Authentication } from "./authentication.ts"
import { AliasList, NotAliasList } from "./entity-names-api.ts"
import { Conflict, Forbidden, NotFound, Unavailable } from "./errors.ts"
import { operation } from "./openapi-document.ts"

const optionalText = (max: number, description: string, example: string) =>
  Schema.optional(Schema.String.pipe(Schema.maxLength(max)).annotations({ description, examples: [example] }))

export class CreateBusinessRequest extends Schema.Class<CreateBusinessRequest>("CreateBusinessRequest")({
  business_name: Schema.String.pipe(Schema.trimmed(), Schema.minLength(1), Schema.maxLength(200)).annotations({
    examples: ["Blue Door Bakery"]
  }),
  business_url: optionalText(2048, "The business's website, an http(s) address; empty or absent for none.", "https://bluedoorbakery.example"),
  tracking_type: Schema.optional(Schema.Literal("business", "product")),
  identity_org_id: optionalText(200, "The identity provider's organization id (default: the token's).", "org_2blueDoorBakery"),
  identity_user_id: optionalText(200, "The creating user's id (default: the token's `sub`).", "user_2maraLopez"),
  org_slug: Schema.optional(BusinessId.annotations({
    description: "The business's slug (default: the token's organization slug, or the name slugified).",
    examples: [BusinessId.make("blue-door-bakery")]
  })),
  /** Service API keys only, together with `identity_org_id`: links the organization's Stripe customer. */
  stripe_customer_id: Schema.optional(Schema.String.pipe(
    Schema.pattern(/^cus_[A-Za-z0-9_]+$/, { message: () => "stripe_customer_id: expected a Stripe customer id (cus_...)" }),
    Schema.maxLength(100, { message: () => "stripe_customer_id: expected at most 100 characters" })
  ).annotations({ description: "Service API keys only, with `identity_org_id`: links the organization's Stripe customer.", examples: ["cus_Q3bluedoor"] })),
  aliases: Schema.optional(AliasList),
  not_aliases: Schema.optional(NotAliasList)
}) {}

export class BusinessRecord extends Schema.Class<BusinessRecord>("BusinessRecord")({
  id: Schema.Int.annotations({ examples: [42] }),
  business_uuid: Schema.String.annotations({ examples: ["9b2f6c1e-4d3a-4c8e-9f1a-2b7d5e8c0a13"] }),
  business_name: Schema.String.annotations({ examples: ["Blue Door Bakery"] }),
  created_at: Schema.String.annotations({ examples: ["2026-11-05T14:03:27.512Z"] }),
  ranking_score: Schema.Int.annotations({ examples: [41] }),
  business_id: Schema.String.annotations({ description: "The business's slug.", examples: ["blue-door-bakery"] })
}) {}

export class EntityView extends Schema.Class<EntityView>("Entity")({
  business_id: Schema.String.annotations({ examples: ["blue-door-bakery"] }),
  item_id: Schema.NullOr(Schema.String).annotations({ description: "The product's slug; null for the business itself.", examples: ["sourdough-loaf"] }),
  source_url: Schema.String.annotations({ examples: ["https://bluedoorbakery.example/shop/sourdough-loaf"] }),
  deployment_url: Schema.String.annotations({ examples: ["https://bluedoorbakery-example-sourdough-loaf.sites.example.com"] })
}) {}

export const EntitiesQuery = Schema.Struct({
  business_id: Schema.optional(BusinessId.annotations({ description: "Only this business and its products.", examples: [BusinessId.make("blue-door-bakery")] })),
  type: Schema.optional(Schema.Literal("business", "product").annotations({ examples: ["product"] }))
})

export class BusinessesApi extends HttpApiGroup.make("businesses")
  .add(
    HttpApiEndpoint.post("createBusiness", "/api/business")
      .setPayload(CreateBusinessRequest)
      .addSuccess(BusinessRecord, { status: 201 })
      .addError(Conflict)
      .addError(Unavailable)
      .annotateContext(operation({
        summary: "Create a business",
        access: "organizationWrite",
        description:
          "Records a business (with the `aliases` and `not_aliases` its visibility checks use, if given) and answers its record with `business_id`, its slug: `org_slug` if given, else the token's organization slug, else (service keys) the name slugified with a numeric suffix when taken. Its ranking score is the one `GET /api/ranking-score` gives for its URL. In local identity mode the organization and its creator (as admin) are recorded when missing.",
        errors: [
          "400 `invalid_request`: a field is invalid (e.g. `business_url` not an http(s) address; `stripe_customer_id` without `identity_org_id`; an empty name in `aliases` or `not_aliases`, more than 20 of them, or one in both lists).",
          "403 `forbidden`: another organization's `org_slug`, a member's token, a user token without an organization, or a user token sending `stripe_customer_id` or naming another organization or user in `identity_org_id` / `identity_user_id`.",
          "409 `business_exists`: the slug asked for (or every numbered variant of the name) is taken.",
          "503 `projection_lagging`: the business was recorded but is not readable yet; read it again shortly."
        ]
      }))
  )
  .add(
    HttpApiEndpoint.get("listEntities", "/api/cron/entities")
      .setUrlParams(EntitiesQuery)
      .addSuccess(Schema.Struct({ entities: Schema.Array(EntityView) }))
      .annotateContext(operation({
        summary: "List tracked entities (businesses and products)",
        access: "service",
        description:
          "Every active business and product with its source URL and the address of its generated site, for the daily run; filter by `business_id` and `type`.",
        errors: ["400 `invalid_request`: `business_id` is not a slug or `type` is not `business` or `product`.", "403 `forbidden`: a user token."]
      }))
  )
  .add(
    HttpApiEndpoint.del("deleteProduct", "/api/products/:business_id/:item_id")
      .setPath(Schema.Struct({
        business_id: BusinessId.annotations({ examples: [BusinessId.make("blue-door-bakery")] }),
        item_id: ItemId.annotations({ examples: [ItemId.make("sourdough-loaf")] })
      }))
      .addSuccess(Schema.Struct({
        status: Schema.Literal("success"),
        message: Schema.String.annotations({ examples: ["Product sourdough-loaf deleted; its history stays readable"] })
      }))
      .addError(NotFound)
      .addError(Unavailable)
      .annotateContext(operation({
        summary: "Delete a product",
        access: "organizationWrite",
        description: "Stops tracking a product of the business. Its history (scores, checks, visits) stays readable.",
        errors: [
          "400 `invalid_request`: `business_id` or `item_id` is not a slug.",
          "403 `forbidden`: another organization or a member.",
          "404 `product_not_found`: no such active product.",
          "503 `projection_lagging`: the deletion was recorded but is not readable yet."
        ]
      }))
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotateContext(OpenApi.annotations({ title: "Businesses", description: "Business records and the list of tracked entities." }))
{}
