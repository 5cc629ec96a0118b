/**
 * A tiny HTML builder that is safe by default. Every value interpolated into `html```
 * is escaped; only an `Html` value (built by `html` itself, or marked with `raw`) passes
 * through as markup. URLs that reach an attribute go through `safeUrl`, and data that reaches a
 * `<script type="application/ld+json">` goes through `serializeJsonLd`. Crawled text is hostile,
 * so these three are the only ways it may enter a page.
 */

/** Markup that is already safe to emit. Construct it only with `html` or `raw`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

export type HtmlValue = Html | string | number | null | undefined | false | ReadonlyArray<HtmlValue>

/** Marks an already-built fragment as markup. Never pass text that came from outside. */
export const raw = (markup: string): Html => new Html(markup)

// Lone surrogates and C0/C1 controls other than tab and newlines: browsers turn them into U+FFFD
// or worse, and XML (sitemap, feed) rejects them outright, so they never reach any file.
const UNSAFE_CHARS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Drops characters that no HTML or XML file should carry. */
export const stripUnsafeChars = (text: string): string => text.replace(UNSAFE_CHARS, "")

/** Text on one line: unsafe characters dropped, whitespace runs collapsed, trimmed. */
export const oneLine = (text: string): string => stripUnsafeChars(text).replace(/\s+/g, " ").trim()

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  "\"": "&quot;",
  "'": "&#39;",
  "`": "&#96;"
}

/**
 * Escapes `&<>"'` and the backtick, which is enough for both text and quoted attribute
 * values (every attribute this generator writes is double-quoted). The backtick matters to
 * old IE attribute parsing and to anything that later pastes the text into a template literal.
 */
export const escapeHtml = (text: string): string => stripUnsafeChars(text).replace(/[&<>"'`]/g, (c) => ENTITIES[c]!)

/** XML needs the same five entities (the backtick is harmless but also harmless to escape). */
export const escapeXml = escapeHtml

const render = (value: HtmlValue): string => {
  if (value === null || value === undefined || value === false) return ""
  if (value instanceof Html) return value.value
  if (typeof value === "number") return String(value)
  if (typeof value === "string") return escapeHtml(value)
  return value.map(render).join("")
}

/** `html`<p>${text}</p>`` — the template is trusted markup, every value is escaped. */
export const html = (strings: TemplateStringsArray, ...values: ReadonlyArray<HtmlValue>): Html => {
  let out = strings[0] ?? ""
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? "")
  return new Html(out)
}

/** Joins fragments (each escaped unless already `Html`) with a markup separator. */
export const join = (parts: ReadonlyArray<HtmlValue>, separator = ""): Html => new Html(parts.map(render).join(separator))

const ALLOWED_SCHEMES = new Set(["http", "https", "mailto", "tel"])
const SCHEME = /^([a-z][a-z0-9+.-]*):/i

/**
 * A URL that is safe in `href`/`src`: absolute `http(s)`, `mailto` and `tel` (returned in the
 * form WHATWG parsing gives), or a same-site relative reference (`/path`, `path`, `#frag`,
 * `?query`). Anything else — `javascript:`, `data:`, `vbscript:`, protocol-relative `//host`,
 * backslash tricks, unparsable input — becomes `#`.
 */
export const safeUrl = (input: string): string => {
  // Browsers drop tabs and newlines anywhere in a URL and trim C0 controls and spaces at both
  // ends, so `java\nscript:` and ` javascript:` must be judged in that form.
  const cleaned = input.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "")
  if (cleaned === "" || /[\u0000-\u001f\u007f]/.test(cleaned)) return "#"
  const scheme = SCHEME.exec(cleaned)
  if (scheme !== null) {
    if (!ALLOWED_SCHEMES.has(scheme[1]!.toLowerCase())) return "#"
    try {
      const url = new URL(cleaned)
      return ALLOWED_SCHEMES.has(url.protocol.slice(0, -1)) ? url.href : "#"
    } catch {
      return "#"
    }
  }
  // Relative: a backslash reads as `/` to browsers (`/\evil.com` is `//evil.com`, another site),
  // a colon before the first `/?#` would be a scheme to some parsers, and an `&` in the path is
  // an entity waiting for a careless decoder (`&#106;avascript:`, `javascript&colon;`).
  if (cleaned.includes("\\") || cleaned.startsWith("//")) return "#"
  const firstSegment = cleaned.split(/[/?#]/, 1)[0] ?? ""
  const path = cleaned.split(/[?#]/, 1)[0] ?? ""
  if (firstSegment.includes(":") || path.includes("&")) return "#"
  return cleaned
}

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>` and `&` become `\u003c`,
 * `\u003e`, `\u0026`, so no `</script>` or `<!--` can end or alter the element whatever the data
 * holds; U+2028/U+2029 are escaped too, for consumers that read it as JavaScript.
 */
export const serializeJsonLd = (data: unknown): string =>
  stripUnsafeChars(JSON.stringify(data))
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")

/** The whole JSON-LD element. */
export const jsonLdScript = (data: unknown): Html =>
  raw(`<script type="application/ld+json">${serializeJsonLd(data)}</script>`)
