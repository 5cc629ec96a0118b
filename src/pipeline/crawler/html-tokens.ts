/**
 * An HTML tokenizer after the WHATWG tokenizer's states, small enough to read: comments (also
 * unterminated ones), bogus comments (`<!x>`, `<?x>`, `</1>`), quoted and unquoted attributes,
 * raw-text elements (`script` with its escaped states, `style`, `noscript`, `iframe`, ...)
 * and RCDATA (`title`, `textarea`). It never builds a DOM and never runs anything; every scan
 * moves forward, so hostile markup costs linear time. Text and attribute values come out
 * entity-decoded; raw-text content comes out as written.
 */
import { decodeEntities } from "./html-entities.ts"

export interface StartTag {
  readonly type: "start"
  readonly name: string
  /** Lower-cased names; the first occurrence of a repeated attribute wins, as in browsers. */
  readonly attrs: ReadonlyMap<string, string>
  readonly selfClosing: boolean
}

export type HtmlToken =
  | StartTag
  | { readonly type: "end"; readonly name: string }
  | { readonly type: "text"; readonly text: string }
  /** The content of a raw-text or RCDATA element, emitted between its start and end tokens. */
  | { readonly type: "raw"; readonly name: string; readonly text: string }

const RAWTEXT = new Set(["style", "xmp", "iframe", "noembed", "noframes", "noscript"])
const RCDATA = new Set(["title", "textarea"])
const MAX_ATTRIBUTES = 64

const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\f" || c === "\r"
const isAlpha = (c: string | undefined) => c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z"))

/** Whether `</name` followed by a tag-ending character starts at `i`. */
const endTagAt = (html: string, i: number, name: string): boolean =>
  html.charCodeAt(i) === 60 && html.charCodeAt(i + 1) === 47 &&
  html.slice(i + 2, i + 2 + name.length).toLowerCase() === name &&
  (i + 2 + name.length >= html.length || isSpace(html[i + 2 + name.length]) || html[i + 2 + name.length] === "/" ||
    html[i + 2 + name.length] === ">")

/**
 * Where a script's content ends: the first `</script` outside the "double escaped" state that
 * `<!-- <script>` opens inside a script. Browsers end the element there, so we do too: a
 * `</script>` inside a JSON string ends the JSON-LD block, exactly as it does for them.
 */
const scriptEnd = (html: string, from: number): number => {
  let state: "data" | "escaped" | "double" = "data"
  for (let i = from; i < html.length; i++) {
    if (html.charCodeAt(i) !== 60 && html.charCodeAt(i) !== 45) continue // only "<" and "-" matter
    if (state === "data") {
      if (html.startsWith("<!--", i)) {
        state = "escaped"
        i += 3
      } else if (endTagAt(html, i, "script")) return i
    } else if (html.startsWith("-->", i)) {
      state = "data"
      i += 2
    } else if (state === "escaped") {
      if (endTagAt(html, i, "script")) return i
      if (html.slice(i + 1, i + 7).toLowerCase() === "script" && (isSpace(html[i + 7]) || html[i + 7] === "/" || html[i + 7] === ">")) {
        state = "double"
        i += 6
      }
    } else if (endTagAt(html, i, "script")) {
      state = "escaped"
      i += 7
    }
  }
  return html.length
}

const rawEnd = (html: string, from: number, name: string): number => {
  if (name === "script") return scriptEnd(html, from)
  for (let i = html.indexOf("</", from); i >= 0; i = html.indexOf("</", i + 2)) {
    if (endTagAt(html, i, name)) return i
  }
  return html.length
}

interface ParsedTag {
  readonly token: HtmlToken | undefined
  readonly next: number
}

