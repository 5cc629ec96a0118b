import { Option } from "effect"
import { decodeLabel } from "./punycode.ts"
import { sha256Hex } from "./sha256.ts"
import { parseWebUrl, stripWwwPrefix } from "./url.ts"

const MAX_LABEL_LENGTH = 63

const trimDashes = (s: string): string => s.replace(/^-+|-+$/g, "")

/**
 * A DNS-safe label naming a business by its host: lower-cased, leading `www.` removed,
 * dots turned to dashes, Unicode folded to ASCII (diacritics dropped, anything else
 * without an ASCII form dropped), dash runs collapsed, no dash at either end, at most
 * 63 characters. `https://www.Acme.co.uk/x` → `acme-co-uk`, `café.fr` → `cafe-fr`.
 *
 * When nothing is left it is `site-` + the first 8 hex characters of the SHA-256 of the
 * host in punycode as WHATWG URL gives it, lower-cased, with a leading `www.` and a
 * trailing root dot removed (`www.日本` → sha256("xn--wgv71a")). Ports are ignored.
 * A string that is not a web address (see parseWebUrl) is hashed as given, trimmed and
 * lower-cased. Because dash runs collapse, `xn--` can never appear in the result.
 */
export const businessHostLabel = (url: URL | string): string => {
  const parsed = typeof url === "string" ? parseWebUrl(url) : Option.some(url)
  const host = Option.match(parsed, {
    onNone: () => (typeof url === "string" ? url.trim().toLowerCase() : ""),
    onSome: (u) => stripWwwPrefix(u.hostname.toLowerCase()).replace(/\.$/, ""),
  })
  const label = Option.isSome(parsed) ? foldHost(host) : ""
  return label === "" ? `site-${sha256Hex(host).slice(0, 8)}` : label
}

const foldHost = (host: string): string => {
  const unicode = host
    .split(".")
    // A label that is not valid punycode is dropped rather than leaking `xn--` text.
    .map((label) => Option.getOrElse(decodeLabel(label), () => ""))
    .join("-")
  const ascii = unicode
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
  return trimDashes(trimDashes(ascii).slice(0, MAX_LABEL_LENGTH))
}
