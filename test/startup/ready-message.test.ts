import { Option, Redacted } from "effect"
import { describe, expect, it } from "vitest"
import type { PlatformEndpoint } from "../../src/config/app-config.ts"
import { readyMessage } from "../../src/startup/ready-message.ts"

const none = Option.none<PlatformEndpoint>()
const standIn = (n: number, name: string) =>
  `  ai_platform_${n} (${name}): built-in stand-in engine, not ${name}; set AI_PLATFORM_${n}_BASE_URL and AI_PLATFORM_${n}_MODEL to ask a real one`

describe("readyMessage", () => {
  it("names the address a browser reaches, /docs, and each platform's engine: a configured one by host and model, never its key", () => {
    const platforms = [
      Option.some({ baseUrl: "https://api.openai.example/v1", model: "gpt-x", apiKey: Redacted.make("sk-secret-123") }),
      none, none, none, none, none, none, none
    ]
    const message = readyMessage({ host: "0.0.0.0", port: 8080, platforms }, 8080)
    expect(message.split("\n")).toEqual([
      "Sightline is ready on http://localhost:8080 (listening on 0.0.0.0:8080); the API is documented at http://localhost:8080/docs",
      "answer engines:",
      "  ai_platform_1 (ChatGPT): gpt-x at api.openai.example",
      standIn(2, "Claude"),
      standIn(3, "Gemini"),
      standIn(4, "Perplexity"),
      standIn(5, "Copilot"),
      standIn(6, "Mistral"),
      standIn(7, "Meta AI"),
      standIn(8, "Google AI Overviews")
    ])
    expect(message).not.toContain("sk-secret-123")
  })

  it("uses the port actually bound (PORT=0) and a specific host as given", () => {
    const message = readyMessage({ host: "127.0.0.1", port: 0, platforms: Array.from({ length: 8 }, () => none) }, 41234)
    expect(message.split("\n")[0]).toBe(
      "Sightline is ready on http://127.0.0.1:41234 (listening on 127.0.0.1:41234); the API is documented at http://127.0.0.1:41234/docs"
    )
  })
})
