/**
 * Which AI platform a crawler's user agent belongs to (docs/decisions.md, Visits; the mapping
 * of docs/ai-crawlers.md §3.1). Pure: the user agent in, the platform, the crawler's kind and the list
 * its address is checked against out, or null when no AI platform matches.
 *
 * Matching follows §0.2 and §3.1:
 * - case-insensitive, the version ignored (`GPTBot/1.0` … `/1.4` all match);
 * - a token is a whole word: not preceded by a letter, digit, `_` or `-`, and followed by `/`,
 *   `;`, `)`, whitespace or the end. `LCC` never matches inside `SLCC1`, and neither does
 *   `Fake-Googlebot` nor `adidxbot/2.0; +http://www.bing.com/bingbot.htm` (`bingbot.htm`);
 * - `Googlebot` and `bingbot` must carry their `/` (every genuine string does), so `like
 *   Googlebot` (feed readers), `Googlebot-Image/1.0` and the like stay out;
 * - a user agent naming `Google-Extended` is spoofed: that is a robots.txt token that Google
 *   never sends (§0.1), so the whole request is ignored, whatever else it claims.
 *
 * Left out on purpose (§3.2): `OAI-AdsBot` (ad landing-page checks, not ChatGPT), `GoogleOther`
 * (generic Google R&D), preview fetchers (`facebookexternalhit`, `BingPreview`,
 * `MicrosoftPreview`), developer tools (`OpenAI/Python`, `claude-code/x (cli)`,
 * `GitHubCopilotChat`), and browser-identical agents, which a user agent cannot tell apart.
 * Googlebot counts for `ai_platform_8` and bingbot for `ai_platform_5` because their indexes
 * are what AI Overviews and Copilot answer from; xAI's tokens count for `ai_platform_7` and
 * DeepSeek's for `ai_platform_6` (docs/decisions.md).
 */
import type { PlatformKey } from "./platforms.ts"
import { escapeRegExp } from "./regex.ts"

export type CrawlerKind = "training_crawler" | "search_indexer" | "user_triggered_fetch"

export interface CrawlerDetection {
  readonly platform: PlatformKey
  readonly kind: CrawlerKind
  /** The token as the vendor spells it (`GPTBot`), whatever the case in the user agent. */
  readonly token: string
  /**
   * The vendor's published address list this token is checked against (`openai-gptbot`,
   * `anthropic`, `google-common-crawlers`, ...; see `ip-ranges.ts`). One list per token where
   * the vendor publishes one per token (§2.3: never verify a token against another's list).
   * Vendors that publish none (`meta`, `xai`, `deepseek`) have a key with no list: their
   * visits are never verified.
   */
  readonly vendor: string
}

interface TokenRule extends CrawlerDetection {
  /** Googlebot and bingbot: only with the `/` that every genuine string carries. */
  readonly slashOnly?: true
}

