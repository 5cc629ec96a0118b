/**
 * Event ids derived from what caused the events, so that a retried command, a redelivered
 * webhook or a re-run step writes the same ids, and the store's idempotent append records
 * nothing twice.
 */
import { hash } from "node:crypto"

/** A UUID (version 5 layout) derived from the command id, so retries write the same events. */
export const eventIdFor = (commandId: string, index: number): string => {
  // One-shot: no Hash object per id (the visit webhook derives two ids per visit).
  const hex = hash("sha1", `sightline:${commandId}:${index}`, "hex")
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
