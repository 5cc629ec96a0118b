import { describe, expect, it } from "vitest"
import { type JsonLdBounds, type JsonLdObject, typeNamesOf, walkJsonLd } from "../../../src/pipeline/crawler/jsonld-walk.ts"
import { productsFromJsonLd } from "../../../src/pipeline/crawler/structured-data.ts"
import { jsonLdNodes } from "../../../src/pipeline/prompts/jsonld-facts.ts"

const visited = (blocks: ReadonlyArray<unknown>, bounds: JsonLdBounds): Array<{ object: JsonLdObject; depth: number }> => {
  const seen: Array<{ object: JsonLdObject; depth: number }> = []
  walkJsonLd(blocks, bounds, (object, depth) => seen.push({ object, depth }))
  return seen
}

/** `{ "a": { "a": … { "@type": type, "name": "deep" } } }` with the innermost object at `depth`. */
const chain = (depth: number, type = "Thing"): unknown => {
  let value: unknown = { "@type": type, name: "deep" }
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

const objects = (count: number): Array<unknown> => Array.from({ length: count }, (_, i) => ({ i }))

describe("walkJsonLd", () => {
  it("visits objects depth first, before their children, with their depth", () => {
    const seen = visited([{ "@id": "a", child: [{ "@id": "b", child: { "@id": "c" } }] }, { "@id": "d" }], {
      maxDepth: 10,
      maxNodes: 100,
      counts: "objects"
    })
    expect(seen.map((s) => [s.object["@id"], s.depth])).toEqual([["a", 0], ["b", 2], ["c", 3], ["d", 0]])
  })

  it("enters no level deeper than maxDepth; arrays count as a level", () => {
    const bounds: JsonLdBounds = { maxDepth: 3, maxNodes: 100, counts: "objects" }
    expect(visited([chain(20)], bounds)).toHaveLength(4)
    expect(visited([[[{ "@id": "x" }]]], bounds).map((s) => s.depth)).toEqual([2])
    expect(visited([[[[[{ "@id": "x" }]]]]], bounds)).toHaveLength(0)
  })

  it("counts only objects towards maxNodes when asked to", () => {
    expect(visited([objects(10)], { maxDepth: 5, maxNodes: 5, counts: "objects" })).toHaveLength(5)
    // Scalars are free: the object after them is still reached.
    expect(visited([[...Array.from({ length: 50 }, (_, i) => i), { "@id": "x" }]], { maxDepth: 5, maxNodes: 5, counts: "objects" })).toHaveLength(1)
  })

  it("counts every value towards maxNodes when asked to", () => {
    // The array (1), the first object (2), its scalar (3), the second object (4), its scalar (5): the third is past the budget.
    expect(visited([objects(10)], { maxDepth: 5, maxNodes: 5, counts: "values" })).toHaveLength(2)
    expect(visited([[...Array.from({ length: 50 }, (_, i) => i), { "@id": "x" }]], { maxDepth: 5, maxNodes: 5, counts: "values" })).toHaveLength(0)
  })

  it("does not enter skipped keys", () => {
    const blocks = [{ "@context": { "@vocab": "https://schema.org/" }, "@type": "Bakery" }]
    expect(visited(blocks, { maxDepth: 5, maxNodes: 100, counts: "objects", skipKeys: new Set(["@context"]) })).toHaveLength(1)
    expect(visited(blocks, { maxDepth: 5, maxNodes: 100, counts: "objects" })).toHaveLength(2)
  })

  it("reads @type as a string or a list of strings, own properties only", () => {
    expect(typeNamesOf({ "@type": "Bakery" })).toEqual(["Bakery"])
    expect(typeNamesOf({ "@type": ["Bakery", 3, null, "Store"] })).toEqual(["Bakery", "Store"])
    expect(typeNamesOf({ "@type": { name: "Bakery" } })).toEqual([])
    expect(typeNamesOf(Object.create({ "@type": "Bakery" }) as JsonLdObject)).toEqual([])
  })
})

describe("the callers' bounds", () => {
  it("prompt facts: depth 8, 2,000 objects, scalars free, @context skipped", () => {
    expect(jsonLdNodes([chain(20)])).toHaveLength(9)
    expect(jsonLdNodes([objects(2_500)])).toHaveLength(2_000)
    expect(jsonLdNodes([[...Array.from({ length: 3_000 }, (_, i) => i), { "@id": "x" }]])).toHaveLength(1)
    expect(jsonLdNodes([{ "@context": { "@vocab": "https://schema.org/" } }])).toHaveLength(1)
  })

  it("crawler products: depth 12, 5,000 values", () => {
    const base = "https://example.com/"
    expect(productsFromJsonLd([chain(12, "Product")], base).map((p) => p.name)).toEqual(["deep"])
    expect(productsFromJsonLd([chain(13, "Product")], base)).toEqual([])
    const product = { "@type": "Product", name: "late" }
    // The array (1) and the scalars before the product: it is reached while fewer than 5,000 values were counted.
    expect(productsFromJsonLd([[...Array.from({ length: 4_998 }, () => 0), product]], base).map((p) => p.name)).toEqual(["late"])
    expect(productsFromJsonLd([[...Array.from({ length: 4_999 }, () => 0), product]], base)).toEqual([])
  })
})
