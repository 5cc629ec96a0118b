/**
 * A built entry point of `dist/` (kept current by `build-dist.ts`, the suite's global setup), as
 * `node` runs it for `npm start` (`main`) and the commands (`token`, `daily`, `replay`): starting
 * one costs a fraction of transpiling the sources again in every child process.
 */
import { fileURLToPath } from "node:url"

export type DistEntry = "main" | "token" | "daily" | "replay"

export const distEntry = (name: DistEntry): string => fileURLToPath(new URL(`../../dist/${name}.js`, import.meta.url))
