#!/usr/bin/env node
/**
 * Adds lockfile entries for platform-specific optional packages that the package registry
 * reachable here does not serve (other operating systems and CPUs), so that `npm ci` accepts the
 * lockfile everywhere. Each entry carries the os/cpu/libc read from the package name, which is
 * how npm skips it on other platforms; on a platform that needs one, npm fetches it by version.
 * Run after `npm install` changes package-lock.json: `node scripts/complete-lockfile.mjs`.
 */
import { readFileSync, writeFileSync } from "node:fs"

const OS = ["darwin", "win32", "linux", "android", "freebsd", "openbsd", "openharmony", "netbsd", "sunos", "aix"]
const CPU = { arm64: "arm64", x64: "x64", ia32: "ia32", loong64: "loong64", ppc64: "ppc64", riscv64: "riscv64", s390x: "s390x", arm: "arm" }

const platformOf = (name) => {
  const parts = name.split("/").pop().split("-")
  const os = parts.find((p) => OS.includes(p))
  const cpu = parts.map((p) => CPU[p]).find(Boolean)
  const libc = parts.includes("musl") || parts.includes("musleabihf") ? "musl"
    : parts.includes("gnu") || parts.includes("glibc") || parts.includes("gnueabihf") ? "glibc" : undefined
  return os && cpu ? { os, cpu, libc } : undefined
}

const path = new URL("../package-lock.json", import.meta.url)
const lock = JSON.parse(readFileSync(path, "utf8"))
let added = 0
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${dep}`
    if (lock.packages[target] !== undefined) continue
    const platform = platformOf(dep)
    if (platform === undefined || !/^\d+\.\d+\.\d+/.test(version)) continue
    lock.packages[target] = {
      version,
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      optional: true,
      os: [platform.os]
    }
    added++
    void key
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))))
writeFileSync(path, JSON.stringify(lock, null, 2) + "\n")
console.log(`complete-lockfile: ${added} platform entries added`)
