/**
 * An HTTP server on 127.0.0.1 for crawler tests, with a log of every request and a count of
 * every connection, so a test can prove that a refused fetch never reached it. Also a count of
 * every client socket this process opens (Node's `net.client.socket` channel), to prove that
 * a refused fetch never tried to connect anywhere.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export interface LoggedRequest {
  readonly method: string
  readonly path: string
  readonly headers: IncomingMessage["headers"]
}

export interface LoopbackServer {
  readonly origin: string
  readonly port: number
  readonly requests: Array<LoggedRequest>
  readonly connections: () => number
  readonly paths: () => ReadonlyArray<string>
  readonly close: () => Promise<void>
}

export type Handler = (req: IncomingMessage, res: ServerResponse, server: LoopbackServer) => void

export const startServer = async (handler: Handler): Promise<LoopbackServer> => {
  const requests: Array<LoggedRequest> = []
  let connections = 0
  const sockets = new Set<import("node:net").Socket>()
  let self: LoopbackServer | undefined
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers })
    handler(req, res, self!)
  })
  server.on("connection", (socket) => {
    connections++
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  self = {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    connections: () => connections,
    paths: () => requests.map((r) => r.path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
  return self
}

/** Counts client sockets opened while `run` runs. */
export const countClientSockets = async <A>(run: () => Promise<A>): Promise<{ result: A; sockets: number }> => {
  let sockets = 0
  const onSocket = () => {
    sockets++
  }
  subscribe("net.client.socket", onSocket)
  try {
    const result = await run()
    return { result, sockets }
  } finally {
    unsubscribe("net.client.socket", onSocket)
  }
}

/**
 * Records every connection attempt this process makes to an address other than loopback. The
 * crawler suites install it for their whole run and assert it stays empty: they must never
 * send traffic off this machine, whatever a refusal test gets wrong.
 */
export const watchNonLoopbackConnections = (): { readonly attempts: Array<string>; readonly stop: () => void } => {
  const attempts: Array<string> = []
  const onSocket = (message: unknown) => {
    const { socket } = message as { socket: import("node:net").Socket }
    socket.on("connectionAttempt", (ip: string, port: number) => {
      if (ip !== "127.0.0.1" && ip !== "::1") attempts.push(`${ip}:${port}`)
    })
  }
  subscribe("net.client.socket", onSocket)
  return { attempts, stop: () => unsubscribe("net.client.socket", onSocket) }
}
