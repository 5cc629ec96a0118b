/**
 * analyze-visibility with several samples per platform (AI_VISIBILITY_SAMPLES) and with a
 * request cancelled by its client, over real HTTP against loopback OpenAI-compatible servers.
 */
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checksStreamOf } from "../../src/domain/check-events.ts"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { testDatabases } from "../support/databases.ts"
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer } from "../support/openai-compatible-server.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }

const eventually = async (condition: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not reached in time")
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
const naming = (text: string) => ({ kind: "answer" as const, content: text })

for (const database of testDatabases) {
  describe(`analyze-visibility samples and cancellation (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    let sampled: OpenAiCompatibleServer
    let hanging: OpenAiCompatibleServer

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      sampled = await startOpenAiCompatibleServer({ otherwise: naming("I'd suggest City Smiles.") })
      hanging = await startOpenAiCompatibleServer({ otherwise: { kind: "hang" } })
      service = await startService(created.target, {
        AI_VISIBILITY_SAMPLES: "3",
        AI_PLATFORM_1_BASE_URL: sampled.baseUrl,
        AI_PLATFORM_1_MODEL: "sampled",
        AI_PLATFORM_2_BASE_URL: hanging.baseUrl,
        AI_PLATFORM_2_MODEL: "hangs",
        AI_PLATFORM_2_TIMEOUT_MS: "60000",
        AI_PLATFORM_MAX_RETRIES: "0"
      })
      const created2 = await fetch(`${service.baseUrl}/api/business`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ business_name: "Zanetti Dental", business_url: "https://zanetti-dental.example", org_slug: "zanetti-dental" })
      })
      expect(created2.status).toBe(201)
    })
    afterAll(async () => {
      await service?.stop()
      await sampled?.close()
      await hanging?.close()
      await release()
    })

    it("cancels the platform calls in flight when the client goes away", async () => {
      const controller = new AbortController()
      const request = fetch(`${service.baseUrl}/api/cron/analyze-visibility`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ business_id: "zanetti-dental", prompt: "dentist in lyon" }),
        signal: controller.signal
      }).catch((error: unknown) => error)
      await eventually(() => hanging.inFlight === 3, 60_000)
      controller.abort()
      await request
      await eventually(() => hanging.aborted === 3, 60_000)
      expect([hanging.aborted, hanging.inFlight]).toEqual([3, 0])
    })

    it("takes the majority of the samples as the flag and keeps the share", async () => {
      hanging.setBehavior({ otherwise: naming("No idea.") })
      sampled.setBehavior({
        replies: [
          naming("Try **Zanetti Dental** in Lyon, a trusted clinic."),
          naming("I'd suggest City Smiles or Lyon Dental Care."),
          naming("Zanetti Dental is a well-reviewed option.")
        ]
      })
      const { status, body } = await json(await fetch(`${service.baseUrl}/api/cron/analyze-visibility`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ business_id: "zanetti-dental", prompt: "best dentist in lyon" })
      }))
      expect(status).toBe(200)
      expect(body.ai_platform_1).toBe(true)
      const events = await service.runtime.runPromise(Effect.flatMap(EventStore, (store) =>
        store.readStream(checksStreamOf({ businessId: "zanetti-dental" as BusinessId, itemId: null }))))
      const check = events.map((e) => e.data as any).find((d) => d.platform === "ai_platform_1" && d.prompt === "best dentist in lyon")
      expect(check.answers.map((a: { visible: boolean }) => a.visible).sort()).toEqual([false, true, true])
      expect(check.visibleShare).toBeCloseTo(2 / 3, 10)
      expect(check.samplesRequested).toBe(3)
      expect(check.visible).toBe(true)
    })
  })
}
