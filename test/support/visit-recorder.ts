/** The visit recorder over a test database, and a crawler's visit as it takes it, for the writers' suites. */
import type { PgClient } from "@effect/sql-pg"
import type { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime } from "effect"
import { WallClock } from "../../src/config/wall-clock.ts"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import type { EventStore } from "../../src/eventstore/event-store.ts"
import * as PgEventStore from "../../src/eventstore/pg-event-store.ts"
import { type VisitInput, VisitRecorder } from "../../src/writers/visit-recorder.ts"
import { layerFor, type TestDatabase } from "./databases.ts"

export const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot"

/** GPTBot's visit of `page` on the business's generated site (a script post unless told). */
export const visitInput = (
  businessId: string,
  page: string,
  options: { readonly pageTitle?: string | null; readonly source?: "script" | "server" } = {}
): VisitInput => ({
  businessId: businessId as BusinessId,
  itemId: null,
  pageUrl: `https://${businessId}.sites.localhost/${page}`,
  pageType: "ai_site",
  pageTitle: options.pageTitle === undefined ? "A page" : options.pageTitle,
  userAgent: GPTBOT,
  ipAddress: null,
  clientAddress: null,
  referrer: null,
  source: options.source ?? "script"
})

export type RecorderRuntime = ManagedRuntime.ManagedRuntime<VisitRecorder | EventStore | SqlClient.SqlClient, unknown>

/** The recorder on a fresh database of `database`, over `store` (the PostgreSQL event store unless told). */
export const startVisitRecorder = async (
  database: TestDatabase,
  store: Layer.Layer<EventStore, unknown, SqlClient.SqlClient | PgClient.PgClient> = PgEventStore.layer
): Promise<{ readonly runtime: RecorderRuntime; readonly stop: () => Promise<void> }> => {
  const created = await database.create()
  const runtime: RecorderRuntime = ManagedRuntime.make(
    VisitRecorder.Default.pipe(
      Layer.provideMerge(store.pipe(Layer.provideMerge(layerFor(created.target)))),
      Layer.provideMerge(WallClock.Default)
    )
  )
  await runtime.runPromise(Effect.void)
  return {
    runtime,
    stop: async () => {
      await runtime.dispose()
      await created.release()
    }
  }
}
