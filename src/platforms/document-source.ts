/**
 * What the built-in answer engine retrieves from: the content the service holds (business
 * records, crawled pages, generated sites), as documents with the URL they can be cited by and
 * the entity (business or product) they belong to.
 */
import { Context } from "effect"
import type { Effect } from "effect"

/** What the engine knows of the business or product a document belongs to. */
export interface DocumentEntity {
  /** One key per entity: its documents count as one option in an answer. */
  readonly key: string
  /** The entity's name as the service records it (what the mention detector looks for); null when unknown. */
  readonly name: string | null
  /** Towns and regions it operates in, as its pages state them (`entity-card.ts`). */
  readonly places: ReadonlyArray<string>
  /** What its pages say it is and offers: titles, headings, schema.org types and offers. */
  readonly about: string
}

export interface SourceDocument {
  readonly url: string
  readonly title: string
  readonly text: string
  /** Absent: the document stands alone, named by its title, in no known place. */
  readonly entity?: DocumentEntity | undefined
}

export interface DocumentSourceShape {
  /** Up to `limit` documents that share words with `query`, best first; deterministic. */
  readonly candidates: (query: string, limit: number) => Effect.Effect<ReadonlyArray<SourceDocument>>
}

export class DocumentSource extends Context.Tag("DocumentSource")<DocumentSource, DocumentSourceShape>() {}
