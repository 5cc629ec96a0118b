import { beforeEach, describe, expect, it, vi } from "vitest"

const setFlags = vi.fn()
vi.mock("node:v8", async (original) => ({ ...(await original<typeof import("node:v8")>()), setFlagsFromString: setFlags }))

describe("turnOffPretenuring", () => {
  beforeEach(() => {
    vi.resetModules()
    setFlags.mockClear()
  })

  it("sets V8's --no-allocation-site-pretenuring once, however often it is called", async () => {
    const { NO_PRETENURING, turnOffPretenuring } = await import("../../src/http/pretenuring.ts")
    expect(NO_PRETENURING).toBe("--no-allocation-site-pretenuring")
    turnOffPretenuring()
    turnOffPretenuring()
    expect(setFlags.mock.calls).toEqual([["--no-allocation-site-pretenuring"]])
  })

  it("is done when the service's server is put together, before it serves", async () => {
    const { serverLayer } = await import("../../src/http/server.ts")
    expect(setFlags).not.toHaveBeenCalled()
    serverLayer({ port: 0, host: "127.0.0.1" })
    expect(setFlags.mock.calls).toEqual([["--no-allocation-site-pretenuring"]])
  })
})
