import { Option } from "effect"

export const MAX_URL_LENGTH = 2048

// A scheme followed by something other than a digit: `acme.com:8080` is a bare host with a port.
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i
// The authority as written (WHATWG silently strips tabs and newlines, so inspect the raw text).
const RAW_AUTHORITY = /^[a-z][a-z0-9+.-]*:[/\\]*([^/\\?#]*)/i

/**
 * Parses a business web address. Accepts absolute http(s) URLs and bare hosts
 * (`acme.com`, `www.acme.com/x`, which get `https://`). Rejects: other schemes,
 * whitespace or credentials (`user:pass@`, even a bare `@`) in the authority, a host
 * without a dot (unless `localhost`) or with an empty label (`acme..com`), and
 * input or resulting href longer than 2048 characters.
 */
export const parseWebUrl = (input: string): Option.Option<URL> => {
  const trimmed = input.trim()
  if (trimmed.length === 0 || trimmed.length > MAX_URL_LENGTH) return Option.none()
  const candidate = SCHEME.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/\//, "")}`
  const authority = RAW_AUTHORITY.exec(candidate)?.[1] ?? ""
  if (/\s/.test(authority) || authority.includes("@")) return Option.none()

  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return Option.none()
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return Option.none()
  if (url.username !== "" || url.password !== "") return Option.none()
  if (url.href.length > MAX_URL_LENGTH) return Option.none()
  const host = url.hostname
  if (host !== "localhost" && !host.includes(".")) return Option.none()
  if (host.replace(/\.$/, "").split(".").some((label) => label === "")) return Option.none()
  return Option.some(url)
}

/**
 * A host without its leading `www.`, when what remains is still a dotted host: `www.acme.com`
 * → `acme.com`, but `www.com` stays, being its own domain. Case-sensitive: pass a lower-cased host.
 */
export const bareHost = (host: string): string => (host.startsWith("www.") && host.slice(4).includes(".") ? host.slice(4) : host)

/**
 * A host without any leading `www.`, `www.com` → `com` included: for naming and comparing a
 * site's host, where the result need not be an address. Case-sensitive: pass a lower-cased host.
 */
export const stripWwwPrefix = (host: string): string => host.replace(/^www\./, "")

/**
 * Canonical string form of a web URL, used as its identity:
 * - scheme kept as is (http and https differ), lower-cased;
 * - host lower-cased, a trailing root dot dropped, a leading `www.` dropped when what
 *   remains still has a dot (`www.com` stays, so the result is still a web address);
 * - port dropped when it is the scheme default (80 / 443), kept otherwise;
 * - path kept with its case, trailing `/`s dropped (`/` alone becomes empty);
 * - query kept verbatim, an empty `?` dropped; fragment dropped.
 * `https://www.Acme.com/` → `https://acme.com`, `HTTP://Acme.com:80/shop/` → `http://acme.com/shop`.
 */
export const normalizeUrl = (url: URL): string => {
  const protocol = url.protocol.toLowerCase()
  const host = bareHost(url.hostname.toLowerCase().replace(/\.$/, ""))
  const defaultPort = protocol === "http:" ? "80" : protocol === "https:" ? "443" : ""
  const port = url.port === "" || url.port === defaultPort ? "" : `:${url.port}`
  const path = url.pathname.replace(/\/+$/, "")
  return `${protocol}//${host}${port}${path}${url.search}`
}
