/** The interactive API docs render in a real browser from the service's own OpenAPI document. */
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchChromium, runBrowserSuites } from "../support/browser.ts"
import { type RunningService, startService } from "../support/service.ts"

// Without Chromium (and without REQUIRE_BROWSER=1) this suite shows as skipped, after the loud
// warning of test/support/browser.ts; with REQUIRE_BROWSER=1 a missing browser fails it.
describe.skipIf(!runBrowserSuites)("interactive docs in Chromium", () => {
  let service: RunningService
  let browser: Browser
  beforeAll(async () => {
    service = await startService({ _tag: "Embedded", dataDir: undefined })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await service?.stop()
  })

  it("lists the API's operations at /docs", async () => {
    const page = await browser.newPage()
    await page.goto(`${service.baseUrl}/docs`)
    await page.waitForSelector(".opblock-summary-path", { timeout: 20_000 })
    const paths = await page.locator(".opblock-summary-path").allTextContents()
    expect(paths.map((p) => p.replace(/\u200b/g, ""))).toEqual(
      expect.arrayContaining(["/health", "/api/business", "/api/cron/entities"])
    )
    expect(await page.locator(".info .title").first().textContent()).toContain("Sightline API")
  })
})
