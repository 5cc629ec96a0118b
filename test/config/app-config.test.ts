import { ConfigProvider, Effect, Either, Layer, Option, Redacted } from "effect"
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { AppConfig, describeConfigError } from "../../src/config/app-config.ts"
import { distEntry } from "../support/dist-entry.ts"

const layerWith = (env: Record<string, string>) =>
  AppConfig.Default.pipe(Layer.provide(Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env))))))

const load = (env: Record<string, string>) => Effect.runPromise(Effect.provide(AppConfig, layerWith(env)))

/** The `describeConfigError` text of the failure, or throws if the configuration loads. */
const failureOf = async (env: Record<string, string>) => {
  const result = await Effect.runPromise(Effect.either(Effect.provide(AppConfig, layerWith(env))))
  if (Either.isRight(result)) throw new Error(`expected ${JSON.stringify(env)} to be refused`)
  return describeConfigError(result.left)
}

describe("AppConfig", () => {
  it("has the documented defaults with no variable set", async () => {
    const config = await load({})
    expect(config.port).toBe(8080)
    expect(config.host).toBe("0.0.0.0")
    expect(Option.isNone(config.databaseUrl)).toBe(true)
    expect(config.dataDir).toBe("./data")
    expect(config.publicBaseUrl).toBe("http://localhost:8080")
    expect(config.sitesDomain).toBe("sites.localhost:8080")
    expect(config.sitesScheme).toBe("http")
    expect(config.identityProvider).toBe("local")
    expect(config.serviceApiKeys).toEqual([])
    expect(config.visibilitySamples).toBe(1)
    if (config.schedulerCron._tag !== "On") throw new Error("the scheduler should be on by default")
    expect(config.schedulerCron.expression).toBe("0 3 * * *")
    expect(config.crawlerAllowPrivate).toBe(false)
    expect(config.crawlerTimeoutMs).toBe(10_000)
    expect(config.webhookRateLimitPerMinute).toBe(600)
    expect(config.platforms).toHaveLength(8)
    expect(config.platforms.every(Option.isNone)).toBe(true)
    expect(Option.isNone(config.llm)).toBe(true)
    expect(config.mentionAdjudicator).toBe(true)
  })

  it("bounds models' response bodies per kind of call, and the adjudicator's calls per day", async () => {
    const defaults = await load({ AI_PLATFORM_1_BASE_URL: "https://llm.example/v1", AI_PLATFORM_1_MODEL: "m", LLM_BASE_URL: "https://llm.example/v1", LLM_MODEL: "w" })
    expect(Option.getOrThrow(defaults.platforms[0]!).responseLimit).toEqual({ bytes: 4_194_304, setting: "AI_PLATFORM_MAX_RESPONSE_BYTES" })
    expect(Option.getOrThrow(defaults.llm).responseLimit).toEqual({ bytes: 1_048_576, setting: "LLM_MAX_RESPONSE_BYTES" })
    expect(defaults.mentionAdjudicatorDailyLimit).toBe(2_000)
    const set = await load({
      AI_PLATFORM_1_BASE_URL: "https://llm.example/v1",
      AI_PLATFORM_1_MODEL: "m",
      AI_PLATFORM_MAX_RESPONSE_BYTES: "65536",
      LLM_BASE_URL: "https://llm.example/v1",
      LLM_MODEL: "w",
      LLM_MAX_RESPONSE_BYTES: "67108864",
      MENTION_ADJUDICATOR_DAILY_LIMIT: "1"
    })
    expect(Option.getOrThrow(set.platforms[0]!).responseLimit).toEqual({ bytes: 65_536, setting: "AI_PLATFORM_MAX_RESPONSE_BYTES" })
    expect(Option.getOrThrow(set.llm).responseLimit).toEqual({ bytes: 67_108_864, setting: "LLM_MAX_RESPONSE_BYTES" })
    expect(set.mentionAdjudicatorDailyLimit).toBe(1)
  })

  it("MENTION_ADJUDICATOR=false keeps LLM_* from adjudicating mentions", async () => {
    expect((await load({ MENTION_ADJUDICATOR: "false" })).mentionAdjudicator).toBe(false)
  })

  it("derives the public base URL and the sites domain from PORT", async () => {
    const config = await load({ PORT: "9000" })
    expect(config.port).toBe(9000)
    expect(config.publicBaseUrl).toBe("http://localhost:9000")
    expect(config.sitesDomain).toBe("sites.localhost:9000")
    expect(config.sitesScheme).toBe("http")
  })

  it("serves a non-localhost sites domain over https", async () => {
    const config = await load({ SITES_DOMAIN: "sites.example.com" })
    expect(config.sitesDomain).toBe("sites.example.com")
    expect(config.sitesScheme).toBe("https")
  })

  it("SCHEDULER_CRON=off turns the scheduler off", async () => {
    expect((await load({ SCHEDULER_CRON: "off" })).schedulerCron).toEqual({ _tag: "Off" })
  })

  it("reads the daily run's concurrency and this runner's cluster address", async () => {
    expect((await load({})).schedulerConcurrency).toBe(8)
    expect((await load({})).clusterRunnerAddress).toEqual(Option.none())
    const config = await load({ SCHEDULER_CONCURRENCY: "3", CLUSTER_RUNNER_ADDRESS: "10.0.0.7:34431" })
    expect(config.schedulerConcurrency).toBe(3)
    expect(config.clusterRunnerAddress).toEqual(Option.some({ host: "10.0.0.7", port: 34431 }))
  })

  it("splits SERVICE_API_KEYS on commas and trims the keys", async () => {
    const config = await load({ SERVICE_API_KEYS: " first-key-0123456789 ,  second-key-0123456789 " })
    expect(config.serviceApiKeys.map(Redacted.value)).toEqual(["first-key-0123456789", "second-key-0123456789"])
    for (const key of config.serviceApiKeys) expect(Redacted.isRedacted(key)).toBe(true)
  })

  it("configures platform 2 from AI_PLATFORM_2_BASE_URL and _MODEL", async () => {
    const config = await load({ AI_PLATFORM_2_BASE_URL: "https://llm.example/v1", AI_PLATFORM_2_MODEL: "model-two" })
    const second = config.platforms[1]!
    if (Option.isNone(second)) throw new Error("platform 2 should be configured")
    expect(second.value.baseUrl).toBe("https://llm.example/v1")
    expect(second.value.model).toBe("model-two")
    expect(Redacted.value(second.value.apiKey)).toBe("")
    expect(config.platforms.filter(Option.isSome)).toHaveLength(1)
  })

  // Every refusal names the variable to fix (`describeConfigError`, one line per variable).
  const refused: ReadonlyArray<readonly [Record<string, string>, string]> = [
    [{ PORT: "abc" }, `PORT: Expected an integer value but received "abc"`],
    [{ PORT: "70000" }, "PORT: Expected a port number from 0 to 65535"],
    [{ SCHEDULER_CRON: "bad cron" }, `SCHEDULER_CRON: Expected a cron expression or "off": Invalid number of segments in cron expression`],
    [{ SERVICE_API_KEYS: "short" }, "SERVICE_API_KEYS: Expected each key to be at least 16 characters long"],
    [{ IDENTITY_PROVIDER: "okta" }, `IDENTITY_PROVIDER: Expected one of (local, clerk) but received "okta"`],
    [{ IDENTITY_PROVIDER: "clerk" }, "CLERK_SECRET_KEY: Expected CLERK_SECRET_KEY when IDENTITY_PROVIDER is clerk"],
    [{ PUBLIC_BASE_URL: "notaurl" }, "PUBLIC_BASE_URL: Expected an http(s) URL"],
    [{ CRAWLER_ALLOW_PRIVATE: "maybe" }, `CRAWLER_ALLOW_PRIVATE: Expected a boolean value but received "maybe"`],
    [{ CRAWLER_TIMEOUT_MS: "0" }, "CRAWLER_TIMEOUT_MS: Expected an integer from 1 to 120000"],
    [{ AI_PLATFORM_3_BASE_URL: "https://llm.example/v1" }, "AI_PLATFORM_3_MODEL: Expected AI_PLATFORM_3_MODEL beside AI_PLATFORM_3_BASE_URL"],
    [{ AI_VISIBILITY_SAMPLES: "0" }, "AI_VISIBILITY_SAMPLES: Expected an integer from 1 to 9"],
    [{ WEBHOOK_RATE_LIMIT_PER_MINUTE: "-1" }, "WEBHOOK_RATE_LIMIT_PER_MINUTE: Expected a positive integer"],
    [{ SCHEDULER_CONCURRENCY: "0" }, "SCHEDULER_CONCURRENCY: Expected an integer from 1 to 256"],
    [{ AI_PLATFORM_MAX_RESPONSE_BYTES: "65535" }, "AI_PLATFORM_MAX_RESPONSE_BYTES: Expected an integer from 65536 to 67108864"],
    [{ LLM_MAX_RESPONSE_BYTES: "67108865" }, "LLM_MAX_RESPONSE_BYTES: Expected an integer from 65536 to 67108864"],
    [{ MENTION_ADJUDICATOR_DAILY_LIMIT: "0" }, "MENTION_ADJUDICATOR_DAILY_LIMIT: Expected an integer from 1 to 10000000"],
    [{ CLUSTER_RUNNER_ADDRESS: "runner-a" }, `CLUSTER_RUNNER_ADDRESS: Expected host:port, got "runner-a"`],
    [{ CLUSTER_RUNNER_ADDRESS: "runner-a:70000" }, `CLUSTER_RUNNER_ADDRESS: Expected host:port, got "runner-a:70000"`]
  ]
  for (const [env, message] of refused) {
    it(`refuses ${JSON.stringify(env)}`, async () => {
      expect(await failureOf(env)).toBe(message)
    })
  }
})

describe("start-up with a bad configuration", () => {
  const dirs: Array<string> = []
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it("prints the variable and its problem, exits 1, and opens no database", async () => {
    const base = mkdtempSync(join(tmpdir(), "sightline-config-"))
    dirs.push(base)
    const dataDir = join(base, "data")
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: "abc", DATA_DIR: dataDir }
    delete env.DATABASE_URL

    const child = spawn(process.execPath, [distEntry("main")], { env, stdio: ["ignore", "pipe", "pipe"] })
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.stdout.resume()
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject)
      // "close" waits for stderr to be read to its end
      child.on("close", (exitCode) => resolve(exitCode))
    })

    expect(code).toBe(1)
    expect(stderr.split(/\r?\n/)).toContain(`sightline: configuration error: PORT: Expected an integer value but received "abc"`)
    expect(existsSync(join(dataDir, "pglite"))).toBe(false)
    expect(existsSync(dataDir)).toBe(false)
  })
})
