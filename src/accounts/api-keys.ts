/**
 * Service API keys (`SERVICE_API_KEYS`). A candidate is compared with every configured key in
 * constant time over SHA-256 digests: equal-length inputs to timingSafeEqual whatever was sent,
 * so neither a key's content nor its length leaks through timing, and no early exit tells
 * which key came close. The keys' digests are taken once, not per request.
 */
import { Redacted } from "effect"
import { createHash, timingSafeEqual } from "node:crypto"

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest()

/** A matcher over the configured keys: true when `candidate` is one of them. */
export const serviceKeyMatcher = (keys: ReadonlyArray<Redacted.Redacted<string>>): (candidate: string) => boolean => {
  const digests = keys.map((key) => digest(Redacted.value(key)))
  return (candidate) => {
    const candidateDigest = digest(candidate)
    let matched = false
    for (const keyDigest of digests) {
      // The comparison runs before `|| matched`: every key is compared, even after a match.
      matched = timingSafeEqual(candidateDigest, keyDigest) || matched
    }
    return matched
  }
}
