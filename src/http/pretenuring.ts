/**
 * Turns off V8's allocation-site pretenuring in the process that serves the API, before it
 * serves: `serverLayer` calls it when the service is put together, ahead of any request.
 *
 * Why: V8 watches, per allocation site, how many of its objects survive a scavenge, and once
 * most do it has that site allocate straight in the old generation. A burst (a backlog of
 * visits, the roll-up catching up, many businesses created at once) makes the webhook's
 * per-request sites look long-lived, and afterwards every visit's short-lived objects (its
 * answer's headers, its body, its event, its batch's statement) were born old, and the young
 * objects they point at were promoted with them: the old generation grew with the traffic and
 * its collections, the service's longest pauses, came often. With pretenuring off those
 * objects are born young and die in the next scavenge; only what really lives on is promoted.
 */
import * as v8 from "node:v8"

export const NO_PRETENURING = "--no-allocation-site-pretenuring"

let turnedOff = false

/** Idempotent; the flag holds for the rest of the process. */
export const turnOffPretenuring = () => {
  if (turnedOff) return
  turnedOff = true
  // A runtime whose `node:v8` takes no V8 flags (Deno's may not) serves with V8's defaults.
  try {
    v8.setFlagsFromString(NO_PRETENURING)
  } catch {
    // Nothing to undo: pretenuring stays on.
  }
}
