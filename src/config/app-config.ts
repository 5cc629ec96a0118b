/**
 * Every environment variable of the service, read and checked once. A bad value fails the
 * layer with a ConfigError that names the variable, which stops start-up.
 */
import { Config, ConfigError, Cron, Effect, Either, Option, Redacted } from "effect"

const optionalString = (name: string) => Config.option(Config.nonEmptyString(name))
const optionalSecret = (name: string) => Config.option(Config.redacted(Config.nonEmptyString(name)))

const httpUrl = (name: string) =>
  Config.nonEmptyString(name).pipe(
    Config.validate({
      message: "Expected an http(s) URL",
      validation: (value) => {
        try {
          const url = new URL(value)
          return url.protocol === "http:" || url.protocol === "https:"
        } catch {
          return false
        }
      }
    })
  )
const optionalUrl = (name: string) => Config.option(httpUrl(name))

// Validate before the default: a check after `withDefault` loses the variable's name.
const port = Config.integer("PORT").pipe(
  Config.validate({ message: "Expected a port number from 0 to 65535", validation: (n) => n >= 0 && n <= 65535 }),
  Config.withDefault(8080)
)

const boolean = (name: string, fallback: boolean) => Config.boolean(name).pipe(Config.withDefault(fallback))

export type SchedulerCron = { readonly _tag: "Off" } | { readonly _tag: "On"; readonly expression: string; readonly cron: Cron.Cron }

const schedulerCron = Config.string("SCHEDULER_CRON").pipe(
  Config.withDefault("0 3 * * *"),
  Config.mapOrFail((value): Either.Either<SchedulerCron, ConfigError.ConfigError> => {
    if (value.trim().toLowerCase() === "off") return Either.right({ _tag: "Off" })
    return Either.match(Cron.parse(value.trim(), "UTC"), {
      onLeft: (error) => Either.left(ConfigError.InvalidData(["SCHEDULER_CRON"], `Expected a cron expression or "off": ${error.message}`)),
      onRight: (cron) => Either.right({ _tag: "On", expression: value.trim(), cron })
    })
  })
)

export interface PlatformEndpoint {
  readonly baseUrl: string
  readonly apiKey: Redacted.Redacted<string>
  readonly model: string
  /**
   * The bound on one response body and the setting it comes from (named when a call fails on
   * it); absent, the kind of call's default (docs/configuration.md, "Responses of models").
   */
  readonly responseLimit?: { readonly bytes: number; readonly setting: string }
}

/** Accepted range of the `*_MAX_RESPONSE_BYTES` settings: 64 KiB to 64 MiB. */
const MIN_RESPONSE_BYTES = 65_536
const MAX_RESPONSE_BYTES = 67_108_864

const responseBytes = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    Config.validate({
      message: `Expected an integer from ${MIN_RESPONSE_BYTES} to ${MAX_RESPONSE_BYTES}`,
      validation: (n) => n >= MIN_RESPONSE_BYTES && n <= MAX_RESPONSE_BYTES
    }),
    Config.withDefault(fallback),
    Config.map((bytes) => ({ bytes, setting: name }))
  )

/** A platform's answer: a long answer with its citations and search results is well under 1 MiB. */
const platformResponseLimit = responseBytes("AI_PLATFORM_MAX_RESPONSE_BYTES", 4_194_304)
/** A writer's answer (prompts, site copy, a post): tens of kilobytes of JSON. */
const llmResponseLimit = responseBytes("LLM_MAX_RESPONSE_BYTES", 1_048_576)

export interface PlatformLimits {
  /** Calls in flight at once to this platform. */
  readonly concurrency: number
  /** Calls started per minute. */
  readonly ratePerMinute: number
  /** Bound on one call, in milliseconds. */
  readonly timeoutMs: number
  /** Retries of a retryable failure (timeouts, 429, 5xx, connection errors). */
  readonly maxRetries: number
}

const positiveInt = (name: string, fallback: number, max = 1_000_000) =>
  Config.integer(name).pipe(
    Config.validate({ message: `Expected an integer from 1 to ${max}`, validation: (n) => n >= 1 && n <= max }),
    Config.withDefault(fallback)
  )

