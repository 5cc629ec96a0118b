/**
 * HTML character references, decoded as a browser would for the cases pages actually use:
 * numeric references (with the spec's replacements for NUL, surrogates, out-of-range values and
 * the windows-1252 range), the named references of Latin-1 and common punctuation, and the
 * legacy semicolon-less forms, which in attribute values stay literal before `=` or an
 * alphanumeric (`?a=1&copy=2` is a query, not `©`). Unknown names are left as written.
 */

const LATIN1 =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml"
    .split(" ")

const OTHERS: ReadonlyArray<readonly [string, number]> = [
  ["quot", 0x22], ["amp", 0x26], ["apos", 0x27], ["lt", 0x3c], ["gt", 0x3e], ["Tab", 0x09], ["NewLine", 0x0a],
  ["OElig", 0x152], ["oelig", 0x153], ["Scaron", 0x160], ["scaron", 0x161], ["Yuml", 0x178], ["fnof", 0x192],
  ["circ", 0x2c6], ["tilde", 0x2dc], ["ensp", 0x2002], ["emsp", 0x2003], ["thinsp", 0x2009], ["zwnj", 0x200c],
  ["zwj", 0x200d], ["lrm", 0x200e], ["rlm", 0x200f], ["hyphen", 0x2010], ["dash", 0x2010], ["ndash", 0x2013],
  ["mdash", 0x2014], ["lsquo", 0x2018], ["rsquo", 0x2019], ["sbquo", 0x201a], ["ldquo", 0x201c], ["rdquo", 0x201d],
  ["bdquo", 0x201e], ["dagger", 0x2020], ["Dagger", 0x2021], ["bull", 0x2022], ["hellip", 0x2026], ["permil", 0x2030],
  ["prime", 0x2032], ["Prime", 0x2033], ["lsaquo", 0x2039], ["rsaquo", 0x203a], ["oline", 0x203e], ["frasl", 0x2044],
  ["euro", 0x20ac], ["trade", 0x2122], ["larr", 0x2190], ["uarr", 0x2191], ["rarr", 0x2192], ["darr", 0x2193],
  ["harr", 0x2194], ["minus", 0x2212], ["infin", 0x221e], ["asymp", 0x2248], ["ne", 0x2260], ["le", 0x2264],
  ["ge", 0x2265], ["star", 0x2606], ["starf", 0x2605], ["hearts", 0x2665], ["check", 0x2713], ["cross", 0x2717]
]

const NAMED = new Map<string, string>([
  ...LATIN1.map((name, i) => [name, String.fromCharCode(0xa0 + i)] as const),
  ...OTHERS.map(([name, code]) => [name, String.fromCharCode(code)] as const)
])

// The names the HTML spec also recognizes without a semicolon.
const LEGACY = new Set([...LATIN1, "quot", "amp", "lt", "gt", "QUOT", "AMP", "LT", "GT", "COPY", "REG"])
const LEGACY_VALUE: Readonly<Record<string, string>> = { QUOT: "\"", AMP: "&", LT: "<", GT: ">", COPY: "©", REG: "®" }

const WINDOWS_1252: Readonly<Record<number, number>> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02c6,
  0x89: 0x2030, 0x8a: 0x0160, 0x8b: 0x2039, 0x8c: 0x0152, 0x8e: 0x017d, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201c,
  0x94: 0x201d, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02dc, 0x99: 0x2122, 0x9a: 0x0161, 0x9b: 0x203a,
  0x9c: 0x0153, 0x9e: 0x017e, 0x9f: 0x0178
}

const fromNumeric = (digits: string, radix: 10 | 16): string => {
  if (digits.length > 8) return "\uFFFD"
  const code = parseInt(digits, radix)
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\uFFFD"
  return String.fromCodePoint(WINDOWS_1252[code] ?? code)
}

const REFERENCE = /&(?:#[xX]([0-9a-fA-F]+);?|#([0-9]+);?|([A-Za-z][A-Za-z0-9]*)(;?))/g

export const decodeEntities = (text: string, inAttribute = false): string => {
  if (!text.includes("&")) return text
  return text.replace(REFERENCE, (whole: string, hex?: string, dec?: string, name?: string, semi?: string, ...rest: Array<unknown>) => {
    if (hex !== undefined) return fromNumeric(hex, 16)
    if (dec !== undefined) return fromNumeric(dec, 10)
    if (name === undefined) return whole
    if (semi === ";") {
      const value = NAMED.get(name)
      if (value !== undefined) return value
    }
    // Longest legacy name that prefixes the run of letters, as the spec's tokenizer does.
    for (let end = Math.min(name.length, 8); end >= 2; end--) {
      const prefix = name.slice(0, end)
      if (!LEGACY.has(prefix)) continue
      const tail = name.slice(end) + (semi ?? "")
      if (inAttribute) {
        const next = semi === ";" ? ";" : text[(rest[0] as number) + whole.length]
        if (end < name.length || next === "=") return whole
      }
      return (LEGACY_VALUE[prefix] ?? NAMED.get(prefix) ?? whole) + tail
    }
    return whole
  })
}
