/**
 * `tsx bench/openai-loopback-child.ts <count> <delayMs>`: loopback OpenAI-compatible servers in
 * a process of their own, so a benchmark measuring its own CPU does not count theirs. Prints
 * their base URLs as one JSON line, then serves until killed.
 */
import { startOpenAiCompatibleServer } from "../test/support/openai-compatible-server.ts"
import { FANOUT_ANSWER } from "./fanout-answer.ts"

const count = Number(process.argv[2] ?? 8)
const delayMs = Number(process.argv[3] ?? 0)
const servers = await Promise.all(Array.from({ length: count }, () => startOpenAiCompatibleServer({ delayMs, otherwise: FANOUT_ANSWER })))
console.log(JSON.stringify(servers.map((server) => server.baseUrl)))
