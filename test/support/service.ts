/**
 * Starts the whole service in this process on a loopback port, over a test database, with the
 * given environment: real HTTP, real database, real runner and projections.
 */
import { HttpServer } from "@effect/platform"
import { request as httpRequest } from "node:http"
import { ConfigProvider, Effect, Layer, Logger, LogLevel, ManagedRuntime } from "effect"
import { SigningKeys, type TokenClaims } from "../../src/accounts/signing-keys.ts"
import { serviceLayer, type ServiceOptions } from "../../src/composition.ts"
import { AppConfig } from "../../src/config/app-config.ts"
import type { DatabaseTarget } from "../../src/db/database.ts"

export const SERVICE_KEY = "test-service-key-0123456789"

export interface RunningService {
  readonly baseUrl: string
  readonly port: number
  /** Signs a token with the service's own key (local identity mode). */
  readonly sign: (claims: TokenClaims, expiresIn?: number | string) => Promise<string>
  readonly runtime: ManagedRuntime.ManagedRuntime<any, unknown>
  readonly stop: () => Promise<void>
}

export const startService = async (
  target: DatabaseTarget,
  env: Record<string, string> = {},
  options: ServiceOptions & { readonly port?: number } = {}
): Promise<RunningService> => {
  // The daily schedule is off unless a test asks for it: at 03:00 UTC the default one would start a
  // daily run inside whatever test's service is up, adding events that test never asked for.
  const config = ConfigProvider.fromMap(new Map(Object.entries({ SERVICE_API_KEYS: SERVICE_KEY, SCHEDULER_CRON: "off", ...env })))
  const layer = serviceLayer(target, { port: options.port ?? 0, host: "127.0.0.1" }, options).pipe(
    Layer.provide(AppConfig.Default),
    Layer.provide(Layer.setConfigProvider(config)),
    // Request logs would drown the test output; warnings and errors still show.
    Layer.provide(Logger.minimumLogLevel(LogLevel.Warning))
  )
  const runtime = ManagedRuntime.make(layer)
  const address = await runtime.runPromise(Effect.map(HttpServer.HttpServer, (server) => server.address))
  if (address._tag !== "TcpAddress") throw new Error("expected a TCP address")
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    port: address.port,
    runtime,
    sign: (claims, expiresIn = 3600) =>
      runtime.runPromise(Effect.flatMap(SigningKeys, (keys) => keys.sign(claims, { expiresIn }))),
    stop: () => runtime.dispose()
  }
}

export const json = async (response: Response) => ({ status: response.status, body: await response.json() as any })

/** GET through the service with a chosen Host header (the generated sites are routed by it). */
export const getWithHost = (baseUrl: string, host: string, path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const url = new URL(path, baseUrl)
    const request = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: "GET", headers: { ...headers, host } }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }))
    })
    request.on("error", reject)
    request.end()
  })

export { freePort } from "./service-process.ts"
