/**
 * What the crawler keeps of a page: its title, description, canonical link, headings, main
 * text, JSON-LD, product hints and same-site links, as plain decoded strings. The page is
 * hostile input: it is tokenized (never parsed into a live DOM, never run), `script`, `style`,
 * `noscript` and `template` content is dropped, text hidden with `hidden`, `aria-hidden` or an
 * inline `display:none` is not read as content, and every output is capped.
 *
 * Element nesting follows the HTML tree builder closely enough for the containers that matter
 * (`main`, `nav`, headings, hidden subtrees): misnested end tags behind a block element are
 * ignored, and `<p>`, `<li>`, `<dt>`/`<dd>` and headings close implicitly as in browsers.
 */
import { cleanText, truncateCodePoints } from "../../domain/text.ts"
import { type StartTag, tokenize } from "./html-tokens.ts"
import {
  addProducts,
  comparedHint,
  isAttributeTerm,
  linkHint,
  listingHint,
  nameNotePriceHint,
  paragraphLineHints,
  type ProductHint,
  productsFromJsonLd,
  resolveHttpUrl,
  type SiteNames,
  siteNamesFromJsonLd,
  termPriceHint
} from "./structured-data.ts"
import { isSameSite } from "./url-policy.ts"

export interface ExtractedPage {
  readonly title: string
  readonly description: string
  /** Absolute http(s) URL of `<link rel=canonical>`, or null. */
  readonly canonical: string | null
  /** The text of each h1, h2 and h3, in document order. */
  readonly headings: ReadonlyArray<string>
  readonly text: string
  readonly jsonLd: ReadonlyArray<unknown>
  readonly products: ReadonlyArray<ProductHint>
  /**
   * The items of the page's lists (`li`, and a definition list's terms) outside its navigation, each with the heading before it:
   * a firm's services or a plan's features are often a plain list under "Our services".
   */
  readonly listItems: ReadonlyArray<ListItem>
  /** Same-site http(s) links, absolute, without fragments, de-duplicated, in document order. */
  readonly links: ReadonlyArray<string>
  readonly siteNames: SiteNames & { readonly openGraph: string | null }
  /** Whether the page carries executable scripts (a hint that it may need rendering). */
  readonly hasScripts: boolean
}

export interface ListItem {
  /** The last h1–h3 before the item, or null. */
  readonly heading: string | null
  readonly text: string
}

export const LIMITS = {
  html: 4 * 1024 * 1024,
  text: 20_000,
  title: 300,
  description: 1_000,
  headings: 100,
  heading: 300,
  jsonLdBlocks: 20,
  jsonLdBlockChars: 100_000,
  jsonLdTotalChars: 200_000,
  links: 1_000,
  /** Priced lines and offering links read as product hints. */
  listings: 200,
  listItems: 200,
  /** An item's text and its heading: a service or feature is a few words, a longer item is prose. */
  listItem: 120,
  depth: 512
} as const

/** A card's class, in English or the language of the site's theme ("cartao-produto", "produktkarte": a compound's first word too). */
const CARD_CLASS = /\b(?:card|product|item|price|menu)\b|\b(?:produto|producto|prodotto|produit|produkt|artikel|tarjeta|cartao|karte|kaart|scheda|fiche)/iu

/** A row of a price list built without a table ("row", "price-row", "line"): its spans are its cells. */
const ROW_CLASS = /\b(?:row|line)\b/iu

/** A fare table's first header: its rows are places a trip goes ("From Galway to", "Destination", "Zone"). */
const DESTINATION_HEADER = /^(?:from\s.{1,40}\sto|to|destinations?|routes?|zones?|suburbs?|postcodes?|distances?|nach|ziel|destino|vers|trajets?)\s*:?$/iu

/** Elements whose text may be one priced item of a menu or price list. */
const LISTING_ITEMS = new Set(["li", "tr", "dt", "dd"])

