import { ConfigProvider, Effect, Exit, Fiber, Layer } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { AppConfig } from "../../src/config/app-config.ts"
import { PLATFORM_KEYS } from "../../src/domain/platforms.ts"
import { DocumentSource, type SourceDocument } from "../../src/platforms/document-source.ts"
import { type CheckOutcome, PlatformGateway } from "../../src/platforms/platform-gateway.ts"
import { type OpenAiCompatibleServer, type ServerBehavior, startOpenAiCompatibleServer, waitUntil } from "../support/openai-compatible-server.ts"

const DOCUMENTS: ReadonlyArray<SourceDocument> = [
  { url: "https://pralus.example/", title: "Maison Pralus", text: "Maison Pralus is a sourdough bakery in Lyon." },
  { url: "https://palais.example/", title: "Boulangerie du Palais", text: "A bakery in Lyon known for croissants." }
]

/** The data port over an array: documents sharing a lower-cased word with the query. */
const documentSource = Layer.succeed(DocumentSource, {
  candidates: (query, limit) => {
    const words = new Set(query.toLowerCase().split(/\W+/))
    return Effect.succeed(
      DOCUMENTS.filter((d) => `${d.title} ${d.text}`.toLowerCase().split(/\W+/).some((w) => words.has(w))).slice(0, limit)
    )
  }
})

const servers: Array<OpenAiCompatibleServer> = []
const serve = async (behavior: ServerBehavior = {}) => {
  const server = await startOpenAiCompatibleServer(behavior)
  servers.push(server)
  return server
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** Platform `n` answered by `server` with model `model-n`. */
const endpointEnv = (n: number, server: OpenAiCompatibleServer): Record<string, string> => ({
  [`AI_PLATFORM_${n}_BASE_URL`]: server.baseUrl,
  [`AI_PLATFORM_${n}_API_KEY`]: `key-${n}`,
  [`AI_PLATFORM_${n}_MODEL`]: `model-${n}`
})

const run = <A>(env: Record<string, string>, f: (gateway: PlatformGateway) => Effect.Effect<A>, source = documentSource): Promise<A> =>
  Effect.runPromise(
    Effect.flatMap(PlatformGateway, f).pipe(
      Effect.provide(
        PlatformGateway.Default.pipe(
          Layer.provide(Layer.mergeAll(AppConfig.Default, source)),
          Layer.provide(Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env)))))
        )
      )
    )
  )

const expectAnswered = (outcome: CheckOutcome | undefined) => {
  if (outcome?._tag !== "Answered") throw new Error(`expected an answer, got ${JSON.stringify(outcome)}`)
  return outcome
}
const expectFailed = (outcome: CheckOutcome | undefined) => {
  if (outcome?._tag !== "Failed") throw new Error(`expected a failure, got ${JSON.stringify(outcome)}`)
  return outcome
}