export const CRAWLER_TOKENS: ReadonlyArray<TokenRule> = [
  // OpenAI → ChatGPT
  { token: "GPTBot", platform: "ai_platform_1", kind: "training_crawler", vendor: "openai-gptbot" },
  { token: "OAI-SearchBot", platform: "ai_platform_1", kind: "search_indexer", vendor: "openai-searchbot" },
  { token: "ChatGPT-User", platform: "ai_platform_1", kind: "user_triggered_fetch", vendor: "openai-chatgpt-user" },
  // Anthropic → Claude (one shared list for the three current bots; legacy tokens have none)
  { token: "ClaudeBot", platform: "ai_platform_2", kind: "training_crawler", vendor: "anthropic" },
  { token: "Claude-SearchBot", platform: "ai_platform_2", kind: "search_indexer", vendor: "anthropic" },
  { token: "Claude-User", platform: "ai_platform_2", kind: "user_triggered_fetch", vendor: "anthropic" },
  { token: "anthropic-ai", platform: "ai_platform_2", kind: "training_crawler", vendor: "anthropic-legacy" },
  { token: "Claude-Web", platform: "ai_platform_2", kind: "training_crawler", vendor: "anthropic-legacy" },
  // Google → Gemini (its agents and fetchers; Vertex AI crawling adopted as search_indexer, §3.2)
  { token: "Google-Agent", platform: "ai_platform_3", kind: "user_triggered_fetch", vendor: "google-user-triggered-agents" },
  { token: "Google-GeminiNotebook", platform: "ai_platform_3", kind: "user_triggered_fetch", vendor: "google-user-triggered-fetchers" },
  { token: "Google-NotebookLM", platform: "ai_platform_3", kind: "user_triggered_fetch", vendor: "google-user-triggered-fetchers" },
  { token: "Gemini-Deep-Research", platform: "ai_platform_3", kind: "user_triggered_fetch", vendor: "google-unlisted" },
  { token: "Google-CloudVertexBot", platform: "ai_platform_3", kind: "search_indexer", vendor: "google-common-crawlers" },
  // Perplexity
  { token: "PerplexityBot", platform: "ai_platform_4", kind: "search_indexer", vendor: "perplexity-bot" },
  { token: "Perplexity-User", platform: "ai_platform_4", kind: "user_triggered_fetch", vendor: "perplexity-user" },
  // Microsoft → Copilot (grounds on the index bingbot builds)
  { token: "bingbot", platform: "ai_platform_5", kind: "search_indexer", vendor: "bing-bingbot", slashOnly: true },
  // Mistral, and DeepSeek (docs/decisions.md)
  { token: "MistralAI-User", platform: "ai_platform_6", kind: "user_triggered_fetch", vendor: "mistral-user" },
  { token: "MistralAI-Index", platform: "ai_platform_6", kind: "search_indexer", vendor: "mistral-index" },
  { token: "MistralAI-Training", platform: "ai_platform_6", kind: "training_crawler", vendor: "mistral-training" },
  { token: "DeepSeekBot", platform: "ai_platform_6", kind: "training_crawler", vendor: "deepseek" },
  // Meta, and xAI (docs/decisions.md)
  { token: "meta-externalagent", platform: "ai_platform_7", kind: "training_crawler", vendor: "meta" },
  { token: "meta-externalfetcher", platform: "ai_platform_7", kind: "user_triggered_fetch", vendor: "meta" },
  { token: "meta-webindexer", platform: "ai_platform_7", kind: "search_indexer", vendor: "meta" },
  { token: "FacebookBot", platform: "ai_platform_7", kind: "training_crawler", vendor: "meta" },
  { token: "xAI-Bot", platform: "ai_platform_7", kind: "training_crawler", vendor: "xai" },
  { token: "xAI-SearchBot", platform: "ai_platform_7", kind: "search_indexer", vendor: "xai" },
  { token: "Grok-DeepSearch", platform: "ai_platform_7", kind: "user_triggered_fetch", vendor: "xai" },
  // Google → AI Overviews (served from the index Googlebot builds; not -Image/-News/-Video)
  { token: "Googlebot", platform: "ai_platform_8", kind: "search_indexer", vendor: "google-common-crawlers", slashOnly: true }
]


// One pass over the user agent. Longer tokens first in the alternation, although no listed
// token contains another as a whole word, so the order cannot change the answer.
const byLength = [...CRAWLER_TOKENS].sort((a, b) => b.token.length - a.token.length)
const PATTERN = new RegExp(
  `(?<![A-Za-z0-9_-])(?:${
    byLength.map((rule) => `(${escapeRegExp(rule.token)})${rule.slashOnly ? "(?=/)" : "(?=[/;)\\s]|$)"}`).join("|")
  })`,
  "i"
)

const SPOOF = /google-extended/i

/** True when the user agent names Google-Extended, which no genuine request carries. */
export const isSpoofedGoogleExtended = (userAgent: string): boolean => SPOOF.test(userAgent)

/** The AI crawler a user agent belongs to; the first token in the string wins. */
export const detectCrawler = (userAgent: string): CrawlerDetection | null => {
  if (userAgent.length === 0 || SPOOF.test(userAgent)) return null
  const match = PATTERN.exec(userAgent)
  if (match === null) return null
  const index = match.slice(1).findIndex((group) => group !== undefined)
  const rule = byLength[index]
  if (rule === undefined) return null
  return { platform: rule.platform, kind: rule.kind, token: rule.token, vendor: rule.vendor }
}
