/**
 * Service API keys (`SERVICE_API_KEYS`). A candidate is compared with every configured key in
 * constant time over SHA-256 digests: equal-length inputs to timingSafeEqual whatever was sent,
 * so neither a key's content nor its length leaks through timing, and no early exit tells
 * which key came close.
 */
import { Redacted } from "effect"
import { createHash, timingSafeEqual } from "node:crypto"

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest()

export const matchesServiceKey = (candidate: string, keys: ReadonlyArray<Redacted.Redacted<string>>): boolean => {
  const candidateDigest = digest(candidate)
  let matched = false
  for (const key of keys) {
    // The comparison runs before `|| matched`: every key is compared, even after a match.
    matched = timingSafeEqual(candidateDigest, digest(Redacted.value(key))) || matched
  }
  return matched
}
