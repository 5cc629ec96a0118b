/**
 * Lookups that arrive in the same turn of the event loop share one query: each caller gets a
 * promise of its own key's value, and the keys gathered by then are loaded at once (a
 * DataLoader). Under load many requests are parsed per turn, so a query per request becomes a
 * query per turn; alone, a lookup waits no longer than one `setImmediate`.
 */
export interface BatchedLookupOptions<K, V> {
  /** Equal keys share one entry in a batch. */
  readonly keyOf: (key: K) => string
  /** Values for some of `keys`, by `keyOf`; a key left out resolves to undefined. */
  readonly load: (keys: ReadonlyArray<K>) => Promise<ReadonlyMap<string, V>>
}

interface Entry<K, V> {
  readonly key: K
  readonly waiters: Array<{ readonly resolve: (value: V | undefined) => void; readonly reject: (error: unknown) => void }>
}

export const batchedLookup = <K, V>(options: BatchedLookupOptions<K, V>) => {
  let gathering: Map<string, Entry<K, V>> | undefined

  const flush = () => {
    const batch = gathering!
    gathering = undefined
    options.load([...batch.values()].map((entry) => entry.key)).then(
      (found) => {
        for (const [id, entry] of batch) for (const waiter of entry.waiters) waiter.resolve(found.get(id))
      },
      (error) => {
        for (const entry of batch.values()) for (const waiter of entry.waiters) waiter.reject(error)
      }
    )
  }

  return (key: K): Promise<V | undefined> =>
    new Promise((resolve, reject) => {
      if (gathering === undefined) {
        gathering = new Map()
        setImmediate(flush)
      }
      const id = options.keyOf(key)
      const entry = gathering.get(id)
      if (entry === undefined) gathering.set(id, { key, waiters: [{ resolve, reject }] })
      else entry.waiters.push({ resolve, reject })
    })
}
