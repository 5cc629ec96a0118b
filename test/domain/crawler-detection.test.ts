/**
 * Test vectors from docs/ai-crawlers.md: every AI string it quotes maps to its platform and kind;
 * browsers, lookalikes (§0.3), the spoofed Google-Extended and the crawlers §3.2 leaves out
 * give null.
 */
import { describe, expect, it } from "vitest"
import { CRAWLER_TOKENS, detectCrawler } from "../../src/domain/crawler-detection.ts"
import { VENDOR_LISTS } from "../../src/domain/ip-ranges.ts"
import { AI_CRAWLER_TOKENS } from "../../src/site-generator/tracking-script.ts"

type Vector = readonly [userAgent: string, platform: string, kind: string, token: string]

const AI_VECTORS: ReadonlyArray<Vector> = [
  // OpenAI (§1.1), both punctuation forms and several versions
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot", "ai_platform_1", "training_crawler", "GPTBot"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", "ai_platform_1", "training_crawler", "GPTBot"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.0; +https://openai.com/gptbot", "ai_platform_1", "training_crawler", "GPTBot"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.4; +https://openai.com/gptbot", "ai_platform_1", "training_crawler", "GPTBot"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot", "ai_platform_1", "search_indexer", "OAI-SearchBot"],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot",
    "ai_platform_1",
    "search_indexer",
    "OAI-SearchBot"
  ],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", "ai_platform_1", "user_triggered_fetch", "ChatGPT-User"],
  // Anthropic (§1.2)
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", "ai_platform_2", "training_crawler", "ClaudeBot"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +searchbot@anthropic.com)", "ai_platform_2", "search_indexer", "Claude-SearchBot"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)", "ai_platform_2", "search_indexer", "Claude-SearchBot"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +https://www.anthropic.com)", "ai_platform_2", "search_indexer", "Claude-SearchBot"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)", "ai_platform_2", "user_triggered_fetch", "Claude-User"],
  ["Claude-User (claude-code/2.1.111; +https://support.anthropic.com/)", "ai_platform_2", "user_triggered_fetch", "Claude-User"],
  ["Mozilla/5.0 (compatible; anthropic-ai/1.0; +https://www.anthropic.com)", "ai_platform_2", "training_crawler", "anthropic-ai"],
  ["Claude-Web/1.0 (web crawler; +https://www.anthropic.com/; bots@anthropic.com)", "ai_platform_2", "training_crawler", "Claude-Web"],
  // Google (§1.3): Gemini's agents and fetchers
  [
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-Agent; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent) Chrome/W.X.Y.Z Safari/537.36",
    "ai_platform_3",
    "user_triggered_fetch",
    "Google-Agent"
  ],
  [
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Google-Agent; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent)",
    "ai_platform_3",
    "user_triggered_fetch",
    "Google-Agent"
  ],
  [
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36 (compatible; Google-GeminiNotebook; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-gemininotebook)",
    "ai_platform_3",
    "user_triggered_fetch",
    "Google-GeminiNotebook"
  ],
  ["Mozilla/5.0 (X11; Linux x86_64) … Chrome/137.0.0.0 Safari/537.36 (compatible; Google-GeminiNotebook; +…)", "ai_platform_3", "user_triggered_fetch", "Google-GeminiNotebook"],
  ["Mozilla/5.0 (compatible; Google-NotebookLM; +https://notebooklm.google.com/)", "ai_platform_3", "user_triggered_fetch", "Google-NotebookLM"],
  [
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-CloudVertexBot; +https://cloud.google.com/enterprise-search) Chrome/W.X.Y.Z Safari/537.36",
    "ai_platform_3",
    "search_indexer",
    "Google-CloudVertexBot"
  ],
  [
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Gemini-Deep-Research; +https://gemini.google/overview/deep-research/) Chrome/135.0.0.0 Safari/537.36",
    "ai_platform_3",
    "user_triggered_fetch",
    "Gemini-Deep-Research"
  ],
  // Perplexity (§1.4)
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)", "ai_platform_4", "search_indexer", "PerplexityBot"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)", "ai_platform_4", "user_triggered_fetch", "Perplexity-User"],
  ["Perplexity-User/1.0", "ai_platform_4", "user_triggered_fetch", "Perplexity-User"],
  // Microsoft (§1.5): bingbot feeds Copilot
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/W.X.Y.Z Safari/537.36", "ai_platform_5", "search_indexer", "bingbot"],
  [
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "ai_platform_5",
    "search_indexer",
    "bingbot"
  ],
  ["Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "ai_platform_5", "search_indexer", "bingbot"],
  // Mistral and DeepSeek (§1.6)
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)", "ai_platform_6", "user_triggered_fetch", "MistralAI-User"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-Index/1.0; +https://docs.mistral.ai/robots)", "ai_platform_6", "search_indexer", "MistralAI-Index"],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-Training/1.0; +https://docs.mistral.ai/robots)", "ai_platform_6", "training_crawler", "MistralAI-Training"],
  ["Mozilla/5.0 (compatible; DeepSeekBot/1.0; +https://www.deepseek.com/bot)", "ai_platform_6", "training_crawler", "DeepSeekBot"],
  ["Mozilla/5.0 (compatible; DeepseekBot/1.0; +https://www.deepseek.com/bot)", "ai_platform_6", "training_crawler", "DeepSeekBot"],
  // Meta and xAI (§1.7)
  ["meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "ai_platform_7", "training_crawler", "meta-externalagent"],
  ["Mozilla/5.0 (compatible; meta-externalagent/1.1)", "ai_platform_7", "training_crawler", "meta-externalagent"],
  ["meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "ai_platform_7", "user_triggered_fetch", "meta-externalfetcher"],
  ["meta-webindexer/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "ai_platform_7", "search_indexer", "meta-webindexer"],
  ["Mozilla/5.0 (compatible; FacebookBot/1.0; +https://developers.facebook.com/docs/sharing/webmasters/facebookbot/)", "ai_platform_7", "training_crawler", "FacebookBot"],
  ["Mozilla/5.0 (compatible; xAI-Bot/1.0; +https://x.ai/)", "ai_platform_7", "training_crawler", "xAI-Bot"],
  ["Mozilla/5.0 (compatible; xAI-SearchBot/1.0; +https://x.ai)", "ai_platform_7", "search_indexer", "xAI-SearchBot"],
  // Grok-DeepSearch: the research names the token only; this string is built around it.
  ["Mozilla/5.0 (compatible; Grok-DeepSearch/1.0)", "ai_platform_7", "user_triggered_fetch", "Grok-DeepSearch"],
  // Google Search's crawler feeds AI Overviews (§3.2)
  [
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "ai_platform_8",
    "search_indexer",
    "Googlebot"
  ],
  ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36", "ai_platform_8", "search_indexer", "Googlebot"],
  ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "ai_platform_8", "search_indexer", "Googlebot"],
  ["Googlebot/2.1 (+http://www.google.com/bot.html)", "ai_platform_8", "search_indexer", "Googlebot"]
]

const BROWSERS: ReadonlyArray<string> = [
  // ChatGPT agent sends a plain Chrome user agent (§1.1): indistinguishable by design.
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  // Edg/ (§0.3): the Edge browser
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
  // GSA/ (§0.3): a person using the Google app
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/343.0.695551749 Mobile/15E148 Safari/604.1",
  // MetaIAB Facebook (§0.3): a person in Facebook's in-app browser
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/480.0.0.0;FBBV/1;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.6;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/80] MetaIAB Facebook",
  // `LCC` inside `SLCC1` (ai.robots.txt #208): whole words only
  "Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.0; SLCC1; .NET CLR 2.0.50727; Media Center PC 5.0)"
]

