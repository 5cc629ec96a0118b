import { Migrator } from "@effect/sql"
import createEvents from "./0001_create_events.ts"
import createEventsCommitOrderIndex from "./0002_create_events_commit_order_index.ts"
import createStreams from "./0003_create_streams.ts"
import createProjectionCheckpoints from "./0004_create_projection_checkpoints.ts"
import createSigningKeys from "./0005_create_signing_keys.ts"
import createEventsAppendNewFunction from "./0006_create_events_append_new_function.ts"
import createEventsAppendNewAcrossFunction from "./0007_create_events_append_new_across_function.ts"
import eventsAppendFunctionAndOptionalNotify from "./0008_events_append_function_and_optional_notify.ts"

/** Keys are `<id>_<name>`; a migration, once released, is never edited. */
export const migrations = Migrator.fromRecord({
  "0001_create_events": createEvents,
  "0002_create_events_commit_order_index": createEventsCommitOrderIndex,
  "0003_create_streams": createStreams,
  "0004_create_projection_checkpoints": createProjectionCheckpoints,
  "0005_create_signing_keys": createSigningKeys,
  "0006_create_events_append_new_function": createEventsAppendNewFunction,
  "0007_create_events_append_new_across_function": createEventsAppendNewAcrossFunction,
  "0008_events_append_function_and_optional_notify": eventsAppendFunctionAndOptionalNotify
})
