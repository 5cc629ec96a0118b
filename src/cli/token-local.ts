/**
 * `npm run token` when no server holds the embedded database (or with DATABASE_URL): this
 * process opens the existing database and signs with the key the server publishes. Loaded only
 * then, so that asking a running server stays quick.
 */
import { Effect, Layer } from "effect"
import { mintToken, type TokenRequest } from "../accounts/control-socket.ts"
import { SigningKeys } from "../accounts/signing-keys.ts"
import { AppConfig } from "../config/app-config.ts"
import { secureDataDir } from "../db/data-dir.ts"
import { clientFor, targetFromConfig } from "../db/database.ts"
import { acquireEmbeddedLock } from "../db/embedded-lock.ts"

export const mintWithDatabase = (request: TokenRequest) =>
  Effect.gen(function*() {
    const config = yield* AppConfig
    const target = yield* targetFromConfig
    return yield* Effect.scoped(Effect.gen(function*() {
      if (target._tag === "Embedded") yield* secureDataDir(config.dataDir)
      // The lock outlives the database: it is taken before PGlite opens and released after it closes.
      if (target._tag === "Embedded" && target.dataDir !== undefined) yield* acquireEmbeddedLock(target.dataDir)
      return yield* mintToken(request).pipe(Effect.provide(SigningKeys.Default.pipe(Layer.provide(clientFor(target)))))
    }))
  })
