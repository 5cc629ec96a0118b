/**
 * `npm run daily` as a child process against the service started in this process: it starts the
 * day's run, follows it and prints the run id and the summary; the service's refusals come out
 * as its messages with exit 1 (or 2 for bad arguments). A stand-in service shows a failed run
 * (exit 1, the failed entities and their errors) and the polling riding out a 503.
 */
import { Effect } from "effect"
import { execFile } from "node:child_process"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { resolve } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { shiftedWallClock } from "../../src/config/wall-clock.ts"
import { type EntityCommand, RecordPrompts, RegisterProduct } from "../../src/domain/entity-decider.ts"
import type { BusinessId, EntityRef, ItemId } from "../../src/domain/entity-ref.ts"
import { sendAndRead } from "../support/commands.ts"
import { distEntry } from "../support/dist-entry.ts"
import { testDatabases } from "../support/databases.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"
import { recordCrawl, withDetails } from "../support/recorded-crawl.ts"

const root = resolve(import.meta.dirname, "../..")

interface CliResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Runs `src/cli/daily.ts` with only the given service variables (stdout and stderr are pipes). */
const runDaily = (args: ReadonlyArray<string>, env: Record<string, string>) => {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env }
  for (const name of ["PORT", "SERVICE_API_KEYS", "SIGHTLINE_URL", "SIGHTLINE_API_KEY"]) if (!(name in env)) delete childEnv[name]
  return new Promise<CliResult>((done) => {
    execFile(process.execPath, [distEntry("daily"), ...args], { cwd: root, env: childEnv, timeout: 90_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1
      done({ code, stdout, stderr })
    })
  })
}

/** The summary with its one varying part, the run's duration, blanked. */
const steady = (stdout: string) => stdout.replace(/, took [^\n]*/, ", took …")

const business: EntityRef = { businessId: "sunrise" as BusinessId, itemId: null }
const product: EntityRef = { businessId: "sunrise" as BusinessId, itemId: "rye-loaf" as ItemId }
const promptsFor = (topic: string) =>
  Array.from({ length: 10 }, (_, i) => `Which bakery in Lyon sells the best ${topic} number ${i + 1} this season?`)

