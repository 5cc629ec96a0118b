/**
 * One closed- or open-loop measurement over keep-alive connections: throughput, latencies, CPU
 * per request. Only 2xx answers count as throughput (and divide the CPU); every other status,
 * and socket errors or timeouts (status 0), is counted apart by status, so a fast 429, 503 or
 * 500 can never raise the rate or lower the CPU per request.
 */
import http from "node:http"
import net from "node:net"
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks"
import { postgresCpu, postgresCpuSince } from "./postgres-cpu.ts"
import type { Child } from "./processes.ts"
import { now } from "./support.ts"

export interface Counts {
  /** Requests that got an answer or failed (every one sent and settled). */
  readonly requests: number
  /** 2xx answers: the only ones that count as throughput. */
  readonly ok: number
  /** Answers by status, socket errors and timeouts as 0. */
  readonly statuses: Record<string, number>
}

export interface Measured extends Counts {
  /** Requests that were not 2xx (requests - ok). */
  readonly errors: number
  /** Wall time of the window: the load, plus `settle` when given. */
  readonly wallMs: number
  /** Of which the time `settle` took after the load (the target's background work catching up). */
  readonly settleMs: number
  readonly latencies: Array<number>
  /** 2xx answers per second over the whole window (settle included). */
  readonly okPerSecond: number
  readonly serverCpuUsPerRequest: number
  readonly postgresCpuUsPerRequest: number
  readonly clientCpuUsPerRequest: number
}

/** Sends requests until `until`; records latencies into `sink` when `record`. */
export type Drive = (agent: http.Agent, until: number, record: boolean, sink: Array<number>) => Promise<Counts>

/** Counts answers as they come: `add(status)` per settled request. */
export const counter = () => {
  let requests = 0
  let ok = 0
  const statuses: Record<string, number> = {}
  return {
    add: (status: number) => {
      requests++
      if (status >= 200 && status < 300) ok++
      statuses[status] = (statuses[status] ?? 0) + 1
    },
    counts: (): Counts => ({ requests, ok, statuses: { ...statuses } })
  }
}

/**
 * Warm-up, then the measured window. `settle`, when given, runs after the warm-up (so its
 * backlog is not billed to the window) and again after the measured load, inside the window:
 * its time and the CPU spent meanwhile are the target's (e.g. the service's asynchronous
 * roll-up of the visits it just answered).
 */
export const measure = async (
  target: Child,
  drive: Drive,
  sockets: number,
  timing: { readonly warmupMs: number; readonly measureMs: number },
  settle?: () => Promise<void>
): Promise<Measured> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets })
  try {
    await drive(agent, now() + timing.warmupMs, false, [])
    if (settle !== undefined) await settle()
    const latencies: Array<number> = []
    const serverCpu = target.cpuSeconds()
    const pgCpu = postgresCpu()
    const clientCpu = process.cpuUsage()
    const start = now()
    const counts = await drive(agent, start + timing.measureMs, true, latencies)
    const loadEnd = now()
    if (settle !== undefined) await settle()
    const wallMs = now() - start
    const client = process.cpuUsage(clientCpu)
    const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, counts.ok))
    return {
      ...counts,
      errors: counts.requests - counts.ok,
      wallMs,
      settleMs: wallMs - (loadEnd - start),
      latencies: latencies.sort((a, b) => a - b),
      okPerSecond: counts.ok / (wallMs / 1000),
      serverCpuUsPerRequest: perRequest(target.cpuSeconds() - serverCpu),
      postgresCpuUsPerRequest: perRequest(postgresCpuSince(pgCpu)),
      clientCpuUsPerRequest: perRequest((client.user + client.system) / 1e6)
    }
  } finally {
    agent.destroy()
  }
}

/** Closed loop: `connections` workers, each sending its next request when the last answered. */
export const closedLoop = (connections: number, request: (agent: http.Agent) => Promise<number>): Drive => async (agent, until, record, sink) => {
  const count = counter()
  const worker = async () => {
    while (now() < until) {
      const start = now()
      const status = await request(agent).catch(() => 0)
      if (record) sink.push(now() - start)
      count.add(status)
    }
  }
  await Promise.all(Array.from({ length: connections }, worker))
  return count.counts()
}

