/**
 * Read model of the content the service holds, as citable documents: business and product
 * records now, crawled pages and generated sites as they arrive, and per entity what the
 * built-in answer engine knows of it (`document_entities`: its recorded name, the places it
 * operates in and what it offers, read from its crawl by `cardFromPages`). The engine retrieves
 * from it through the DocumentSource port (full-text search for candidates).
 */
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { crawlFromStored } from "../domain/crawl-events.ts"
import { fromStored } from "../domain/entity-events.ts"
import { DocumentSource } from "../platforms/document-source.ts"
import { cardFromPages } from "../platforms/entity-card.ts"
import type { Projection } from "./projection.ts"

export const documentsProjection: Projection = {
  name: "documents",
  version: 3,
  eventTypes: ["BusinessCreated", "ProductRegistered", "SiteCrawled"],
  tables: ["documents", "document_entities"],
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
      sql`CREATE INDEX IF NOT EXISTS documents_search_idx ON documents USING gin (search)`,
      // name: the recorded business or product name; site_name: the crawl's, used until a
      // record names it; places: one per line.
      sql`
        CREATE TABLE IF NOT EXISTS document_entities (
          business_id text NOT NULL,
          item_id text NOT NULL,
          name text,
          site_name text,
          places text NOT NULL DEFAULT '',
          about text NOT NULL DEFAULT '',
          PRIMARY KEY (business_id, item_id)
        )`
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
      // A record's one-line document stands in for its page until the page is crawled, and
      // never replaces a crawled page (onboarding records the business after crawling it).
      const recordDocument = (doc: { url: string; businessId: string; itemId: string; title: string; body: string }) =>
        sql`
          INSERT INTO documents (url, business_id, item_id, title, body)
          VALUES (${doc.url}, ${doc.businessId}, ${doc.itemId}, ${doc.title}, ${doc.body})
          ON CONFLICT (url) DO NOTHING`
      const named = (businessId: string, itemId: string, name: string) =>
        sql`
          INSERT INTO document_entities (business_id, item_id, name) VALUES (${businessId}, ${itemId}, ${name})
          ON CONFLICT (business_id, item_id) DO UPDATE SET name = excluded.name`
      if (recorded.type === "SiteCrawled") {
        const crawl = crawlFromStored(recorded)
        const card = cardFromPages(crawl.pages)
        // A product's crawl starts on its business's site: the site's name is the business's.
        const siteName = crawl.itemId === null ? crawl.siteName : null
        yield* sql`
          INSERT INTO document_entities (business_id, item_id, site_name, places, about)
          VALUES (${crawl.businessId}, ${crawl.itemId ?? ""}, ${siteName}, ${card.places.join("\n")}, ${card.about})
          ON CONFLICT (business_id, item_id) DO UPDATE
            SET site_name = excluded.site_name, places = excluded.places, about = excluded.about`
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
      if (event._tag === "BusinessCreated") yield* named(event.businessId, "", event.businessName)
      if (event._tag === "ProductRegistered" && event.name !== null) yield* named(event.businessId, event.itemId, event.name)
      if (event._tag === "BusinessCreated" && event.businessUrl !== null) {
        yield* recordDocument({
          url: event.businessUrl,
          businessId: event.businessId,
          itemId: "",
          title: event.businessName,
          body: `${event.businessName}. Website: ${event.businessUrl}`
        })
      }
      if (event._tag === "ProductRegistered") {
        const title = event.name ?? event.itemId
        yield* recordDocument({ url: event.url, businessId: event.businessId, itemId: event.itemId, title, body: `${title}. Product page: ${event.url}` })
      }
    })
}

/**
 * Words of a query as a tsquery that matches any of them (a parameter, never SQL text). A word
 * of four letters or more matches as a prefix of its singular ("croissants" → `croissant:*`,
 * "bakeries" → `baker:*`), so plurals and singulars find each other; the engine decides.
 */
const anyWordQuery = (text: string) =>
  [...new Set(text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().match(/[a-z0-9]{2,}/g) ?? [])]
    .slice(0, 48)
    .map((word) => (word.length < 4 ? word : `${word.replace(/(?:ies|es|s)$/, "")}:*`))
    .join(" | ")

interface CandidateRow {
  readonly url: string
  readonly title: string
  readonly text: string
  readonly business_id: string
  readonly item_id: string
  readonly name: string | null
  readonly site_name: string | null
  readonly places: string | null
  readonly about: string | null
}

export const DocumentSourceLive = Layer.effect(
  DocumentSource,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return DocumentSource.of({
      candidates: (query, limit) => {
        const words = anyWordQuery(query)
        if (words === "") return Effect.succeed([])
        return sql<CandidateRow>`
          SELECT d.url, d.title, d.body AS text, d.business_id, d.item_id, e.name, e.site_name, e.places, e.about
          FROM documents d
          CROSS JOIN to_tsquery('simple', ${words}) AS q
          LEFT JOIN document_entities e ON e.business_id = d.business_id AND e.item_id = d.item_id
          WHERE d.search @@ q
          ORDER BY ts_rank(d.search, q) DESC, d.url
          LIMIT ${limit}`.pipe(
          Effect.map((rows) =>
            rows.map((row) => ({
              url: row.url,
              title: row.title,
              text: row.text,
              entity: {
                key: `${row.business_id}/${row.item_id}`,
                name: row.name ?? row.site_name,
                places: (row.places ?? "").split("\n").filter((place) => place !== ""),
                about: row.about ?? ""
              }
            }))
          ),
          Effect.orDie,
          Effect.withSpan("DocumentSource.candidates")
        )
      }
    })
  })
)
