/**
 * A loopback server speaking the OpenAI chat completions wire format, for testing the real
 * `openai` client against: `POST /v1/chat/completions` answers from a per-test script (answers,
 * error statuses, raw bodies, hanging responses), and the server counts calls, requests in flight
 * and connections the client dropped before the response was sent. A test can also hold answers
 * back (`setHold`) until it has seen what it waits for, so that no timer decides what the client
 * has been answered by then.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export interface ScriptedAnswer {
  readonly kind: "answer"
  readonly content?: string | null
  readonly model?: string
  readonly annotations?: ReadonlyArray<unknown>
  /** Perplexity-style top-level fields. */
  readonly citations?: ReadonlyArray<string>
  readonly searchResults?: ReadonlyArray<{ readonly title: string; readonly url: string }>
  readonly usage?: { readonly prompt_tokens: number; readonly completion_tokens: number }
  /** No choices at all. */
  readonly noChoices?: boolean
}

export type ScriptedReply =
  | ScriptedAnswer
  /** An error status with an OpenAI-style error body. */
  | { readonly kind: "status"; readonly status: number; readonly message?: string }
  /** Exactly these bytes. */
  | { readonly kind: "raw"; readonly status: number; readonly contentType: string; readonly body: string }
  /** Never answers: for timeouts and interruption. */
  | { readonly kind: "hang" }

export interface ServerBehavior {
  /** Wait this long before replying (hanging replies never reply). */
  readonly delayMs?: number
  /** The n-th reply answers the n-th call of this behavior; calls past the end get `otherwise`. */
  readonly replies?: ReadonlyArray<ScriptedReply>
  /** Default: an answer naming "Example Bakery". */
  readonly otherwise?: ScriptedReply
}

export interface RecordedRequest {
  readonly authorization: string | undefined
  readonly body: any
  /** `performance.now()` when the request arrived. */
  readonly arrivedAt: number
}

export interface OpenAiCompatibleServer {
  /** Ends in `/v1`, as the `openai` client expects. */
  readonly baseUrl: string
  /** Live counters: read them as properties, do not destructure. */
  readonly calls: number
  readonly maxInFlight: number
  readonly inFlight: number
  /** Requests whose connection closed before a response was sent (the client aborted). */
  readonly aborted: number
  readonly requests: ReadonlyArray<RecordedRequest>
  /**
   * Connections open now. Once a client is gone and this is 0, every request it sent has been
   * read and recorded (a socket closes only after the data before its end has been read).
   */
  readonly openConnections: number
  /** Replaces the behavior and restarts the script (counters are kept). */
  readonly setBehavior: (behavior: ServerBehavior) => void
  /**
   * While `holds(body)` is true for a request's body, its answer is held when due (after any
   * delay); setting it again sends at once the held answers it no longer holds. `undefined`
   * holds nothing. Kept across `setBehavior`.
   */
  readonly setHold: (holds: ((body: any) => boolean) | undefined) => void
  /** Answers held now (a request whose client went away is no longer held). */
  readonly held: number
  readonly close: () => Promise<void>
}

export const DEFAULT_ANSWER: ScriptedAnswer = {
  kind: "answer",
  content: "You could try Example Bakery, known for its sourdough.",
  usage: { prompt_tokens: 20, completion_tokens: 12 }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    request.on("error", reject)
  })