/** Per request of an open loop: how late the generator sent it, and its latency from then (ms). */
export interface OpenLoopSplit {
  readonly lag: Array<number>
  readonly fromSend: Array<number>
}

/**
 * Open loop: request i is due at `i / rate` seconds after the start, whatever happened to the
 * earlier ones; its latency counts from when it was due (no coordinated omission).
 *
 * `split`, when given (and `record`), gets per request how late the generator itself sent it
 * (`lag`: the time it was handed to the agent, less the time it was due) and its latency from
 * then (`fromSend`): a timer that fires late, or a generator busy with answers or its own GC,
 * delays the send, and that delay is inside the request's latency on both sides alike. A p99
 * whose lag is large is the generator's or the machine's, not the server's.
 */
export const openLoop = (ratePerSecond: number, request: (agent: http.Agent) => Promise<number>, split?: OpenLoopSplit): Drive => (agent, until, record, sink) =>
  new Promise((resolve) => {
    const count = counter()
    const start = now()
    const interval = 1000 / ratePerSecond
    const total = Math.floor((until - start) / interval)
    let issued = 0
    let settled = 0
    const tick = () => {
      const elapsed = now() - start
      while (issued < total && issued * interval <= elapsed) {
        const due = start + issued * interval
        issued++
        const sent = now()
        if (record && split !== undefined) split.lag.push(sent - due)
        request(agent).catch(() => 0).then((status) => {
          if (record) {
            const end = now()
            sink.push(end - due)
            split?.fromSend.push(end - sent)
          }
          count.add(status)
          settled++
          if (settled === total) resolve(count.counts())
        })
      }
      if (issued < total) setTimeout(tick, 1)
    }
    if (total === 0) resolve(count.counts())
    else tick()
  })

/** The load generator's own stalls over a window: its event loop's longest delay, its GC pauses. */
export interface SelfReading {
  readonly loopMaxMs: number
  readonly gcMs: number
  readonly gcMaxMs: number
  readonly majorGcs: number
}

/**
 * The same probe as `bench/loop-probe.mjs`, in the load generator's own process: an open loop's
 * latency counts from the due time, so a generator that stalls (its GC, a late timer, a core
 * taken by a server) adds to every side's tail. `reset` at the window's start, `read` at its end.
 */
export const selfProbe = () => {
  const loop = monitorEventLoopDelay()
  loop.enable()
  let gcMs = 0
  let gcMaxMs = 0
  let majorGcs = 0
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration
      gcMaxMs = Math.max(gcMaxMs, entry.duration)
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorGcs++
    }
  })
  observer.observe({ entryTypes: ["gc"] })
  const ms = (ns: number) => +(ns / 1e6).toFixed(2)
  return {
    reset: () => {
      loop.reset()
      gcMs = gcMaxMs = majorGcs = 0
    },
    read: (): SelfReading => ({ loopMaxMs: ms(loop.max), gcMs: +gcMs.toFixed(2), gcMaxMs: +gcMaxMs.toFixed(2), majorGcs }),
    stop: () => {
      loop.disable()
      observer.disconnect()
    }
  }
}

/** ABBA order over rounds: round 1 as given, round 2 reversed, and so on (A B, B A, A B, ...). */
export const abba = <T>(targets: ReadonlyArray<T>, round: number): ReadonlyArray<T> => round % 2 === 1 ? targets : [...targets].reverse()

/**
 * A lean HTTP/1.1 GET client for open loops: one request (`GET path` with `authorization`) sent
 * again and again over keep-alive TCP connections, its bytes built once, the answer read only as
 * far as its status line and `content-length`. At most one request per connection at a time (no
 * pipelining), a new connection when every open one is busy, up to `maxConnections`, then a FIFO
 * wait, as `http.Agent` does.
 *
 * Why: the load generator shares the machine's two cores with the servers and PostgreSQL, and
 * node's `http.request` cost it about as much CPU per request as the server it measured (250-290
 * µs against 290-410, `loadgen_cpu_us_req`); at "half load" the machine was then busier than
 * half, and every side's tail held the generator's share. The same client serves every side.
 *
 * Resolves with the status, or 0 on a socket error, a connection closed before the answer, an
 * answer without `content-length`, or no answer in `timeoutMs` (the connection is then dropped).
 * A connection idle for `idleMs` is closed rather than used: a server closes a keep-alive
 * connection after its own idle timeout (node's default 5 s), and a request written as it does
 * so would fail (node's `http.Agent` likewise drops a free socket before the server's hint).
 */
