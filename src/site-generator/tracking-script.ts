/**
 * The tracking script embedded in every generated page (`/track.js`). It runs in the visitor's
 * browser (or a crawler's JS runtime) and reports AI-crawler visits to
 * `POST {base_url}/api/ai-recommendation-store` (interface spec, tracking script behaviour).
 *
 * Most crawlers run no JavaScript (docs/ai-crawlers.md §0.4), which is why visits to hosted sites are
 * also recorded server-side; this script catches the ones that do.
 */
import { serializeJsonLd } from "./html.ts"

/**
 * Lower-case tokens of AI crawlers and agents (docs/ai-crawlers.md §3.1). The script also fires on
 * any user agent containing `bot`, so the tokens that matter most are the ones without it
 * (§0.4): the user-triggered fetchers and Meta's and Google's agents. `Google-Extended` is left
 * out on purpose: it is a robots.txt token, never a user agent.
 */
export const AI_CRAWLER_TOKENS: ReadonlyArray<string> = [
  // OpenAI
  "gptbot",
  "oai-searchbot",
  "chatgpt-user",
  "oai-adsbot",
  // Anthropic
  "claudebot",
  "claude-searchbot",
  "claude-user",
  "claude-web",
  "anthropic-ai",
  // Google (Gemini, agents, AI Overviews' index)
  "google-agent",
  "google-gemininotebook",
  "google-notebooklm",
  "gemini-deep-research",
  "google-cloudvertexbot",
  "googlebot",
  // Perplexity
  "perplexitybot",
  "perplexity-user",
  // Microsoft
  "bingbot",
  // Mistral and DeepSeek
  "mistralai-user",
  "mistralai-index",
  "mistralai-training",
  "deepseekbot",
  // Meta and xAI
  "meta-externalagent",
  "meta-externalfetcher",
  "meta-webindexer",
  "facebookbot",
  "xai-bot",
  "xai-searchbot",
  "grok-deepsearch"
]

export interface TrackingScriptOptions {
  /** `{base_url}/api/ai-recommendation-store` */
  readonly endpoint: string
  readonly businessId: string
  /** Set on a product's site: the visit is attributed to the product. */
  readonly itemId: string | null
  readonly tokens?: ReadonlyArray<string>
}

// Values are embedded as JSON literals with `<`, `>`, `&`, U+2028/2029 escaped, so an id can
// never close a `<script>` or break the string even if the file is ever inlined.
const literal = (value: unknown): string => serializeJsonLd(value)

/**
 * The script's source. ES5 on purpose (`var`, `indexOf`): crawler runtimes vary, and a syntax
 * error would lose the visit. Failures — no `fetch`, a throwing `fetch`, a rejected promise —
 * are swallowed: tracking must never break the page.
 */
export const trackingScript = (options: TrackingScriptOptions): string => {
  const tokens = (options.tokens ?? AI_CRAWLER_TOKENS).map((t) => t.toLowerCase())
  return `/* Reports visits by AI crawlers to Sightline. */
(function () {
  "use strict";
  try {
    var endpoint = ${literal(options.endpoint)};
    var businessId = ${literal(options.businessId)};
    var itemId = ${literal(options.itemId)};
    var tokens = ${literal(tokens)};
    var userAgent = String(navigator.userAgent || "");
    var ua = userAgent.toLowerCase();
    var isCrawler = ua.indexOf("bot") !== -1;
    for (var i = 0; !isCrawler && i < tokens.length; i++) {
      if (ua.indexOf(tokens[i]) !== -1) isCrawler = true;
    }
    if (!isCrawler) return;
    var body = { business_id: businessId };
    if (itemId !== null) body.item_id = itemId;
    body.page_url = String(location.href);
    body.page_type = "ai_site";
    body.page_title = String(document.title || "");
    body.user_agent = userAgent;
    body.referrer = document.referrer || null;
    var sent = fetch(endpoint, {
      method: "POST",
      keepalive: true,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body)
    });
    if (sent && typeof sent.catch === "function") sent.catch(function () {});
  } catch (e) {
    /* ignored: tracking never breaks the page */
  }
})();
`
}