/** Shared defaults (`AI_PLATFORM_CONCURRENCY`, ...) with per-platform overrides (`AI_PLATFORM_3_CONCURRENCY`). */
const platformLimits = Effect.gen(function*() {
  const defaults: PlatformLimits = {
    concurrency: yield* positiveInt("AI_PLATFORM_CONCURRENCY", 16, 1000),
    ratePerMinute: yield* positiveInt("AI_PLATFORM_RATE_PER_MINUTE", 600),
    timeoutMs: yield* positiveInt("AI_PLATFORM_TIMEOUT_MS", 60_000, 600_000),
    maxRetries: yield* Config.integer("AI_PLATFORM_MAX_RETRIES").pipe(
      Config.validate({ message: "Expected an integer from 0 to 10", validation: (n) => n >= 0 && n <= 10 }),
      Config.withDefault(2)
    )
  }
  return yield* Effect.forEach([1, 2, 3, 4, 5, 6, 7, 8], (n) =>
    Effect.gen(function*() {
      const limits: PlatformLimits = {
        concurrency: yield* positiveInt(`AI_PLATFORM_${n}_CONCURRENCY`, defaults.concurrency, 1000),
        ratePerMinute: yield* positiveInt(`AI_PLATFORM_${n}_RATE_PER_MINUTE`, defaults.ratePerMinute),
        timeoutMs: yield* positiveInt(`AI_PLATFORM_${n}_TIMEOUT_MS`, defaults.timeoutMs, 600_000),
        maxRetries: defaults.maxRetries
      }
      return limits
    }))
})

const platformEndpoint = (n: number) =>
  Config.all({
    baseUrl: optionalUrl(`AI_PLATFORM_${n}_BASE_URL`),
    apiKey: optionalSecret(`AI_PLATFORM_${n}_API_KEY`),
    model: optionalString(`AI_PLATFORM_${n}_MODEL`),
    responseLimit: platformResponseLimit
  }).pipe(
    Config.mapOrFail(({ apiKey, baseUrl, model, responseLimit }): Either.Either<Option.Option<PlatformEndpoint>, ConfigError.ConfigError> => {
      if (Option.isNone(baseUrl)) return Either.right(Option.none())
      if (Option.isNone(model)) {
        return Either.left(ConfigError.MissingData([`AI_PLATFORM_${n}_MODEL`], `Expected AI_PLATFORM_${n}_MODEL beside AI_PLATFORM_${n}_BASE_URL`))
      }
      return Either.right(Option.some({
        baseUrl: baseUrl.value,
        model: model.value,
        apiKey: Option.getOrElse(apiKey, () => Redacted.make("")),
        responseLimit
      }))
    })
  )

const llm = Config.all({
  baseUrl: optionalUrl("LLM_BASE_URL"),
  apiKey: optionalSecret("LLM_API_KEY"),
  model: optionalString("LLM_MODEL"),
  responseLimit: llmResponseLimit
}).pipe(
  Config.mapOrFail(({ apiKey, baseUrl, model, responseLimit }): Either.Either<Option.Option<PlatformEndpoint>, ConfigError.ConfigError> => {
    if (Option.isNone(baseUrl)) return Either.right(Option.none())
    if (Option.isNone(model)) return Either.left(ConfigError.MissingData(["LLM_MODEL"], "Expected LLM_MODEL beside LLM_BASE_URL"))
    return Either.right(Option.some({
      baseUrl: baseUrl.value,
      model: model.value,
      apiKey: Option.getOrElse(apiKey, () => Redacted.make("")),
      responseLimit
    }))
  })
)

const serviceApiKeys = Config.option(Config.redacted("SERVICE_API_KEYS")).pipe(
  Config.map(Option.match({
    onNone: (): ReadonlyArray<Redacted.Redacted<string>> => [],
    onSome: (raw) =>
      Redacted.value(raw).split(",").map((key) => key.trim()).filter((key) => key.length > 0).map((key) => Redacted.make(key))
  })),
  Config.mapOrFail((keys) =>
    keys.every((key) => Redacted.value(key).length >= 16)
      ? Either.right(keys)
      : Either.left(ConfigError.InvalidData(["SERVICE_API_KEYS"], "Expected each key to be at least 16 characters long"))
  )
)

