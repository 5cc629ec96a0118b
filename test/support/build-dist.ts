/**
 * Vitest's global setup: builds `dist/` from `src/` when a source is newer than the last build
 * (`scripts/build.mjs --if-stale`), so the suites that start the service or a command as a child
 * process run the current sources as users run them (`npm start`, `npm run token|daily|replay`).
 */
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"

export default function setup(): void {
  const root = fileURLToPath(new URL("../..", import.meta.url))
  execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: root, stdio: "inherit" })
}
