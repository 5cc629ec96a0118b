/**
 * Read model of the content the service holds, as citable documents: business and product
 * records now, crawled pages and generated sites as they arrive. The built-in answer engine
 * retrieves from it through the DocumentSource port (full-text search for candidates).
 */
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { crawlFromStored } from "../domain/crawl-events.ts"
import { fromStored } from "../domain/entity-events.ts"
import { DocumentSource, type SourceDocument } from "../platforms/document-source.ts"
import type { Projection } from "./projection.ts"

export const documentsProjection: Projection = {
  name: "documents",
  version: 2,
  eventTypes: ["BusinessCreated", "ProductRegistered", "SiteCrawled"],
  tables: ["documents"],
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all([
      sql`
        CREATE TABLE IF NOT EXISTS documents (
          url text PRIMARY KEY,
          business_id text NOT NULL,
          item_id text NOT NULL,
          title text NOT NULL,
          body text NOT NULL,
          search tsvector GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || body)) STORED
        )`,
      sql`CREATE INDEX IF NOT EXISTS documents_search_idx ON documents USING gin (search)`
    ], { discard: true })),
  apply: (recorded) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const upsert = (doc: { url: string; businessId: string; itemId: string; title: string; body: string }) =>
        sql`
          INSERT INTO documents (url, business_id, item_id, title, body)
          VALUES (${doc.url}, ${doc.businessId}, ${doc.itemId}, ${doc.title}, ${doc.body})
          ON CONFLICT (url) DO UPDATE SET business_id = excluded.business_id, item_id = excluded.item_id,
            title = excluded.title, body = excluded.body`
      if (recorded.type === "SiteCrawled") {
        const crawl = crawlFromStored(recorded)
        for (const page of crawl.pages) {
          yield* upsert({
            url: page.url,
            businessId: crawl.businessId,
            itemId: crawl.itemId ?? "",
            title: page.title || crawl.siteName || page.url,
            body: [page.description, ...page.headings, page.text].filter((part) => part !== "").join("\n")
          })
        }
        return
      }
      const event = fromStored(recorded)
      if (event._tag === "BusinessCreated" && event.businessUrl !== null) {
        yield* upsert({
          url: event.businessUrl,
          businessId: event.businessId,
          itemId: "",
          title: event.businessName,
          body: `${event.businessName}. Website: ${event.businessUrl}`
        })
      }
      if (event._tag === "ProductRegistered") {
        const title = event.name ?? event.itemId
        yield* upsert({ url: event.url, businessId: event.businessId, itemId: event.itemId, title, body: `${title}. Product page: ${event.url}` })
      }
    })
}

/** Words of a query as a tsquery that matches any of them (a parameter, never SQL text). */
const anyWordQuery = (text: string) =>
  [...new Set(text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().match(/[a-z0-9]{2,}/g) ?? [])]
    .slice(0, 32)
    .join(" | ")

export const DocumentSourceLive = Layer.effect(
  DocumentSource,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return DocumentSource.of({
      candidates: (query, limit) => {
        const words = anyWordQuery(query)
        if (words === "") return Effect.succeed([])
        return sql<SourceDocument>`
          SELECT url, title, body AS text FROM documents, to_tsquery('simple', ${words}) AS q
          WHERE search @@ q
          ORDER BY ts_rank(search, q) DESC, url
          LIMIT ${limit}`.pipe(Effect.orDie, Effect.withSpan("DocumentSource.candidates"))
      }
    })
  })
)
