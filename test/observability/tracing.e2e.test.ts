/**
 * Tracing: with OTEL_EXPORTER_OTLP_ENDPOINT set, a request's spans arrive at an OTLP/HTTP
 * receiver (here a loopback server that accepts `POST /v1/traces` and answers 200); a receiver
 * that fails, an address nobody listens on, or a malformed address neither stops the service
 * nor its requests.
 */
import { Option } from "effect"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { tracesUrl } from "../../src/observability/tracing.ts"
import { testDatabases } from "../support/databases.ts"
import { startService } from "../support/service.ts"

interface ExportedSpan {
  readonly name: string
  readonly serviceName: string | undefined
}

/** A loopback OTLP/HTTP (JSON) receiver: every span it is sent, and a way to wait for one. */
const startReceiver = async (status = 200) => {
  const spans: Array<ExportedSpan> = []
  const paths: Array<string> = []
  const waiting: Array<{ readonly match: (span: ExportedSpan) => boolean; readonly resolve: (span: ExportedSpan) => void }> = []
  const server: Server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      paths.push(`${request.method} ${request.url}`)
      if (status === 200 && request.method === "POST" && request.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"))
        for (const resourceSpans of body.resourceSpans ?? []) {
          const serviceName = resourceSpans.resource?.attributes?.find((a: any) => a.key === "service.name")?.value?.stringValue
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
            for (const span of scopeSpans.spans ?? []) {
              const exported = { name: span.name, serviceName }
              spans.push(exported)
              for (const waiter of waiting.filter((w) => w.match(exported))) waiter.resolve(exported)
            }
          }
        }
      }
      response.writeHead(status, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    paths,
    spanNamed: (name: string) =>
      new Promise<ExportedSpan>((resolve) => {
        const found = spans.find((span) => span.name === name)
        if (found !== undefined) return resolve(found)
        waiting.push({ match: (span) => span.name === name, resolve })
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

describe("tracesUrl", () => {
  it("adds /v1/traces to the base address, and refuses what is not an http(s) address", () => {
    expect(Option.map(tracesUrl("http://127.0.0.1:4318"), String)).toEqual(Option.some("http://127.0.0.1:4318/v1/traces"))
    expect(Option.map(tracesUrl("https://otel.example/base/"), String)).toEqual(Option.some("https://otel.example/base/v1/traces"))
    expect(tracesUrl("not an address")).toEqual(Option.none())
    expect(tracesUrl("file:///etc/passwd")).toEqual(Option.none())
  })
})

const database = testDatabases[0]!

describe("tracing (embedded)", () => {
  let release = async () => {}
  let target: Awaited<ReturnType<typeof database.create>>["target"]

  beforeAll(async () => {
    const created = await database.create()
    release = created.release
    target = created.target
  })
  afterAll(() => release())

  it("exports a request's span to OTEL_EXPORTER_OTLP_ENDPOINT, named as HttpApi names it, with the service's name", async () => {
    const receiver = await startReceiver()
    const service = await startService(target, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url })
    try {
      expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200)
      const span = await receiver.spanNamed("http.server GET")
      expect(span).toEqual({ name: "http.server GET", serviceName: "sightline" })
      expect(new Set(receiver.paths)).toEqual(new Set(["POST /v1/traces"]))
    } finally {
      await service.stop()
      await receiver.stop()
    }
  }, 60_000)

  it("names the service OTEL_SERVICE_NAME when it is set", async () => {
    const receiver = await startReceiver()
    const service = await startService(target, { OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/`, OTEL_SERVICE_NAME: "sightline-test" })
    try {
      expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200)
      expect((await receiver.spanNamed("http.server GET")).serviceName).toBe("sightline-test")
    } finally {
      await service.stop()
      await receiver.stop()
    }
  }, 60_000)

  it("serves as usual when the receiver fails, nobody listens, or the address is malformed", async () => {
    const failing = await startReceiver(500)
    const closed = await startReceiver()
    await closed.stop()
    try {
      for (const endpoint of [failing.url, closed.url, "not an address", "ftp://127.0.0.1/"]) {
        const service = await startService(target, { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })
        try {
          for (let i = 0; i < 3; i++) expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200)
        } finally {
          await service.stop()
        }
      }
    } finally {
      await failing.stop()
    }
  }, 120_000)
})
