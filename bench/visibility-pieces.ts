/**
 * `tsx bench/visibility-pieces.ts [piece ...]`: what each piece of one analyze request costs, in
 * this process, measured apart: main-thread time (event-loop active time) and CPU of all threads
 * (GC helpers included) per operation. The loopback platforms run in a child process (no delay)
 * so their cost is not counted; the database is a scratch one on the server of
 * BENCH_DATABASE_URL. Run it under the benchmark lock: figures need a quiet machine. `run` is
 * exported for `bench/run.ts`.
 */
import { SqlClient } from "@effect/sql"
import { type ChildProcess, spawn } from "node:child_process"
import { randomUUID } from "node:crypto"
import { performance } from "node:perf_hooks"
import { createInterface } from "node:readline"
import { pathToFileURL } from "node:url"
import { ConfigProvider, Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { CheckRecorder } from "../src/writers/check-recorder.ts"
import { AppConfig, type PlatformEndpoint } from "../src/config/app-config.ts"
import { WallClock } from "../src/config/wall-clock.ts"
import { clientFor } from "../src/db/database.ts"
import { checkFromStored, PlatformChecked } from "../src/domain/check-events.ts"
import { type BusinessId, refOf } from "../src/domain/entity-ref.ts"
import { detectMention, mentionTargetOf } from "../src/domain/mention/index.ts"
import { PLATFORM_KEYS } from "../src/domain/platforms.ts"
import { EventStore } from "../src/eventstore/event-store.ts"
import * as PgEventStore from "../src/eventstore/pg-event-store.ts"
import { VisibilityAnalysis } from "../src/pipeline/visibility-analysis.ts"
import { DocumentSource } from "../src/platforms/document-source.ts"
import { makeOpenAiClient } from "../src/platforms/openai-client.ts"
import { DEFAULT_RESPONSE_LIMIT } from "../src/platforms/node-http-fetch.ts"
import { makeOpenAiCompatibleEngine } from "../src/platforms/openai-compatible-engine.ts"
import { PlatformGateway } from "../src/platforms/platform-gateway.ts"
import { promptsProjection } from "../src/projections/prompts.ts"
import { FANOUT_ANSWER, FANOUT_BUSINESS } from "./fanout-answer.ts"
import { projectRoot } from "./processes.ts"
import { report, scratchDatabase } from "./support.ts"


const startPlatforms = async (count: number) => {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "bench/openai-loopback-child.ts", String(count), "0"], {
    cwd: projectRoot,
    stdio: ["ignore", "pipe", "inherit"]
  })
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once("line", resolve))
  return { baseUrls: JSON.parse(line) as Array<string>, stop: () => child.kill("SIGTERM") }
}

const rows: Array<Record<string, string | number>> = []

/** Runs `op` `n` times, `concurrency` at a time, after a warm-up; records per-op costs. */
const measure = async (piece: string, n: number, concurrency: number, op: (i: number) => Promise<unknown> | unknown) => {
  const loop = async (count: number, offset: number) => {
    let next = 0
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < count) await op(offset + next++)
    }))
  }
  await loop(Math.max(10, Math.floor(n / 2)), 1_000_000)
  const elu = performance.eventLoopUtilization()
  const cpu = process.cpuUsage()
  const start = performance.now()
  await loop(n, 0)
  const wall = performance.now() - start
  const used = process.cpuUsage(cpu)
  const active = performance.eventLoopUtilization(elu).active
  rows.push({
    piece,
    n,
    concurrency,
    main_ms_per_op: +(active / n).toFixed(3),
    cpu_ms_per_op: +((used.user + used.system) / 1000 / n).toFixed(3),
    wall_ms_per_op: +(wall / n).toFixed(3)
  })
}

const configFor = (baseUrls: ReadonlyArray<string>) => {
  const env: Record<string, string> = {
    AI_PLATFORM_CONCURRENCY: "64",
    AI_PLATFORM_RATE_PER_MINUTE: "1000000",
    AI_PLATFORM_MAX_RETRIES: "0"
  }
  baseUrls.forEach((url, index) => {
    env[`AI_PLATFORM_${index + 1}_BASE_URL`] = url
    env[`AI_PLATFORM_${index + 1}_MODEL`] = `bench-model-${index + 1}`
    env[`AI_PLATFORM_${index + 1}_API_KEY`] = `bench-platform-key-${index + 1}`
  })
  return Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env))))
}

const noDocuments = Layer.succeed(DocumentSource, { candidates: () => Effect.succeed([]) })

const facts = { itemId: null, name: FANOUT_BUSINESS.name, url: FANOUT_BUSINESS.url }
const target = mentionTargetOf(facts)
const ref = refOf(FANOUT_BUSINESS.slug as BusinessId)
const answer = { text: FANOUT_ANSWER.content, citations: FANOUT_ANSWER.citations }

/** The 8 checks one analyze request records, as the pipeline builds them. */
const checksFor = (prompt: string) =>
  PLATFORM_KEYS.map((platform) => {
    const detection = detectMention(answer, target)
    return new PlatformChecked({
      businessId: ref.businessId,
      itemId: null,
      prompt,
      platform,
      status: "answered",
      answers: [{
        text: answer.text,
        citations: answer.citations,
        engine: "openai-compatible",
        model: "bench-model",
        latencyMs: 301,
        costUsd: null,
        visible: detection.visible,
        position: detection.position,
        sentiment: detection.sentiment
      }],
      visible: detection.visible,
      visibleShare: detection.visible ? 1 : 0,
      position: detection.position,
      sentiment: detection.sentiment,
      error: null,
      samplesRequested: 1,
      checkedAt: new Date().toISOString()
    })
  })

