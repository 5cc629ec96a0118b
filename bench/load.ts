/**
 * One closed- or open-loop measurement over keep-alive connections: throughput, latencies, CPU
 * per request. Only 2xx answers count as throughput (and divide the CPU); every other status,
 * and socket errors or timeouts (status 0), is counted apart by status, so a fast 429, 503 or
 * 500 can never raise the rate or lower the CPU per request.
 */
import http from "node:http"
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

/**
 * Open loop: request i is due at `i / rate` seconds after the start, whatever happened to the
 * earlier ones; its latency counts from when it was due (no coordinated omission).
 */
export const openLoop = (ratePerSecond: number, request: (agent: http.Agent) => Promise<number>): Drive => (agent, until, record, sink) =>
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
        request(agent).catch(() => 0).then((status) => {
          if (record) sink.push(now() - due)
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

/** ABBA order over rounds: round 1 as given, round 2 reversed, and so on (A B, B A, A B, ...). */
export const abba = <T>(targets: ReadonlyArray<T>, round: number): ReadonlyArray<T> => round % 2 === 1 ? targets : [...targets].reverse()