export const startOpenAiCompatibleServer = async (initial: ServerBehavior = {}): Promise<OpenAiCompatibleServer> => {
  let behavior = initial
  let scriptPosition = 0
  let calls = 0
  let inFlight = 0
  let maxInFlight = 0
  let aborted = 0
  let completions = 0
  const requests: Array<RecordedRequest> = []
  let holds: ((body: any) => boolean) | undefined
  /** Held answers: each sends its reply when called. */
  const heldAnswers = new Map<ServerResponse, { readonly body: any; readonly send: () => void }>()

  const send = (response: ServerResponse, status: number, contentType: string, body: string) => {
    if (response.destroyed) return
    response.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) })
    response.end(body)
  }

  const reply = (response: ServerResponse, requestedModel: string, scripted: ScriptedReply) => {
    switch (scripted.kind) {
      case "hang":
        return
      case "raw":
        return send(response, scripted.status, scripted.contentType, scripted.body)
      case "status":
        return send(
          response,
          scripted.status,
          "application/json",
          JSON.stringify({ error: { message: scripted.message ?? `scripted ${scripted.status}`, type: "scripted_error", code: null } })
        )
      case "answer": {
        completions += 1
        const usage = scripted.usage ?? { prompt_tokens: 0, completion_tokens: 0 }
        const message: Record<string, unknown> = { role: "assistant", content: scripted.content ?? null, refusal: null }
        if (scripted.annotations !== undefined) message["annotations"] = scripted.annotations
        const body: Record<string, unknown> = {
          id: `chatcmpl-${completions}`,
          object: "chat.completion",
          created: 1_700_000_000 + completions,
          model: scripted.model ?? requestedModel,
          choices: scripted.noChoices ? [] : [{ index: 0, message, finish_reason: "stop", logprobs: null }],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens }
        }
        if (scripted.citations !== undefined) body["citations"] = scripted.citations
        if (scripted.searchResults !== undefined) body["search_results"] = scripted.searchResults
        return send(response, 200, "application/json", JSON.stringify(body))
      }
    }
  }

  const server = createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      return send(response, 404, "application/json", JSON.stringify({ error: { message: "not found" } }))
    }
    calls += 1
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    const arrivedAt = performance.now()
    const scripted = behavior.replies?.[scriptPosition] ?? behavior.otherwise ?? DEFAULT_ANSWER
    scriptPosition += 1
    const delayMs = behavior.delayMs ?? 0
    let settled = false
    const settle = (wasAborted: boolean) => {
      if (settled) return
      settled = true
      inFlight -= 1
      if (wasAborted) aborted += 1
    }
    response.on("finish", () => settle(false))
    // "close" before "finish": the client went away before it got its answer.
    response.on("close", () => settle(!response.writableFinished))

    void readBody(request).then(async (raw) => {
      const body = raw.length > 0 ? JSON.parse(raw) : undefined
      requests.push({ authorization: request.headers.authorization, body, arrivedAt })
      if (delayMs > 0) await sleep(delayMs)
      const send = () => reply(response, typeof body?.model === "string" ? body.model : "unknown-model", scripted)
      if (holds === undefined || response.destroyed || !holds(body)) return send()
      heldAnswers.set(response, { body, send })
      response.on("close", () => heldAnswers.delete(response))
    })
  })

  let openConnections = 0
  server.on("connection", (socket) => {
    openConnections += 1
    socket.on("close", () => (openConnections -= 1))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get calls() {
      return calls
    },
    get maxInFlight() {
      return maxInFlight
    },
    get inFlight() {
      return inFlight
    },
    get aborted() {
      return aborted
    },
    get openConnections() {
      return openConnections
    },
    requests,
    setBehavior: (next) => {
      behavior = next
      scriptPosition = 0
    },
    setHold: (next) => {
      holds = next
      for (const [response, held] of [...heldAnswers]) {
        if (holds === undefined || !holds(held.body)) {
          heldAnswers.delete(response)
          held.send()
        }
      }
    },
    get held() {
      return heldAnswers.size
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging responses keep their sockets open; close() alone would wait for them forever.
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      })
  }
}

/** Polls `condition` every 5 ms until it holds, or throws after `timeoutMs`. */
export const waitUntil = async (condition: () => boolean, timeoutMs = 5_000): Promise<void> => {
  const deadline = performance.now() + timeoutMs
  while (!condition()) {
    if (performance.now() > deadline) throw new Error("condition not met in time")
    await sleep(5)
  }
}