/** Measures the pieces named (all when none: openai, gateway, mention, record, project, analyze). */
export const run = async (pieces: ReadonlyArray<string> = []) => {
  const wanted = (piece: string) => pieces.length === 0 || pieces.includes(piece)
  rows.length = 0
  const platforms = await startPlatforms(8)
  const db = await scratchDatabase("pieces")
  try {
    const endpoint: PlatformEndpoint = {
      baseUrl: platforms.baseUrls[0]!,
      apiKey: Redacted.make("bench-platform-key-1"),
      model: "bench-model-1"
    }
    if (wanted("openai")) {
      const client = makeOpenAiClient(endpoint, 610_000, DEFAULT_RESPONSE_LIMIT)
      const body = { model: endpoint.model, messages: [{ role: "user" as const, content: "best running shoes?" }] }
      await measure("openai client call (raw promise)", 1000, 1, () => client.create(body, { signal: new AbortController().signal }))
      await measure("openai client call (raw promise)", 2000, 16, () => client.create(body, { signal: new AbortController().signal }))
      const engine = makeOpenAiCompatibleEngine("ai_platform_1", endpoint)
      await measure("engine.answer (promise)", 2000, 16, () => engine.answer({ platform: "ai_platform_1", prompt: "best running shoes?" }, new AbortController().signal))
    }
    if (wanted("gateway")) {
      const runtime = ManagedRuntime.make(
        PlatformGateway.Default.pipe(Layer.provide(Layer.mergeAll(AppConfig.Default, noDocuments)), Layer.provide(configFor(platforms.baseUrls)))
      )
      const gateway = await runtime.runPromise(PlatformGateway)
      await measure("gateway.ask (1 platform)", 2000, 16, () => runtime.runPromise(gateway.ask("ai_platform_1", "best running shoes?")))
      await measure("gateway.askAll (8 platforms)", 300, 4, () => runtime.runPromise(gateway.askAll("best running shoes?")))
      await runtime.dispose()
    }
    if (wanted("mention")) {
      await measure("detectMention (one answer)", 20000, 1, () => detectMention(answer, target))
      await measure("8 checks built (detect + PlatformChecked)", 2000, 1, (i) => checksFor(`prompt ${i}`))
    }
    const database = clientFor({ _tag: "Server", url: Redacted.make(db.url) }).pipe(Layer.orDie)
    if (wanted("record") || wanted("project") || wanted("analyze")) {
      const core = Layer.mergeAll(CheckRecorder.Default, PgEventStore.layer).pipe(Layer.provideMerge(PgEventStore.layer), Layer.provideMerge(database))
      const runtime = ManagedRuntime.make(core)
      await runtime.runPromise(promptsProjection.setup)
      if (wanted("record")) {
        await measure("record 8 checks (encode + append)", 300, 1, (i) =>
          runtime.runPromise(Effect.flatMap(CheckRecorder, (recorder) => recorder.record(ref, randomUUID(), checksFor(`record ${i}`)))))
        await measure("record 8 checks (encode + append)", 800, 8, (i) =>
          runtime.runPromise(Effect.flatMap(CheckRecorder, (recorder) => recorder.record(ref, randomUUID(), checksFor(`record c ${i}`)))))
      }
      if (wanted("project")) {
        const events = await runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readAll({ after: { transactionId: 0n, position: 0n }, limit: 2000, types: ["PlatformChecked"] })))
        if (events.length < 128) throw new Error("run the record piece first (it writes the events applied here)")
        const oneByOne = (page: typeof events) =>
          runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql.withTransaction(Effect.forEach(page, promptsProjection.apply, { discard: true }))))
        const paged = (page: typeof events) =>
          runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql.withTransaction(promptsProjection.applyPage!(page))))
        for (const [how, apply] of [["one by one", oneByOne], ["applyPage", paged]] as const) {
          await measure(`prompts projection, ${how}: 8 events (ms per 8)`, 200, 1, (i) => apply(events.slice((i * 8) % 1000, (i * 8) % 1000 + 8)))
          await measure(`prompts projection, ${how}: 128 events (ms per 128)`, 20, 1, (i) => apply(events.slice((i * 128) % 800, (i * 128) % 800 + 128)))
        }
        await measure("decode 8 stored PlatformChecked", 2000, 1, (i) => events.slice((i * 8) % 1000, (i * 8) % 1000 + 8).map(checkFromStored))
      }
      if (wanted("analyze")) {
        const analysis = ManagedRuntime.make(
          VisibilityAnalysis.Default.pipe(
            Layer.provide(Layer.mergeAll(PlatformGateway.Default, WallClock.Default, AppConfig.Default, CheckRecorder.Default)),
            Layer.provide(Layer.mergeAll(AppConfig.Default, noDocuments, PgEventStore.layer)),
            Layer.provide(database),
            Layer.provide(configFor(platforms.baseUrls))
          )
        )
        await measure("VisibilityAnalysis.analyze (8 platforms, record)", 300, 1, (i) =>
          analysis.runPromise(Effect.flatMap(VisibilityAnalysis, (a) => a.analyze(ref, facts, `analyze ${i}`, randomUUID()))))
        await measure("VisibilityAnalysis.analyze (8 platforms, record)", 600, 8, (i) =>
          analysis.runPromise(Effect.flatMap(VisibilityAnalysis, (a) => a.analyze(ref, facts, `analyze c ${i}`, randomUUID()))))
        await analysis.dispose()
      }
      await runtime.dispose()
    }
    report(rows)
  } finally {
    platforms.stop()
    await db.drop()
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run(process.argv.slice(2).filter((arg) => !arg.startsWith("-")))
  process.exit(0)
}