for (const database of testDatabases) {
  describe(`npm run daily (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    const cli = (args: ReadonlyArray<string>, key = SERVICE_KEY) => runDaily(args, { SIGHTLINE_URL: service.baseUrl, SIGHTLINE_API_KEY: key })
    const send = (ref: EntityRef, command: EntityCommand) => sendAndRead(service.runtime, ref, command)

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      const clock = await Effect.runPromise(shiftedWallClock)
      service = await startService(created.target, { SCHEDULER_CRON: "off" }, { wallClock: clock.layer })
      await Effect.runPromise(clock.setNow(new Date("2026-11-20T03:00:00Z")))
      const created201 = await json(await fetch(`${service.baseUrl}/api/business`, {
        method: "POST",
        headers: { authorization: `Bearer ${SERVICE_KEY}` },
        body: JSON.stringify({ business_name: "Sunrise Bakery", business_url: "https://www.sunrise-bakery.example/", org_slug: "sunrise" })
      }))
      expect(created201.status).toBe(201)
      const at = "2026-11-20T03:00:00.000Z"
      await send(product, new RegisterProduct({ businessId: business.businessId, itemId: product.itemId!, name: "Rye Loaf", url: "https://www.sunrise-bakery.example/rye-loaf", at }))
      // A site is never published from nothing: the business and its product have crawled pages.
      await recordCrawl(service.runtime, business, "https://www.sunrise-bakery.example/", withDetails("Sunrise Bakery bakes sourdough bread."))
      await recordCrawl(service.runtime, product, "https://www.sunrise-bakery.example/rye-loaf", withDetails("A dark rye loaf."))
      await send(business, new RecordPrompts({ ...business, prompts: promptsFor("sourdough"), generator: "test", at }))
      await send(product, new RecordPrompts({ ...product, prompts: promptsFor("rye loaf"), generator: "test", at }))
    })
    afterAll(async () => {
      await service?.stop()
      await release()
    })

    it("starts the day's run, follows it to the end and prints the run id and the summary", async () => {
      const result = await cli([])
      expect(result.stderr).not.toMatch(/error/)
      expect(result.code).toBe(0)
      expect(steady(result.stdout)).toBe([
        "daily-2026-11-20",
        "run daily-2026-11-20: succeeded",
        "  date 2026-11-20, all businesses, trigger manual, took …",
        "  entities  2 done,  0 failed,  0 remaining of 2",
        "  site      2 done,  0 failed,  0 remaining of 2",
        "  blog     30 done,  0 failed,  0 remaining of 30",
        "  analyze  20 done,  0 failed,  0 remaining of 20",
        "  score     2 done,  0 failed,  0 remaining of 2",
        "  failed entities: none",
        ""
      ].join("\n"))
      // Not a terminal: plain lines, no control characters, the last one the finished run.
      expect(result.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/)
      expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
        "daily-2026-11-20 succeeded: site 2/2, blog 30/30, analyze 20/20, score 2/2; entities 2 done, 0 failed, 0 remaining of 2"
      )

      // One business, a day already done: its own run id, nothing left to do.
      const single = await cli(["--business", "sunrise", "--date", "2026-11-20"])
      expect(single.code).toBe(0)
      expect(single.stdout.split("\n").slice(0, 3)).toEqual([
        "daily-2026-11-20-sunrise",
        "run daily-2026-11-20-sunrise: succeeded",
        expect.stringMatching(/^ {2}date 2026-11-20, business sunrise, trigger manual/)
      ])
      expect(single.stdout).toContain("  analyze  20 done,  0 failed,  0 remaining of 20\n")
    })

    it("refuses bad arguments with exit 2, before or after asking the service", async () => {
      const local = await cli(["--date", "2026-02-30"])
      expect(local).toMatchObject({ code: 2, stdout: "" })
      expect(local.stderr).toContain("error: --date: 2026-02-30 is not a calendar date\nusage: npm run -s daily --")

      const unknownFlag = await cli(["--bussiness", "sunrise"])
      expect(unknownFlag).toMatchObject({ code: 2, stdout: "" })
      expect(unknownFlag.stderr).toContain("error: Unknown option '--bussiness'")

      const future = await cli(["--date", "2026-11-21"])
      expect(future).toMatchObject({ code: 2, stdout: "", stderr: "error: date: 2026-11-21 is after today (2026-11-20, UTC) (400 invalid_request)\n" })
    })

    it("prints the service's message and exits 1 when it refuses", async () => {
      const unknown = await cli(["--business", "nobody"])
      expect(unknown).toEqual({ code: 1, stdout: "", stderr: "error: business nobody not found (404 business_not_found)\n" })

      const badKey = await cli([], "not-the-service-key-0123456789")
      expect(badKey.code).toBe(1)
      expect(badKey.stdout).toBe("")
      expect(badKey.stderr).toMatch(/^error: invalid token: .+ \(401 unauthorized\)\n$/)
    })
  })
}

describe("npm run daily, without a service to talk to", () => {
  it("says that no key is configured (exit 2) and that the service is unreachable (exit 1)", async () => {
    const noKey = await runDaily([], { SIGHTLINE_URL: "http://127.0.0.1:9" })
    expect(noKey).toMatchObject({ code: 2, stdout: "" })
    expect(noKey.stderr).toContain("error: no service API key: set SIGHTLINE_API_KEY")

    // A port nothing listens on: bind one, then close it.
    const closed = http.createServer()
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((done) => closed.close(() => done()))
    const unreachable = await runDaily([], { SIGHTLINE_URL: `http://127.0.0.1:${port}`, SIGHTLINE_API_KEY: SERVICE_KEY })
    expect(unreachable).toMatchObject({ code: 1, stdout: "" })
    expect(unreachable.stderr).toContain(`error: cannot reach the service at http://127.0.0.1:${port} (ECONNREFUSED); is it running?`)
  })
})