const VOID = new Set([
  "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link", "meta",
  "param", "source", "track", "wbr"
])
// Elements whose tags do not separate words: `<b>Acme</b>Shop` reads "AcmeShop".
const INLINE = new Set([
  "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "label", "mark", "q", "s",
  "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr", "nobr", "tt", "big", "strike", "ins", "del"
])
// The tree builder's "special" elements: an end tag for something else does not close them.
const SPECIAL = new Set([
  "address", "applet", "area", "article", "aside", "base", "basefont", "bgsound", "blockquote", "body", "br", "button",
  "caption", "center", "col", "colgroup", "dd", "details", "dir", "div", "dl", "dt", "embed", "fieldset", "figcaption",
  "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr",
  "html", "iframe", "img", "input", "keygen", "li", "link", "listing", "main", "marquee", "menu", "meta", "nav",
  "noembed", "noframes", "noscript", "object", "ol", "p", "param", "plaintext", "pre", "script", "search", "section",
  "select", "source", "style", "summary", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "title",
  "tr", "track", "ul", "wbr", "xmp", "svg", "math"
])
const SCOPE_BOUNDARY = new Set(["applet", "caption", "html", "table", "td", "th", "marquee", "object", "template", "svg", "math"])
const CLOSES_P = new Set([
  "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset",
  "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main", "menu",
  "nav", "ol", "p", "pre", "search", "section", "summary", "table", "ul", "li", "dd", "dt", "listing", "xmp"
])
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"])
const SECTIONING = new Set(["article", "aside", "main", "nav", "section"])
const DROPPED = new Set(["template", "svg", "math", "select", "datalist", "object", "map"])
const JS_TYPES = /^(|module|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript)$/

interface Scope {
  readonly types: ReadonlyArray<string>
  readonly props: Map<string, Array<string | Scope>>
}

interface Frame {
  readonly name: string
  /** Text inside is not content: hidden, inert or foreign. */
  readonly dropped: boolean
  /** Inside `template` (inert: browsers neither render nor follow it) or svg/math (foreign). */
  readonly inert: boolean
  readonly foreign: boolean
  /** Inside site chrome: nav, aside, a page-level header or footer. */
  readonly chrome: boolean
  readonly inMain: boolean
  readonly inSection: boolean
  readonly scope: Scope | undefined
  /** Collects this element's text: a heading, or a microdata property. */
  readonly capture: Capture | undefined
  /** A card or a row of a list, whose spans are its cells: a name, a note, a price. */
  readonly cells: boolean
}

interface Capture {
  text: string
  readonly done: (text: string) => void
}

/**
 * Whitespace-collapsing text with a hard cap (cut between code points); control characters
 * are removed and unpaired surrogates replaced, so the text can be stored.
 */
class TextSink {
  private out = ""
  private pendingSpace = false
  constructor(private readonly max: number) {}
  add(text: string): void {
    if (this.out.length >= this.max) return
    const clean = cleanText(text).replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\u200b\u2028\u2029\ufeff]/g, "")
    const pieces = clean.split(/\s+/)
    for (let i = 0; i < pieces.length; i++) {
      // Pieces were separated by whitespace; an empty first or last one means the text
      // started or ended with some.
      if (i > 0) this.pendingSpace = true
      const piece = pieces[i]!
      if (piece === "") continue
      if (this.pendingSpace && this.out !== "") this.out += " "
      this.pendingSpace = false
      this.out += piece
      if (this.out.length >= this.max) {
        this.out = truncateCodePoints(this.out, this.max)
        return
      }
    }
  }
  space(): void {
    this.pendingSpace = true
  }
  toString(): string {
    return this.out.trim()
  }
}

const collapse = (text: string, max: number): string => {
  const sink = new TextSink(max)
  sink.add(text)
  return sink.toString()
}

const isHidden = (tag: StartTag): boolean => {
  if (tag.attrs.has("hidden")) return true
  if ((tag.attrs.get("aria-hidden") ?? "").trim().toLowerCase() === "true") return true
  if (tag.name === "dialog" && !tag.attrs.has("open")) return true
  const style = (tag.attrs.get("style") ?? "").toLowerCase().replace(/\s+/g, "")
  return style.includes("display:none") || style.includes("visibility:hidden")
}

const roleOf = (tag: StartTag) => (tag.attrs.get("role") ?? "").trim().toLowerCase()

const relTokens = (tag: StartTag) => (tag.attrs.get("rel") ?? "").toLowerCase().split(/\s+/)

// Microdata: where a property's value comes from, by element.
const MICRODATA_URL_ATTRIBUTE: Readonly<Record<string, string>> = {
  a: "href", area: "href", link: "href", img: "src", audio: "src", embed: "src", iframe: "src", source: "src",
  track: "src", video: "src", object: "data"
}