const LOOKALIKES_AND_UNMAPPED: ReadonlyArray<string> = [
  // §0.3 lookalikes
  "Mozilla/5.0 (compatible; Feedfetcher; like Googlebot)",
  "SEOTool/3.2 (treat like Googlebot)",
  "Mozilla/5.0 (compatible; Fake-Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; adidxbot/2.0; +http://www.bing.com/bingbot.htm)",
  "Mozilla/5.0 (compatible; Groq-Bot/1.0; +https://groq.com/)",
  // Googlebot's other products, without the bare token's slash
  "Googlebot-Image/1.0",
  "Googlebot-News",
  "Googlebot-Video/1.0",
  // Google-Extended is never a user agent (§0.1): spoofed, whatever else the string claims
  "Mozilla/5.0 (compatible; Google-Extended/1.0)",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Google-Extended",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; google-extended",
  // Left out by §3.2
  "GoogleOther",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GoogleOther) Chrome/131.0.0.0 Safari/537.36",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "meta-externalads/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
  "Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534+ (KHTML, like Gecko) BingPreview/1.0b",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MicrosoftPreview/2.0; +https://aka.ms/MicrosoftPreview) Chrome/W.X.Y.Z Safari/537.36",
  "GitHubCopilotChat/0.8.0",
  "OpenAI/JS 4.77.0",
  "OpenAI/Python 1.52.0",
  "claude-code/2.1.107 (cli)",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ChatGPT-Browser/1.0; +https://openai.com/bot)",
  // Generic clients and non-AI bots
  "curl/8.5.0",
  "python-requests/2.32.3",
  "CCBot/2.0 (https://commoncrawl.org/faq/)",
  "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
  "",
  // A token inside another word never matches
  "NotGPTBot/1.0",
  "GPTBotX/1.0",
  "Mozilla/5.0 (compatible; ClaudeBotnet/1.0)",
  "SuperChatGPT-User/1.0"
]

