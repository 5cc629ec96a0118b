/**
 * Short forms of a business or product name that answers use without the user ever typing them
 * (`shortFormsOf`): the name without its trailing trade words, common short trade words, and
 * for a product its name after the brand's possessive.
 */
import { foldPlain } from "./fold.ts"
import { TRADE_VARIANTS, TRADE_WORDS } from "./lexicon.ts"
import { escapeRegExp } from "../regex.ts"

export interface ShortForms {
  /** Spellings of two words or more, read like any alias. */
  readonly aliases: ReadonlyArray<string>
  /** One distinctive word ("Foundry" for "Foundry Coworking"): counts only where presented as a business. */
  readonly heads: ReadonlyArray<string>
}

const LEGAL_TAIL = /(?:,?\s+(?:inc|llc|llp|pllc|ltd|corp|co|company|pc|pa|cpa)\.?)+$/i

const isTradeWord = (w: string): boolean => TRADE_WORDS.has(foldPlain(w).replace(/[^\p{L}\p{N}]/gu, ""))

const variantsOf = (form: string): Array<string> => {
  const out: Array<string> = []
  for (const [long, short] of TRADE_VARIANTS) {
    for (const [from, to] of [[long, short], [short, long]] as const) {
      const re = new RegExp(`(?<=\\s)${escapeRegExp(from)}$`, "i")
      if (re.test(form)) out.push(form.replace(re, to))
    }
  }
  return out
}

/**
 * `Evergreen Physical Therapy` → aliases `Evergreen PT`, `Evergreen Physical`, `Evergreen
 * Therapy`; head `Evergreen`. `JLM Auto Repair` → `JLM Auto`, head `JLM`. A product keeps its
 * brand and model: `Glowline Vitamin C Serum` → `Glowline Vitamin C`, `Glowline's Vitamin C
 * Serum`, no head. Forms are left out when they are the name itself or made only of trade words.
 */
export const shortFormsOf = (name: string, product: boolean): ShortForms => {
  const words = name.trim().replace(LEGAL_TAIL, "").split(/\s+/).filter((w) => w !== "")
  const aliases: Array<string> = []
  const heads: Array<string> = []
  if (words.length === 0) return { aliases, heads }
  const addAlias = (s: string): void => {
    if (s !== name && !aliases.includes(s) && s.split(" ").some((w) => !isTradeWord(w))) aliases.push(s)
  }
  const full = words.join(" ")
  addAlias(full)
  for (const v of variantsOf(full)) addAlias(v)
  // Trailing trade words dropped one by one, never the first word.
  for (let n = words.length - 1; n >= 1 && isTradeWord(words[n]!); n--) {
    const prefix = words.slice(0, n)
    if (prefix.length >= 2) {
      addAlias(prefix.join(" "))
      for (const v of variantsOf(prefix.join(" "))) addAlias(v)
    } else if (!product && !isTradeWord(prefix[0]!) && prefix[0]!.length >= 3) heads.push(prefix[0]!)
    if (product) break
  }
  // A leading trade word dropped: "Café Lumière" → "Lumière".
  if (!product && words.length === 2 && isTradeWord(words[0]!) && !isTradeWord(words[1]!) && words[1]!.length >= 3) heads.push(words[1]!)
  // The distinctive first word with the last trade word: "Koda Dog Training" → "Koda Training".
  if (!product && words.length === 3 && isTradeWord(words[2]!)) addAlias(`${words[0]} ${words[2]}`)
  if (product && words.length >= 2) addAlias(`${words[0]}'s ${words.slice(1).join(" ")}`)
  return { aliases, heads }
}