const cut = (text: string | null, max: number): string | null => text === null ? null : truncateCodePoints(text, max)

const microdataProducts = (scopes: ReadonlyArray<Scope>, base: string): ReadonlyArray<ProductHint> => {
  const first = (scope: Scope, prop: string): string | null => {
    const value = scope.props.get(prop)?.find((v): v is string => typeof v === "string")
    const text = value === undefined ? "" : collapse(value, 2000)
    return text === "" ? null : text
  }
  const hints: Array<ProductHint> = []
  for (const scope of scopes) {
    if (!scope.types.some((t) => t === "Product" || t === "ProductGroup" || t === "IndividualProduct")) continue
    const name = first(scope, "name")
    if (name === null) continue
    const offer = scope.props.get("offers")?.find((v): v is Scope => typeof v !== "string")
    const image = first(scope, "image")
    const url = first(scope, "url")
    hints.push({
      name: truncateCodePoints(name, 300),
      description: first(scope, "description"),
      sku: cut(first(scope, "sku"), 100),
      price: cut(offer === undefined ? null : first(offer, "price") ?? first(offer, "lowPrice"), 40) ?? first(scope, "price"),
      currency: cut(offer === undefined ? null : first(offer, "pricecurrency"), 10) ?? first(scope, "pricecurrency"),
      url: resolveHttpUrl(url, base),
      image: resolveHttpUrl(image, base),
      source: "microdata"
    })
  }
  return hints
}

const parseJsonLd = (raw: string): unknown => {
  // Some sites wrap the block in an HTML comment or CDATA markers: tolerated, nothing else is.
  const body = raw.trim().replace(/^<!--/, "").replace(/-->$/, "").replace(/^(\/\/)?\s*<!\[CDATA\[/, "").replace(
    /(\/\/)?\s*\]\]>$/,
    ""
  )
  try {
    return JSON.parse(body) as unknown
  } catch {
    return undefined
  }
}

