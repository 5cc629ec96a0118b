/** The daily site update and blog posts of an entity (internal: service keys). */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authentication } from "./authentication.ts"
import { Conflict, Forbidden, NotFound, RateLimited, Unavailable } from "./errors.ts"
import { operation } from "./openapi-document.ts"
import { BusinessSlug, OptionalItemId } from "./schemas.ts"

export class UpdateSiteRequest extends Schema.Class<UpdateSiteRequest>("UpdateSiteRequest")({
  business_id: BusinessSlug,
  url: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(2048)).annotations({
    description: "The entity's source page, an http(s) address.",
    examples: ["https://bluedoorbakery.example"]
  }),
  item_id: OptionalItemId
}) {}

export class CreateBlogRequest extends Schema.Class<CreateBlogRequest>("CreateBlogRequest")({
  business_id: BusinessSlug,
  item_id: OptionalItemId
}) {}

const NOT_FOUND = "404 `business_not_found`, `product_not_found` or `not_found`: no such active business or product."

export class SitesApi extends HttpApiGroup.make("sites")
  .add(
    HttpApiEndpoint.post("updateSite", "/api/cron/update-site")
      .setPayload(UpdateSiteRequest)
      .addSuccess(Schema.Struct({
        status: Schema.Literal("success"),
        deployment_url: Schema.String.annotations({ examples: ["https://bluedoorbakery-example.sites.example.com"] })
      }))
      .annotateContext(operation({
        summary: "Deploy the entity's site for today",
        access: "service",
        description:
          "Generates and deploys the site of a business (or product) from what the service knows of it, and answers its address. One deployment per entity per UTC day: a repeat the same day answers the same deployment.",
        errors: [
          "400 `invalid_request`: a field is invalid (e.g. `url` not an http(s) address).",
          "403 `forbidden`: a user token.",
          NOT_FOUND,
          "409 `no_facts`: nothing is known to publish (no crawled page and no description): nothing is deployed.",
          "503 `projection_lagging`: the deployment was recorded but is not readable yet."
        ]
      }))
      .addError(Conflict)
  )
  .add(
    HttpApiEndpoint.post("createBlog", "/api/cron/create-blog")
      .setPayload(CreateBlogRequest)
      .addSuccess(Schema.Struct({
        status: Schema.Literal("success"),
        blog_url: Schema.String.annotations({
          examples: ["https://bluedoorbakery-example.sites.example.com/blog/2026-11-05/how-we-bake-sourdough/"]
        })
      }))
      .addError(RateLimited)
      .addError(Conflict)
      .annotateContext(operation({
        summary: "Publish a blog post on the entity's site",
        access: "service",
        description:
          "Writes and publishes one blog post on the deployed site of a business (or product) and answers its address. At most 15 posts per entity per UTC day.",
        errors: [
          "400 `invalid_request`: `business_id` or `item_id` is not a slug.",
          "403 `forbidden`: a user token.",
          NOT_FOUND,
          "409 `site_not_deployed`: the entity has no deployed site yet (`POST /api/cron/update-site` first).",
          "409 `conflict`: posts published at the same time kept taking the slug of the post being written (three tries); call again.",
          "429 `daily_limit_reached`: the day's posts are published; `Retry-After` and `retry_after` give the seconds to the next UTC day.",
          "503 `projection_lagging`: the post was recorded but is not readable yet."
        ]
      }))
  )
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Unavailable)
  .middleware(Authentication)
  .annotateContext(OpenApi.annotations({ title: "Sites and blog", description: "The daily site deployment and blog posts of an entity (service API keys only)." }))
{}
