/**
 * Baseline of the visit-webhook benchmark: `POST /api/ai-recommendation-store` as a bare
 * Fastify + `pg` handler. Minimal validation of the same JSON body shape, the platform by a
 * case-insensitive `includes` over three tokens, and ONE `INSERT` of the visit row (the
 * service's event data as columns plus the whole payload as jsonb, a bigserial id, like an
 * events row) into `bare_visits`, which the benchmark creates. No duplicate detection, no
 * entity lookup, no read-your-writes wait: the least a handler can do and still record visits.
 * Answers `{ status, platform_id, platform_name, message }` like the service. Plain `node`.
 *
 * With BARE_GROUP_COMMIT=1 it batches by hand instead: the visits that arrive in one turn of the
 * event loop are written by ONE multi-row INSERT (at most 1,000 rows a statement; several
 * statements may be in flight on the pool), and each request is answered once its statement has
 * committed. That is a bare group commit, to tell the value of batching from the service's own
 * cost per visit.
 *
 * The pool holds 20 connections, as the service's does (src/db/database.ts).
 *
 * BARE_STORE (diagnostic, never in `visit-webhook`'s runs: it records nothing) tells the tail of
 * an open loop apart from the commit it waits for: `none` answers "success" without touching the
 * database, `select1` awaits `SELECT 1` on the pool (a round trip with no write, no commit's
 * flush), `insert` (the default) the INSERT above.
 *
 * Env: PORT, HOST (default 127.0.0.1), DATABASE_URL, BARE_TABLE (default bare_visits),
 * BARE_GROUP_COMMIT, BARE_STORE. `GET /health` answers 200.
 */
import Fastify from "fastify"
import pg from "pg"

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 })
const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 })

/** [lower-case token, platform key, platform name, crawler kind, token as spelled] */
const PLATFORMS = [
  ["gptbot", "ai_platform_1", "ChatGPT", "training_crawler", "GPTBot"],
  ["claudebot", "ai_platform_2", "Claude", "training_crawler", "ClaudeBot"],
  ["perplexitybot", "ai_platform_4", "Perplexity", "search_indexer", "PerplexityBot"]
]

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/
const PAGE_TYPES = new Set(["website", "blog_post", "ai_site"])

const invalid = (reply, message) => reply.code(400).send({ status: "error", code: "invalid_request", message })

const textOrNull = (value, max) => (typeof value === "string" && value.trim() !== "" ? value.slice(0, max) : null)

const TABLE = process.env.BARE_TABLE ?? "bare_visits"
if (!/^[a-z_]+$/.test(TABLE)) throw new Error(`BARE_TABLE: expected a plain table name, got ${TABLE}`)
const COLUMNS = 16
const INSERT_HEAD = `INSERT INTO ${TABLE} (business_id, item_id, page_url, page_type, page_title, user_agent, ip_address,
  referrer, platform, platform_name, kind, token, verified, source, visited_at, data) VALUES `
const statements = new Map()
const statementFor = (rows) => {
  let text = statements.get(rows)
  if (text === undefined) statements.set(rows, text = INSERT_HEAD + placeholders(rows))
  return text
}
const placeholders = (rows) =>
  Array.from({ length: rows }, (_, r) => `(${Array.from({ length: COLUMNS }, (_, c) => `$${r * COLUMNS + c + 1}`).join(", ")})`).join(", ")

const GROUP_COMMIT = process.env.BARE_GROUP_COMMIT === "1"
const MAX_ROWS = 1_000
/** Visits waiting for this turn's statement: [params, resolve, reject]. */
let queue = []
const flush = () => {
  while (queue.length > 0) {
    const batch = queue.slice(0, MAX_ROWS)
    queue = queue.slice(MAX_ROWS)
    pool.query(statementFor(batch.length), batch.flatMap(([params]) => params)).then(
      () => batch.forEach(([, resolve]) => resolve()),
      (error) => batch.forEach(([, , reject]) => reject(error))
    )
  }
}
const STORE = process.env.BARE_STORE ?? "insert"
if (!["none", "select1", "insert"].includes(STORE)) throw new Error(`BARE_STORE: expected none, select1 or insert, got ${STORE}`)
/** Resolves once the visit's row has committed (alone, or with the others of its turn). */
const insert = (params) => {
  if (STORE === "none") return Promise.resolve()
  if (STORE === "select1") return pool.query("SELECT 1")
  if (!GROUP_COMMIT) return pool.query(statementFor(1), params)
  return new Promise((resolve, reject) => {
    if (queue.length === 0) setImmediate(flush)
    queue.push([params, resolve, reject])
  })
}

app.get("/health", async () => ({ status: "healthy" }))

app.post("/api/ai-recommendation-store", async (request, reply) => {
  const body = request.body
  if (body === null || typeof body !== "object" || Array.isArray(body)) return invalid(reply, "expected a JSON object")
  const { business_id, item_id, page_url, page_type, user_agent } = body
  if (typeof business_id !== "string" || !SLUG.test(business_id)) return invalid(reply, "business_id: expected a slug")
  if (item_id != null && (typeof item_id !== "string" || !SLUG.test(item_id))) return invalid(reply, "item_id: expected a slug")
  if (typeof page_url !== "string" || page_url.length > 2048 || !/^https?:\/\//i.test(page_url.trim())) {
    return invalid(reply, "page_url: expected an absolute http(s) URL")
  }
  if (page_type != null && !PAGE_TYPES.has(page_type)) return invalid(reply, "page_type: expected website, blog_post or ai_site")
  if (typeof user_agent !== "string" || user_agent.length === 0 || user_agent.length > 1024) {
    return invalid(reply, "user_agent: expected a user agent")
  }
  const lower = user_agent.toLowerCase()
  const match = PLATFORMS.find(([token]) => lower.includes(token))
  if (match === undefined) {
    return { status: "ignored", platform_id: null, platform_name: null, message: "the user agent matches no AI platform; nothing was recorded" }
  }
  const [, platform, platformName, kind, token] = match
  const visitedAt = new Date().toISOString()
  const data = {
    businessId: business_id,
    itemId: item_id ?? null,
    pageUrl: page_url.trim(),
    pageType: page_type ?? "ai_site",
    pageTitle: textOrNull(body.page_title, 1000),
    userAgent: user_agent,
    ipAddress: typeof body.ip_address === "string" ? body.ip_address : request.ip,
    referrer: textOrNull(body.referrer, 2048),
    platform,
    platformName,
    kind,
    token,
    verified: false,
    source: "script",
    visitedAt
  }
  await insert([
    data.businessId, data.itemId, data.pageUrl, data.pageType, data.pageTitle, data.userAgent, data.ipAddress,
    data.referrer, platform, platformName, kind, token, false, "script", visitedAt, data
  ])
  return { status: "success", platform_id: platform, platform_name: platformName, message: `Visit from ${platformName} recorded` }
})

app.setErrorHandler((error, _request, reply) => {
  if (error.statusCode !== undefined && error.statusCode < 500) {
    return reply.code(error.statusCode).send({ status: "error", code: "invalid_json", message: error.message })
  }
  return reply.code(500).send({ status: "error", code: "internal_error", message: "the service failed to handle this request" })
})

await app.listen({ port: Number(process.env.PORT ?? 8091), host: process.env.HOST ?? "127.0.0.1" })

const stop = () => {
  app.close().then(() => pool.end()).then(() => process.exit(0), () => process.exit(1))
}
process.on("SIGTERM", stop)
process.on("SIGINT", stop)
