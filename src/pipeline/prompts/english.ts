/**
 * English word forms for prompt text. Pure.
 */
import { fold, squish } from "./prompt-text.ts"

/**
 * A phrase as it should read inside a sentence: Title Case lowered (`Wedding Cakes` → `wedding
 * cakes`), acronyms and camel-cased names kept (`SEO`, `iPhone`), and trailing punctuation dropped.
 */
export const displayPhrase = (phrase: string, proper: ReadonlySet<string> = new Set()): string =>
  squish(phrase)
    .replace(/^[\s\-–—:•·|*#]+|[\s\-–—:•·|*.!?,;]+$/gu, "")
    .split(" ")
    .map((word) => {
      if (/^\p{Lu}{2,}s?$/u.test(word) || /\p{Ll}\p{Lu}/u.test(word) || /\d/u.test(word)) return word
      // The place keeps its capital (`sourdough from Lyon`).
      if (/^\p{Lu}\p{Ll}+$/u.test(word) && proper.has(fold(word))) return word
      return word.toLowerCase()
    })
    .join(" ")
