/** The daily site update and blog posts of an entity (internal: service keys). */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Authentication } from "./authentication.ts"
import { Conflict, Forbidden, NotFound, RateLimited, Unavailable } from "./errors.ts"
import { OptionalItemId, Slug } from "./schemas.ts"

export class UpdateSiteRequest extends Schema.Class<UpdateSiteRequest>("UpdateSiteRequest")({
  business_id: Slug,
  url: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(2048)),
  item_id: OptionalItemId
}) {}

export class CreateBlogRequest extends Schema.Class<CreateBlogRequest>("CreateBlogRequest")({
  business_id: Slug,
  item_id: OptionalItemId
}) {}

export class SitesApi extends HttpApiGroup.make("sites")
  .add(
    HttpApiEndpoint.post("updateSite", "/api/cron/update-site")
      .setPayload(UpdateSiteRequest)
      .addSuccess(Schema.Struct({ status: Schema.Literal("success"), deployment_url: Schema.String }))
  )
  .add(
    HttpApiEndpoint.post("createBlog", "/api/cron/create-blog")
      .setPayload(CreateBlogRequest)
      .addSuccess(Schema.Struct({ status: Schema.Literal("success"), blog_url: Schema.String }))
      .addError(RateLimited)
      .addError(Conflict)
  )
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Unavailable)
  .middleware(Authentication)
{}
