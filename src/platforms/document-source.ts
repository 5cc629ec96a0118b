/**
 * What the built-in answer engine retrieves from: the content the service holds (business
 * records, crawled pages, generated sites), as documents with the URL they can be cited by.
 */
import { Context } from "effect"
import type { Effect } from "effect"

export interface SourceDocument {
  readonly url: string
  readonly title: string
  readonly text: string
}

export interface DocumentSourceShape {
  /** Up to `limit` documents that share words with `query`, best first; deterministic. */
  readonly candidates: (query: string, limit: number) => Effect.Effect<ReadonlyArray<SourceDocument>>
}

export class DocumentSource extends Context.Tag("DocumentSource")<DocumentSource, DocumentSourceShape>() {}
