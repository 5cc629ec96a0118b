/** `/robots.txt`: everything allowed, AI crawlers welcomed by name, and the sitemap. */

/**
 * Robots tokens of AI crawlers and assistants (docs/ai-crawlers.md §1 and §3.1). Naming them in their
 * own group says "welcome" even to a crawler whose operator treats an unnamed `*` cautiously;
 * `Google-Extended` and `Applebot-Extended` exist only as robots.txt tokens and opt a site into
 * AI training and grounding.
 */
export const ROBOTS_AI_AGENTS: ReadonlyArray<string> = [
  "GPTBot",
  "OAI-SearchBot",
  "ChatGPT-User",
  "ClaudeBot",
  "Claude-User",
  "Claude-SearchBot",
  "anthropic-ai",
  "PerplexityBot",
  "Perplexity-User",
  "Google-Extended",
  "Googlebot",
  "Google-CloudVertexBot",
  "Bingbot",
  "Applebot",
  "Applebot-Extended",
  "Meta-ExternalAgent",
  "Meta-ExternalFetcher",
  "meta-webindexer",
  "FacebookBot",
  "MistralAI-User",
  "MistralAI-Index",
  "DeepSeekBot",
  "xAI-Bot",
  "DuckAssistBot",
  "Amazonbot",
  "cohere-ai",
  "CCBot"
]

export const renderRobotsTxt = (siteUrl: string): string =>
  [
    `# robots.txt for ${siteUrl}`,
    "# Every crawler is welcome here; AI crawlers and assistants explicitly so.",
    `# A summary for language models: ${siteUrl}/llms.txt`,
    "",
    ...ROBOTS_AI_AGENTS.map((agent) => `User-agent: ${agent}`),
    "Allow: /",
    "",
    "User-agent: *",
    "Allow: /",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    ""
  ].join("\n")
