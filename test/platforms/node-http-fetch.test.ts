import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { gzipSync } from "node:zlib"
import { afterEach, describe, expect, it } from "vitest"
import { makeNodeHttpFetch } from "../../src/platforms/node-http-fetch.ts"
import { waitUntil } from "../support/openai-compatible-server.ts"

interface Seen {
  readonly method: string
  readonly url: string
  readonly authorization: string | undefined
  readonly contentLength: string | undefined
  readonly body: string
}

interface TestServer {
  readonly origin: string
  readonly seen: Array<Seen>
  /** Connections opened, and those the client ended (sent its FIN) before the server closed them. */
  readonly connections: { opened: number; endedByClient: number; closed: number }
}

const servers: Array<Server> = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })))
})

const serve = async (
  handle: (request: IncomingMessage, response: ServerResponse, body: string) => void,
  keepAliveTimeoutMs = 5_000
): Promise<TestServer> => {
  const seen: Array<Seen> = []
  const connections = { opened: 0, endedByClient: 0, closed: 0 }
  const server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8")
      seen.push({
        method: request.method ?? "",
        url: request.url ?? "",
        authorization: request.headers.authorization,
        contentLength: request.headers["content-length"],
        body
      })
      handle(request, response, body)
    })
  })
  server.keepAliveTimeout = keepAliveTimeoutMs
  server.on("connection", (socket: Socket) => {
    connections.opened++
    socket.on("end", () => connections.endedByClient++)
    socket.on("close", () => connections.closed++)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, connections }
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body)
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers })
  response.end(text)
}

const post = (fetch: ReturnType<typeof makeNodeHttpFetch>, url: string, init: RequestInit = {}) =>
  fetch(url, {
    method: "post",
    headers: new Headers({ authorization: "Bearer secret-key", "content-type": "application/json" }),
    body: JSON.stringify({ question: "café?" }),
    ...init
  })