export const leanGetClient = (
  port: number,
  path: string,
  authorization: string,
  options: { readonly maxConnections?: number; readonly timeoutMs?: number; readonly idleMs?: number } = {}
) => {
  const maxConnections = options.maxConnections ?? 512
  const timeoutMs = options.timeoutMs ?? 10_000
  const idleMs = options.idleMs ?? 2_000
  const bytes = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${authorization}\r\n\r\n`, "latin1")
  interface Connection {
    readonly socket: net.Socket
    chunks: Array<Buffer>
    received: number
    settle: ((status: number) => void) | undefined
    since: number
  }
  const idle: Array<Connection> = []
  const open = new Set<Connection>()
  const waiting: Array<(status: number) => void> = []
  let closed = false

  const drop = (connection: Connection) => {
    if (!open.delete(connection)) return
    const at = idle.indexOf(connection)
    if (at !== -1) idle.splice(at, 1)
    connection.socket.destroy()
    const settle = connection.settle
    connection.settle = undefined
    settle?.(0)
    // A request waiting for a connection gets a new one.
    const next = waiting.shift()
    if (next !== undefined) send(next)
  }
  const release = (connection: Connection) => {
    const next = waiting.shift()
    if (next !== undefined) return start(connection, next)
    connection.since = now()
    idle.push(connection)
  }
  /** The most recently freed connection that has not been idle too long (older ones are closed). */
  const freeConnection = () => {
    for (let connection = idle.pop(); connection !== undefined; connection = idle.pop()) {
      if (now() - connection.since < idleMs) return connection
      drop(connection)
    }
    return undefined
  }
  const start = (connection: Connection, settle: (status: number) => void) => {
    connection.settle = settle
    connection.since = now()
    connection.chunks = []
    connection.received = 0
    connection.socket.write(bytes)
  }
  const onData = (connection: Connection, chunk: Buffer) => {
    if (connection.settle === undefined) return drop(connection)
    connection.chunks.push(chunk)
    connection.received += chunk.length
    const data = connection.chunks.length === 1 ? chunk : Buffer.concat(connection.chunks)
    const headerEnd = data.indexOf("\r\n\r\n")
    if (headerEnd === -1) return
    const head = data.toString("latin1", 0, headerEnd).toLowerCase()
    const length = /\r\ncontent-length: *(\d+)/.exec(head)?.[1]
    if (length === undefined) return drop(connection)
    const total = headerEnd + 4 + Number(length)
    if (connection.received < total) return
    const status = Number(head.slice(9, 12))
    const settle = connection.settle
    connection.settle = undefined
    if (connection.received > total || /\r\nconnection: *close/.test(head)) {
      drop(connection)
    } else {
      release(connection)
    }
    settle(status)
  }
  const connect = () => {
    const socket = net.connect({ port, host: "127.0.0.1", noDelay: true })
    const connection: Connection = { socket, chunks: [], received: 0, settle: undefined, since: 0 }
    open.add(connection)
    socket.on("data", (chunk: Buffer) => onData(connection, chunk))
    socket.on("error", () => drop(connection))
    socket.on("close", () => drop(connection))
    return connection
  }
  const send = (settle: (status: number) => void) => {
    if (closed) return settle(0)
    const connection = freeConnection() ?? (open.size < maxConnections ? connect() : undefined)
    if (connection === undefined) return void waiting.push(settle)
    start(connection, settle)
  }
  // One sweep a second instead of a timer per request.
  const sweep = setInterval(() => {
    const limit = now() - timeoutMs
    const stale = now() - idleMs
    for (const connection of [...open]) {
      if (connection.settle !== undefined ? connection.since < limit : connection.since < stale) drop(connection)
    }
  }, 1_000)
  sweep.unref()
  return {
    get: () => new Promise<number>(send),
    close: () => {
      closed = true
      clearInterval(sweep)
      for (const connection of [...open]) drop(connection)
      for (const settle of waiting.splice(0)) settle(0)
    }
  }
}
