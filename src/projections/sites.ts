/**
 * Read model of generated sites: per entity the current deployment (what the site renders
 * from) and its blog posts. The hosting renders the files from these rows; swapping the row
 * in one transaction is what switches a new deployment in atomically.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { fromStored } from "../domain/entity-events.ts"
import type { BlogPostPublished, PostWriting, SiteDeployed, SiteFacts } from "../domain/site-events.ts"
import type { Projection } from "./projection.ts"

export const sitesProjection: Projection = {
  name: "sites",
  // 2: posts keep their angle and how they were written.
  version: 2,
  eventTypes: ["SiteDeployed", "BlogPostPublished"],
  tables: ["site_deployments", "site_posts"],
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all([
      sql`
        CREATE TABLE IF NOT EXISTS site_deployments (
          business_id text NOT NULL,
          item_id text NOT NULL,
          version integer NOT NULL,
          day text NOT NULL,
          facts jsonb NOT NULL,
          faq jsonb NOT NULL,
          about text NOT NULL,
          deployed_at timestamptz NOT NULL,
          PRIMARY KEY (business_id, item_id)
        )`,
      sql`
        CREATE TABLE IF NOT EXISTS site_posts (
          business_id text NOT NULL,
          item_id text NOT NULL,
          date text NOT NULL,
          slug text NOT NULL,
          title text NOT NULL,
          summary text NOT NULL,
          body jsonb NOT NULL,
          topic text NOT NULL,
          published_at timestamptz NOT NULL,
          angle text,
          writing jsonb,
          PRIMARY KEY (business_id, item_id, slug)
        )`
    ], { discard: true })),
  apply: (recorded) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const event = fromStored(recorded) as SiteDeployed | BlogPostPublished
      if (event._tag === "SiteDeployed") {
        yield* sql`
          INSERT INTO site_deployments (business_id, item_id, version, day, facts, faq, about, deployed_at)
          VALUES (${event.businessId}, ${event.itemId ?? ""}, ${event.version}, ${event.day}, ${JSON.stringify(event.facts)}::jsonb,
            ${JSON.stringify(event.faq)}::jsonb, ${event.about}, ${event.deployedAt})
          ON CONFLICT (business_id, item_id) DO UPDATE
            SET version = excluded.version, day = excluded.day, facts = excluded.facts, faq = excluded.faq,
              about = excluded.about, deployed_at = excluded.deployed_at
            WHERE excluded.version >= site_deployments.version`
        return
      }
      yield* sql`
        INSERT INTO site_posts (business_id, item_id, date, slug, title, summary, body, topic, published_at, angle, writing)
        VALUES (${event.businessId}, ${event.itemId ?? ""}, ${event.date}, ${event.slug}, ${event.title}, ${event.summary},
          ${JSON.stringify(event.bodyParagraphs)}::jsonb, ${event.topic}, ${event.publishedAt}, ${event.angle ?? null},
          ${event.writing === undefined ? null : JSON.stringify(event.writing)}::jsonb)
        ON CONFLICT DO NOTHING`
    })
}

export interface Deployment {
  readonly businessId: string
  readonly itemId: string | null
  readonly version: number
  readonly day: string
  readonly facts: SiteFacts
  readonly faq: ReadonlyArray<{ readonly question: string; readonly answer: string }>
  readonly about: string
  readonly deployedAt: Date
}

export interface PublishedPost {
  readonly date: string
  readonly slug: string
  readonly title: string
  readonly summary: string
  readonly bodyParagraphs: ReadonlyArray<string>
  readonly topic: string
  /** Null for posts written before angles were recorded. */
  readonly angle: string | null
  readonly writing: PostWriting | null
}

export class Sites extends Effect.Service<Sites>()("Sites", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const deployment = (businessId: string, itemId: string | null) =>
      sql<{ version: number; day: string; facts: SiteFacts; faq: Deployment["faq"]; about: string; deployed_at: Date }>`
        SELECT version, day, facts, faq, about, deployed_at FROM site_deployments
        WHERE business_id = ${businessId} AND item_id = ${itemId ?? ""}`.pipe(
        Effect.map(([row]): Deployment | undefined =>
          row && { businessId, itemId, version: row.version, day: row.day, facts: row.facts, faq: row.faq, about: row.about, deployedAt: row.deployed_at }
        ),
        Effect.orDie
      )

    /** Posts, newest first. */
    const posts = (businessId: string, itemId: string | null) =>
      sql<{
        date: string
        slug: string
        title: string
        summary: string
        body: ReadonlyArray<string>
        topic: string
        angle: string | null
        writing: PostWriting | null
      }>`
        SELECT date, slug, title, summary, body, topic, angle, writing FROM site_posts
        WHERE business_id = ${businessId} AND item_id = ${itemId ?? ""}
        ORDER BY date DESC, published_at DESC, slug`.pipe(
        Effect.map((rows): ReadonlyArray<PublishedPost> =>
          rows.map((row) => ({
            date: row.date,
            slug: row.slug,
            title: row.title,
            summary: row.summary,
            bodyParagraphs: row.body,
            topic: row.topic,
            angle: row.angle,
            writing: row.writing
          }))
        ),
        Effect.orDie
      )

    /** A cheap fingerprint of what a site renders from: the deployment version and post count. */
    const revision = (businessId: string, itemId: string | null) =>
      sql<{ version: number | null; posts: string }>`
        SELECT (SELECT version FROM site_deployments WHERE business_id = ${businessId} AND item_id = ${itemId ?? ""}) AS version,
          (SELECT count(*) FROM site_posts WHERE business_id = ${businessId} AND item_id = ${itemId ?? ""}) AS posts`.pipe(
        Effect.map(([row]) => row?.version === null || row?.version === undefined ? undefined : `${row.version}.${row.posts}`),
        Effect.orDie
      )

    return { deployment, posts, revision }
  })
}) {}
