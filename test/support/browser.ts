/**
 * Real Chromium for page tests (Debian's package, driven by playwright-core). Without it the
 * browser suites say so loudly; with REQUIRE_BROWSER=1 a missing browser fails them.
 */
import { existsSync } from "node:fs"
import { type Browser, chromium } from "playwright-core"

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

export const browserAvailable = existsSync(CHROMIUM_PATH)
export const browserRequired = process.env.REQUIRE_BROWSER === "1"

if (!browserAvailable) {
  const line = "!".repeat(78)
  console.warn(`${line}\n  Chromium not found at ${CHROMIUM_PATH}: the browser tests are NOT running.\n  Install it with: apt-get install -y chromium (CI sets REQUIRE_BROWSER=1 and fails without it)\n${line}`)
}

export const launchChromium = (extraArgs: ReadonlyArray<string> = []): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...extraArgs,
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run"
    ]
  })

/** Whether this run must execute the browser suites: present, or demanded. */
export const runBrowserSuites = browserAvailable || browserRequired
