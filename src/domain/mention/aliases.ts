/**
 * Derived spellings of a name (`aliasesFor`): legal suffixes stripped, "&"/"and"/"+", hyphens,
 * apostrophes, diacritics.
 */
import { GENERIC_BUSINESS_WORDS } from "./lexicon.ts"
import { wordsOf } from "./words.ts"

const LEGAL_SUFFIX = new RegExp(
  String.raw`(?:,?\s+|\s*[&+]\s*)(?:inc\.?|incorporated|llc\.?|l\.l\.c\.?|ltd\.?|limited|gmbh|co\.?,?\s+ltd\.?|co\.?|corp\.?|corporation|company|plc\.?|llp\.?|pllc\.?|p\.c\.|pc|l\.?p\.?|s\.a\.|sas|sarl|s\.r\.l\.?|srl|s\.p\.a\.?|spa|ag|kg|b\.v\.?|bv|n\.v\.?|nv|pty\.?\s+ltd\.?|pty\.?|oy|a/s|aps|k\.k\.|ltda\.?|lda\.?|eireli|s\.l\.|s\.l\.u\.|e\.k\.|gbr|ohg|mbh|sp\.\s*z\s*o\.o\.|s\.a\.s\.|s\.a\.\s+de\s+c\.v\.)$`,
  "i",
)
// Short suffixes that are also ordinary words or initials: only when written in capitals.
const LEGAL_SUFFIX_UPPER = /,?\s+(?:SA|AB|AS|LP|NV|BV|AG)$/

const GENERIC_ONLY = (s: string): boolean =>
  wordsOf(s).every((w) => GENERIC_BUSINESS_WORDS.has(w) || /^(?:the|a|an|and|of)$/.test(w))

/**
 * Derived spellings of a name, without the name itself: legal suffixes stripped (Inc, LLC, Ltd,
 * GmbH, Co., Corp, "& Co.", "+ Co" …), a leading "The" dropped, "&" ↔ "and", hyphens as spaces,
 * apostrophes dropped, and the diacritic-folded form of each. Spellings made only of generic
 * business words ("Coffee", "The Bakery") or shorter than two characters are left out. "&" or
 * "and" is also written "+", and "&" without spaces.
 * `Acme Café, LLC` → `Acme Café`, `Acme Cafe, LLC`, `Acme Cafe`.
 */
export const aliasesFor = (name: string): ReadonlyArray<string> => {
  const base = name.trim().replace(/\s+/g, " ")
  if (base === "") return []
  const forms: Array<string> = [base]
  const addForm = (s: string): void => {
    const clean = s.trim().replace(/\s+/g, " ").replace(/[,\s]+$/, "")
    if (clean !== "" && !forms.includes(clean)) forms.push(clean)
  }
  // Suffixes can stack ("Acme Holdings Co., Ltd."), so strip repeatedly.
  let stripped = base
  for (let k = 0; k < 3; k++) {
    // "Mabel and Co." → "Mabel", not "Mabel and".
    const next = stripped.replace(LEGAL_SUFFIX, "").replace(LEGAL_SUFFIX_UPPER, "").trim().replace(/\s+(?:and|\+)$/i, "")
    if (next === stripped || next === "") break
    stripped = next
  }
  addForm(stripped)
  for (const f of [...forms]) if (/^the\s+/i.test(f)) addForm(f.replace(/^the\s+/i, ""))
  for (const f of [...forms]) {
    if (/\s&\s/.test(f)) addForm(f.replace(/\s&\s/g, " and "))
    if (/\sand\s/i.test(f)) addForm(f.replace(/\sand\s/gi, " & "))
    // "Sable + Stone": a plus sign stands for "&" in some brands' own spelling, and "Sable&Stone"
    // is "&" without spaces, as in a logo. Not in a firm's "& Co." or "& Sons".
    if (/\s(?:&|and)\s(?!(?:co|company|sons?|daughters?|brothers|sisters|bros|associates|partners)\b)/i.test(f)) {
      addForm(f.replace(/\s(?:&|and)\s/gi, " + "))
      if (/\s&\s/.test(f)) addForm(f.replace(/\s&\s/g, "&"))
    }
  }
  // Version 16. Two partners' names joined by "&" are joined in the firm's own language too
  // ("Castell y Brandt", "Moreau et Lenoir", "Maier und Kraus", "Costa e Lima"): only between two
  // capitalised words, never in "& Co.".
  for (const f of [...forms]) {
    if (/\p{Lu}[\p{L}'-]*\s&\s\p{Lu}/u.test(f) && !/&\s(?:co|company|sons?|daughters?|brothers|sisters|bros|associates|partners)\b/i.test(f)) {
      for (const joiner of [" y ", " e ", " et ", " und "]) addForm(f.replace(/\s&\s/g, joiner))
    }
  }
  for (const f of [...forms]) {
    if (/[\p{L}\p{N}]-[\p{L}\p{N}]/u.test(f)) addForm(f.replace(/([\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, "$1 "))
    if (/[\p{L}]['’][\p{L}]/u.test(f)) addForm(f.replace(/(\p{L})['’](?=\p{L})/gu, "$1"))
  }
  // Initials opening a name are written with dots too: "JW Appliance" as "J.W. Appliance" (not a
  // legal form at its end, "Volvo AB").
  for (const f of [...forms]) if (/^\p{Lu}{2,3}\s/u.test(f)) addForm(f.replace(/^(\p{Lu}{2,3})(?=\s)/u, (caps: string) => `${[...caps].join(".")}.`))
  for (const f of [...forms]) {
    const folded = f.normalize("NFKD").replace(/\p{M}/gu, "")
    if (folded !== f) addForm(folded)
  }
  const lowerBase = base.toLowerCase()
  const out: Array<string> = []
  for (const f of forms) {
    if (f.toLowerCase() === lowerBase && f === base) continue
    if (f.replace(/[^\p{L}\p{N}]/gu, "").length < 2 || GENERIC_ONLY(f)) continue
    if (out.some((o) => o.toLowerCase() === f.toLowerCase()) || f.toLowerCase() === lowerBase) continue
    out.push(f)
  }
  return out
}
