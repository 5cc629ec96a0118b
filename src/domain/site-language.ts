/** Which language a site writes in, as far as the generators need to know: English or not. */

/** The words prose cannot do without, in English and in the languages sites around it are written in. */
const ENGLISH_FUNCTION_WORDS = new Set(["the", "and", "of", "to", "for", "is", "are", "with", "you", "your", "we", "our", "on", "at", "it", "this"])
const OTHER_FUNCTION_WORDS = new Set(
  `der die das und mit für ist wir nicht ein eine auf den dem zu von el los las y que con para por es una del le les et des du une
  est pour avec nous vous di che della il è het een van voor met och att för på med og til af ikke também não uma`.split(/\s+/)
)

/**
 * Whether a site writes in English: the function words of its texts are more often English than
 * German, Spanish, French, Italian, Dutch, Portuguese or Scandinavian ones. A price list without
 * any counts as English, the generator's language.
 */
export const writesEnglish = (texts: ReadonlyArray<string>): boolean => {
  const words = texts.flatMap((t) => t.toLowerCase().match(/\p{L}+/gu) ?? [])
  const english = words.filter((w) => ENGLISH_FUNCTION_WORDS.has(w)).length
  const other = words.filter((w) => OTHER_FUNCTION_WORDS.has(w)).length
  return other < 5 || english >= other
}
