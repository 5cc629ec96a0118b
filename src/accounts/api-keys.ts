/**
 * Service API keys (`SERVICE_API_KEYS`). A candidate is compared with every configured key in
 * constant time over SHA-256 digests: equal-length inputs to timingSafeEqual whatever was sent,
 * so neither a key's content nor its length leaks through timing, and no early exit tells
 * which key came close. The keys' digests are taken once, not per request.
 */
import { Redacted } from "effect"
import { hash, timingSafeEqual } from "node:crypto"

// One-shot `hash` (a string is hashed as UTF-8): every request with a bearer token takes a
// digest, and a `createHash` object per request costs about half again as much.
const digest = (value: string) => hash("sha256", value, "buffer")

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
