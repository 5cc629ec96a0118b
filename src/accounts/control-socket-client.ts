/**
 * The client side of the control socket (`npm run token` asking a running server for a token):
 * kept apart from the server side so that asking loads nothing of the database.
 */
import http from "node:http"
import type { TokenRequest } from "./control-socket.ts"

/** Asks the server listening at `socketPath` for a token; rejects with a message fit for a user. */
export const requestToken = (socketPath: string, body: TokenRequest): Promise<string> =>
  new Promise((resolve, reject) => {
    const payload = JSON.stringify(body)
    const request = http.request(
      {
        socketPath,
        method: "POST",
        path: "/token",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
        timeout: 10_000
      },
      (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("error", reject)
        response.on("end", () => {
          let parsed: { token?: unknown; error?: unknown } = {}
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as typeof parsed
          } catch {
            // reported below as a refusal
          }
          if (response.statusCode === 200 && typeof parsed.token === "string") return resolve(parsed.token)
          const reason = typeof parsed.error === "string" ? parsed.error : `status ${response.statusCode ?? "unknown"}`
          reject(new Error(`the running server refused to mint a token: ${reason}`))
        })
      }
    )
    request.on("timeout", () => request.destroy(new Error("the running server did not answer on its control socket within 10 s")))
    request.on("error", (error) => reject(error))
    request.end(payload)
  })
