/**
 * A loopback server speaking Stripe's REST wire format for the one call the service makes:
 * `POST /v1/billing_portal/sessions` (form-encoded `customer`, `return_url`). It records every
 * request with its Authorization header, and can be told to answer a Stripe error instead.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

export interface StripeRequest {
  readonly method: string
  readonly path: string
  readonly authorization: string | undefined
  readonly form: Record<string, string>
}

export interface StripeServer {
  readonly url: string
  readonly requests: Array<StripeRequest>
  /** The next answers are this Stripe error (status 500 or 402); `null` answers normally again. */
  readonly failWith: (status: 500 | 402 | null) => void
  readonly close: () => Promise<void>
}

const stripeError = (status: number) => ({
  error: status === 402
    ? { type: "card_error", code: "card_declined", message: "Your card was declined. secret-detail-402" }
    : { type: "api_error", message: "An unknown error occurred. secret-detail-500" }
})

export const startStripeServer = async (): Promise<StripeServer> => {
  const requests: Array<StripeRequest> = []
  let failure: 500 | 402 | null = null
  let counter = 0
  const server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")))
      const path = (request.url ?? "/").split("?")[0]!
      requests.push({ method: request.method ?? "", path, authorization: request.headers.authorization, form })
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json", "request-id": `req_${++counter}`, "stripe-should-retry": "false" })
        response.end(JSON.stringify(body))
      }
      if (request.method !== "POST" || path !== "/v1/billing_portal/sessions") {
        return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${path})` } })
      }
      if (failure !== null) return send(failure, stripeError(failure))
      if (form.customer === undefined || form.return_url === undefined) {
        return send(400, { error: { type: "invalid_request_error", message: "Missing required param: customer." } })
      }
      const id = `bps_test_${++counter}`
      send(200, {
        id,
        object: "billing_portal.session",
        customer: form.customer,
        livemode: false,
        return_url: form.return_url,
        url: `https://billing.example/session/${id}`
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith: (status) => {
      failure = status
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
