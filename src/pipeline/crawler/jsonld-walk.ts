/**
 * The one walk over parsed JSON-LD: every object reachable from the blocks, depth first, in
 * document order. JSON-LD comes from arbitrary sites and a page may carry megabytes of it, so the
 * walk is bounded in depth and in nodes; each caller states its own bounds.
 */

export type JsonLdObject = Readonly<Record<string, unknown>>

export interface JsonLdBounds {
  /** Deepest level entered; a block is at depth 0, and each array or object adds one. */
  readonly maxDepth: number
  /** Nodes reached before the walk stops. */
  readonly maxNodes: number
  /** What a node is: every JSON value reached (arrays and scalars too), or only objects. */
  readonly counts: "values" | "objects"
  /** Keys whose values are not entered (`@context` describes the vocabulary, not the page). */
  readonly skipKeys?: ReadonlySet<string>
}

export const isJsonLdObject = (value: unknown): value is JsonLdObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Calls `visit` for every object within the bounds, before its children. */
export const walkJsonLd = (
  blocks: ReadonlyArray<unknown>,
  bounds: JsonLdBounds,
  visit: (object: JsonLdObject, depth: number) => void
): void => {
  const everyValue = bounds.counts === "values"
  let nodes = 0
  const go = (value: unknown, depth: number): void => {
    if (depth > bounds.maxDepth || nodes >= bounds.maxNodes) return
    if (Array.isArray(value)) {
      if (everyValue) nodes++
      for (const item of value) go(item, depth + 1)
      return
    }
    if (!isJsonLdObject(value)) {
      if (everyValue) nodes++
      return
    }
    nodes++
    visit(value, depth)
    for (const key of Object.keys(value)) {
      if (bounds.skipKeys?.has(key) === true) continue
      go(value[key], depth + 1)
    }
  }
  for (const block of blocks) go(block, 0)
}

/** The `@type` names of an object as written (a string or a list), strings only. */
export const typeNamesOf = (object: JsonLdObject): ReadonlyArray<string> => {
  const raw = Object.prototype.hasOwnProperty.call(object, "@type") ? object["@type"] : undefined
  const list = Array.isArray(raw) ? raw : [raw]
  return list.filter((t): t is string => typeof t === "string")
}
