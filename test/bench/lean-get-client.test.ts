/**
 * The open loops' lean client (`bench/load.ts`, `leanGetClient`): the statuses it reports, its
 * reuse of keep-alive connections, and the answers it counts as failures (status 0), against a
 * plain `node:http` server on loopback.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterEach, describe, expect, it } from "vitest"
import { leanGetClient } from "../../bench/load.ts"

let server: Server | undefined

const serve = (handler: Parameters<typeof createServer>[1]) =>
  new Promise<{ port: number; connections: () => number; authorizations: Array<string> }>((resolve) => {
    let connections = 0
    const authorizations: Array<string> = []
    server = createServer((request, response) => {
      authorizations.push(request.headers.authorization ?? "")
      handler!(request, response)
    })
    server.on("connection", () => connections++)
    server.listen(0, "127.0.0.1", () => resolve({ port: (server!.address() as AddressInfo).port, connections: () => connections, authorizations }))
  })

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

describe("leanGetClient", () => {
  it("reports each answer's status, with the path and authorization it was given", async () => {
    const paths: Array<string> = []
    const { authorizations, port } = await serve((request, response) => {
      paths.push(request.url ?? "")
      const status = paths.length === 2 ? 404 : 200
      response.writeHead(status, { "content-type": "application/json", "content-length": 2 })
      response.end("{}")
    })
    const client = leanGetClient(port, "/api/visibility-score/bench-shoes", "Bearer k")
    try {
      expect([await client.get(), await client.get(), await client.get()]).toEqual([200, 404, 200])
      expect(paths).toEqual(["/api/visibility-score/bench-shoes", "/api/visibility-score/bench-shoes", "/api/visibility-score/bench-shoes"])
      expect(authorizations).toEqual(["Bearer k", "Bearer k", "Bearer k"])
    } finally {
      client.close()
    }
  })

  it("reuses a free connection, and opens one per request in flight at once", async () => {
    const { connections, port } = await serve((_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { "content-length": 5 })
        response.end("hello")
      }, 20)
    })
    const client = leanGetClient(port, "/", "Bearer k")
    try {
      expect(await client.get()).toBe(200)
      expect(await client.get()).toBe(200)
      expect(connections()).toBe(1)
      expect(await Promise.all([client.get(), client.get(), client.get()])).toEqual([200, 200, 200])
      expect(connections()).toBe(3)
    } finally {
      client.close()
    }
  })

  it("holds a request beyond maxConnections until a connection is free", async () => {
    const { connections, port } = await serve((_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { "content-length": 0 })
        response.end()
      }, 10)
    })
    const client = leanGetClient(port, "/", "Bearer k", { maxConnections: 2 })
    try {
      expect(await Promise.all(Array.from({ length: 5 }, () => client.get()))).toEqual([200, 200, 200, 200, 200])
      expect(connections()).toBe(2)
    } finally {
      client.close()
    }
  })

  it("counts an answer without content-length, and a dropped connection, as status 0", async () => {
    let calls = 0
    const { port } = await serve((request, response) => {
      calls++
      if (calls === 1) {
        // Chunked: no content-length.
        response.writeHead(200, { "content-type": "text/plain" })
        response.end("chunked")
      } else {
        request.socket.destroy()
      }
    })
    const client = leanGetClient(port, "/", "Bearer k")
    try {
      expect(await client.get()).toBe(0)
      expect(await client.get()).toBe(0)
      expect(calls).toBe(2)
    } finally {
      client.close()
    }
  })

  it("closes a connection idle for idleMs instead of using it, so a server's own idle close fails no request", async () => {
    const { connections, port } = await serve((_request, response) => {
      response.writeHead(200, { "content-length": 0 })
      response.end()
    })
    server!.keepAliveTimeout = 150
    const client = leanGetClient(port, "/", "Bearer k", { idleMs: 50 })
    try {
      expect(await client.get()).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await client.get()).toBe(200)
      expect(connections()).toBe(2)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(await client.get()).toBe(200)
      expect(connections()).toBe(3)
    } finally {
      client.close()
    }
  })

  it("answers 0 to a request sent after close", async () => {
    const { port } = await serve((_request, response) => response.end())
    const client = leanGetClient(port, "/", "Bearer k")
    client.close()
    expect(await client.get()).toBe(0)
  })
})
