import { Effect, Exit, Layer, ManagedRuntime, Scope } from "effect"
import { decodeProtectedHeader } from "jose"
import { execFile } from "node:child_process"
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs"
import http from "node:http"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { controlSocketPath, mintToken, serveControlSocket } from "../../src/accounts/control-socket.ts"
import { SigningKeys } from "../../src/accounts/signing-keys.ts"
import { AppConfig } from "../../src/config/app-config.ts"
import { clientFor } from "../../src/db/database.ts"
import { acquireEmbeddedLock, lockPath } from "../../src/db/embedded-lock.ts"
import { layerFor } from "../support/databases.ts"
import { distEntry } from "../support/dist-entry.ts"

const root = resolve(import.meta.dirname, "../..")

interface CliResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Runs the CLI with only DATA_DIR configured (no DATABASE_URL, no identity provider). */
const runCli = (dataDir: string, args: ReadonlyArray<string>) => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
  for (const name of ["DATABASE_URL", "AUTH_JWKS_URL", "AUTH_ISSUER", "AUTH_AUDIENCE", "PORT"]) delete env[name]
  return new Promise<CliResult>((done) => {
    execFile(process.execPath, [distEntry("token"), ...args], { cwd: root, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1
      done({ code, stdout, stderr })
    })
  })
}

const payloadOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>

const tokenOf = (result: CliResult) => {
  expect(result.code).toBe(0)
  expect(result.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/)
  return result.stdout.trim()
}

const dirs: Array<string> = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "sightline-token-"))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const memberArgs = ["--user", "u1", "--org-id", "org_1", "--org-slug", "acme", "--role", "org:member"]

/** A data directory holding a migrated database, as a stopped service leaves it. */
const existingDatabase = async () => {
  const dataDir = freshDir()
  await Effect.runPromise(Effect.scoped(Layer.build(clientFor({ _tag: "Embedded", dataDir: join(dataDir, "pglite") }))))
  return dataDir
}

describe("npm run token, on the embedded database of a stopped service", () => {
  it("prints only a token carrying the requested user and organization, signed by the stored key", async () => {
    const dataDir = await existingDatabase()
    const token = tokenOf(await runCli(dataDir, memberArgs))
    const payload = payloadOf(token)
    expect({ sub: payload.sub, org_id: payload.org_id, org_slug: payload.org_slug, org_role: payload.org_role }).toEqual({
      sub: "u1",
      org_id: "org_1",
      org_slug: "acme",
      org_role: "org:member"
    })
    expect((payload.exp as number) - (payload.iat as number)).toBe(3600)
    expect(existsSync(join(dataDir, "pglite", "PG_VERSION"))).toBe(true)
    // the embedded lock was released on exit
    expect(existsSync(lockPath(join(dataDir, "pglite")))).toBe(false)

    // the key persists: a second run signs with the same kid
    const again = tokenOf(await runCli(dataDir, ["--user", "u2", "--expires-in", "60"]))
    expect(decodeProtectedHeader(again).kid).toBe(decodeProtectedHeader(token).kid)
    const second = payloadOf(again)
    expect(second.sub).toBe("u2")
    expect("org_id" in second || "org_slug" in second || "org_role" in second).toBe(false)
    expect((second.exp as number) - (second.iat as number)).toBe(60)
  })

  it.each([
    [["--user", "u1", "--role", "boss"], "--role must be org:admin or org:member"],
    [["--org-id", "org_1", "--org-slug", "acme"], "--user is required"],
    [["--user", "u1", "--org-id", "org_1"], "--org-id and --org-slug go together"],
    [["--user", "u1", "--expires-in", "soon"], "--expires-in must be a positive whole number of seconds"],
    [["--user", "u1", "--expires-in", "0"], "--expires-in must be a positive whole number of seconds"],
    [["--user", "u1", "--expires-in", "86401"], "--expires-in must be at most 86400 seconds: longer-lived tokens are refused"]
  ])("rejects %j with exit code 1 and a message on stderr", async (args, message) => {
    const result = await runCli(freshDir(), args)
    expect(result.code).toBe(1)
    expect(result.stdout).toBe("")
    expect(result.stderr).toContain(`error: ${message}`)
    expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/)
  })
})

