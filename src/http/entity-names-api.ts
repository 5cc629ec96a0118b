/** The names an entity's owner declares: aliases that count as it, and names that never do. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { MAX_DECLARED_NAME_LENGTH, MAX_DECLARED_NAMES } from "../domain/entity-names.ts"
import { Authentication } from "./authentication.ts"
import { Forbidden, NotFound, Unavailable } from "./errors.ts"
import { operation } from "./openapi-document.ts"
import { BusinessSlug, OptionalItemId } from "./schemas.ts"

const nameList = (field: string, description: string, example: ReadonlyArray<string>) =>
  Schema.Array(Schema.String.pipe(Schema.maxLength(MAX_DECLARED_NAME_LENGTH, {
    message: () => `${field}: a name has at most ${MAX_DECLARED_NAME_LENGTH} characters`
  }))).pipe(Schema.maxItems(MAX_DECLARED_NAMES, { message: () => `${field}: at most ${MAX_DECLARED_NAMES} names` })).annotations({
    description: `${description} At most ${MAX_DECLARED_NAMES} names of at most ${MAX_DECLARED_NAME_LENGTH} characters; ` +
      "each is trimmed, and a name repeated in another case is kept once. An empty name is refused.",
    examples: [example]
  })

/** `aliases`: spellings that count as the entity in an answer, beside its name. */
export const AliasList = nameList(
  "aliases",
  "Other names that count as the entity in an answer (an abbreviation, the name without its trade word, the owner's name).",
  ["Blue Door", "BDB"]
)

/** `not_aliases`: names that never count, even when they hold the entity's name. */
export const NotAliasList = nameList(
  "not_aliases",
  "Names that never count as the entity (a namesake): the entity's name or an alias written inside one of these is not a mention.",
  ["Blue Door Bakery Chicago"]
)

export class EntityNamesRequest extends Schema.Class<EntityNamesRequest>("EntityNamesRequest")({
  item_id: OptionalItemId,
  aliases: AliasList,
  not_aliases: NotAliasList
}) {}

export class EntityNamesResponse extends Schema.Class<EntityNamesResponse>("EntityNamesResponse")({
  business_id: Schema.String.annotations({ examples: ["blue-door-bakery"] }),
  item_id: Schema.NullOr(Schema.String).annotations({ examples: [null] }),
  aliases: Schema.Array(Schema.String).annotations({ description: "The aliases now declared, cleaned.", examples: [["Blue Door", "BDB"]] }),
  not_aliases: Schema.Array(Schema.String).annotations({ description: "The names that now never count, cleaned.", examples: [["Blue Door Bakery Chicago"]] })
}) {}

export class EntityNamesApi extends HttpApiGroup.make("entityNames")
  .add(
    HttpApiEndpoint.put("declareNames", "/api/entities/:business_id/names")
      .setPath(Schema.Struct({ business_id: BusinessSlug }))
      .setPayload(EntityNamesRequest)
      .addSuccess(EntityNamesResponse)
      .addError(NotFound)
      .addError(Unavailable)
      .annotateContext(operation({
        summary: "Declare an entity's aliases and the names that never count",
        access: "organizationWrite",
        description:
          "Replaces both lists of the business's (with `item_id`, the product's) declared names and answers them as recorded. " +
          "The next visibility check counts an alias as the entity and does not count the entity's name or an alias " +
          "written inside a name of `not_aliases`. Sending the lists it already has records nothing.",
        errors: [
          "400 `invalid_request`: `business_id` or `item_id` is not a slug; a list has more than 20 names; a name is empty, longer than 100 characters, holds a control character, or is in both lists.",
          "403 `forbidden`: another organization or a member.",
          "404 `business_not_found` / `product_not_found`: no such business, or no such active product.",
          "503 `projection_lagging`: the names were recorded but are not readable yet."
        ]
      }))
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotateContext(OpenApi.annotations({ title: "Entity names", description: "The aliases and excluded names the mention detector uses for an entity." }))
{}
