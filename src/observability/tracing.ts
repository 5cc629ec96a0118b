/**
 * Tracing: the spans the service writes (`Effect.fn`, `withSpan`, and HttpApi's `http.server
 * <METHOD>` span per request) are exported over OTLP/HTTP (JSON) when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is set, and not built at all when it is not: building a span
 * (its stack trace included) is a large share of a cached read's cost, and without an exporter
 * nobody reads it. The fast lane (`http/fast-lane/`) runs no fiber per request, so its two
 * endpoints write no request span either way.
 *
 * The exporter must never stop the service: a malformed address leaves tracing off with a
 * warning, and an exporter that fails or does not answer costs a warning a minute at most
 * (its spans are dropped; requests are not held up, since spans are sent in the background).
 */
import { FetchHttpClient, HttpClient, HttpClientError } from "@effect/platform"
import * as OtlpSerialization from "@effect/opentelemetry/OtlpSerialization"
import * as OtlpTracer from "@effect/opentelemetry/OtlpTracer"
import { Clock, Duration, Effect, Layer, Option, Redacted } from "effect"
import { AppConfig } from "../config/app-config.ts"
import { describeThrown } from "../safe-description.ts"

/** How long one export may take before it counts as failed (the exporter retries, then pauses). */
const EXPORT_TIMEOUT = Duration.seconds(10)
/** At most one warning about failing exports this often. */
const WARN_EVERY = Duration.minutes(1)

/** The receiver's traces address: `/v1/traces` under the base, as OpenTelemetry's SDKs do. */
export const tracesUrl = (endpoint: string): Option.Option<URL> => {
  try {
    const url = new URL(endpoint)
    if (url.protocol !== "http:" && url.protocol !== "https:") return Option.none()
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/v1/traces`
    return Option.some(url)
  } catch {
    return Option.none()
  }
}

/**
 * The HTTP client the exporter sends with: each export bounded by `EXPORT_TIMEOUT`, and a
 * failure (no answer, a refused connection, a status other than 2xx) logged as a warning, with
 * any credentials in the address redacted.
 */
const exportClient = (host: string) =>
  Layer.effect(
    HttpClient.HttpClient,
    Effect.gen(function*() {
      const client = yield* HttpClient.HttpClient
      let quietUntil = 0
      const warn = (what: string) =>
        Clock.currentTimeMillis.pipe(Effect.flatMap((now) => {
          if (now < quietUntil) return Effect.void
          quietUntil = now + Duration.toMillis(WARN_EVERY)
          return Effect.logWarning(`trace export to ${host} failed (${what}); spans are dropped until it answers`)
        }))
      return client.pipe(HttpClient.transform((response, request) =>
        response.pipe(
          Effect.timeoutFail({
            duration: EXPORT_TIMEOUT,
            onTimeout: () => new HttpClientError.RequestError({ request, reason: "Transport", description: "no answer in time" })
          }),
          Effect.tap((answer) => answer.status >= 200 && answer.status < 300 ? Effect.void : warn(`status ${answer.status}`)),
          Effect.tapError((error) => warn(describeThrown(error)))
        )
      ))
    })
  ).pipe(Layer.provide(FetchHttpClient.layer))

/**
 * The tracer for the service, as configured: OTLP export with `OTEL_EXPORTER_OTLP_ENDPOINT`,
 * spans off without it (or with a malformed one).
 */
export const TracingLive: Layer.Layer<never, never, AppConfig> = Layer.unwrapEffect(Effect.gen(function*() {
  const config = yield* AppConfig
  if (Option.isNone(config.otlpEndpoint)) return Layer.setTracerEnabled(false)
  const url = tracesUrl(Redacted.value(config.otlpEndpoint.value))
  if (Option.isNone(url)) {
    yield* Effect.logWarning("OTEL_EXPORTER_OTLP_ENDPOINT is not an http(s) address: tracing is off")
    return Layer.setTracerEnabled(false)
  }
  return OtlpTracer.layer({ url: url.value.href, resource: { serviceName: config.otelServiceName } }).pipe(
    Layer.provide(Layer.mergeAll(exportClient(url.value.host), OtlpSerialization.layerJson))
  )
}))
