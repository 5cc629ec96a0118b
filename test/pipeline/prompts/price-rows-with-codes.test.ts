/**
 * A price table whose first column is a code (a course's unit code, a SKU): each row is named in the
 * cell after the code ("HLTAID014 | Provide advanced first aid | 2 days | $395"), not left without
 * a name. Guards: a name that holds a model's code with words of its own ("Nikon FM2, black") keeps
 * its first cell, a short code alone ("FM2") is no code column, and the header row names nothing.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"

const products = (rows: string) =>
  extractPage(`<!doctype html><html><body><main><h1>All courses &amp; prices</h1><table>${rows}</table></main></body></html>`, "https://lifeline.example/courses.html")
    .products.map((p) => [p.name, p.price])

describe("price rows opening with a code", () => {
  it("names each row by the cell after its code", () => {
    expect(products(`<tr><th>Unit code</th><th>Course</th><th>Duration</th><th>Price</th></tr>
      <tr><td>HLTAID014</td><td>Provide advanced first aid</td><td>2 days</td><td>$395</td></tr>
      <tr><td>SKU-2231</td><td>Bonsai wire</td><td>1 roll</td><td>$12</td></tr>`)).toEqual([
      ["Provide advanced first aid", "395"],
      ["Bonsai wire", "12"]
    ])
  })

  it("keeps the first cell of a row named with a model's code, and reads no short code as one", () => {
    expect(products(`<tr><td>Nikon FM2, black</td><td>¥68,000</td></tr><tr><td>FM2</td><td>Body only</td><td>$300</td></tr>`)).toEqual([
      ["Nikon FM2, black", "68000"]
    ])
  })
})
