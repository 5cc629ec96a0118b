/**
 * Tokens verified recently, so that a dashboard sending one token with every request is not
 * verified again each time: the signature check is most of the CPU of a read with a user token.
 * Keyed by the whole token, so only the exact string that was verified is found. An entry lives
 * until the token's `exp` or `ttlMs` after it was verified, whichever is first: a key withdrawn
 * from the identity provider's JWKS stops its tokens within `ttlMs`. At most `max` entries; the
 * oldest is dropped first.
 */
export const VERIFIED_TOKEN_TTL_MS = 60_000
export const VERIFIED_TOKENS_MAX = 10_000

export interface VerifiedTokens<A> {
  readonly get: (token: string) => A | undefined
  /** `expiresAtMs`: the token's own `exp`, in milliseconds. */
  readonly set: (token: string, value: A, expiresAtMs: number) => void
  readonly size: () => number
}

export const makeVerifiedTokens = <A>(
  now: () => number,
  options: { readonly ttlMs: number; readonly max: number } = { ttlMs: VERIFIED_TOKEN_TTL_MS, max: VERIFIED_TOKENS_MAX }
): VerifiedTokens<A> => {
  // A Map keeps insertion order: its first key is the oldest entry.
  const entries = new Map<string, { readonly value: A; readonly until: number }>()
  return {
    get: (token) => {
      const entry = entries.get(token)
      if (entry === undefined) return undefined
      if (now() >= entry.until) {
        entries.delete(token)
        return undefined
      }
      return entry.value
    },
    set: (token, value, expiresAtMs) => {
      const until = Math.min(expiresAtMs, now() + options.ttlMs)
      if (until <= now()) return
      entries.delete(token)
      if (entries.size >= options.max) entries.delete(entries.keys().next().value!)
      entries.set(token, { value, until })
    },
    size: () => entries.size
  }
}
