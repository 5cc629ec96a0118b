/**
 * A failure as one log line: the error's name and message (and those of its causes), never a
 * stack trace, with any URL's `user:password@` replaced. Logs go to places a secret must not.
 */
import { Cause } from "effect"

const MAX_CHARS = 500
const MAX_CAUSES = 3

const nameAndMessage = (thrown: unknown): string =>
  thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : typeof thrown === "string" ? thrown : `a thrown ${typeof thrown}`

/** `Name: message` of what was thrown, then `; caused by Name: message` for up to 3 causes, cut and redacted. */
export const describeThrown = (thrown: unknown): string => {
  const parts = [nameAndMessage(thrown)]
  let cause = thrown instanceof Error ? thrown.cause : undefined
  while (cause !== undefined && cause !== null && parts.length <= MAX_CAUSES) {
    parts.push(`caused by ${nameAndMessage(cause)}`)
    cause = cause instanceof Error ? cause.cause : undefined
  }
  const redacted = parts.join("; ").replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s@]*@/gi, "$1***@")
  return redacted.length > MAX_CHARS ? `${redacted.slice(0, MAX_CHARS)}…` : redacted
}

/** The failure or defect a cause holds, described as `describeThrown` does. */
export const describeCause = (cause: Cause.Cause<unknown>): string => describeThrown(Cause.squash(cause))
