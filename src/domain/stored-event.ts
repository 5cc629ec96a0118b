/**
 * Events are stored as their tag (`type`), a shape version and the data without the tag.
 * This codec turns a tagged event schema into that form and back.
 */
import { Schema } from "effect"

export interface StoredEvent {
  readonly type: string
  readonly schemaVersion: number
  readonly data: unknown
}

export const storedCodec = <A extends { readonly _tag: string }, I extends { readonly _tag: string }>(
  schema: Schema.Schema<A, I>,
  versionOf: (tag: A["_tag"]) => number
) => {
  const encode = Schema.encodeSync(schema)
  const decode = Schema.decodeUnknownSync(schema)
  return {
    toStored: (event: A): StoredEvent => {
      const { _tag, ...data } = encode(event)
      return { type: _tag, schemaVersion: versionOf(event._tag), data }
    },
    /** Reads a stored event of any known version (upcasters go here as versions are added). */
    fromStored: (stored: Pick<StoredEvent, "type" | "data">): A => decode({ ...(stored.data as object), _tag: stored.type })
  }
}