describe("makeNodeHttpFetch", () => {
  it("sends the method, headers and body with its length, and reads status, headers and JSON", async () => {
    const server = await serve((_, response) => json(response, 201, { answer: "oui" }, { "x-request-id": "req_1" }))
    const response = await post(makeNodeHttpFetch(), `${server.origin}/v1/chat/completions?x=1`)
    expect(server.seen).toEqual([{
      method: "POST",
      url: "/v1/chat/completions?x=1",
      authorization: "Bearer secret-key",
      contentLength: String(Buffer.byteLength(JSON.stringify({ question: "café?" }))),
      body: JSON.stringify({ question: "café?" })
    }])
    expect(response.status).toBe(201)
    expect(response.ok).toBe(true)
    expect(response.url).toBe(`${server.origin}/v1/chat/completions?x=1`)
    expect(response.headers.get("x-request-id")).toBe("req_1")
    expect(response.headers.get("content-type")).toBe("application/json")
    expect(await response.json()).toEqual({ answer: "oui" })
  })

  it("answers error statuses as responses, not as failures", async () => {
    const server = await serve((_, response) => json(response, 503, { error: { message: "down" } }))
    const response = await post(makeNodeHttpFetch(), server.origin)
    expect(response.status).toBe(503)
    expect(response.ok).toBe(false)
    expect(await response.text()).toBe(JSON.stringify({ error: { message: "down" } }))
  })

  it("reuses one connection for calls one after another", async () => {
    const server = await serve((_, response) => json(response, 200, { ok: true }))
    const fetch = makeNodeHttpFetch()
    for (let i = 0; i < 4; i++) await (await post(fetch, server.origin)).json()
    expect(server.seen.length).toBe(4)
    expect(server.connections.opened).toBe(1)
  })

  it("closes an idle connection itself, a second before the server's announced keep-alive timeout", async () => {
    // The server announces `Keep-Alive: timeout=3`: the client must let go at 2 s, never race the server's close.
    const server = await serve((_, response) => json(response, 200, { ok: true }), 3_000)
    const fetch = makeNodeHttpFetch()
    const start = performance.now()
    await (await post(fetch, server.origin)).json()
    await waitUntil(() => server.connections.closed === 1, 5_000)
    const idle = performance.now() - start
    // Before the server's close, as an order, not a duration (the call and a loaded event loop
    // lengthen any duration measured here): a server closing on its keep-alive timeout destroys
    // the socket and sees no end from the client, so an end seen means the client let go first.
    expect(server.connections.endedByClient).toBe(1)
    // Not before its 2 s: measured from before the call, so it can only overcount.
    expect(idle).toBeGreaterThanOrEqual(1_900)
  })

  it("sends a call again on a new connection when the server closed the kept-alive one it was written to", async () => {
    // The race of every keep-alive client: the server closes an idle connection just as the
    // client, its idle timer late on a busy event loop, writes the next call on it.
    const served = await serve((_, response) => json(response, 200, { ok: true }))
    const fetch = makeNodeHttpFetch()
    await (await post(fetch, served.origin)).json()
    // Closed on the server's side, and written to in the same tick, before the client hears of it.
    servers.at(-1)!.closeIdleConnections()
    const response = await post(fetch, served.origin)
    expect(await response.json()).toEqual({ ok: true })
    expect(served.seen.length).toBe(2)
    expect(served.connections.opened).toBe(2)
  })

  it("follows a 307 with the same method and body, keeping the key on the same origin", async () => {
    const server = await serve((request, response) =>
      request.url === "/old" ? (response.writeHead(307, { location: "/new" }), response.end()) : json(response, 200, { at: request.url }))
    const response = await post(makeNodeHttpFetch(), `${server.origin}/old`)
    expect(await response.json()).toEqual({ at: "/new" })
    expect(response.redirected).toBe(true)
    expect(response.url).toBe(`${server.origin}/new`)
    expect(server.seen.map((s) => [s.method, s.url, s.authorization, s.body])).toEqual([
      ["POST", "/old", "Bearer secret-key", JSON.stringify({ question: "café?" })],
      ["POST", "/new", "Bearer secret-key", JSON.stringify({ question: "café?" })]
    ])
  })

  it("drops the key when a 308 leads to another origin", async () => {
    const other = await serve((request, response) => json(response, 200, { at: request.url }))
    const server = await serve((_, response) => (response.writeHead(308, { location: `${other.origin}/moved` }), response.end()))
    const response = await post(makeNodeHttpFetch(), `${server.origin}/v1`)
    expect(await response.json()).toEqual({ at: "/moved" })
    expect(server.seen[0]!.authorization).toBe("Bearer secret-key")
    expect(other.seen.map((s) => [s.method, s.authorization, s.body])).toEqual([["POST", undefined, JSON.stringify({ question: "café?" })]])
  })

  it("answers a 302 as it is, without following it", async () => {
    const server = await serve((_, response) => (response.writeHead(302, { location: "/elsewhere" }), response.end()))
    const response = await post(makeNodeHttpFetch(), server.origin)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe("/elsewhere")
    expect(server.seen.length).toBe(1)
  })

  it("decodes a gzip body and drops a leading byte-order mark", async () => {
    const server = await serve((_, response) => {
      const body = gzipSync(Buffer.from(`\uFEFF${JSON.stringify({ answer: "crème" })}`, "utf8"))
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": body.length })
      response.end(body)
    })
    expect(await (await post(makeNodeHttpFetch(), server.origin)).json()).toEqual({ answer: "crème" })
  })

  it("aborts while the body is still coming: the call fails as aborted and the connection is closed", async () => {
    const server = await serve((_, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": 1000 })
      response.write("{\"partial\":")
    })
    const controller = new AbortController()
    const call = post(makeNodeHttpFetch(), server.origin, { signal: controller.signal })
    await waitUntil(() => server.seen.length === 1)
    await new Promise((resolve) => setTimeout(resolve, 50))
    controller.abort()
    await expect(call).rejects.toMatchObject({ name: "AbortError" })
    await waitUntil(() => server.connections.closed === 1)
  })

  it("fails a refused connection", async () => {
    const server = await serve(() => {})
    const origin = server.origin
    await new Promise<void>((resolve) => {
      const s = servers.pop()!
      s.close(() => resolve())
    })
    await expect(post(makeNodeHttpFetch(), origin)).rejects.toMatchObject({ code: "ECONNREFUSED" })
  })
})
