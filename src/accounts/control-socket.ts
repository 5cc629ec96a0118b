/**
 * Development tokens while a server holds the embedded database. PGlite belongs to one process,
 * so `npm run token` cannot open it beside a running server; the server instead listens on a
 * Unix socket in its data directory (mode 0600: only the user running it may ask) and mints the
 * token itself. The socket is never a TCP port, so nothing off this machine can reach it.
 */
import { Data, Effect, Either, Exit, Option, ParseResult, Runtime, Schema } from "effect"
import type { Scope } from "effect"
import { chmodSync, unlinkSync } from "node:fs"
import http from "node:http"
import { join } from "node:path"
import { AppConfig } from "../config/app-config.ts"
import { SigningKeys, type TokenClaims } from "./signing-keys.ts"

export const CONTROL_SOCKET_FILE = "control.sock"

/** Where a server keeps its control socket: beside its lock, in the embedded data directory. */
export const controlSocketPath = (embeddedDataDir: string) => join(embeddedDataDir, CONTROL_SOCKET_FILE)

const OrgText = Schema.NullOr(Schema.String.pipe(Schema.minLength(1)))

export const TokenRequest = Schema.Struct({
  user: Schema.String.pipe(Schema.minLength(1)),
  orgId: OrgText,
  orgSlug: OrgText,
  role: Schema.Literal("org:admin", "org:member"),
  expiresIn: Schema.Int.pipe(Schema.positive())
}).pipe(Schema.filter((request) => (request.orgId === null) === (request.orgSlug === null) || "orgId and orgSlug go together"))
export type TokenRequest = typeof TokenRequest.Type

/**
 * A token for the request, signed with the service's key, carrying `AUTH_ISSUER` and
 * `AUTH_AUDIENCE` when set so that the local verifier accepts it. The role is only set with an
 * organization.
 */
export const mintToken = Effect.fn("ControlSocket.mintToken")(function*(request: TokenRequest) {
  const config = yield* AppConfig
  const keys = yield* SigningKeys
  const claims: TokenClaims = request.orgId !== null && request.orgSlug !== null
    ? { sub: request.user, org_id: request.orgId, org_slug: request.orgSlug, org_role: request.role }
    : { sub: request.user }
  return yield* keys.sign(claims, {
    expiresIn: request.expiresIn,
    issuer: Option.getOrUndefined(config.authIssuer),
    audience: Option.getOrUndefined(config.authAudience)
  })
})

export class ControlSocketError extends Data.TaggedError("ControlSocketError")<{
  readonly message: string
  readonly cause?: unknown
}> {}

const MAX_BODY_BYTES = 64 * 1024

const respond = (response: http.ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body)
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) })
  response.end(text)
}

const readBody = (request: http.IncomingMessage) =>
  new Promise<string | undefined>((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let size = 0
    request.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        resolve(undefined)
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    request.on("error", reject)
  })

const removeSocketFile = (path: string) => {
  try {
    unlinkSync(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
  }
}

/**
 * Serves `POST /token` on the Unix socket at `path` for the scope. Take the embedded lock
 * first: a socket file left at `path` is then known to be stale and is replaced.
 */
export const serveControlSocket = <E, R>(
  path: string,
  mint: (request: TokenRequest) => Effect.Effect<string, E, R>
): Effect.Effect<void, ControlSocketError, Scope.Scope | R> =>
  Effect.gen(function*() {
    const runtime = yield* Effect.runtime<R>()
    const runPromiseExit = Runtime.runPromiseExit(runtime)

    const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
      if (request.method !== "POST" || request.url !== "/token") return respond(response, 404, { error: "not found" })
      const raw = await readBody(request)
      if (raw === undefined) return respond(response, 413, { error: "request body too large" })
      let json: unknown
      try {
        json = JSON.parse(raw)
      } catch {
        return respond(response, 400, { error: "the body is not valid JSON" })
      }
      const decoded = Schema.decodeUnknownEither(TokenRequest)(json)
      if (Either.isLeft(decoded)) {
        return respond(response, 400, { error: ParseResult.TreeFormatter.formatErrorSync(decoded.left) })
      }
      const exit = await runPromiseExit(mint(decoded.right))
      if (Exit.isSuccess(exit)) return respond(response, 200, { token: exit.value })
      await runPromiseExit(Effect.logError("control socket: minting a token failed", exit.cause))
      return respond(response, 500, { error: "the server could not mint a token" })
    }

    const server = http.createServer((request, response) => {
      handle(request, response).catch(() => {
        if (!response.headersSent) respond(response, 500, { error: "internal error" })
        else response.destroy()
      })
    })

    yield* Effect.acquireRelease(
      Effect.async<void, ControlSocketError>((resume) => {
        try {
          removeSocketFile(path)
        } catch (cause) {
          return resume(Effect.fail(new ControlSocketError({ message: `cannot remove the stale control socket ${path}`, cause })))
        }
        const onError = (cause: Error) =>
          resume(Effect.fail(new ControlSocketError({ message: `cannot listen on the control socket ${path}: ${cause.message}`, cause })))
        server.once("error", onError)
        server.listen(path, () => {
          server.off("error", onError)
          try {
            chmodSync(path, 0o600)
            resume(Effect.void)
          } catch (cause) {
            server.close()
            resume(Effect.fail(new ControlSocketError({ message: `cannot restrict the control socket ${path}`, cause })))
          }
        })
      }),
      () =>
        Effect.async<void>((resume) => {
          server.close(() => {
            try {
              removeSocketFile(path)
            } catch {
              // left for the next start to replace
            }
            resume(Effect.void)
          })
          server.closeAllConnections()
        })
    )
  })

export { requestToken } from "./control-socket-client.ts"