describe("PlatformGateway", () => {
  it("retries 500 and 429 with backoff, then answers", async () => {
    const server = await serve({ replies: [{ kind: "status", status: 500 }, { kind: "status", status: 429 }] })
    const outcome = expectAnswered(await run(endpointEnv(1, server), (gateway) => gateway.ask("ai_platform_1", "bakery in Lyon")))
    expect(outcome.attempts).toBe(3)
    expect(server.calls).toBe(3)
    expect(outcome.answer.engine).toBe("openai-compatible")
    expect(outcome.answer.model).toBe("model-1")
    expect(server.requests.every((request) => request.authorization === "Bearer key-1")).toBe(true)
    // Two backoffs: 250 ms and 500 ms, each jittered by ±20%.
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(0.8 * 750 - 5)
    expect(server.requests[2]!.arrivedAt - server.requests[1]!.arrivedAt).toBeGreaterThanOrEqual(0.8 * 500 - 5)
  })

  it("does not retry a 400", async () => {
    const server = await serve({ otherwise: { kind: "status", status: 400 } })
    const outcome = expectFailed(await run(endpointEnv(1, server), (gateway) => gateway.ask("ai_platform_1", "q")))
    expect(outcome.error).toMatchObject({ reason: "client_error", retryable: false, platform: "ai_platform_1" })
    expect(outcome.attempts).toBe(1)
    expect(server.calls).toBe(1)
  })

  it("times out each attempt and fails as a timeout after maxRetries + 1 attempts", async () => {
    const server = await serve({ otherwise: { kind: "hang" } })
    const env = { ...endpointEnv(1, server), AI_PLATFORM_1_TIMEOUT_MS: "200", AI_PLATFORM_MAX_RETRIES: "2" }
    const outcome = expectFailed(await run(env, (gateway) => gateway.ask("ai_platform_1", "q")))
    expect(outcome.error).toMatchObject({ reason: "timeout", retryable: true })
    expect(outcome.attempts).toBe(3)
    expect(server.calls).toBe(3)
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(3 * 200 + 0.8 * 750 - 5)
    // Each timed-out attempt aborted its request instead of leaving it open.
    await waitUntil(() => server.aborted === 3)
  })

  it("holds the concurrency cap", async () => {
    const server = await serve({ delayMs: 150 })
    const env = { ...endpointEnv(1, server), AI_PLATFORM_1_CONCURRENCY: "3", AI_PLATFORM_1_RATE_PER_MINUTE: "60000" }
    const outcomes = await run(env, (gateway) =>
      Effect.all(Array.from({ length: 12 }, (_, i) => gateway.ask("ai_platform_1", `question ${i}`)), { concurrency: "unbounded" }))
    expect(outcomes.every((outcome) => outcome._tag === "Answered")).toBe(true)
    expect(server.calls).toBe(12)
    expect(server.maxInFlight).toBe(3)
  })

  it("holds the rate limit: a burst of one second's worth, then one call per 60000 / rate ms", async () => {
    const server = await serve()
    // 120 a minute: a bucket of 2, refilled one token every 500 ms.
    const env = { ...endpointEnv(1, server), AI_PLATFORM_1_RATE_PER_MINUTE: "120" }
    // The bucket is made after this instant, so no token is released before `before + k * 500`.
    const before = performance.now()
    const outcomes = await run(env, (gateway) =>
      Effect.all(Array.from({ length: 5 }, (_, i) => gateway.ask("ai_platform_1", `question ${i}`)), { concurrency: "unbounded" }))
    expect(outcomes.every((outcome) => outcome._tag === "Answered")).toBe(true)
    const arrivals = server.requests.map((request) => request.arrivedAt).sort((a, b) => a - b)
    expect(arrivals).toHaveLength(5)
    // Lower bounds from `before`, not from the first arrival: a slow loopback can delay the first
    // request more than a later one, and the gap between two arrivals then undercounts the limit.
    // (1 ms less: timers keep whole milliseconds.)
    for (let i = 2; i < 5; i++) expect(arrivals[i]! - before).toBeGreaterThanOrEqual((i - 1) * 500 - 1)
    // Upper bounds (the burst at once, the others no later than their slots) cannot hold on real
    // time under load: platform-queue.test.ts checks the exact schedule on fake timers.
  })

  it("does not rate-limit the built-in engine: it runs in this process", async () => {
    // One a minute: a vendor's sixth ask would start five minutes after the first. A rate limit
    // protects a vendor; held on the stand-in it only made every check wait (10 s per entity at 600).
    const outcomes = await run({ AI_PLATFORM_RATE_PER_MINUTE: "1" }, (gateway) =>
      Effect.all(Array.from({ length: 6 }, () => gateway.ask("ai_platform_1", "Best bakery in Lyon?")), { concurrency: "unbounded" }))
    for (const outcome of outcomes) expect(expectAnswered(outcome).answer.engine).toBe("local")
  }, 30_000)

  it("opens the circuit after 5 consecutive failures and then fails fast without calling", async () => {
    const server = await serve({ otherwise: { kind: "status", status: 503 } })
    const env = { ...endpointEnv(1, server), AI_PLATFORM_MAX_RETRIES: "0" }
    const outcomes = await run(env, (gateway) => Effect.forEach(Array.from({ length: 7 }), () => gateway.ask("ai_platform_1", "q")))
    expect(outcomes.slice(0, 5).map((outcome) => expectFailed(outcome).error.reason)).toEqual(Array(5).fill("server_error"))
    for (const outcome of outcomes.slice(5)) {
      const failed = expectFailed(outcome)
      expect(failed.error).toMatchObject({ reason: "circuit_open", retryable: false })
      expect(failed.attempts).toBe(0)
    }
    expect(server.calls).toBe(5)
  })

  it("stops retrying when the circuit opens during an ask", async () => {
    const server = await serve({ otherwise: { kind: "status", status: 500 } })
    // Retries 3: the first ask fails 4 times, the second opens the circuit on its first failure.
    const env = { ...endpointEnv(1, server), AI_PLATFORM_MAX_RETRIES: "3" }
    const [first, second] = await run(env, (gateway) =>
      Effect.all([gateway.ask("ai_platform_1", "q"), gateway.ask("ai_platform_1", "q")]))
    expect(expectFailed(first).attempts).toBe(4)
    const failed = expectFailed(second)
    expect(failed.attempts).toBe(1)
    expect(failed.error.reason).toBe("circuit_open")
    expect(server.calls).toBe(5)
  })

  it("askAll: one platform failing does not fail the other seven", async () => {
    const failing = await serve({ otherwise: { kind: "status", status: 500 } })
    const healthy = await serve({ replies: [{ kind: "answer", content: "Maison Pralus, see https://pralus.example/" }] })
    const env = { ...endpointEnv(1, failing), ...endpointEnv(2, healthy), AI_PLATFORM_MAX_RETRIES: "1" }
    const [outcomes, engines] = await run(env, (gateway) =>
      Effect.all([gateway.askAll("sourdough bakery in Lyon"), Effect.succeed(PLATFORM_KEYS.map(gateway.engineOf))]))

    expect(Object.keys(outcomes).sort()).toEqual([...PLATFORM_KEYS].sort())
    expect(engines).toEqual(["openai-compatible", "openai-compatible", "local", "local", "local", "local", "local", "local"])
    const failed = expectFailed(outcomes.ai_platform_1)
    expect(failed.error.reason).toBe("server_error")
    expect(failed.attempts).toBe(2)
    const second = expectAnswered(outcomes.ai_platform_2)
    expect(second.answer).toMatchObject({ engine: "openai-compatible", model: "model-2", citations: ["https://pralus.example/"] })
    for (const platform of PLATFORM_KEYS.slice(2)) {
      const local = expectAnswered(outcomes[platform])
      expect(local.answer.engine).toBe("local")
      expect(local.answer.citations).toContain("https://pralus.example/")
      expect(local.attempts).toBe(1)
    }
  })

  it("askAll asks only the platforms given", async () => {
    const outcomes = await run({}, (gateway) => gateway.askAll("sourdough bakery", ["ai_platform_3", "ai_platform_5"]))
    expect(Object.keys(outcomes).sort()).toEqual(["ai_platform_3", "ai_platform_5"])
    expect(expectAnswered(outcomes.ai_platform_3).answer.model).toBe("sightline-local-concise")
  })

  it("interrupting askAll aborts the calls in flight", async () => {
    const server = await serve({ otherwise: { kind: "hang" } })
    const env = { ...endpointEnv(1, server), ...endpointEnv(4, server) }
    const exit = await run(env, (gateway) =>
      Effect.gen(function*() {
        const fiber = yield* Effect.fork(gateway.askAll("sourdough bakery"))
        yield* Effect.promise(() => waitUntil(() => server.calls === 2))
        return yield* Fiber.interrupt(fiber)
      }))
    expect(Exit.isInterrupted(exit)).toBe(true)
    await waitUntil(() => server.aborted === 2)
    expect(server.inFlight).toBe(0)
    expect(server.calls).toBe(2)
  })

  it("an ask interrupted while it waits for a permit leaves the queue: the permit goes to the next one", async () => {
    const server = await serve({ replies: [{ kind: "hang" }] })
    const env = { ...endpointEnv(1, server), AI_PLATFORM_1_CONCURRENCY: "1" }
    const [leaving, next] = await run(env, (gateway) =>
      Effect.gen(function*() {
        const first = yield* Effect.fork(gateway.ask("ai_platform_1", "first"))
        const second = yield* Effect.fork(gateway.ask("ai_platform_1", "second"))
        const third = yield* Effect.fork(gateway.ask("ai_platform_1", "third"))
        yield* Effect.promise(() => waitUntil(() => server.calls === 1))
        const leaving = yield* Fiber.interrupt(second)
        // Interrupting the hanging call aborts it and hands its permit on, past the one that left.
        yield* Fiber.interrupt(first)
        return [leaving, yield* Fiber.join(third)] as const
      }))
    expect(Exit.isInterrupted(leaving)).toBe(true)
    expect(expectAnswered(next).attempts).toBe(1)
    expect(server.calls).toBe(2)
    expect(server.requests.map((request) => request.body.messages[1].content)).toEqual(["first", "third"])
    await waitUntil(() => server.aborted === 1)
  })

  it("an engine defect is a failed check (bad_response, not retried), and the other platforms answer", async () => {
    const broken = Layer.succeed(DocumentSource, { candidates: () => Effect.die(new Error("index corrupted")) })
    const server = await serve({ replies: [{ kind: "answer", content: "Maison Pralus" }] })
    const outcomes = await run(endpointEnv(1, server), (gateway) => gateway.askAll("bakery", ["ai_platform_1", "ai_platform_2"]), broken)
    expect(expectAnswered(outcomes.ai_platform_1).answer.text).toBe("Maison Pralus")
    const failed = expectFailed(outcomes.ai_platform_2)
    expect(failed.error).toMatchObject({ platform: "ai_platform_2", reason: "bad_response", retryable: false, message: "The answer engine failed unexpectedly" })
    expect(failed.attempts).toBe(1)
  })

  it("askSamples asks every platform that many times, all at once", async () => {
    const server = await serve({ delayMs: 100 })
    const rounds = await run(endpointEnv(1, server), (gateway) => gateway.askSamples("sourdough bakery in Lyon", 3))
    expect(rounds.length).toBe(3)
    for (const round of rounds) {
      expect(Object.keys(round).sort()).toEqual([...PLATFORM_KEYS].sort())
      expect(expectAnswered(round.ai_platform_1).answer.text).toBe("You could try Example Bakery, known for its sourdough.")
      expect(expectAnswered(round.ai_platform_3).answer.engine).toBe("local")
    }
    expect(server.calls).toBe(3)
    expect(server.maxInFlight).toBe(3)
  })
})
