/** Public system endpoints: greeting, health, the JWKS of local identity mode. */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { NotFound } from "./errors.ts"

export class Greeting extends Schema.Class<Greeting>("Greeting")({ message: Schema.String }) {}

const ProjectionHealth = Schema.Struct({
  name: Schema.String,
  pending_events: Schema.Int,
  lag_ms: Schema.Int,
  last_error: Schema.NullOr(Schema.String)
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
    message: Schema.String,
    database: Schema.Literal("ok", "unreachable")
  },
  HttpApiSchema.annotations({ status: 503, description: "The database does not answer, or the projections' status does not come in time." })
) {}

export const Jwks = Schema.Struct({ keys: Schema.Array(Schema.Record({ key: Schema.String, value: Schema.Unknown })) })

export class SystemApi extends HttpApiGroup.make("system")
  .add(HttpApiEndpoint.get("root", "/").addSuccess(Greeting))
  .add(HttpApiEndpoint.get("health", "/health").addSuccess(Healthy).addError(Degraded))
  .add(HttpApiEndpoint.get("jwks", "/.well-known/jwks.json").addSuccess(Jwks).addError(NotFound))
{}