describe("detectCrawler", () => {
  it.each(AI_VECTORS)("%s", (userAgent, platform, kind, token) => {
    expect(detectCrawler(userAgent)).toMatchObject({ platform, kind, token })
  })

  it.each(BROWSERS)("browser %s → null", (userAgent) => {
    expect(detectCrawler(userAgent)).toBeNull()
  })

  it.each(LOOKALIKES_AND_UNMAPPED)("not an AI platform: %s → null", (userAgent) => {
    expect(detectCrawler(userAgent)).toBeNull()
  })

  it("ignores case and the version", () => {
    expect(detectCrawler("gptbot/9.9")?.token).toBe("GPTBot")
    expect(detectCrawler("Mozilla/5.0 (compatible; CLAUDEBOT/2.0)")?.platform).toBe("ai_platform_2")
    expect(detectCrawler("PERPLEXITY-USER")?.platform).toBe("ai_platform_4")
    expect(detectCrawler("GOOGLEBOT/2.1")?.platform).toBe("ai_platform_8")
    expect(detectCrawler("BingBot/2.0")?.platform).toBe("ai_platform_5")
  })

  it("needs the slash after Googlebot and bingbot, and accepts every end after other tokens", () => {
    expect(detectCrawler("Googlebot")).toBeNull()
    expect(detectCrawler("bingbot")).toBeNull()
    expect(detectCrawler("(compatible; bingbot)")).toBeNull()
    for (const end of ["/1.0", ";", ")", " x", "\t", ""]) expect(detectCrawler(`x (GPTBot${end}`)?.token).toBe("GPTBot")
    for (const end of [".", "-x", "_", "@a", ",", "x"]) expect(detectCrawler(`x (GPTBot${end}`)).toBeNull()
  })

  it("gives the first token of a string naming two", () => {
    expect(detectCrawler("ChatGPT-User/1.0 (via PerplexityBot/1.0)")?.token).toBe("ChatGPT-User")
    expect(detectCrawler("PerplexityBot/1.0 (via ChatGPT-User/1.0)")?.token).toBe("PerplexityBot")
  })

  it("covers all 8 platforms and every token of the tracking script (but none it should not)", () => {
    const platforms = new Set(AI_VECTORS.map(([, platform]) => platform))
    expect(platforms.size).toBe(8)
    for (const rule of CRAWLER_TOKENS) {
      expect(AI_VECTORS.some(([, , , token]) => token === rule.token), rule.token).toBe(true)
    }
    // The script fires on these; everything but the ads and preview fetchers is counted here.
    const counted = new Set(CRAWLER_TOKENS.map((rule) => rule.token.toLowerCase()))
    expect(AI_CRAWLER_TOKENS.filter((token) => !counted.has(token))).toEqual(["oai-adsbot"])
  })

  it("names an address list for every vendor that publishes one", () => {
    const unlisted = new Set(["anthropic-legacy", "google-unlisted", "mistral-training", "deepseek", "meta", "xai"])
    for (const rule of CRAWLER_TOKENS) {
      expect(rule.vendor in VENDOR_LISTS || unlisted.has(rule.vendor), rule.vendor).toBe(true)
    }
  })
})
