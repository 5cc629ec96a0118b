/**
 * Baseline of the visibility-reads benchmark: `GET /api/visibility-score/<slug>` as a bare
 * `node:http` + `pg` handler. The same work as the service minus the framework: the bearer key
 * (a plain string compare), one SELECT of the stored row, the history window of 6 months, the
 * `Nov 05` labels and the same JSON shape. Plain `node`, no loader.
 *
 * A bearer that is not the service key is verified as a user JWT, as the service does for a
 * dashboard's token: jose's `jwtVerify` (ES256, exp and sub required) against the service's own
 * public key (BARE_JWKS, the JWKS as JSON), remembered for a minute as the service does, then
 * the token's `org_slug` must be the business's (403 otherwise); concurrent requests with one
 * token not yet remembered share one check, as the service's do. The pool holds 20 connections, as the service's does (src/db/database.ts).
 *
 * Env: PORT, HOST (default 127.0.0.1), DATABASE_URL, SERVICE_API_KEY, BARE_JWKS. `GET /health` answers 200.
 * With BARE_ENTITY_CHECK=1 it also looks the business up first (the query the service's
 * `findEntity` runs, 404 when missing): a second variant, to split the service's extra query
 * from its framework cost.
 */
import { createServer } from "node:http"
import { createLocalJWKSet, jwtVerify } from "jose"
import pg from "pg"

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 })
const jwks = process.env.BARE_JWKS === undefined || process.env.BARE_JWKS === "" ? undefined : createLocalJWKSet(JSON.parse(process.env.BARE_JWKS))
const expected = `Bearer ${process.env.SERVICE_API_KEY}`
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

/** `2026-11-05` → `Nov 05` */
const label = (day) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(8, 10)}`

/** The same date 6 months before today (UTC), clamped to the month's end, as `YYYY-MM-DD`. */
const windowStart = () => {
  const today = new Date()
  const monthIndex = today.getUTCFullYear() * 12 + today.getUTCMonth() - 6
  const y = Math.floor(monthIndex / 12)
  const m = monthIndex % 12
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  return `${String(y).padStart(4, "0")}-${String(m + 1).padStart(2, "0")}-${String(Math.min(today.getUTCDate(), lastDay)).padStart(2, "0")}`
}

const send = (response, status, body) => {
  const text = JSON.stringify(body)
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) })
  response.end(text)
}

const PREFIX = "/api/visibility-score/"
const entityCheck = process.env.BARE_ENTITY_CHECK === "1"
const ENTITY_QUERY = `SELECT e.*, b.source_url AS business_url
  FROM entities e LEFT JOIN entities b ON b.business_id = e.business_id AND b.item_id = ''
  WHERE e.business_id = $1 AND e.item_id = $2`

const server = createServer((request, response) => {
  const url = request.url ?? "/"
  if (request.method === "GET" && url === "/health") return send(response, 200, { status: "healthy" })
  if (request.method !== "GET" || !url.startsWith(PREFIX)) {
    return send(response, 404, { status: "error", code: "not_found", message: "no such endpoint" })
  }
  const query = url.indexOf("?")
  const slug = decodeURIComponent(url.slice(PREFIX.length, query === -1 ? undefined : query))
  const authorization = request.headers.authorization ?? ""
  if (authorization === expected) return answer(response, url, query, slug)
  const token = /^Bearer (\S+)$/.exec(authorization)?.[1]
  if (jwks === undefined || token === undefined) {
    return send(response, 401, { status: "error", code: "unauthorized", message: "invalid credentials" })
  }
  const authorized = (payload) => payload.org_slug === slug
    ? answer(response, url, query, slug)
    : send(response, 403, { status: "error", code: "forbidden", message: `the token's organization is not ${slug}` })
  const known = verified.get(token)
  if (known !== undefined && Date.now() < known.until) return authorized(known.payload)
  checkSignature(token).then(
    ({ payload }) => {
      remember(token, payload)
      authorized(payload)
    },
    () => send(response, 401, { status: "error", code: "unauthorized", message: "invalid token" })
  )
})

// Tokens verified in the last minute, as the service keeps them (src/accounts/verified-tokens.ts):
// a dashboard's repeated token is verified once a minute on both sides.
const verified = new Map()
// Concurrent requests with one token not remembered share one check, as the service's do.
const checking = new Map()
const checkSignature = (token) => {
  let pending = checking.get(token)
  if (pending === undefined) {
    pending = jwtVerify(token, jwks, { algorithms: ["ES256"], requiredClaims: ["exp", "sub"] })
    checking.set(token, pending)
    const settled = () => checking.delete(token)
    pending.then(settled, settled)
  }
  return pending
}
const remember = (token, payload) => {
  verified.delete(token)
  if (verified.size >= 10_000) verified.delete(verified.keys().next().value)
  verified.set(token, { payload, until: Math.min(payload.exp * 1000, Date.now() + 60_000) })
}

const answer = (response, url, query, slug) => {
  const itemId = query === -1 ? "" : new URLSearchParams(url.slice(query + 1)).get("item_id") ?? ""
  const read = () => pool.query("SELECT value, trend, history FROM visibility_current WHERE business_id = $1 AND item_id = $2", [slug, itemId]).then(
    ({ rows }) => {
      const row = rows[0]
      if (row === undefined) return send(response, 200, { visibilityScore: { value: 0, trend: "+0%" }, history: [] })
      const start = windowStart()
      send(response, 200, {
        visibilityScore: { value: row.value, trend: row.trend },
        history: row.history.filter((entry) => entry.day >= start).map((entry) => ({ date: label(entry.day), value: entry.value }))
      })
    },
    () => send(response, 500, { status: "error", code: "internal_error", message: "the service failed to handle this request" })
  )
  if (!entityCheck) return read()
  pool.query(ENTITY_QUERY, [slug, ""]).then(
    ({ rows }) => rows.length === 0 ? send(response, 404, { status: "error", code: "business_not_found", message: `business ${slug} not found` }) : read(),
    () => send(response, 500, { status: "error", code: "internal_error", message: "the service failed to handle this request" })
  )
}

server.listen(Number(process.env.PORT ?? 8090), process.env.HOST ?? "127.0.0.1")

const stop = () => {
  server.close(() => pool.end().then(() => process.exit(0)))
  server.closeAllConnections()
}
process.on("SIGTERM", stop)
process.on("SIGINT", stop)
