/** Public system endpoints: greeting, health, the JWKS of local identity mode. */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { NotFound } from "./errors.ts"
import { operation } from "./openapi-document.ts"

export class Greeting extends Schema.Class<Greeting>("Greeting")({
  message: Schema.String.annotations({
    examples: ["Sightline: how visible your business is in AI answers, and the assets that raise it."]
  })
}) {}

const ProjectionHealth = Schema.Struct({
  name: Schema.String.annotations({ examples: ["scores"] }),
  pending_events: Schema.Int.annotations({ examples: [0] }),
  lag_ms: Schema.Int.annotations({ examples: [0] }),
  last_error: Schema.NullOr(Schema.String).annotations({ examples: [null] })
})

export class Healthy extends Schema.Class<Healthy>("Healthy")({
  status: Schema.Literal("healthy"),
  database: Schema.Literal("ok"),
  projections: Schema.Array(ProjectionHealth)
}) {}

export class Degraded extends Schema.Class<Degraded>("Degraded")(
  {
    status: Schema.Literal("degraded"),
    code: Schema.Literal("service_degraded"),
    message: Schema.String.annotations({ examples: ["the database does not answer"] }),
    database: Schema.Literal("ok", "unreachable")
  },
  HttpApiSchema.annotations({ status: 503, description: "The database does not answer, or the projections' status does not come in time." })
) {}

export const Jwks = Schema.Struct({ keys: Schema.Array(Schema.Record({ key: Schema.String, value: Schema.Unknown })) })

export class SystemApi extends HttpApiGroup.make("system")
  .add(
    HttpApiEndpoint.get("root", "/")
      .addSuccess(Greeting)
      .annotateContext(operation({
        summary: "Greeting",
        access: "public",
        description: "A one-line greeting naming the service: a quick check that it answers."
      }))
  )
  .add(
    HttpApiEndpoint.get("health", "/health")
      .addSuccess(Healthy)
      .addError(Degraded)
      .annotateContext(operation({
        summary: "Health of the service and its read models",
        access: "public",
        description:
          "Whether the database answers, and for each projection (read model) its pending events (counted up to 100,000), its lag (the age of its oldest pending event) and whether it is retrying after a failure. Health checks arriving within the same second share one status read.",
        errors: [
          "503 `service_degraded` with `\"status\": \"degraded\"`: the database does not answer (`\"database\": \"unreachable\"`), or the projections' status took over 2 s (`\"database\": \"ok\"`)."
        ]
      }))
  )
  .add(
    HttpApiEndpoint.get("jwks", "/.well-known/jwks.json")
      .addSuccess(Jwks)
      .addError(NotFound)
      .annotateContext(operation({
        summary: "Public keys of the service's tokens (local identity mode)",
        access: "public",
        description:
          "The JWKS with the ES256 public key the service signs its own tokens with, in local identity mode without `AUTH_JWKS_URL`. Verify a token minted by `npm run token` against it.",
        errors: ["404 `not_found`: tokens come from the identity provider's JWKS (`AUTH_JWKS_URL` is set)."]
      }))
  )
  .annotateContext(OpenApi.annotations({ title: "System", description: "Public: the greeting, the health check and the JWKS of local identity mode." }))
{}
