/**
 * A small JSON Schema check: the keywords the service's OpenAPI document uses (Effect's
 * JSONSchema output), nothing more. An unknown keyword fails loudly rather than passing.
 */

type JsonSchema = Record<string, any>

const KNOWN = new Set([
  "$ref", "$id", "type", "enum", "const", "anyOf", "properties", "required", "additionalProperties", "items", "prefixItems",
  "minItems", "maxItems", "minLength", "maxLength", "pattern", "minimum", "maximum", "description", "title", "examples"
])

const typeOf = (value: unknown): string => {
  if (value === null) return "null"
  if (Array.isArray(value)) return "array"
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number"
  return typeof value
}

const hasType = (value: unknown, type: string) => {
  const actual = typeOf(value)
  return actual === type || (type === "number" && actual === "integer")
}

/** The problems of `value` against `schema` (an empty list: it validates); `$ref`s resolve in `document`. */
export const validate = (document: JsonSchema, schema: JsonSchema, value: unknown, path = "$"): Array<string> => {
  for (const keyword of Object.keys(schema)) if (!KNOWN.has(keyword)) return [`${path}: unsupported keyword ${keyword}`]
  if (schema.$ref !== undefined) {
    const target = String(schema.$ref).replace(/^#\//, "").split("/").reduce<any>((node, key) => node?.[key], document)
    if (target === undefined) return [`${path}: unresolved ${schema.$ref}`]
    return validate(document, target, value, path)
  }
  if (schema.anyOf !== undefined) {
    const branches = (schema.anyOf as Array<JsonSchema>).map((branch) => validate(document, branch, value, path))
    return branches.some((problems) => problems.length === 0) ? [] : [`${path}: matches no anyOf branch (${branches.flat().join("; ")})`]
  }
  const problems: Array<string> = []
  if (schema.type !== undefined) {
    const types: Array<string> = Array.isArray(schema.type) ? schema.type : [schema.type]
    if (!types.some((type) => hasType(value, type))) return [`${path}: expected ${types.join("|")}, got ${typeOf(value)}`]
  }
  if (schema.enum !== undefined && !(schema.enum as Array<unknown>).some((option) => option === value)) {
    problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`)
  }
  if (schema.const !== undefined && schema.const !== value) problems.push(`${path}: expected ${JSON.stringify(schema.const)}`)
  if (typeof value === "string") {
    if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${path}: shorter than ${schema.minLength}`)
    if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${path}: longer than ${schema.maxLength}`)
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) problems.push(`${path}: does not match ${schema.pattern}`)
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${path}: below ${schema.minimum}`)
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${path}: above ${schema.maximum}`)
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push(`${path}: fewer than ${schema.minItems} items`)
    if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push(`${path}: more than ${schema.maxItems} items`)
    const prefix: Array<JsonSchema> = schema.prefixItems ?? []
    value.forEach((item, i) => {
      const itemSchema = i < prefix.length ? prefix[i] : schema.items
      if (itemSchema === false) problems.push(`${path}[${i}]: no item allowed here`)
      else if (itemSchema !== undefined) problems.push(...validate(document, itemSchema, item, `${path}[${i}]`))
    })
  }
  if (typeOf(value) === "object") {
    const object = value as Record<string, unknown>
    const properties: Record<string, JsonSchema> = schema.properties ?? {}
    for (const name of schema.required ?? []) if (!(name in object)) problems.push(`${path}: missing ${name}`)
    for (const [name, field] of Object.entries(object)) {
      if (name in properties) problems.push(...validate(document, properties[name]!, field, `${path}.${name}`))
      else if (schema.additionalProperties === false) problems.push(`${path}: unexpected property ${name}`)
      else if (typeof schema.additionalProperties === "object") {
        problems.push(...validate(document, schema.additionalProperties, field, `${path}.${name}`))
      }
    }
  }
  return problems
}