const clusterRunnerAddress = optionalString("CLUSTER_RUNNER_ADDRESS").pipe(
  Config.mapOrFail((value): Either.Either<Option.Option<{ readonly host: string; readonly port: number }>, ConfigError.ConfigError> => {
    if (Option.isNone(value)) return Either.right(Option.none())
    const match = /^(.+):(\d{1,5})$/.exec(value.value.trim())
    const port = match === null ? NaN : Number(match[2])
    if (match === null || !(port >= 1 && port <= 65535)) {
      return Either.left(ConfigError.InvalidData(["CLUSTER_RUNNER_ADDRESS"], `Expected host:port, got "${value.value}"`))
    }
    return Either.right(Option.some({ host: match[1]!, port }))
  })
)

const identityProvider = Config.literal("local", "clerk")("IDENTITY_PROVIDER").pipe(Config.withDefault("local" as const))

/** `SITES_SCHEME` defaults to http for a `localhost` sites domain, https otherwise. */
const defaultSitesScheme = (sitesDomain: string) => /(^|\.)localhost(:\d+)?$/i.test(sitesDomain) ? "http" : "https"

const read = Effect.gen(function*() {
  const httpPort = yield* port
  const sitesDomain = yield* Config.nonEmptyString("SITES_DOMAIN").pipe(Config.withDefault(`sites.localhost:${httpPort}`))
  const identity = yield* identityProvider
  const clerkSecretKey = yield* optionalSecret("CLERK_SECRET_KEY")
  if (identity === "clerk" && Option.isNone(clerkSecretKey)) {
    return yield* Effect.fail(ConfigError.MissingData(["CLERK_SECRET_KEY"], "Expected CLERK_SECRET_KEY when IDENTITY_PROVIDER is clerk"))
  }
  return {
    port: httpPort,
    host: yield* Config.nonEmptyString("HOST").pipe(Config.withDefault("0.0.0.0")),
    logRequests: yield* boolean("LOG_REQUESTS", false),
    databaseUrl: yield* Config.option(Config.redacted(Config.nonEmptyString("DATABASE_URL"))),
    dataDir: yield* Config.nonEmptyString("DATA_DIR").pipe(Config.withDefault("./data")),
    publicBaseUrl: (yield* httpUrl("PUBLIC_BASE_URL").pipe(Config.withDefault(`http://localhost:${httpPort}`))).replace(/\/+$/, ""),
    sitesDomain: sitesDomain.toLowerCase(),
    sitesScheme: yield* Config.literal("http", "https")("SITES_SCHEME").pipe(
      Config.withDefault(defaultSitesScheme(sitesDomain) as "http" | "https")
    ),
    serviceApiKeys: yield* serviceApiKeys,
    authJwksUrl: yield* optionalUrl("AUTH_JWKS_URL"),
    authIssuer: yield* optionalString("AUTH_ISSUER"),
    authAudience: yield* optionalString("AUTH_AUDIENCE"),
    identityProvider: identity,
    clerkSecretKey,
    clerkApiUrl: yield* httpUrl("CLERK_API_URL").pipe(Config.withDefault("https://api.clerk.com")),
    /** SMTP for invitation e-mails (local identity mode); unset: they are only queued in the outbox. */
    smtpUrl: yield* optionalSecret("SMTP_URL"),
    smtpFrom: yield* Config.nonEmptyString("SMTP_FROM").pipe(Config.withDefault("Sightline <no-reply@sightline.example>")),
    stripeSecretKey: yield* optionalSecret("STRIPE_SECRET_KEY"),
    stripeApiUrl: yield* optionalUrl("STRIPE_API_URL"),
    stripeWebhookSecret: yield* optionalSecret("STRIPE_WEBHOOK_SECRET"),
    llm: yield* llm,
    /** Whether `llm` also adjudicates doubtful mention verdicts (docs/mention-accuracy.md, "Adjudicator"). */
    mentionAdjudicator: yield* boolean("MENTION_ADJUDICATOR", true),
    /** Adjudicator calls per UTC day; past it, doubtful answers keep the rule's verdict. */
    mentionAdjudicatorDailyLimit: yield* positiveInt("MENTION_ADJUDICATOR_DAILY_LIMIT", 2_000, 10_000_000),
    platforms: yield* Effect.all([1, 2, 3, 4, 5, 6, 7, 8].map(platformEndpoint)),
    platformLimits: yield* platformLimits,
    visibilitySamples: yield* Config.integer("AI_VISIBILITY_SAMPLES").pipe(
      Config.validate({ message: "Expected an integer from 1 to 9", validation: (n) => n >= 1 && n <= 9 }),
      Config.withDefault(1)
    ),
    schedulerCron: yield* schedulerCron,
    /** Entities a daily run works on at once. */
    schedulerConcurrency: yield* Config.integer("SCHEDULER_CONCURRENCY").pipe(
      Config.validate({ message: "Expected an integer from 1 to 256", validation: (n) => n >= 1 && n <= 256 }),
      Config.withDefault(8)
    ),
    /** This runner's cluster address (`host:port`), reachable by the other runners; unset: one runner. */
    clusterRunnerAddress: yield* clusterRunnerAddress,
    crawlerAllowPrivate: yield* boolean("CRAWLER_ALLOW_PRIVATE", false),
    /** How long one request of a crawl may take before its page is skipped. */
    crawlerTimeoutMs: yield* positiveInt("CRAWLER_TIMEOUT_MS", 10_000, 120_000),
    /** Chromium for pages that need JavaScript; unset: pages are read as served. */
    crawlerChromiumPath: yield* optionalString("CRAWLER_CHROMIUM_PATH"),
    webhookRateLimitPerMinute: yield* Config.integer("WEBHOOK_RATE_LIMIT_PER_MINUTE").pipe(
      Config.validate({ message: "Expected a positive integer", validation: (n) => n > 0 }),
      Config.withDefault(600)
    ),
    /** Public `GET /api/ranking-score` requests a minute per client address (each new URL is stored). */
    rankingRateLimitPerMinute: yield* Config.integer("RANKING_RATE_LIMIT_PER_MINUTE").pipe(
      Config.validate({ message: "Expected a positive integer", validation: (n) => n > 0 }),
      Config.withDefault(60)
    ),
    /**
     * An OTLP/HTTP receiver's base address (spans go to its `/v1/traces`, as OpenTelemetry's SDKs
     * send them); unset: spans are not built at all. Redacted: an address may carry credentials.
     * Not checked here: a malformed address turns tracing off with a warning instead of stopping
     * the service.
     */
    otlpEndpoint: yield* Config.option(Config.redacted(Config.nonEmptyString("OTEL_EXPORTER_OTLP_ENDPOINT"))),
    /** The `service.name` the spans carry. */
    otelServiceName: yield* Config.nonEmptyString("OTEL_SERVICE_NAME").pipe(Config.withDefault("sightline"))
  }
})

export type AppSettings = Effect.Effect.Success<typeof read>

export class AppConfig extends Effect.Service<AppConfig>()("AppConfig", { effect: read }) {}

/** One line per offending variable: `PORT: Expected an integer value but received "abc"`. */
export const describeConfigError = (error: ConfigError.ConfigError): string => {
  const lines: Array<string> = []
  const walk = (e: ConfigError.ConfigError): void => {
    switch (e._op) {
      case "And":
      case "Or":
        walk(e.left)
        walk(e.right)
        return
      case "InvalidData":
      case "MissingData":
      case "SourceUnavailable":
      case "Unsupported":
        lines.push(`${e.path.join("_") || "configuration"}: ${e.message}`)
        return
    }
  }
  walk(error)
  return [...new Set(lines)].join("; ")
}
