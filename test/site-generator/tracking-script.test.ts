import { runInNewContext } from "node:vm"
import { describe, expect, it } from "vitest"
import { AI_CRAWLER_TOKENS, trackingScript } from "../../src/site-generator/tracking-script.ts"

const ENDPOINT = "http://localhost:8080/api/ai-recommendation-store"

interface Call {
  readonly url: unknown
  readonly init: { method: string; keepalive: boolean; headers: Record<string, string>; body: string }
}

/** Runs the script as a page would, in a fresh context with only what a browser would give it. */
const run = (
  script: string,
  options: { userAgent: string; referrer?: string; fetch?: (url: unknown, init: unknown) => unknown }
): ReadonlyArray<Call> => {
  const calls: Array<Call> = []
  const fetch =
    options.fetch ??
    ((url: unknown, init: unknown) => {
      calls.push({ url, init: init as Call["init"] })
      return Promise.resolve({ ok: true })
    })
  runInNewContext(script, {
    navigator: { userAgent: options.userAgent },
    document: { title: "Frequently asked questions | Acme Bakery", referrer: options.referrer ?? "" },
    location: { href: "http://acme-bakery-fr.sites.localhost:8080/faq/" },
    fetch
  })
  return calls
}

const business = trackingScript({ endpoint: ENDPOINT, businessId: "acme-bakery", itemId: null })

const CRAWLERS = {
  GPTBot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot",
  ClaudeBot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
  "Claude-User": "Claude-User (claude-code/2.1.111; +https://support.anthropic.com/)",
  "Perplexity-User": "Perplexity-User/1.0",
  "meta-externalagent": "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
  "Google-Agent":
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-Agent; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent) Chrome/138.0.0.0 Safari/537.36",
  "Gemini-Deep-Research":
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Gemini-Deep-Research; +https://gemini.google/overview/deep-research/) Chrome/135.0.0.0 Safari/537.36",
  "anthropic-ai": "Mozilla/5.0 (compatible; anthropic-ai/1.0; +https://www.anthropic.com)"
}

describe("tracking script", () => {
  for (const [name, userAgent] of Object.entries(CRAWLERS)) {
    it(`posts the visit of ${name} with the exact body`, () => {
      const calls = run(business, { userAgent })
      expect(calls).toHaveLength(1)
      const [call] = calls
      expect(call!.url).toBe(ENDPOINT)
      expect(call!.init.method).toBe("POST")
      expect(call!.init.keepalive).toBe(true)
      expect(call!.init.headers).toEqual({ "content-type": "application/json" })
      expect(JSON.parse(call!.init.body)).toEqual({
        business_id: "acme-bakery",
        page_url: "http://acme-bakery-fr.sites.localhost:8080/faq/",
        page_type: "ai_site",
        page_title: "Frequently asked questions | Acme Bakery",
        user_agent: userAgent,
        referrer: null
      })
    })
  }

  it("posts for any user agent containing `bot`, and sends the referrer when there is one", () => {
    const calls = run(business, { userAgent: "SomeNewBot/0.1", referrer: "https://chatgpt.com/" })
    expect(JSON.parse(calls[0]!.init.body)).toMatchObject({ user_agent: "SomeNewBot/0.1", referrer: "https://chatgpt.com/" })
  })

  it("posts nothing for a browser", () => {
    const chrome = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36"
    expect(run(business, { userAgent: chrome })).toEqual([])
    expect(run(business, { userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1" })).toEqual([])
  })

  it("adds item_id on a product's site", () => {
    const product = trackingScript({ endpoint: ENDPOINT, businessId: "acme-bakery", itemId: "sourdough-loaf" })
    const calls = run(product, { userAgent: CRAWLERS.GPTBot })
    expect(JSON.parse(calls[0]!.init.body)).toEqual({
      business_id: "acme-bakery",
      item_id: "sourdough-loaf",
      page_url: "http://acme-bakery-fr.sites.localhost:8080/faq/",
      page_type: "ai_site",
      page_title: "Frequently asked questions | Acme Bakery",
      user_agent: CRAWLERS.GPTBot,
      referrer: null
    })
  })

  it("swallows a fetch that throws, a fetch that rejects, and a missing fetch", async () => {
    expect(() =>
      run(business, {
        userAgent: CRAWLERS.GPTBot,
        fetch: () => {
          throw new TypeError("Failed to fetch")
        }
      })
    ).not.toThrow()
    let rejected = false
    const unhandled: Array<unknown> = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on("unhandledRejection", onUnhandled)
    try {
      run(business, {
        userAgent: CRAWLERS.GPTBot,
        fetch: () => {
          rejected = true
          return Promise.reject(new TypeError("network down"))
        }
      })
      await new Promise((resolve) => setTimeout(resolve, 20))
    } finally {
      process.off("unhandledRejection", onUnhandled)
    }
    expect(rejected).toBe(true)
    expect(unhandled).toEqual([])
    expect(() => runInNewContext(business, { navigator: { userAgent: "GPTBot/1.1" }, document: {}, location: { href: "x" } })).not.toThrow()
  })

  it("embeds its values as inert literals", () => {
    const script = trackingScript({ endpoint: ENDPOINT, businessId: `x"</script><script>alert(1)//`, itemId: null })
    expect(script).not.toContain("</script>")
    const calls = run(script, { userAgent: "GPTBot" })
    expect(JSON.parse(calls[0]!.init.body).business_id).toBe(`x"</script><script>alert(1)//`)
  })

  it("lists every AI token that lacks `bot` (docs/ai-crawlers.md §0.4), lower-cased", () => {
    expect(AI_CRAWLER_TOKENS).toEqual(expect.arrayContaining([
      "claude-user",
      "perplexity-user",
      "anthropic-ai",
      "google-agent",
      "google-gemininotebook",
      "gemini-deep-research",
      "google-notebooklm",
      "meta-externalagent",
      "meta-externalfetcher",
      "meta-webindexer",
      "chatgpt-user",
      "mistralai-user",
      "mistralai-index",
      "mistralai-training",
      "claude-web"
    ]))
    expect(AI_CRAWLER_TOKENS.every((t) => t === t.toLowerCase())).toBe(true)
    expect(AI_CRAWLER_TOKENS).not.toContain("google-extended")
  })
})