export const extractPage = (input: string, pageUrl: string): ExtractedPage => {
  const html = input.length > LIMITS.html ? input.slice(0, LIMITS.html) : input
  const root: Frame = {
    name: "#root",
    dropped: false,
    inert: false,
    foreign: false,
    chrome: false,
    inMain: false,
    inSection: false,
    scope: undefined,
    capture: undefined,
    cells: false
  }
  const stack: Array<Frame> = [root]
  const top = () => stack[stack.length - 1]!
  const captures: Array<Capture> = []

  let title: string | undefined
  /** The first document `<title>` has opened; its raw token is the title. */
  let titleOpen = false
  let baseHref: string | undefined
  let canonicalHref: string | undefined
  const meta = new Map<string, string>()
  const headings: Array<string> = []
  const mainText = new TextSink(LIMITS.text)
  const bodyText = new TextSink(LIMITS.text)
  let sawMain = false
  // Articles outside any main or article: one is the page's content (a post), several are cards
  // of a page whose content is all of it (a home page's "Reformer", "Mat", "Privates").
  let sawMainElement = false
  let topArticles = 0
  const jsonLd: Array<unknown> = []
  let jsonLdChars = 0
  const listings: Array<ProductHint> = []
  let lastTerm: string | undefined
  /** The paragraphs read so far in one element, for a card written as name, note and price lines. */
  let paragraphs: { readonly parent: Frame; lines: Array<string> } | undefined
  /** Open definition lists: the priced terms each read, and whether a term names an attribute. */
  const termLists: Array<{ readonly hints: Array<ProductHint>; spec: boolean }> = []
  /**
   * Open tables: whether the first header cell has been read, whether its rows are destinations,
   * how many rows have opened, and whether its first row heads columns of things compared.
   */
  const tables: Array<{ headed: boolean; destinations: boolean; rows: number; compared: boolean }> = []
  const listItems: Array<ListItem> = []
  const rawLinks: Array<string> = []
  const scopes: Array<Scope> = []
  let hasScripts = false
  let pendingScript: "json-ld" | "other" | undefined

  /** Blocks separate words in captured text too: `<td>Scone</td><td>$3</td>` reads "Scone $3". */
  const separateCaptures = (separator = " ") => {
    for (const capture of captures) {
      if (capture.text.length < 4_000) capture.text += separator
    }
  }
  const popTo = (index: number) => {
    while (stack.length > index) {
      const frame = stack.pop()!
      if (frame.capture !== undefined) {
        captures.splice(captures.lastIndexOf(frame.capture), 1)
        frame.capture.done(frame.capture.text)
      }
      if (frame.name === "table") tables.pop()
      if (frame.name === "dl") {
        // A spec sheet's priced terms price the page's product; they are no items of a list.
        const list = termLists.pop()
        if (list?.spec === true) for (const hint of list.hints) listings.splice(listings.indexOf(hint), 1)
      }
      if (!INLINE.has(frame.name)) {
        mainText.space()
        bodyText.space()
        // A card's heading is its title, apart from the text under it ("Sardinhas em azeite | Sardinha inteira …").
        separateCaptures(HEADINGS.has(frame.name) ? " | " : " ")
      }
    }
  }
  /** Index of the nearest open `names` element, not looking past a scope boundary. */
  const inScope = (names: ReadonlySet<string> | string, boundary: ReadonlySet<string> = SCOPE_BOUNDARY): number => {
    for (let i = stack.length - 1; i > 0; i--) {
      const name = stack[i]!.name
      if (typeof names === "string" ? name === names : names.has(name)) return i
      if (boundary.has(name)) return -1
    }
    return -1
  }

  const closeImplied = (name: string) => {
    if (CLOSES_P.has(name)) {
      const p = inScope("p", new Set([...SCOPE_BOUNDARY, "button"]))
      if (p > 0) popTo(p)
    }
    if (name === "li") {
      const li = inScope("li", new Set([...SCOPE_BOUNDARY, "ul", "ol", "menu"]))
      if (li > 0) popTo(li)
    }
    if (name === "dt" || name === "dd") {
      const item = inScope(new Set(["dt", "dd"]), new Set([...SCOPE_BOUNDARY, "dl"]))
      if (item > 0) popTo(item)
    }
    if (HEADINGS.has(name) && HEADINGS.has(top().name)) popTo(stack.length - 1)
    if ((name === "option" || name === "optgroup") && top().name === "option") popTo(stack.length - 1)
  }

  const open = (tag: StartTag) => {
    const parent = top()
    // Table cells read as columns: "Safety check | $49".
    // A line break inside a cell or line is a new line, as a browser shows it: "Thai massage<br>Stretching on
    // a mat" is a name over its note, not one run of words.
    // A row's spans are cells too (`<span class="name">Grasscloth</span><span class="maker">imported</span>`).
    const cell = tag.name === "td" || tag.name === "th" || tag.name === "br" || (tag.name === "span" && parent.cells)
    if (!INLINE.has(tag.name) || cell) separateCaptures(cell ? " | " : " ")
    const role = roleOf(tag)
    const name = tag.name
    const cells = (name === "div" || name === "article") && (CARD_CLASS.test(tag.attrs.get("class") ?? "") || ROW_CLASS.test(tag.attrs.get("class") ?? ""))
    const inSection = parent.inSection || SECTIONING.has(name)
    // A header or footer is page chrome only outside sectioning content, as for ARIA landmarks.
    const chrome = parent.chrome || name === "nav" || name === "aside" ||
      ((name === "header" || name === "footer") && !parent.inSection) ||
      ["navigation", "banner", "contentinfo", "complementary"].includes(role)
    const inMain = parent.inMain || name === "main" || name === "article" || role === "main"
    const dropped = parent.dropped || DROPPED.has(name) || isHidden(tag)
    if (inMain && !parent.inMain && !dropped) {
      sawMain = true
      if (name === "main" || role === "main") sawMainElement = true
      else topArticles += 1
    }

    let scope = parent.scope
    let capture: Capture | undefined
    const itemprop = (tag.attrs.get("itemprop") ?? "").trim().split(/\s+/).filter((p) => p !== "").map((p) => p.toLowerCase())
    if (tag.attrs.has("itemscope")) {
      const types = (tag.attrs.get("itemtype") ?? "").trim().split(/\s+/).map((t) => t.replace(/\/+$/, "").split("/").pop() ?? "")
      const child: Scope = { types, props: new Map() }
      if (scopes.length < 200) scopes.push(child)
      if (parent.scope !== undefined) for (const p of itemprop) pushProp(parent.scope, p, child)
      scope = child
    } else if (itemprop.length > 0 && parent.scope !== undefined) {
      const owner = parent.scope
      const direct = tag.attrs.get("content") ?? tag.attrs.get(MICRODATA_URL_ATTRIBUTE[name] ?? "") ??
        (name === "time" ? tag.attrs.get("datetime") : undefined) ??
        (name === "data" || name === "meter" ? tag.attrs.get("value") : undefined)
      if (direct !== undefined) for (const p of itemprop) pushProp(owner, p, direct)
      else if (!VOID.has(name)) capture = { text: "", done: (text) => itemprop.forEach((p) => pushProp(owner, p, text)) }
    }
    // One capture per element, feeding every reader of its text (microdata, heading, listing, link).
    // Most elements read nothing: the list is made only for those that do.
    let readers: Array<(text: string) => void> | undefined
    const read = (reader: (text: string) => void) => {
      readers ??= capture === undefined ? [] : [capture.done]
      readers.push(reader)
    }
    if (!dropped && (name === "h1" || name === "h2" || name === "h3") && headings.length < LIMITS.headings) {
      read((text) => {
        const clean = collapse(text, LIMITS.heading)
        if (clean !== "" && headings.length < LIMITS.headings) headings.push(clean)
      })
    }
    if (name === "tr" && tables.length > 0) tables.at(-1)!.rows += 1
    if (name === "th" && tables.at(-1)?.headed === false) {
      const table = tables.at(-1)!
      table.headed = true
      read((text) => {
        table.destinations = DESTINATION_HEADER.test(collapse(text, 80))
        // A comparison's corner cell is empty: the other headers of its row name what is compared.
        table.compared = table.rows === 1 && collapse(text, 80) === ""
      })
    } else if (name === "th" && tables.at(-1)?.compared === true && tables.at(-1)!.rows === 1 && !dropped && !parent.inert && captures.length < 4) {
      // "Classic Party | Mega Party | Glow Party", "Blown-in cellulose | Blown-in fibreglass": the
      // columns of a comparison table are the things on offer, compared row by row below.
      read((text) => {
        const hint = comparedHint(text)
        if (hint !== undefined && listings.length < LIMITS.listings) listings.push(hint)
      })
    }
    // A definition list's term is an item too ("Bathroom tiling" over its note, "Orchard walk" over
    // its times): a services page or a menu written as terms and notes lists what is sold. A spec
    // sheet's term ("Weight", "Lead time") names a property of the page's product, never an item;
    // a term of one word names a group its note lists ("Regency" over "Empire-line dresses,
    // tailcoats", "1920s"), unless it names work done ("Regrouting").
    if ((name === "li" || name === "dt") && !dropped && !parent.inert && !chrome && listItems.length < LIMITS.listItems && captures.length < 4) {
      const last = headings.at(-1)
      const heading = last === undefined ? null : collapse(last, LIMITS.listItem)
      read((text) => {
        const clean = collapse(text, LIMITS.listItem)
        if (name === "dt" && (isAttributeTerm(clean) || /^[\p{L}\p{N}'’-]+(?<!ing)$/u.test(clean))) return
        if (clean !== "" && listItems.length < LIMITS.listItems) listItems.push({ heading, text: clean })
      })
    }
    // A card or line holds a few elements; deeper nesting of captures is no listing (and would cost
    // each text token once per open capture).
    if (!dropped && !parent.inert && listings.length < LIMITS.listings && captures.length < 4) {
      // A menu line, price-list row, priced heading or product card: a name with its price.
      // (A row of spans, "Hydrometer and test jar | $24", is a price list's line like a table's.)
      if (cells || LISTING_ITEMS.has(name) || HEADINGS.has(name)) {
        read((text) => {
          // A price list as terms and their prices (`<dt>Casual mat class</dt><dd>$25</dd>`, or
          // `<dd>oak · walnut from $2,900</dd>`): a term without a price is named by the price under it.
          // A note under its term is about the term: its words are no name of their own.
          const hint = name === "dd" && lastTerm !== undefined ? termPriceHint(lastTerm, text) : listingHint(text)
          lastTerm = name === "dt" && hint === undefined ? text : undefined
          const list = name === "dt" || name === "dd" ? termLists.at(-1) : undefined
          if (list !== undefined && name === "dt" && isAttributeTerm(text)) list.spec = true
          // "Shannon Airport | €290" under "From Galway to": where a fare goes, not a thing sold.
          const destination = name === "tr" && tables.at(-1)?.destinations === true
          if (hint !== undefined && !destination && listings.length < LIMITS.listings) {
            listings.push(hint)
            list?.hints.push(hint)
          }
        })
      } else if (name === "p") {
        // A shop written one paragraph per item ("Card holder – $48"), or a menu's run-on line of
        // items ("Reuben $13 · Żurek soup $6"); prose with a price is no line. Or a card of
        // paragraphs: its name, a note, then its price alone.
        read((text) => {
          const line = collapse(text, 300)
          const hints = paragraphLineHints(text)
          for (const hint of hints) if (listings.length < LIMITS.listings) listings.push(hint)
          if (paragraphs?.parent !== parent) paragraphs = { parent, lines: [] }
          const card = hints.length === 0 ? nameNotePriceHint(paragraphs.lines, line) : undefined
          if (card !== undefined && listings.length < LIMITS.listings) listings.push(card)
          paragraphs.lines = card !== undefined || hints.length > 0 ? [] : line === "" ? paragraphs.lines : [...paragraphs.lines, line].slice(-3)
        })
      }
      // A link into a shop, menu or services section, in the page's content (not its navigation).
      // A link to the page itself ("#", "#top": a cookie banner's "Accept", a "Back to top") names nothing on offer.
      const href = name === "a" ? tag.attrs.get("href") : undefined
      if (href !== undefined && !parent.chrome && !href.trim().startsWith("#")) {
        read((text) => {
          const target = resolveHttpUrl(href, baseHref === undefined ? pageUrl : resolveHttpUrl(baseHref, pageUrl) ?? pageUrl)
          const hint = target === null || target === resolveHttpUrl(pageUrl, pageUrl) ? undefined : linkHint(text, target)
          if (hint !== undefined && listings.length < LIMITS.listings) listings.push(hint)
        })
      }
    }
    if (readers !== undefined) {
      const all = readers
      capture = { text: "", done: (text) => all.forEach((reader) => reader(text)) }
    }
    if (VOID.has(name) || (tag.selfClosing && (parent.dropped || name === "svg" || name === "math"))) return
    if (stack.length >= LIMITS.depth) return
    const inert = parent.inert || name === "template"
    const foreign = parent.foreign || name === "svg" || name === "math"
    const frame: Frame = { name, dropped, inert, foreign, chrome, inMain, inSection, scope, capture, cells }
    stack.push(frame)
    if (name === "dl") termLists.push({ hints: [], spec: false })
    if (name === "table") tables.push({ headed: false, destinations: false, rows: 0, compared: false })
    if (capture !== undefined) captures.push(capture)
  }

  const pushProp = (scope: Scope, prop: string, value: string | Scope) => {
    const list = scope.props.get(prop) ?? []
    if (list.length < 20) list.push(value)
    scope.props.set(prop, list)
  }

  const close = (name: string) => {
    if (HEADINGS.has(name)) {
      const at = inScope(HEADINGS)
      if (at > 0) popTo(at)
      return
    }
    if (SPECIAL.has(name)) {
      const at = inScope(name)
      if (at > 0) popTo(at)
      return
    }
    // Any other end tag closes the nearest element of its name, unless a special element is
    // in the way: `<span><div></span>` leaves the div (and the span) open.
    for (let i = stack.length - 1; i > 0; i--) {
      const frame = stack[i]!
      if (frame.name === name) return popTo(i)
      if (SPECIAL.has(frame.name)) return
    }
  }

  const addText = (text: string) => {
    for (const capture of captures) {
      if (capture.text.length < 4_000) capture.text += text
    }
    const frame = top()
    if (frame.dropped) return
    if (frame.inMain && !frame.chrome) mainText.add(text)
    if (!frame.chrome) bodyText.add(text)
  }

  for (const token of tokenize(html)) {
    switch (token.type) {
      case "text":
        addText(token.text)
        break
      case "start": {
        const { attrs, name } = token
        if (name === "html" || name === "head" || name === "body") break
        if (name === "base" && baseHref === undefined && attrs.has("href")) baseHref = attrs.get("href")
        if (name === "link" && canonicalHref === undefined && relTokens(token).includes("canonical") && attrs.has("href")) {
          canonicalHref = attrs.get("href")
        }
        if ((name === "a" || name === "area") && attrs.has("href") && rawLinks.length < LIMITS.links * 4) {
          if (!top().inert) rawLinks.push(attrs.get("href")!)
        }
        if (name === "meta") {
          const key = (attrs.get("property") ?? attrs.get("name") ?? "").trim().toLowerCase()
          const content = attrs.get("content")
          if (key !== "" && content !== undefined && !meta.has(key) && meta.size < 200) meta.set(key, content)
        }
        if (name === "script") {
          const type = (attrs.get("type") ?? "").split(";")[0]!.trim().toLowerCase()
          pendingScript = type === "application/ld+json" ? "json-ld" : JS_TYPES.test(type) ? "other" : undefined
          if (pendingScript === "other" && !top().inert) hasScripts = true
          break
        }
        if (name === "title" || name === "style" || name === "noscript" || name === "textarea" || name === "iframe" ||
          name === "xmp" || name === "noembed" || name === "noframes" || name === "plaintext") {
          // Raw-text elements: their content arrives as one raw token and is not content.
          if (name === "title" && title === undefined && !top().foreign && !top().inert) titleOpen = true
          break
        }
        closeImplied(name)
        open(token)
        if (name === "br" || name === "img" || name === "hr") {
          mainText.space()
          bodyText.space()
        }
        break
      }
      case "end":
        if (token.name === "html" || token.name === "head" || token.name === "body") break
        if (["script", "title", "style", "noscript", "textarea", "iframe", "xmp", "noembed", "noframes", "plaintext"].includes(token.name)) {
          pendingScript = undefined
          break
        }
        close(token.name)
        break
      case "raw":
        if (token.name === "title" && titleOpen && title === undefined) title = collapse(token.text, LIMITS.title)
        if (token.name === "script" && pendingScript === "json-ld" && !top().inert && jsonLd.length < LIMITS.jsonLdBlocks) {
          if (token.text.length <= LIMITS.jsonLdBlockChars && jsonLdChars + token.text.length <= LIMITS.jsonLdTotalChars) {
            const parsed = parseJsonLd(token.text)
            if (parsed !== undefined && typeof parsed === "object" && parsed !== null) {
              jsonLd.push(parsed)
              jsonLdChars += token.text.length
            }
          }
        }
        break
    }
  }
  popTo(1)

  const base = resolveHttpUrl(baseHref, pageUrl) ?? pageUrl
  const links: Array<string> = []
  const seenLinks = new Set<string>()
  for (const href of rawLinks) {
    const url = resolveHttpUrl(href, base)
    if (url === null || seenLinks.has(url) || !isSameSite(url, pageUrl)) continue
    seenLinks.add(url)
    links.push(url)
    if (links.length >= LIMITS.links) break
  }

  const metaText = (key: string, max: number) => collapse(meta.get(key) ?? "", max)
  const pageTitle = title !== undefined && title !== "" ? title : metaText("og:title", LIMITS.title)
  const description = metaText("description", LIMITS.description) || metaText("og:description", LIMITS.description)

  const products: Array<ProductHint> = []
  addProducts(products, productsFromJsonLd(jsonLd, base))
  addProducts(products, microdataProducts(scopes, base))
  const ogType = metaText("og:type", 50).toLowerCase()
  const ogPrice = metaText("product:price:amount", 40) || metaText("og:price:amount", 40)
  if (ogType === "product" || ogType === "product.item" || ogType === "og:product" || ogPrice !== "") {
    const name = metaText("og:title", 300) || pageTitle
    if (name !== "") {
      addProducts(products, [{
        name,
        description: metaText("og:description", 2000) || null,
        sku: metaText("product:retailer_item_id", 100) || null,
        price: ogPrice || null,
        currency: (metaText("product:price:currency", 10) || metaText("og:price:currency", 10)) || null,
        url: resolveHttpUrl(meta.get("og:url"), base),
        image: resolveHttpUrl(meta.get("og:image"), base),
        source: "opengraph"
      }])
    }
  }

  addProducts(products, listings)

  return {
    title: pageTitle,
    description,
    canonical: resolveHttpUrl(canonicalHref, base),
    headings,
    text: sawMain && (sawMainElement || topArticles === 1) && mainText.toString() !== "" ? mainText.toString() : bodyText.toString(),
    jsonLd,
    products,
    listItems,
    links,
    siteNames: { ...siteNamesFromJsonLd(jsonLd), openGraph: metaText("og:site_name", 300) || null },
    hasScripts
  }
}
