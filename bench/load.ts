/** One closed-loop measurement over keep-alive connections: throughput, latencies, CPU per request. */
import http from "node:http"
import { postgresCpu, postgresCpuSince } from "./postgres-cpu.ts"
import type { Child } from "./processes.ts"
import { now } from "./support.ts"

export interface Measured {
  readonly requests: number
  readonly errors: number
  readonly wallMs: number
  readonly latencies: Array<number>
  readonly serverCpuUsPerRequest: number
  readonly postgresCpuUsPerRequest: number
  readonly clientCpuUsPerRequest: number
}

/** Sends requests until `until`; records latencies into `sink` when `record`. */
export type Drive = (agent: http.Agent, until: number, record: boolean, sink: Array<number>) => Promise<{ requests: number; errors: number }>

export const measure = async (
  target: Child,
  drive: Drive,
  sockets: number,
  timing: { readonly warmupMs: number; readonly measureMs: number }
): Promise<Measured> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets })
  try {
    await drive(agent, now() + timing.warmupMs, false, [])
    const latencies: Array<number> = []
    const serverCpu = target.cpuSeconds()
    const pgCpu = postgresCpu()
    const clientCpu = process.cpuUsage()
    const start = now()
    const counts = await drive(agent, start + timing.measureMs, true, latencies)
    const wallMs = now() - start
    const client = process.cpuUsage(clientCpu)
    const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, counts.requests))
    return {
      ...counts,
      wallMs,
      latencies: latencies.sort((a, b) => a - b),
      serverCpuUsPerRequest: perRequest(target.cpuSeconds() - serverCpu),
      postgresCpuUsPerRequest: perRequest(postgresCpuSince(pgCpu)),
      clientCpuUsPerRequest: perRequest((client.user + client.system) / 1e6)
    }
  } finally {
    agent.destroy()
  }
}
