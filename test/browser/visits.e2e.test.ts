/**
 * A generated site in real Chromium: opened with an AI crawler's user agent, its tracking script
 * posts the visit and the stats count it once (the server also saw the page request); opened
 * with a browser's user agent, nothing is recorded.
 */
import type { Browser, Request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import { launchChromium, runBrowserSuites } from "../support/browser.ts"
import { recordCrawl } from "../support/recorded-crawl.ts"
import { freePort, json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }
const CLAUDEBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

describe.skipIf(!runBrowserSuites)("visit tracking in Chromium", () => {
  let service: RunningService
  let browser: Browser
  let siteUrl = ""
  const stats = async () => (await json(await fetch(`${service.baseUrl}/api/bot-visits/visit-bakery/stats?days=1`, { headers: auth }))).body

  beforeAll(async () => {
    const port = await freePort()
    service = await startService({ _tag: "Embedded", dataDir: undefined }, {
      PORT: String(port),
      SITES_DOMAIN: "sites.localhost",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`
    }, { port })
    const call = (path: string, body: unknown) => fetch(`${service.baseUrl}${path}`, { method: "POST", headers: auth, body: JSON.stringify(body) })
    expect((await call("/api/business", { business_name: "Visit Bakery", business_url: "https://visit-bakery.example", org_slug: "visit-bakery" })).status).toBe(201)
    await recordCrawl(service.runtime, { businessId: "visit-bakery" as BusinessId, itemId: null }, "https://visit-bakery.example/", "Visit Bakery bakes bread.")
    const deployed = await json(await call("/api/cron/update-site", { business_id: "visit-bakery", url: "https://visit-bakery.example" }))
    expect(deployed.body.deployment_url).toBe("http://visit-bakery-example.sites.localhost")
    siteUrl = `http://visit-bakery-example.sites.localhost:${port}/`
    browser = await launchChromium([`--host-resolver-rules=MAP *.localhost 127.0.0.1`])
  })
  afterAll(async () => {
    await browser?.close()
    await service?.stop()
  })

  it("records a crawler's visit once, though both the server and the script saw it", async () => {
    const context = await browser.newContext({ userAgent: CLAUDEBOT })
    const page = await context.newPage()
    const posted = page.waitForResponse((response) => response.url().endsWith("/api/ai-recommendation-store") && response.request().method() === "POST")
    await page.goto(siteUrl)
    const response = await posted
    expect(response.status()).toBe(200)
    expect(await response.json()).toEqual({
      status: "success",
      platform_id: "ai_platform_2",
      platform_name: "Claude",
      message: "Visit from Claude recorded"
    })
    const body = JSON.parse(response.request().postData() ?? "{}")
    expect(body).toMatchObject({ business_id: "visit-bakery", page_url: siteUrl, page_type: "ai_site", user_agent: CLAUDEBOT, referrer: null })
    expect(body.page_title).toBe(await page.title())
    await context.close()
    const counted = await stats()
    expect(counted.total_visits).toBe(1)
    expect(counted.unique_platforms).toBe(1)
    expect(counted.platforms.ai_platform_2).toEqual({ total_visits: 1 })
  })

  it("records nothing for a person's browser", async () => {
    const context = await browser.newContext({ userAgent: CHROME })
    const page = await context.newPage()
    const webhookRequests: Array<Request> = []
    page.on("request", (request) => {
      if (request.url().includes("/api/ai-recommendation-store")) webhookRequests.push(request)
    })
    await page.goto(siteUrl)
    await page.waitForLoadState("networkidle")
    expect(await page.locator("h1").first().isVisible()).toBe(true)
    expect(webhookRequests).toEqual([])
    await context.close()
    expect((await stats()).total_visits).toBe(1)
  })
})