/** A tag starting at `i` (`<` then a letter, or `</` then a letter); undefined at end of input. */
const readTag = (html: string, i: number, closing: boolean): ParsedTag | undefined => {
  let j = i + (closing ? 2 : 1)
  const nameStart = j
  while (j < html.length && !isSpace(html[j]) && html[j] !== "/" && html[j] !== ">") j++
  const name = html.slice(nameStart, j).toLowerCase().replace(/\0/g, "\uFFFD")
  const attrs = new Map<string, string>()
  let selfClosing = false
  for (;;) {
    while (j < html.length && (isSpace(html[j]) || (html[j] === "/" && html[j + 1] !== ">"))) j++
    if (j >= html.length) return undefined
    if (html[j] === ">") {
      j++
      break
    }
    if (html[j] === "/" && html[j + 1] === ">") {
      selfClosing = true
      j += 2
      break
    }
    const attrStart = j
    j++ // the first character belongs to the name even when it is "="
    while (j < html.length && !isSpace(html[j]) && html[j] !== "/" && html[j] !== ">" && html[j] !== "=") j++
    const attrName = html.slice(attrStart, j).toLowerCase()
    while (j < html.length && isSpace(html[j])) j++
    let value = ""
    if (html[j] === "=") {
      j++
      while (j < html.length && isSpace(html[j])) j++
      const quote = html[j]
      if (quote === "\"" || quote === "'") {
        const close = html.indexOf(quote, j + 1)
        if (close < 0) return undefined
        value = html.slice(j + 1, close)
        j = close + 1
      } else {
        const start = j
        while (j < html.length && !isSpace(html[j]) && html[j] !== ">") j++
        value = html.slice(start, j)
      }
    }
    if (!attrs.has(attrName) && attrs.size < MAX_ATTRIBUTES) attrs.set(attrName, decodeEntities(value, true))
  }
  const token: HtmlToken = closing ? { type: "end", name } : { type: "start", name, attrs, selfClosing }
  return { token, next: j }
}

export function* tokenize(html: string): Generator<HtmlToken> {
  let i = 0
  while (i < html.length) {
    const lt = html.indexOf("<", i)
    const textEnd = lt < 0 ? html.length : lt
    if (textEnd > i) yield { type: "text", text: decodeEntities(html.slice(i, textEnd).replace(/\0/g, "")) }
    if (lt < 0) return
    i = lt
    const next = html[i + 1]
    if (html.startsWith("<!--", i)) {
      // `<!-->` and `<!--->` are complete (empty) comments; `--!>` also ends one.
      if (html.startsWith("<!-->", i)) {
        i += 5
        continue
      }
      if (html.startsWith("<!--->", i)) {
        i += 6
        continue
      }
      let end = html.indexOf("--", i + 4)
      while (end >= 0 && html[end + 2] !== ">" && !html.startsWith("--!>", end)) end = html.indexOf("--", end + 1)
      if (end < 0) return
      i = end + (html[end + 2] === ">" ? 3 : 4)
      continue
    }
    if (next === "!" || next === "?" || (next === "/" && !isAlpha(html[i + 2]) && html[i + 2] !== ">")) {
      const close = html.indexOf(">", i + 2)
      if (close < 0) return
      i = close + 1
      continue
    }
    if (next === "/" && html[i + 2] === ">") {
      i += 3
      continue
    }
    if (!isAlpha(next) && !(next === "/" && isAlpha(html[i + 2]))) {
      yield { type: "text", text: "<" }
      i++
      continue
    }
    const tag = readTag(html, i, next === "/")
    if (tag === undefined) return // end of input inside a tag: the tag is dropped, as browsers do
    i = tag.next
    const token = tag.token!
    yield token
    if (token.type !== "start") continue
    const raw = token.name === "script" || RAWTEXT.has(token.name) || RCDATA.has(token.name) || token.name === "plaintext"
    if (!raw) continue
    const end = token.name === "plaintext" ? html.length : rawEnd(html, i, token.name)
    const content = html.slice(i, end)
    yield { type: "raw", name: token.name, text: RCDATA.has(token.name) ? decodeEntities(content) : content }
    yield { type: "end", name: token.name }
    if (end >= html.length) return
    const close = html.indexOf(">", end)
    i = close < 0 ? html.length : close + 1
  }
}

/** The text of an HTML fragment (a JSON-LD description, say): tags dropped, entities decoded. */
export const plainText = (html: string): string => {
  if (!html.includes("<") && !html.includes("&")) return html.replace(/\s+/g, " ").trim()
  let out = ""
  for (const token of tokenize(html)) {
    if (token.type === "text") out += token.text
    else if (token.type === "start" || token.type === "end") out += " "
  }
  return out.replace(/\s+/g, " ").trim()
}
