/**
 * Hostile request input is refused with a 400 before any schema runs, on every endpoint, and
 * never stops or stalls the service: bodies nested past 64 levels, U+0000 and unpaired
 * surrogates in any string, key, path or query, malformed percent-encodings.
 */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { testDatabases } from "../support/databases.ts"
import { type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"
const WEBHOOK = "/api/ai-recommendation-store"

const TOO_DEEP = { status: "error", code: "invalid_json", message: "the request body is nested deeper than 64 levels" }
const refused = (field: string) => ({ status: "error", code: "invalid_request", message: `${field}: must not contain U+0000 or unpaired surrogates` })

const deepArray = "[".repeat(5000) + "]".repeat(5000)
const deepObject = (levels: number) => "{\"a\":".repeat(levels) + "1" + "}".repeat(levels)

/** Strings PostgreSQL cannot store: U+0000 and every kind of unpaired surrogate. */
const HOSTILE: ReadonlyArray<[string, string]> = [
  ["a NUL", "a\u0000b"],
  ["a lone high surrogate", "\ud800"],
  ["a lone low surrogate", "\udc00"],
  ["a high surrogate at the end", "abc\ud83d"]
]

interface Answer {
  readonly status: number
  readonly body: unknown
  readonly headers: Headers
}

for (const database of testDatabases) {
  describe(`hostile request input (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    const slug = `hostile-${randomUUID().slice(0, 8)}`

    const send = async (method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> => {
      const response = await fetch(`${service.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${SERVICE_KEY}`, ...headers },
        ...(body === undefined ? {} : { body })
      })
      const text = await response.text()
      return { status: response.status, body: text === "" ? undefined : JSON.parse(text), headers: response.headers }
    }

    const healthy = async () => expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200)

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      service = await startService(created.target, { WEBHOOK_RATE_LIMIT_PER_MINUTE: "100000" })
      const business = await send("POST", "/api/business", JSON.stringify({ business_name: "Hostile Outfitters", business_url: "https://hostile.example", org_slug: slug }))
      expect(business.status).toBe(201)
    })
    afterAll(async () => {
      await service?.stop()
      await release()
    })

    describe("a body nested deeper than 64 levels", () => {
      /** Every POST endpoint the API declares, path parameters filled in; a new endpoint is covered as it is added. */
      const postEndpoints = async (): Promise<ReadonlyArray<string>> => {
        const openapi = await send("GET", "/openapi.json")
        const paths = Object.entries((openapi.body as { paths: Record<string, Record<string, unknown>> }).paths)
          .filter(([, methods]) => "post" in methods)
          .map(([path]) => path.replace(/\{[^}]+\}/g, slug))
        expect(paths).toEqual(expect.arrayContaining([WEBHOOK, "/api/business", "/api/cron/analyze-visibility", "/api/cron/store-visibility-score"]))
        return paths
      }

      it("is refused with 400 invalid_json on every POST endpoint, and the service keeps serving", async () => {
        const paths = await postEndpoints()
        for (const path of [...paths, `${WEBHOOK}?via=httpapi`]) {
          for (const body of [deepArray, deepObject(100)]) {
            const answer = await send("POST", path, body)
            expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 400, body: TOO_DEEP })
          }
        }
        await healthy()
      })

      it("is refused on the webhook whatever the content type, with CORS", async () => {
        for (const path of [WEBHOOK, `${WEBHOOK}?via=httpapi`]) {
          for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/json"]) {
            const answer = await send("POST", path, deepArray, { "content-type": type })
            expect({ path, type, status: answer.status, body: answer.body }).toEqual({ path, type, status: 400, body: TOO_DEEP })
            expect(answer.headers.get("access-control-allow-origin")).toBe("*")
          }
        }
        await healthy()
      })

      it("a body just under 1 MiB nested 500,000 deep is refused the same way", async () => {
        const huge = "[".repeat(500_000) + "]".repeat(500_000)
        for (const path of [WEBHOOK, `${WEBHOOK}?via=httpapi`, "/api/business"]) {
          const answer = await send("POST", path, huge)
          expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 400, body: TOO_DEEP })
        }
        await healthy()
      })

      it("64 levels pass on to the schema, 65 do not", async () => {
        for (const path of [WEBHOOK, `${WEBHOOK}?via=httpapi`]) {
          const answer = await send("POST", path, deepObject(64))
          expect({ path, status: answer.status, body: answer.body }).toEqual({
            path,
            status: 400,
            body: { status: "error", code: "invalid_request", message: "business_id: is missing" }
          })
          const deeper = await send("POST", path, deepObject(65))
          expect({ path, status: deeper.status, body: deeper.body }).toEqual({ path, status: 400, body: TOO_DEEP })
        }
      })
    })

    describe("U+0000 and unpaired surrogates", () => {
      const visit = (extra: Record<string, unknown>) =>
        ({ business_id: slug, page_url: `https://${slug}.sites.example/${randomUUID()}/`, user_agent: GPTBOT, ...extra })
      const flags = Object.fromEntries(Array.from({ length: 8 }, (_, n) => [`ai_platform_${n + 1}`, true]))
      /** [endpoint, the field's path in messages, a body with the value at that field] */
      const fields: ReadonlyArray<[string, string, (value: string) => unknown]> = [
        ...["business_id", "item_id", "page_url", "page_type", "page_title", "user_agent", "ip_address", "referrer"].flatMap((field) =>
          [WEBHOOK, `${WEBHOOK}?via=httpapi`].map((path): [string, string, (value: string) => unknown] => [path, field, (value) => visit({ [field]: value })])
        ),
        ["/api/business", "business_name", (value) => ({ business_name: value, business_url: "https://x.example", org_slug: "nul-test" })],
        ["/api/business", "business_url", (value) => ({ business_name: "Nul Test", business_url: `https://x.example/${value}`, org_slug: "nul-test" })],
        ["/api/cron/analyze-visibility", "prompt", (value) => ({ business_id: slug, prompt: `best shoes ${value}` })],
        ["/api/cron/store-visibility-score", "results.0.prompt", (value) => ({ business_id: slug, results: [{ prompt: `best shoes ${value}`, ...flags }] })],
        ["/api/organizations/invite", "redirect_url", (value) => ({ organization_id: "org_x", email_address: "a@b.example", redirect_url: `/${value}` })]
      ]
      const table = fields.flatMap(([path, field, body]) => HOSTILE.map(([what, value]) => [path, field, what, JSON.stringify(body(value))] as const))

      it.each(table)("POST %s, %s holding %s: 400 invalid_request naming the field", async (path, field, _what, body) => {
        const answer = await send("POST", path, body)
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: refused(field) })
        if (path.startsWith(WEBHOOK)) expect(answer.headers.get("access-control-allow-origin")).toBe("*")
      })

      it("an object key holding one is refused too, naming the object", async () => {
        const answer = await send("POST", "/api/cron/store-visibility-score", `{"business_id":"${slug}","results":[{"x\\u0000":1}]}`)
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: refused("results.0 (a key)") })
      })

      it.each([
        ["/api/jobs/acme%00", "path"],
        ["/api/scheduler/runs/acme%00", "path"],
        ["/api/prompts/acme%00", "path"],
        [`/api/visibility-score/${slug}%00`, "path"],
        [`/api/visibility-score/${slug}?item_id=a%00`, "query"],
        ["/api/invitations/accept?token=%00", "query"]
      ])("GET %s: 400 invalid_request naming the %s", async (path, part) => {
        const answer = await send("GET", path)
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: refused(part) })
      })

      it.each(["/api/jobs/acme%E0%A4%A", "/api/prompts/%ED%A0%80", "/api/jobs/acme%zz", `/api/visibility-score/${slug}?item_id=%E2%82`])(
        "GET %s (a malformed percent-encoding): 400 invalid_request",
        async (path) => {
          const answer = await send("GET", path)
          expect({ status: answer.status, body: answer.body }).toEqual({
            status: 400,
            body: { status: "error", code: "invalid_request", message: "the request URL holds a malformed percent-encoding" }
          })
        }
      )

      it("astral characters (emoji pairs) are accepted", async () => {
        for (const path of [WEBHOOK, `${WEBHOOK}?via=httpapi`]) {
          const answer = await send("POST", path, JSON.stringify(visit({ page_title: "Trail shoes 🥾🏔️", referrer: "https://x.example/👟" })))
          expect({ path, status: answer.status }).toEqual({ path, status: 200 })
        }
        const business = await send("POST", "/api/business", JSON.stringify({ business_name: "Rocket 🚀 Shoes", business_url: "https://rocket.example", org_slug: `rocket-${slug}` }))
        expect(business.status).toBe(201)
        await healthy()
      })
    })
  })
}