describe("npm run daily, following a run that fails", () => {
  const counts = (total: number, done: number, failed = 0) => ({ total, done, failed, remaining: total - done - failed })
  const run = (state: string, progress: number) => ({
    run_id: "daily-2026-11-19-sunrise",
    date: "2026-11-19",
    business_id: "sunrise",
    trigger: "manual",
    state,
    entities: progress === 2 ? counts(2, 1, 1) : counts(2, 0),
    steps: progress === 2
      ? { site: counts(2, 1, 1), blog: counts(30, 15, 15), analyze: counts(10, 10), score: counts(1, 1) }
      : { site: counts(2, progress), blog: counts(30, 0), analyze: counts(10, 0), score: counts(1, 0) },
    failed_entities: progress === 2
      ? [{ business_id: "sunrise", item_id: "late-loaf", errors: ["site: CommandRejected: entity not found", "blog: CommandRejected: the entity has no deployed site yet: update the site first"] }]
      : [],
    created_at: "2026-11-20T03:00:00.000Z",
    started_at: progress === 0 ? null : "2026-11-20T03:00:00.000Z",
    finished_at: progress === 2 ? "2026-11-20T03:01:05.000Z" : null
  })
  // queued, then one 503 (the service lagging), then running, then failed.
  const answers: Array<[number, unknown]> = [
    [200, run("queued", 0)],
    [503, { status: "error", code: "projection_lagging", message: "the run is not readable yet" }],
    [200, run("running", 1)],
    [200, run("failed", 2)]
  ]
  const seen: Array<{ method: string; url: string; authorization: string | undefined; body: string }> = []
  let polls = 0
  let server: http.Server
  let baseUrl = ""

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Array<Buffer> = []
      request.on("data", (chunk: Buffer) => chunks.push(chunk))
      request.on("end", () => {
        seen.push({ method: request.method ?? "", url: request.url ?? "", authorization: request.headers.authorization, body: Buffer.concat(chunks).toString("utf8") })
        const [status, body] = request.method === "POST"
          ? [202, { run_id: "daily-2026-11-19-sunrise" }]
          : answers[Math.min(polls++, answers.length - 1)]!
        response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body))
      })
    })
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((done) => server.close(() => done())))

  beforeEach(() => {
    polls = 0
    seen.length = 0
  })

  it("exits 1 and names the failed entities with their errors", async () => {
    // The key comes from SERVICE_API_KEYS when SIGHTLINE_API_KEY is unset.
    const result = await runDaily(["--business", "sunrise", "--date", "2026-11-19"], { SIGHTLINE_URL: `${baseUrl}/`, SERVICE_API_KEYS: " first-key-0123456789abcdef ,second-key-0123456789abcdef" })
    expect(result.code).toBe(1)
    expect(result.stdout).toBe([
      "daily-2026-11-19-sunrise",
      "run daily-2026-11-19-sunrise: failed",
      "  date 2026-11-19, business sunrise, trigger manual, took 1 min 5 s",
      "  entities  1 done,  1 failed,  0 remaining of 2",
      "  site      1 done,  1 failed,  0 remaining of 2",
      "  blog     15 done, 15 failed,  0 remaining of 30",
      "  analyze  10 done,  0 failed,  0 remaining of 10",
      "  score     1 done,  0 failed,  0 remaining of 1",
      "  failed entities: 1",
      "    sunrise/late-loaf",
      "      site: CommandRejected: entity not found",
      "      blog: CommandRejected: the entity has no deployed site yet: update the site first",
      ""
    ].join("\n"))
    expect(seen[0]).toEqual({
      method: "POST",
      url: "/api/scheduler/runs",
      authorization: "Bearer first-key-0123456789abcdef",
      body: JSON.stringify({ business_id: "sunrise", date: "2026-11-19" })
    })
    expect(seen.slice(1).map((request) => `${request.method} ${request.url}`)).toEqual(Array(4).fill("GET /api/scheduler/runs/daily-2026-11-19-sunrise"))
    // The 503 is waited out with a warning; plain progress, throttled: the first state, then the last.
    expect(result.stderr).toBe([
      "daily-2026-11-19-sunrise queued: site 0/2, blog 0/30, analyze 0/10, score 0/1; entities 0 done, 0 failed, 2 remaining of 2",
      "warning: the run is not readable yet (503 projection_lagging); retrying for up to 30 s",
      "daily-2026-11-19-sunrise failed: site 2/2 (1 failed), blog 30/30 (15 failed), analyze 10/10, score 1/1; entities 1 done, 1 failed, 0 remaining of 2",
      ""
    ].join("\n"))
  })

  // A terminal, through util-linux `script` (a pseudo-terminal; Debian has it in every install).
  it("redraws a bar per step in place on a terminal, then prints the summary", async () => {
    const command = [process.execPath, distEntry("daily"), "--business", "sunrise", "--date", "2026-11-19"].join(" ")
    const env: NodeJS.ProcessEnv = { ...process.env, SIGHTLINE_URL: baseUrl, SIGHTLINE_API_KEY: "a-key-0123456789abcdef", TERM: "xterm" }
    const result = await new Promise<CliResult>((done) => {
      execFile("/usr/bin/script", ["-qec", command, "/dev/null"], { cwd: root, env, timeout: 60_000 }, (error, stdout, stderr) => {
        done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr })
      })
    })
    expect(result.code).toBe(1)
    const screen = result.stdout.replaceAll("\r", "")
    const bar = (done: number, failed: number) => `[${"█".repeat(done)}${"▓".repeat(failed)}${"░".repeat(24 - done - failed)}]`
    // Hidden cursor, the first drawing, the 503 warning below it, then the later drawings
    // over the earlier ones (6 lines up, each line cleared), the cursor back, the summary.
    expect(screen.startsWith("daily-2026-11-19-sunrise\n\u001b[?25l\u001b[2Kdaily-2026-11-19-sunrise (business sunrise): queued\n")).toBe(true)
    expect(screen).toContain("\u001b[Jwarning: the run is not readable yet (503 projection_lagging); retrying for up to 30 s\n\u001b[2Kdaily-2026-11-19-sunrise (business sunrise): running\n")
    expect(screen).toContain([
      "\u001b[6A\u001b[2Kdaily-2026-11-19-sunrise (business sunrise): failed",
      `\u001b[2K  site     ${bar(12, 12)}  2/2   1 failed`,
      `\u001b[2K  blog     ${bar(12, 12)} 30/30  15 failed`,
      `\u001b[2K  analyze  ${bar(24, 0)} 10/10`,
      `\u001b[2K  score    ${bar(24, 0)}  1/1`,
      `\u001b[2K  entities ${bar(12, 12)} 2/2 (1 done, 1 failed, 0 remaining)`,
      "\u001b[J\u001b[?25hrun daily-2026-11-19-sunrise: failed\n"
    ].join("\n"))
    expect(screen).toContain("    sunrise/late-loaf\n      site: CommandRejected: entity not found\n")
  })
})
