/** Which language a site writes in, as far as the generators need to know. */

/** The words prose cannot do without, in English and in the languages sites around it are written in. */
const ENGLISH_FUNCTION_WORDS = new Set(["the", "and", "of", "to", "for", "is", "are", "with", "you", "your", "we", "our", "on", "at", "it", "this"])
const OTHER_FUNCTION_WORDS = new Set(
  `der die das und mit für ist wir nicht ein eine auf den dem zu von el los las y que con para por es una del le les et des du une
  est pour avec nous vous di che della il è het een van voor met och att för på med og til af ikke também não uma
  nie się jest że dla oraz przez są nasz nasza nasze naszych także jsme nebo také jako který která které vás naše náš při jsou
  ve bir bu için ile olarak çok daha gibi ancak veya sizin bizim olan kadar sonra`.split(/\s+/)
)

/** The languages a site is told apart in: English and those of the function words above. */
export type SiteLanguage = "en" | "de" | "es" | "fr" | "it" | "pt" | "nl" | "da" | "no" | "sv" | "pl" | "cs" | "tr"

/**
 * Words each language writes often and its neighbours do not ("la" is French, Spanish and Italian
 * alike, "pour" French only): the language whose own words a text holds most is the one it is in.
 */
const OWN_FUNCTION_WORDS: ReadonlyArray<readonly [Exclude<SiteLanguage, "en">, ReadonlySet<string>]> = (
  [
    ["de", "der die das und mit für ist wir nicht ein eine auf dem zu von sie auch bei oder ihre unsere"],
    ["fr", "le les et des du une est pour avec nous vous au aux dans sur votre vos notre nos"],
    ["es", "el los las y con para por es del al su sus nuestro nuestra nuestros muy"],
    ["it", "il di che della delle dei gli è per nel alla sono nostro nostra nostri"],
    ["pt", "também não uma em os das dos ao são você nosso nossa nossos"],
    ["nl", "het een van voor met wij zijn bij ook niet onze uw"],
    ["da", "af ikke jeres vores også hos"],
    ["no", "av ikke deres våre vår også hos"],
    ["sv", "och att för av är som till inte våra vår också hos"],
    // (Polish "i", "w", "do", "na" and "to" are English words too: left out.)
    ["pl", "nie się jest że dla oraz przez są nasz nasza nasze naszych także"],
    // (Czech "a", "v", "na", "pro" and "je" are words of English or French too; "jako" of Polish.)
    ["cs", "jsme nebo také který která které vás naše náš při jsou"],
    // (Turkish "de", "da", "her" and "size" are words of other languages too.)
    ["tr", "ve bir bu için ile olarak çok daha gibi ancak veya sizin bizim olan kadar sonra"]
  ] as const
).map(([language, words]) => [language, new Set(words.split(" "))] as const)

const wordsOf = (texts: ReadonlyArray<string>): Array<string> => texts.flatMap((t) => t.toLowerCase().match(/\p{L}+/gu) ?? [])

/**
 * Whether a site writes in English: the function words of its texts are more often English than
 * German, Spanish, French, Italian, Dutch, Portuguese, Scandinavian, Polish, Czech or Turkish ones. A price list without
 * any counts as English, the generator's language.
 */
export const writesEnglish = (texts: ReadonlyArray<string>): boolean => {
  const words = wordsOf(texts)
  const english = words.filter((w) => ENGLISH_FUNCTION_WORDS.has(w)).length
  const other = words.filter((w) => OTHER_FUNCTION_WORDS.has(w)).length
  return other < 5 || english >= other
}

/**
 * The language a site writes in: English whenever `writesEnglish` says so, otherwise the language
 * whose own function words its texts hold most (the first listed on a tie).
 */
export const siteLanguage = (texts: ReadonlyArray<string>): SiteLanguage => {
  if (writesEnglish(texts)) return "en"
  const words = wordsOf(texts)
  const counts = OWN_FUNCTION_WORDS.map(([language, own]) => ({ language, count: words.filter((w) => own.has(w)).length }))
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).language
}

/**
 * English words a short text of the generator's shows its language by: the function words above
 * (without "on", which French writes too) and the words of English questions and frames ("how
 * much", "price", "near"). None is a word French, German, Spanish, Italian or Portuguese writes.
 */
const ENGLISH_MARKERS = new Set([
  ...[...ENGLISH_FUNCTION_WORDS].filter((w) => w !== "on"),
  ..."how what where which who does can much near best price prices cost costs open hours reviews offers lists listed".split(" ")
])

/**
 * Whether one text (a FAQ question or answer, a paragraph) is English on a site written in
 * `language`: it holds more English words than words of that language or its neighbours. A text
 * with neither ("Contrat Sérénité : 89 €") is the site's. Reads at most the first 2,000 characters.
 */
export const readsAsEnglish = (text: string, language: SiteLanguage): boolean => {
  if (language === "en") return true
  const words = wordsOf([text.slice(0, 2000)])
  const own = OWN_FUNCTION_WORDS.find(([l]) => l === language)?.[1] ?? new Set<string>()
  const english = words.filter((w) => ENGLISH_MARKERS.has(w)).length
  const other = words.filter((w) => own.has(w) || OTHER_FUNCTION_WORDS.has(w)).length
  return english > other
}
