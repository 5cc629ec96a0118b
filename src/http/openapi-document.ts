/**
 * What `/openapi.json` (and `/docs` over it) says beyond the schemas: each operation's summary,
 * description and who may call it, the document's info, and the statuses the service really
 * answers where HttpApi's generated document says otherwise.
 */
import { OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { readFileSync } from "node:fs"

/** The service's version, `package.json`'s, read once when the API is defined (at start-up). */
export const apiVersion: string = Schema.decodeUnknownSync(Schema.Struct({ version: Schema.String }))(
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"))
).version

/** Who may call an operation: the classes of docs/api.md's "Authentication" and docs/decisions.md. */
export const ACCESS = {
  public: "Public: no credentials needed; an Authorization header is ignored.",
  service: "Service API keys only (`/api/cron/*` and the daily run): any user token gets 403, missing or invalid credentials 401.",
  organizationRead:
    "Members and admins of the organization (a JWT whose `org_slug` is this business), and service API keys. Another organization's token gets 403, missing or invalid credentials 401.",
  organizationWrite:
    "Admins of the organization (a JWT with `org_role` `org:admin` whose organization is this one), and service API keys. A member or another organization's token gets 403, missing or invalid credentials 401.",
  billing:
    "Any member or admin of the token's organization (user JWT with `org_id`; it acts on that organization only). A service API key gets 403; a token without `org_id` gets 401 `missing_organization`; missing or invalid credentials 401.",
  user: "Any user JWT, whatever its organization. A service API key gets 403, missing or invalid credentials 401."
} as const

export type Access = keyof typeof ACCESS

/**
 * An operation's summary and description. The description says what it does, who may call it
 * and which error codes each status carries (the response list gives the body's schema).
 */
export const operation = (options: {
  readonly summary: string
  readonly access: Access
  readonly description: string
  readonly errors?: ReadonlyArray<string>
}) =>
  OpenApi.annotations({
    summary: options.summary,
    description: [
      options.description,
      `**Who may call it:** ${ACCESS[options.access]}`,
      ...(options.errors === undefined || options.errors.length === 0
        ? []
        : [`**Errors:**\n\n${options.errors.map((line) => `- ${line}`).join("\n")}`])
    ].join("\n\n")
  })

export const API_DESCRIPTION = `Measures how visible a business and its products are in 8 AI answer platforms, and hosts the sites generated to raise it.

**Authentication.** Public operations need nothing. Every other operation needs \`Authorization: Bearer <token>\`, where the token is either a service API key (internal callers and the scheduler) or a JWT of the identity provider carrying \`sub\` and the organization as \`org_id\`, \`org_slug\`, \`org_role\` (or Clerk's nested \`o: { id, slg, rol }\`). A user acts only on the organization of the token; \`org:member\` reads, writes need \`org:admin\`; \`/api/cron/*\` take service keys only. Missing or invalid credentials answer 401; valid credentials for the wrong organization or role 403. Each operation's description says who may call it.

**Errors.** Every error body is JSON: \`{ "status": "error", "code": "<snake_case>", "message": "<text>" }\` (a 429 adds \`retry_after\`, in seconds, and the \`Retry-After\` header). A body or a parameter that does not match the operation's schema answers 400 \`invalid_request\` with one line per field in \`message\` (so does, on any operation, a URL with a malformed percent-encoding or U+0000); a body that is not JSON 400 \`invalid_json\`; a body over 1 MiB 413 \`payload_too_large\`; an unknown path 404 \`not_found\`; a failure of the service 500 \`internal_error\` (logged, never with details). Request bodies are read as JSON whatever their declared content type.`

const BEARER_DESCRIPTION = "A service API key, or a JWT of the identity provider (in local identity mode signed by the service, key at `/.well-known/jwks.json`)."

/** Component schemas of HttpApi's own decode error: the service never sends it (see error-mapping.ts). */
const DECODE_ERROR_SCHEMAS = ["HttpApiDecodeError", "Issue", "PropertyKey"]

const jsonBodyOf = (name: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${name}` } } })

type Operation = {
  parameters?: Array<unknown>
  requestBody?: unknown
  security?: Array<unknown>
  responses: Record<string, { description: string; content?: unknown; headers?: unknown }>
}

/**
 * The statuses an operation really answers, where the generated document differs: the API-wide
 * errors are declared once on the API (so every failure encodes), but only some operations can
 * answer them.
 * - 400: decode failures are answered as `BadRequest` (error-mapping.ts), never as HttpApi's
 *   decode error; every operation can answer it, since a URL with a malformed percent-encoding
 *   or U+0000 is refused whatever the route (json-guard.ts).
 * - 401: only operations behind the bearer authentication.
 * - 413: only operations that take a body.
 * - 429: the `Retry-After` header.
 */
const realStatuses = (op: Operation, badRequestDescription: string) => {
  const responses = op.responses
  const hasBody = op.requestBody !== undefined
  responses["400"] = { description: badRequestDescription, content: jsonBodyOf("BadRequest") }
  if ((op.security ?? []).length === 0) delete responses["401"]
  if (!hasBody) delete responses["413"]
  const rateLimited = responses["429"]
  if (rateLimited !== undefined) {
    rateLimited.headers = {
      "Retry-After": { description: "Seconds to wait before retrying (also in the body's `retry_after`).", schema: { type: "integer", minimum: 1 } }
    }
  }
}

/** A parameter's example on the parameter itself, where /docs' "Try it out" prefills it from. */
const parameterExamples = (op: Operation) => {
  for (const parameter of (op.parameters ?? []) as Array<{ example?: unknown; schema?: { examples?: Array<unknown> } }>) {
    const example = parameter.schema?.examples?.[0]
    if (parameter.example === undefined && example !== undefined) parameter.example = example
  }
}

export const documentTransform = (spec: Record<string, any>): Record<string, any> => {
  const schemas: Record<string, any> = spec.components.schemas
  for (const name of DECODE_ERROR_SCHEMAS) delete schemas[name]
  const badRequestDescription: string = schemas.BadRequest?.description ?? "The request is malformed or a field is invalid."
  for (const path of Object.values(spec.paths as Record<string, Record<string, Operation>>)) {
    for (const op of Object.values(path)) {
      realStatuses(op, badRequestDescription)
      parameterExamples(op)
    }
  }
  const bearer = spec.components.securitySchemes?.bearer
  if (bearer !== undefined) bearer.description = BEARER_DESCRIPTION
  return spec
}