describe("npm run token, while a server holds the embedded database", () => {
  let runtime: ManagedRuntime.ManagedRuntime<SigningKeys | AppConfig, unknown>
  let scope: Scope.CloseableScope
  let dataDir: string
  let socket: string

  beforeAll(async () => {
    dataDir = freshDir()
    const embedded = join(dataDir, "pglite")
    socket = controlSocketPath(embedded)
    // The "server": its keys live in a database of its own (memory), so a token signed with
    // them can only have come through the control socket.
    runtime = ManagedRuntime.make(
      Layer.mergeAll(SigningKeys.Default, AppConfig.Default).pipe(Layer.provide(layerFor({ _tag: "Embedded", dataDir: undefined })))
    )
    scope = Effect.runSync(Scope.make())
    await runtime.runPromise(Scope.extend(
      Effect.zipRight(acquireEmbeddedLock(embedded, { controlSocket: socket }), serveControlSocket(socket, mintToken)),
      scope
    ))
  })
  afterAll(async () => {
    if (scope !== undefined) await Effect.runPromise(Scope.close(scope, Exit.void))
    await runtime?.dispose()
    // closing the scope removed both the socket and the lock
    expect(existsSync(socket)).toBe(false)
    expect(existsSync(lockPath(join(dataDir, "pglite")))).toBe(false)
  })

  it("gets the token from the server's control socket", async () => {
    const kid = await runtime.runPromise(Effect.map(SigningKeys, (keys) => keys.kid))
    const token = tokenOf(await runCli(dataDir, memberArgs))
    expect(decodeProtectedHeader(token)).toEqual({ alg: "ES256", kid, typ: "JWT" })
    const payload = payloadOf(token)
    expect([payload.sub, payload.org_id, payload.org_slug, payload.org_role]).toEqual(["u1", "org_1", "acme", "org:member"])
    // the CLI never opened the held directory
    expect(existsSync(join(dataDir, "pglite", "PG_VERSION"))).toBe(false)
  })

  const call = (method: string, path: string, body?: string) =>
    new Promise<{ status: number; body: unknown }>((done, fail) => {
      const request = http.request({ socketPath: socket, method, path, headers: { "content-type": "application/json" } }, (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () => done({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) }))
      })
      request.on("error", fail)
      request.end(body)
    })

  it("listens on a socket only its owner may use, and answers 404 to anything but POST /token, 400 to a bad body", async () => {
    expect(statSync(socket).isSocket()).toBe(true)
    expect(statSync(socket).mode & 0o777).toBe(0o600)
    expect(await call("GET", "/token")).toEqual({ status: 404, body: { error: "not found" } })
    expect(await call("POST", "/other", "{}")).toEqual({ status: 404, body: { error: "not found" } })
    expect(await call("POST", "/token", "{nope")).toEqual({ status: 400, body: { error: "the body is not valid JSON" } })
    const invalid = await call("POST", "/token", JSON.stringify({ user: "u1", orgId: null, orgSlug: null, role: "boss", expiresIn: 60 }))
    expect(invalid.status).toBe(400)
    const mixed = await call("POST", "/token", JSON.stringify({ user: "u1", orgId: "o", orgSlug: null, role: "org:admin", expiresIn: 60 }))
    expect(mixed.status).toBe(400)
    const ok = await call("POST", "/token", JSON.stringify({ user: "u1", orgId: null, orgSlug: null, role: "org:admin", expiresIn: 60 }))
    expect(ok.status).toBe(200)
    expect(typeof (ok.body as { token: unknown }).token).toBe("string")
  })
})
