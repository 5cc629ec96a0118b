/**
 * Prompt templates in the languages of sites not written in English: a customer of a repair shop
 * in Liège asks in French, and an offering's name from the site ("réparation de lave-linge") reads
 * as nobody's question inside an English sentence.
 *
 * The forms are those people type there: keyword searches ("réparation de lave-linge Liège",
 * "Fahrradwerkstatt Köln Preise") and questions in fixed frames whose grammar holds for a noun of
 * any gender or number. No adjective or pronoun agrees with the offering or the category ("pas
 * cher" and "ouvert" would): the name stands bare, before a colon, after a preposition or in a
 * keyword search. Names are used as the site writes them; nothing is translated. Dutch,
 * Scandinavian and Polish sites are asked the same way ("fietsreparatie in de buurt", "Var hittar
 * jag däckbyte i Uppsala?", "wymiana opon Kraków cena").
 */
import type { SiteLanguage } from "../../domain/site-language.ts"
import { isRemote } from "./offering-frames.ts"
import { PROBE, type PromptTemplate, t } from "./templates.ts"

/** The languages with templates of their own. */
export type LocalLanguage = "de" | "es" | "fr" | "it" | "pt" | "nl" | "da" | "no" | "sv" | "pl"

const LOCAL_LANGUAGES: ReadonlySet<SiteLanguage> = new Set<SiteLanguage>(["de", "es", "fr", "it", "pt", "nl", "da", "no", "sv", "pl"])

export const isLocalLanguage = (language: SiteLanguage | undefined): language is LocalLanguage =>
  language !== undefined && LOCAL_LANGUAGES.has(language)

const ENGLISH_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

/** "On Sunday" in each language, from the facts' English day names, Monday first. */
const ON_DAY: Readonly<Record<LocalLanguage, ReadonlyArray<string>>> = {
  de: ["am Montag", "am Dienstag", "am Mittwoch", "am Donnerstag", "am Freitag", "am Samstag", "am Sonntag"],
  es: ["el lunes", "el martes", "el miércoles", "el jueves", "el viernes", "el sábado", "el domingo"],
  fr: ["le lundi", "le mardi", "le mercredi", "le jeudi", "le vendredi", "le samedi", "le dimanche"],
  it: ["di lunedì", "di martedì", "di mercoledì", "di giovedì", "di venerdì", "di sabato", "di domenica"],
  // (Portuguese weekdays are feminine, Saturday and Sunday masculine: "à segunda-feira", "ao domingo".)
  pt: ["à segunda-feira", "à terça-feira", "à quarta-feira", "à quinta-feira", "à sexta-feira", "ao sábado", "ao domingo"],
  nl: ["op maandag", "op dinsdag", "op woensdag", "op donderdag", "op vrijdag", "op zaterdag", "op zondag"],
  da: ["på mandag", "på tirsdag", "på onsdag", "på torsdag", "på fredag", "på lørdag", "på søndag"],
  no: ["på mandag", "på tirsdag", "på onsdag", "på torsdag", "på fredag", "på lørdag", "på søndag"],
  sv: ["på måndag", "på tisdag", "på onsdag", "på torsdag", "på fredag", "på lördag", "på söndag"],
  // (Polish "we" before the cluster of "wtorek".)
  pl: ["w poniedziałek", "we wtorek", "w środę", "w czwartek", "w piątek", "w sobotę", "w niedzielę"]
}

const onDay = (language: LocalLanguage, day: string): string => ON_DAY[language][ENGLISH_DAYS.indexOf(day)] ?? day

/**
 * "In <town>" where the town's name opens with an article, which joins the preposition: French
 * "au Havre", "aux Sables-d'Olonne" ("à La Rochelle" stays); Italian "alla Spezia", "all'Aquila".
 * (Portuguese gives many towns an article no name shows, "no Porto" but "em Lisboa": its templates
 * put the town after a comma or before a colon instead, where no preposition is needed.)
 */
const inFrench = (place: string | null): string =>
  (place ?? "").replace(/^(?:(Le)|(Les)) (?=\p{Lu})|^/u, (_m, le?: string, les?: string) => (le !== undefined ? "au " : les !== undefined ? "aux " : "à "))
const inItalian = (place: string | null): string =>
  (place ?? "").replace(/^(?:(La|Lo) (?=\p{Lu})|(L)['’](?=\p{Lu})|(Il) (?=\p{Lu})|(I) (?=\p{Lu}))|^/u, (_m, laLo?: string, l?: string, il?: string, i?: string) =>
    laLo !== undefined ? `al${laLo.toLowerCase()} ` : l !== undefined ? "all'" : il !== undefined ? "al " : i !== undefined ? "ai " : "a ")

/** Spanish "o" and "y" before the sound they would run into: "tapas u ostras", "vinos e infusiones". */
const spanishOr = (next: string) => (/^h?o/iu.test(next) ? "u" : "o")
const spanishAnd = (next: string) => (/^h?i(?![aeou])/iu.test(next) ? "e" : "y")

const TEMPLATES_BY_LANGUAGE: Readonly<Record<LocalLanguage, ReadonlyArray<PromptTemplate>>> = {
  fr: [
    t("fr-discovery-keyword", "discovery", (s) => `${s.offering} ${s.place}`, ["place"]),
    t("fr-discovery-category", "discovery", (s) => `${s.category} ${s.place}`, ["place"]),
    t("fr-discovery-category-for", "discovery", (s) => `${s.category} pour ${s.offering} ${inFrench(s.place)}`, ["place", "distinct"]),
    t("fr-price-category", "price", (s) => `${s.category} ${s.place} tarifs`, ["place"]),
    t("fr-discovery-where", "discovery", (s) => `Où trouver ${s.offering} ${inFrench(s.place)}?`, ["place"]),
    t("fr-discovery-best-addresses", "discovery", (s) => `meilleures adresses pour ${s.offering} ${inFrench(s.place)}`, ["place"]),
    t("fr-discovery-quality", "discovery", (s) => `${s.offering} de qualité ${inFrench(s.place)}`, ["place"]),
    t("fr-local-near-me", "local", (s) => `${s.offering} près de chez moi`, ["local", "present"]),
    t("fr-local-category", "local", (s) => `${s.category} près de chez moi`, ["local"]),
    t("fr-local-category-for", "local", (s) => `${s.category} pour ${s.offering} près de chez moi`, ["local", "distinct", "present"]),
    t("fr-reviews-category-for", "reviews", (s) => `avis ${s.category} pour ${s.offering} ${inFrench(s.place)}`, ["place", "distinct"]),
    t("fr-comparison-choose", "comparison", (s) => `${s.offering} ou ${s.other}: que choisir?`, ["alike", "other"]),
    t("fr-comparison-difference", "comparison", (s) => `différence entre ${s.offering} et ${s.other}`, ["alike", "other"]),
    t("fr-price-keyword", "price", (s) => `prix ${s.offering} ${s.place}`, ["place"]),
    t("fr-price-how-much", "price", (s) => `${s.offering}: combien ça coûte?`),
    t("fr-price-rates", "price", (s) => `${s.offering} tarifs`),
    t("fr-hours-category", "hours", (s) => `horaires ${s.category} ${s.place}`, ["place", "visit"]),
    t("fr-hours-category-day", "hours", (s) => `${s.category} ${s.place} ${onDay("fr", s.day).replace(/^le /u, "")}`, ["place", "day"]),
    t("fr-hours-offering-day", "hours", (s) => `Où trouver ${s.offering} ${onDay("fr", s.day)} ${inFrench(s.place)}?`, ["place", "day", "dated"]),
    t("fr-hours-weekend", "hours", (s) => `${s.offering} le week-end ${inFrench(s.place)}`, ["place", "weekend", "dated"]),
    t("fr-reviews-keyword", "reviews", (s) => `${s.offering} ${s.place} avis`, ["place"]),
    t("fr-reviews-category", "reviews", (s) => `${s.category} ${s.place} avis`, ["place"]),
    t("fr-reviews-advice", "reviews", (s) => `${s.offering} ${inFrench(s.place)}: quelle adresse conseillez-vous?`, ["place"]),
    t("fr-how-to-choose", "how-to", (s) => `${s.offering}: comment bien choisir?`),
    t("fr-how-to-know", "how-to", (s) => `${s.offering}: ce qu'il faut savoir avant de se décider`),
    t("fr-how-to-category-for", "how-to", (s) => `${s.category} pour ${s.offering}: comment choisir?`, ["distinct"]),
    t("fr-price-category-for", "price", (s) => `${s.category} pour ${s.offering}: quel tarif?`, ["distinct"]),
    t("fr-alternatives-offering", "alternatives", (s) => `alternatives à ${s.offering}`),
    t("fr-alternatives-cheaper", "alternatives", (s) => `${s.offering}: des alternatives moins chères ${inFrench(s.place)}?`, ["place"]),
    t("fr-problem-overpaying", "problem", (s) => `${s.offering}: comment éviter de payer trop cher?`),
    t("fr-problem-first-time", "problem", (s) => `${s.offering} pour la première fois: quels conseils?`),
    t("fr-brand-reviews", "brand", (s) => `${s.name} avis`),
    t("fr-brand-offering", "brand", (s) => `${s.name} ${s.offering}`),
    t("fr-brand-hours", "brand", (s) => `${s.name} horaires`, ["business", "day"]),
    t("fr-brand-alternatives", "brand", (s) => `alternatives à ${s.name}`, ["business"]),
    t("fr-brand-price", "brand", (s) => `${s.name} ${s.offering} prix`)
  ],
  de: [
    t("de-discovery-keyword", "discovery", (s) => `${s.offering} ${s.place}`, ["place"]),
    t("de-discovery-category", "discovery", (s) => `${s.category} ${s.place}`, ["place"]),
    t("de-discovery-category-for", "discovery", (s) => `${s.category} für ${s.offering} in ${s.place}`, ["place", "distinct"]),
    t("de-price-category", "price", (s) => `${s.category} ${s.place} Preise`, ["place"]),
    t("de-discovery-where", "discovery", (s) => `Wo finde ich ${s.offering} in ${s.place}?`, ["place"]),
    t("de-discovery-providers", "discovery", (s) => `Anbieter für ${s.offering} in ${s.place}`, ["place"]),
    t("de-discovery-best-addresses", "discovery", (s) => `beste Adressen für ${s.offering} in ${s.place}`, ["place"]),
    t("de-local-near-me", "local", (s) => `${s.offering} in der Nähe`, ["local", "present"]),
    t("de-local-category", "local", (s) => `${s.category} in der Nähe`, ["local"]),
    t("de-local-category-for", "local", (s) => `${s.category} für ${s.offering} in der Nähe`, ["local", "distinct", "present"]),
    t("de-reviews-category-for", "reviews", (s) => `${s.category} für ${s.offering} in ${s.place} Bewertungen`, ["place", "distinct"]),
    t("de-comparison-better", "comparison", (s) => `${s.offering} oder ${s.other}: was ist besser?`, ["alike", "other"]),
    // (The names stand as written, so no frame puts them in a case: "zwischen Orthopädische Maßschuhe"
    // and "Was kostet Sporteinlagen" read wrong, "Orthopädische Maßschuhe Alternativen" does not.)
    t("de-comparison-difference", "comparison", (s) => `${s.offering} vs. ${s.other}: Unterschied`, ["alike", "other"]),
    t("de-price-keyword", "price", (s) => `${s.offering} ${s.place} Preise`, ["place"]),
    t("de-price-how-much", "price", (s) => `${s.offering}: was kostet das?`),
    t("de-price-cheap", "price", (s) => `${s.offering} günstig`),
    t("de-hours-category", "hours", (s) => `Öffnungszeiten ${s.category} ${s.place}`, ["place", "visit"]),
    // ("geöffnet" after the noun agrees with nothing: "Apotheke Leipzig Sonntag geöffnet".)
    t("de-hours-category-day", "hours", (s) => `${s.category} ${s.place} ${onDay("de", s.day).replace(/^am /u, "")} geöffnet`, ["place", "day"]),
    t("de-hours-offering-day", "hours", (s) => `Wo bekomme ich ${s.offering} ${onDay("de", s.day)} in ${s.place}?`, ["place", "day", "dated"]),
    t("de-hours-weekend", "hours", (s) => `${s.offering} am Wochenende in ${s.place}`, ["place", "weekend", "dated"]),
    t("de-reviews-keyword", "reviews", (s) => `${s.offering} ${s.place} Erfahrungen`, ["place"]),
    t("de-reviews-category", "reviews", (s) => `${s.category} ${s.place} Bewertungen`, ["place"]),
    t("de-reviews-recommend", "reviews", (s) => `Welchen Anbieter für ${s.offering} in ${s.place} könnt ihr empfehlen?`, ["place"]),
    t("de-how-to-look-for", "how-to", (s) => `${s.offering}: worauf sollte ich achten?`),
    t("de-how-to-find", "how-to", (s) => `Wie finde ich einen guten Anbieter für ${s.offering}?`),
    t("de-how-to-category-for", "how-to", (s) => `${s.category} für ${s.offering}: worauf achten?`, ["distinct"]),
    t("de-price-category-for", "price", (s) => `${s.category} für ${s.offering}: was kostet das?`, ["distinct"]),
    t("de-alternatives-offering", "alternatives", (s) => `${s.offering} Alternativen`),
    t("de-alternatives-cheaper", "alternatives", (s) => `${s.offering}: gibt es günstigere Alternativen in ${s.place}?`, ["place"]),
    t("de-problem-overpaying", "problem", (s) => `${s.offering}: wie vermeide ich zu hohe Kosten?`),
    t("de-problem-first-time", "problem", (s) => `${s.offering} zum ersten Mal: was muss ich wissen?`),
    t("de-brand-reviews", "brand", (s) => `${s.name} Erfahrungen`),
    t("de-brand-offering", "brand", (s) => `${s.name} ${s.offering}`),
    t("de-brand-hours", "brand", (s) => `${s.name} Öffnungszeiten`, ["business", "day"]),
    t("de-brand-alternatives", "brand", (s) => `Alternativen zu ${s.name}`, ["business"]),
    t("de-brand-price", "brand", (s) => `${s.name} ${s.offering} Preise`)
  ],
  es: [
    t("es-discovery-keyword", "discovery", (s) => `${s.offering} ${s.place}`, ["place"]),
    t("es-discovery-category", "discovery", (s) => `${s.category} ${s.place}`, ["place"]),
    t("es-discovery-category-for", "discovery", (s) => `${s.category} para ${s.offering} en ${s.place}`, ["place", "distinct"]),
    t("es-price-category", "price", (s) => `${s.category} ${s.place} precios`, ["place"]),
    t("es-discovery-where", "discovery", (s) => `¿Dónde encontrar ${s.offering} en ${s.place}?`, ["place"]),
    t("es-discovery-best-places", "discovery", (s) => `mejores sitios para ${s.offering} en ${s.place}`, ["place"]),
    t("es-discovery-quality", "discovery", (s) => `${s.offering} de calidad en ${s.place}`, ["place"]),
    t("es-local-near-me", "local", (s) => `${s.offering} cerca de mí`, ["local", "present"]),
    t("es-local-category", "local", (s) => `${s.category} cerca de mí`, ["local"]),
    t("es-local-category-for", "local", (s) => `${s.category} para ${s.offering} cerca de mí`, ["local", "distinct", "present"]),
    t("es-reviews-category-for", "reviews", (s) => `opiniones ${s.category} para ${s.offering} en ${s.place}`, ["place", "distinct"]),
    t("es-comparison-choose", "comparison", (s) => `${s.offering} ${spanishOr(s.other)} ${s.other}: ¿qué elegir?`, ["alike", "other"]),
    t("es-comparison-difference", "comparison", (s) => `diferencia entre ${s.offering} ${spanishAnd(s.other)} ${s.other}`, ["alike", "other"]),
    t("es-price-keyword", "price", (s) => `${s.offering} ${s.place} precio`, ["place"]),
    t("es-price-how-much", "price", (s) => `${s.offering}: ¿cuánto cuesta?`),
    t("es-price-of", "price", (s) => `precios de ${s.offering}`),
    t("es-hours-category", "hours", (s) => `horario ${s.category} ${s.place}`, ["place", "visit"]),
    t("es-hours-category-day", "hours", (s) => `${s.category} ${s.place} ${onDay("es", s.day).replace(/^el /u, "")}`, ["place", "day"]),
    t("es-hours-offering-day", "hours", (s) => `¿Dónde encontrar ${s.offering} ${onDay("es", s.day)} en ${s.place}?`, ["place", "day", "dated"]),
    t("es-hours-weekend", "hours", (s) => `${s.offering} el fin de semana en ${s.place}`, ["place", "weekend", "dated"]),
    t("es-reviews-keyword", "reviews", (s) => `${s.offering} ${s.place} opiniones`, ["place"]),
    t("es-reviews-category", "reviews", (s) => `${s.category} ${s.place} opiniones`, ["place"]),
    t("es-reviews-recommend", "reviews", (s) => `${s.offering} en ${s.place}: ¿qué sitio recomiendan?`, ["place"]),
    t("es-how-to-choose", "how-to", (s) => `${s.offering}: ¿cómo elegir bien?`),
    t("es-how-to-know", "how-to", (s) => `${s.offering}: ¿qué hay que saber antes?`),
    t("es-how-to-category-for", "how-to", (s) => `${s.category} para ${s.offering}: ¿cómo elegir?`, ["distinct"]),
    t("es-price-category-for", "price", (s) => `${s.category} para ${s.offering}: ¿cuánto cuesta?`, ["distinct"]),
    t("es-alternatives-offering", "alternatives", (s) => `alternativas a ${s.offering}`),
    t("es-alternatives-cheaper", "alternatives", (s) => `${s.offering}: ¿alternativas más baratas en ${s.place}?`, ["place"]),
    t("es-problem-overpaying", "problem", (s) => `${s.offering}: ¿cómo no pagar de más?`),
    t("es-problem-first-time", "problem", (s) => `${s.offering} por primera vez: ¿qué debo saber?`),
    t("es-brand-reviews", "brand", (s) => `${s.name} opiniones`),
    t("es-brand-offering", "brand", (s) => `${s.name} ${s.offering}`),
    t("es-brand-hours", "brand", (s) => `horario ${s.name}`, ["business", "day"]),
    t("es-brand-alternatives", "brand", (s) => `alternativas a ${s.name}`, ["business"]),
    t("es-brand-price", "brand", (s) => `${s.name} ${s.offering} precio`)
  ],
  it: [
    t("it-discovery-keyword", "discovery", (s) => `${s.offering} ${s.place}`, ["place"]),
    t("it-discovery-category", "discovery", (s) => `${s.category} ${s.place}`, ["place"]),
    t("it-discovery-category-for", "discovery", (s) => `${s.category} per ${s.offering} ${inItalian(s.place)}`, ["place", "distinct"]),
    t("it-price-category", "price", (s) => `${s.category} ${s.place} prezzi`, ["place"]),
    t("it-discovery-where", "discovery", (s) => `Dove trovare ${s.offering} ${inItalian(s.place)}?`, ["place"]),
    t("it-discovery-best-places", "discovery", (s) => `migliori posti per ${s.offering} ${inItalian(s.place)}`, ["place"]),
    t("it-discovery-quality", "discovery", (s) => `${s.offering} di qualità ${inItalian(s.place)}`, ["place"]),
    t("it-local-near-me", "local", (s) => `${s.offering} vicino a me`, ["local", "present"]),
    t("it-local-category", "local", (s) => `${s.category} vicino a me`, ["local"]),
    t("it-local-category-for", "local", (s) => `${s.category} per ${s.offering} vicino a me`, ["local", "distinct", "present"]),
    t("it-reviews-category-for", "reviews", (s) => `recensioni ${s.category} per ${s.offering} ${inItalian(s.place)}`, ["place", "distinct"]),
    t("it-comparison-choose", "comparison", (s) => `${s.offering} o ${s.other}: cosa scegliere?`, ["alike", "other"]),
    t("it-comparison-difference", "comparison", (s) => `differenza tra ${s.offering} e ${s.other}`, ["alike", "other"]),
    t("it-price-keyword", "price", (s) => `${s.offering} ${s.place} prezzi`, ["place"]),
    t("it-price-how-much", "price", (s) => `${s.offering}: quanto costa?`),
    t("it-price-list", "price", (s) => `listino prezzi ${s.offering}`),
    t("it-hours-category", "hours", (s) => `orari ${s.category} ${s.place}`, ["place", "visit"]),
    t("it-hours-category-day", "hours", (s) => `${s.category} ${s.place} ${onDay("it", s.day).replace(/^di /u, "")}`, ["place", "day"]),
    t("it-hours-offering-day", "hours", (s) => `Dove trovare ${s.offering} ${onDay("it", s.day)} ${inItalian(s.place)}?`, ["place", "day", "dated"]),
    t("it-hours-weekend", "hours", (s) => `${s.offering} nel fine settimana ${inItalian(s.place)}`, ["place", "weekend", "dated"]),
    t("it-reviews-keyword", "reviews", (s) => `${s.offering} ${s.place} recensioni`, ["place"]),
    t("it-reviews-category", "reviews", (s) => `${s.category} ${s.place} recensioni`, ["place"]),
    t("it-reviews-recommend", "reviews", (s) => `${s.offering} ${inItalian(s.place)}: quale posto consigliate?`, ["place"]),
    t("it-how-to-choose", "how-to", (s) => `${s.offering}: come scegliere bene?`),
    t("it-how-to-know", "how-to", (s) => `${s.offering}: cosa sapere prima di decidere?`),
    t("it-how-to-category-for", "how-to", (s) => `${s.category} per ${s.offering}: come scegliere?`, ["distinct"]),
    t("it-price-category-for", "price", (s) => `${s.category} per ${s.offering}: quanto costa?`, ["distinct"]),
    t("it-alternatives-offering", "alternatives", (s) => `alternative a ${s.offering}`),
    t("it-alternatives-cheaper", "alternatives", (s) => `${s.offering}: alternative più economiche ${inItalian(s.place)}?`, ["place"]),
    t("it-problem-overpaying", "problem", (s) => `${s.offering}: come evitare di pagare troppo?`),
    t("it-problem-first-time", "problem", (s) => `${s.offering} per la prima volta: cosa devo sapere?`),
    t("it-brand-reviews", "brand", (s) => `${s.name} recensioni`),
    t("it-brand-offering", "brand", (s) => `${s.name} ${s.offering}`),
    t("it-brand-hours", "brand", (s) => `orari ${s.name}`, ["business", "day"]),
    t("it-brand-alternatives", "brand", (s) => `alternative a ${s.name}`, ["business"]),
    t("it-brand-price", "brand", (s) => `${s.name} ${s.offering} prezzi`)
  ],
  pt: [
    t("pt-discovery-keyword", "discovery", (s) => `${s.offering} ${s.place}`, ["place"]),
    t("pt-discovery-category", "discovery", (s) => `${s.category} ${s.place}`, ["place"]),
    t("pt-discovery-category-for", "discovery", (s) => `${s.category} para ${s.offering} ${s.place}`, ["place", "distinct"]),
    t("pt-price-category", "price", (s) => `${s.category} ${s.place} preços`, ["place"]),
    t("pt-discovery-where", "discovery", (s) => `${s.place}: onde encontrar ${s.offering}?`, ["place"]),
    t("pt-discovery-best-places", "discovery", (s) => `melhores lugares para ${s.offering}, ${s.place}`, ["place"]),
    t("pt-discovery-quality", "discovery", (s) => `${s.offering} de qualidade, ${s.place}`, ["place"]),
    t("pt-local-near-me", "local", (s) => `${s.offering} perto de mim`, ["local", "present"]),
    t("pt-local-category", "local", (s) => `${s.category} perto de mim`, ["local"]),
    t("pt-local-category-for", "local", (s) => `${s.category} para ${s.offering} perto de mim`, ["local", "distinct", "present"]),
    t("pt-reviews-category-for", "reviews", (s) => `opiniões ${s.category} para ${s.offering}, ${s.place}`, ["place", "distinct"]),
    t("pt-comparison-choose", "comparison", (s) => `${s.offering} ou ${s.other}: qual escolher?`, ["alike", "other"]),
    t("pt-comparison-difference", "comparison", (s) => `diferença entre ${s.offering} e ${s.other}`, ["alike", "other"]),
    t("pt-price-keyword", "price", (s) => `${s.offering} ${s.place} preço`, ["place"]),
    t("pt-price-how-much", "price", (s) => `${s.offering}: quanto custa?`),
    t("pt-price-of", "price", (s) => `preços de ${s.offering}`),
    t("pt-hours-category", "hours", (s) => `horário ${s.category} ${s.place}`, ["place", "visit"]),
    t("pt-hours-category-day", "hours", (s) => `${s.category} ${s.place} ${onDay("pt", s.day).replace(/^(?:ao|à) /u, "")}`, ["place", "day"]),
    t("pt-hours-offering-day", "hours", (s) => `${s.place}: onde encontrar ${s.offering} ${onDay("pt", s.day)}?`, ["place", "day", "dated"]),
    t("pt-hours-weekend", "hours", (s) => `${s.offering} ao fim de semana, ${s.place}`, ["place", "weekend", "dated"]),
    t("pt-reviews-keyword", "reviews", (s) => `${s.offering} ${s.place} opiniões`, ["place"]),
    t("pt-reviews-category", "reviews", (s) => `${s.category} ${s.place} opiniões`, ["place"]),
    t("pt-reviews-recommend", "reviews", (s) => `${s.offering}, ${s.place}: que lugar recomendam?`, ["place"]),
    t("pt-how-to-choose", "how-to", (s) => `${s.offering}: como escolher bem?`),
    t("pt-how-to-know", "how-to", (s) => `${s.offering}: o que saber antes de decidir?`),
    t("pt-how-to-category-for", "how-to", (s) => `${s.category} para ${s.offering}: como escolher?`, ["distinct"]),
    t("pt-price-category-for", "price", (s) => `${s.category} para ${s.offering}: quanto custa?`, ["distinct"]),
    t("pt-alternatives-offering", "alternatives", (s) => `alternativas a ${s.offering}`),
    t("pt-alternatives-cheaper", "alternatives", (s) => `${s.place}: alternativas mais baratas para ${s.offering}?`, ["place"]),
    t("pt-problem-overpaying", "problem", (s) => `${s.offering}: como não pagar demais?`),
    t("pt-problem-first-time", "problem", (s) => `${s.offering} pela primeira vez: o que devo saber?`),
    t("pt-brand-reviews", "brand", (s) => `${s.name} opiniões`),
    t("pt-brand-offering", "brand", (s) => `${s.name} ${s.offering}`),
    t("pt-brand-hours", "brand", (s) => `horário ${s.name}`, ["business", "day"]),
    t("pt-brand-alternatives", "brand", (s) => `alternativas a ${s.name}`, ["business"]),
    t("pt-brand-price", "brand", (s) => `${s.name} ${s.offering} preço`)
  ],
  // (Dutch verbs agree with their subject, "wat kost" or "wat kosten": the offering stands before a
  // colon instead, and "het" or "dat" is what costs.)
  nl: [
    t("nl-discovery-keyword", "discovery", (s) => `${s.offering} ${s.place}`, ["place"]),
    t("nl-discovery-category", "discovery", (s) => `${s.category} ${s.place}`, ["place"]),
    t("nl-discovery-category-for", "discovery", (s) => `${s.category} voor ${s.offering} in ${s.place}`, ["place", "distinct"]),
    t("nl-price-category", "price", (s) => `${s.category} ${s.place} prijzen`, ["place"]),
    t("nl-discovery-where", "discovery", (s) => `Waar vind ik ${s.offering} in ${s.place}?`, ["place"]),
    t("nl-discovery-providers", "discovery", (s) => `aanbieders van ${s.offering} in ${s.place}`, ["place"]),
    t("nl-discovery-best-addresses", "discovery", (s) => `beste adressen voor ${s.offering} in ${s.place}`, ["place"]),
    t("nl-local-near-me", "local", (s) => `${s.offering} in de buurt`, ["local", "present"]),
    t("nl-local-category", "local", (s) => `${s.category} in de buurt`, ["local"]),
    t("nl-local-category-for", "local", (s) => `${s.category} voor ${s.offering} in de buurt`, ["local", "distinct", "present"]),
    t("nl-reviews-category-for", "reviews", (s) => `${s.category} voor ${s.offering} in ${s.place} ervaringen`, ["place", "distinct"]),
    t("nl-comparison-better", "comparison", (s) => `${s.offering} of ${s.other}: wat is beter?`, ["alike", "other"]),
    t("nl-comparison-difference", "comparison", (s) => `verschil tussen ${s.offering} en ${s.other}`, ["alike", "other"]),
    t("nl-price-keyword", "price", (s) => `${s.offering} ${s.place} prijzen`, ["place"]),
    t("nl-price-how-much", "price", (s) => `${s.offering}: wat kost het?`),
    t("nl-price-cheap", "price", (s) => `${s.offering} goedkoop`),
    t("nl-hours-category", "hours", (s) => `openingstijden ${s.category} ${s.place}`, ["place", "visit"]),
    t("nl-hours-category-day", "hours", (s) => `${s.category} ${s.place} ${onDay("nl", s.day).replace(/^op /u, "")} open`, ["place", "day"]),
    t("nl-hours-offering-day", "hours", (s) => `Waar kan ik ${onDay("nl", s.day)} terecht voor ${s.offering} in ${s.place}?`, ["place", "day", "dated"]),
    t("nl-hours-weekend", "hours", (s) => `${s.offering} in het weekend in ${s.place}`, ["place", "weekend", "dated"]),
    t("nl-reviews-keyword", "reviews", (s) => `${s.offering} ${s.place} ervaringen`, ["place"]),
    t("nl-reviews-category", "reviews", (s) => `${s.category} ${s.place} reviews`, ["place"]),
    t("nl-reviews-recommend", "reviews", (s) => `Welke aanbieder voor ${s.offering} in ${s.place} kunnen jullie aanraden?`, ["place"]),
    t("nl-how-to-look-for", "how-to", (s) => `${s.offering}: waar moet ik op letten?`),
    t("nl-how-to-find", "how-to", (s) => `Hoe vind ik een goede aanbieder voor ${s.offering}?`),
    t("nl-how-to-category-for", "how-to", (s) => `${s.category} voor ${s.offering}: waar let je op?`, ["distinct"]),
    t("nl-price-category-for", "price", (s) => `${s.category} voor ${s.offering}: wat kost dat?`, ["distinct"]),
    t("nl-alternatives-offering", "alternatives", (s) => `alternatieven voor ${s.offering}`),
    t("nl-alternatives-cheaper", "alternatives", (s) => `${s.offering}: zijn er goedkopere alternatieven in ${s.place}?`, ["place"]),
    t("nl-problem-overpaying", "problem", (s) => `${s.offering}: hoe voorkom ik dat ik te veel betaal?`),
    t("nl-problem-first-time", "problem", (s) => `${s.offering} voor het eerst: wat moet ik weten?`),
    t("nl-brand-reviews", "brand", (s) => `${s.name} ervaringen`),
    t("nl-brand-offering", "brand", (s) => `${s.name} ${s.offering}`),
    t("nl-brand-hours", "brand", (s) => `${s.name} openingstijden`, ["business", "day"]),
    t("nl-brand-alternatives", "brand", (s) => `alternatieven voor ${s.name}`, ["business"]),
    t("nl-brand-price", "brand", (s) => `${s.name} ${s.offering} prijs`)
  ],
  // (Danish, Norwegian and Swedish verbs do not agree with their subject, "hvad koster" fits any
  // noun, and "nærmeste" before the category is the same for every gender. A kind is one word,
  // "cykelreparation", and a search of fewer than four words is too short to send: the frames
  // around it are a few words longer than the German ones.)
  da: [
    t("da-discovery-keyword", "discovery", (s) => `${s.offering} ${s.place}`, ["place"]),
    t("da-discovery-category", "discovery", (s) => `${s.category} ${s.place}`, ["place"]),
    t("da-discovery-category-for", "discovery", (s) => `${s.category} til ${s.offering} i ${s.place}`, ["place", "distinct"]),
    t("da-price-category", "price", (s) => `${s.category} ${s.place} priser`, ["place"]),
    t("da-discovery-where", "discovery", (s) => `Hvor finder jeg ${s.offering} i ${s.place}?`, ["place"]),
    t("da-discovery-best-places", "discovery", (s) => `bedste steder til ${s.offering} i ${s.place}`, ["place"]),
    t("da-local-near-me", "local", (s) => `Hvor finder jeg ${s.offering} i nærheden?`, ["local", "present"]),
    t("da-local-category", "local", (s) => `Hvor er nærmeste ${s.category}?`, ["local"]),
    t("da-local-category-for", "local", (s) => `${s.category} til ${s.offering} i nærheden`, ["local", "distinct", "present"]),
    t("da-reviews-category-for", "reviews", (s) => `${s.category} til ${s.offering} i ${s.place} anmeldelser`, ["place", "distinct"]),
    t("da-comparison-better", "comparison", (s) => `${s.offering} eller ${s.other}: hvad er bedst?`, ["alike", "other"]),
    t("da-comparison-difference", "comparison", (s) => `forskel på ${s.offering} og ${s.other}`, ["alike", "other"]),
    t("da-price-keyword", "price", (s) => `${s.offering} ${s.place} pris`, ["place"]),
    t("da-price-how-much", "price", (s) => `${s.offering}: hvad koster det?`),
    t("da-price-in-place", "price", (s) => `Hvad koster ${s.offering} i ${s.place}?`, ["place"]),
    t("da-hours-category", "hours", (s) => `åbningstider ${s.category} ${s.place}`, ["place", "visit"]),
    t("da-hours-category-day", "hours", (s) => `${s.category} ${s.place} ${onDay("da", s.day).replace(/^på /u, "")} åbningstider`, ["place", "day"]),
    t("da-hours-offering-day", "hours", (s) => `Hvor kan jeg få ${s.offering} ${onDay("da", s.day)} i ${s.place}?`, ["place", "day", "dated"]),
    t("da-hours-weekend", "hours", (s) => `${s.offering} i weekenden i ${s.place}`, ["place", "weekend", "dated"]),
    t("da-reviews-keyword", "reviews", (s) => `${s.offering} ${s.place} erfaringer`, ["place"]),
    t("da-reviews-category", "reviews", (s) => `${s.category} ${s.place} anmeldelser`, ["place"]),
    t("da-reviews-recommend", "reviews", (s) => `Hvilket sted til ${s.offering} i ${s.place} kan I anbefale?`, ["place"]),
    t("da-how-to-look-for", "how-to", (s) => `${s.offering}: hvad skal jeg være opmærksom på?`),
    t("da-how-to-know", "how-to", (s) => `${s.offering}: hvad skal man vide på forhånd?`),
    t("da-how-to-category-for", "how-to", (s) => `${s.category} til ${s.offering}: hvordan vælger man?`, ["distinct"]),
    t("da-price-category-for", "price", (s) => `${s.category} til ${s.offering}: hvad koster det?`, ["distinct"]),
    t("da-alternatives-offering", "alternatives", (s) => `findes der alternativer til ${s.offering}?`),
    t("da-alternatives-cheaper", "alternatives", (s) => `${s.offering}: findes der billigere alternativer i ${s.place}?`, ["place"]),
    t("da-problem-overpaying", "problem", (s) => `${s.offering}: hvordan undgår jeg at betale for meget?`),
    t("da-problem-first-time", "problem", (s) => `${s.offering} for første gang: hvad skal jeg vide?`),
    t("da-brand-reviews", "brand", (s) => `${s.name} anmeldelser`),
    t("da-brand-offering", "brand", (s) => `${s.name} ${s.offering}`),
    t("da-brand-hours", "brand", (s) => `${s.name} åbningstider`, ["business", "day"]),
    t("da-brand-alternatives", "brand", (s) => `alternativer til ${s.name}`, ["business"]),
    t("da-brand-price", "brand", (s) => `${s.name} ${s.offering} pris`)
  ],
  no: [
    t("no-discovery-keyword", "discovery", (s) => `${s.offering} ${s.place}`, ["place"]),
    t("no-discovery-category", "discovery", (s) => `${s.category} ${s.place}`, ["place"]),
    t("no-discovery-category-for", "discovery", (s) => `${s.category} for ${s.offering} i ${s.place}`, ["place", "distinct"]),
    t("no-price-category", "price", (s) => `${s.category} ${s.place} priser`, ["place"]),
    t("no-discovery-where", "discovery", (s) => `Hvor finner jeg ${s.offering} i ${s.place}?`, ["place"]),
    t("no-discovery-best-places", "discovery", (s) => `beste steder for ${s.offering} i ${s.place}`, ["place"]),
    t("no-local-near-me", "local", (s) => `Hvor finner jeg ${s.offering} i nærheten?`, ["local", "present"]),
    t("no-local-category", "local", (s) => `Hvor er nærmeste ${s.category}?`, ["local"]),
    t("no-local-category-for", "local", (s) => `${s.category} for ${s.offering} i nærheten`, ["local", "distinct", "present"]),
    t("no-reviews-category-for", "reviews", (s) => `${s.category} for ${s.offering} i ${s.place} anmeldelser`, ["place", "distinct"]),
    t("no-comparison-better", "comparison", (s) => `${s.offering} eller ${s.other}: hva er best?`, ["alike", "other"]),
    t("no-comparison-difference", "comparison", (s) => `forskjell på ${s.offering} og ${s.other}`, ["alike", "other"]),
    t("no-price-keyword", "price", (s) => `${s.offering} ${s.place} pris`, ["place"]),
    t("no-price-how-much", "price", (s) => `${s.offering}: hva koster det?`),
    t("no-price-in-place", "price", (s) => `Hva koster ${s.offering} i ${s.place}?`, ["place"]),
    t("no-hours-category", "hours", (s) => `åpningstider ${s.category} ${s.place}`, ["place", "visit"]),
    t("no-hours-category-day", "hours", (s) => `${s.category} ${s.place} ${onDay("no", s.day).replace(/^på /u, "")} åpningstider`, ["place", "day"]),
    t("no-hours-offering-day", "hours", (s) => `Hvor kan jeg få ${s.offering} ${onDay("no", s.day)} i ${s.place}?`, ["place", "day", "dated"]),
    t("no-hours-weekend", "hours", (s) => `${s.offering} i helgen i ${s.place}`, ["place", "weekend", "dated"]),
    t("no-reviews-keyword", "reviews", (s) => `${s.offering} ${s.place} erfaringer`, ["place"]),
    t("no-reviews-category", "reviews", (s) => `${s.category} ${s.place} anmeldelser`, ["place"]),
    t("no-reviews-recommend", "reviews", (s) => `Hvilket sted for ${s.offering} i ${s.place} kan dere anbefale?`, ["place"]),
    t("no-how-to-look-for", "how-to", (s) => `${s.offering}: hva bør jeg se etter?`),
    t("no-how-to-know", "how-to", (s) => `${s.offering}: hva bør man vite på forhånd?`),
    t("no-how-to-category-for", "how-to", (s) => `${s.category} for ${s.offering}: hvordan velge?`, ["distinct"]),
    t("no-price-category-for", "price", (s) => `${s.category} for ${s.offering}: hva koster det?`, ["distinct"]),
    t("no-alternatives-offering", "alternatives", (s) => `finnes det alternativer til ${s.offering}?`),
    t("no-alternatives-cheaper", "alternatives", (s) => `${s.offering}: finnes det billigere alternativer i ${s.place}?`, ["place"]),
    t("no-problem-overpaying", "problem", (s) => `${s.offering}: hvordan unngå å betale for mye?`),
    t("no-problem-first-time", "problem", (s) => `${s.offering} for første gang: hva må jeg vite?`),
    t("no-brand-reviews", "brand", (s) => `${s.name} anmeldelser`),
    t("no-brand-offering", "brand", (s) => `${s.name} ${s.offering}`),
    t("no-brand-hours", "brand", (s) => `${s.name} åpningstider`, ["business", "day"]),
    t("no-brand-alternatives", "brand", (s) => `alternativer til ${s.name}`, ["business"]),
    t("no-brand-price", "brand", (s) => `${s.name} ${s.offering} pris`)
  ],
  sv: [
    t("sv-discovery-keyword", "discovery", (s) => `${s.offering} ${s.place}`, ["place"]),
    t("sv-discovery-category", "discovery", (s) => `${s.category} ${s.place}`, ["place"]),
    t("sv-discovery-category-for", "discovery", (s) => `${s.category} för ${s.offering} i ${s.place}`, ["place", "distinct"]),
    t("sv-price-category", "price", (s) => `${s.category} ${s.place} priser`, ["place"]),
    t("sv-discovery-where", "discovery", (s) => `Var hittar jag ${s.offering} i ${s.place}?`, ["place"]),
    t("sv-discovery-best-places", "discovery", (s) => `bästa ställena för ${s.offering} i ${s.place}`, ["place"]),
    t("sv-local-near-me", "local", (s) => `Var hittar jag ${s.offering} i närheten?`, ["local", "present"]),
    t("sv-local-category", "local", (s) => `Var ligger närmaste ${s.category}?`, ["local"]),
    t("sv-local-category-for", "local", (s) => `${s.category} för ${s.offering} i närheten`, ["local", "distinct", "present"]),
    t("sv-reviews-category-for", "reviews", (s) => `${s.category} för ${s.offering} i ${s.place} omdömen`, ["place", "distinct"]),
    t("sv-comparison-better", "comparison", (s) => `${s.offering} eller ${s.other}: vad är bäst?`, ["alike", "other"]),
    t("sv-comparison-difference", "comparison", (s) => `skillnad mellan ${s.offering} och ${s.other}`, ["alike", "other"]),
    t("sv-price-keyword", "price", (s) => `${s.offering} ${s.place} pris`, ["place"]),
    t("sv-price-how-much", "price", (s) => `${s.offering}: vad kostar det?`),
    t("sv-price-in-place", "price", (s) => `Vad kostar ${s.offering} i ${s.place}?`, ["place"]),
    t("sv-hours-category", "hours", (s) => `öppettider ${s.category} ${s.place}`, ["place", "visit"]),
    t("sv-hours-category-day", "hours", (s) => `${s.category} ${s.place} ${onDay("sv", s.day).replace(/^på /u, "")} öppettider`, ["place", "day"]),
    t("sv-hours-offering-day", "hours", (s) => `Var hittar jag ${s.offering} ${onDay("sv", s.day)} i ${s.place}?`, ["place", "day", "dated"]),
    t("sv-hours-weekend", "hours", (s) => `${s.offering} i helgen i ${s.place}`, ["place", "weekend", "dated"]),
    t("sv-reviews-keyword", "reviews", (s) => `${s.offering} ${s.place} omdömen`, ["place"]),
    t("sv-reviews-category", "reviews", (s) => `${s.category} ${s.place} recensioner`, ["place"]),
    t("sv-reviews-recommend", "reviews", (s) => `Vilket ställe för ${s.offering} i ${s.place} kan ni rekommendera?`, ["place"]),
    t("sv-how-to-look-for", "how-to", (s) => `${s.offering}: vad ska jag tänka på?`),
    t("sv-how-to-know", "how-to", (s) => `${s.offering}: vad bör man veta innan?`),
    t("sv-how-to-category-for", "how-to", (s) => `${s.category} för ${s.offering}: hur väljer man?`, ["distinct"]),
    t("sv-price-category-for", "price", (s) => `${s.category} för ${s.offering}: vad kostar det?`, ["distinct"]),
    t("sv-alternatives-offering", "alternatives", (s) => `finns det alternativ till ${s.offering}?`),
    t("sv-alternatives-cheaper", "alternatives", (s) => `${s.offering}: finns det billigare alternativ i ${s.place}?`, ["place"]),
    t("sv-problem-overpaying", "problem", (s) => `${s.offering}: hur undviker jag att betala för mycket?`),
    t("sv-problem-first-time", "problem", (s) => `${s.offering} för första gången: vad behöver jag veta?`),
    t("sv-brand-reviews", "brand", (s) => `${s.name} omdömen`),
    t("sv-brand-offering", "brand", (s) => `${s.name} ${s.offering}`),
    t("sv-brand-hours", "brand", (s) => `${s.name} öppettider`, ["business", "day"]),
    t("sv-brand-alternatives", "brand", (s) => `alternativ till ${s.name}`, ["business"]),
    t("sv-brand-price", "brand", (s) => `${s.name} ${s.offering} pris`)
  ],
  // Polish declines a noun after a preposition ("dla nabojów", "we Wrocławiu") and a verb agrees
  // with it: the offering and the town stay as written, in keyword searches or before a colon, and
  // no frame puts them after "dla", "w" or a verb.
  pl: [
    t("pl-discovery-keyword", "discovery", (s) => `${s.offering} ${s.place}`, ["place"]),
    t("pl-discovery-category", "discovery", (s) => `${s.category} ${s.place}`, ["place"]),
    t("pl-price-category", "price", (s) => `${s.category} ${s.place} cennik`, ["place"]),
    t("pl-discovery-where", "discovery", (s) => `${s.offering} ${s.place}: gdzie najlepiej?`, ["place"]),
    t("pl-discovery-recommended", "discovery", (s) => `${s.offering} ${s.place} polecane miejsca`, ["place"]),
    t("pl-local-near-me", "local", (s) => `${s.offering} w pobliżu`, ["local", "present"]),
    t("pl-local-category", "local", (s) => `${s.category} w pobliżu`, ["local"]),
    t("pl-comparison-choose", "comparison", (s) => `${s.offering} czy ${s.other}: co wybrać?`, ["alike", "other"]),
    t("pl-comparison-difference", "comparison", (s) => `${s.offering} a ${s.other}: różnice`, ["alike", "other"]),
    t("pl-price-keyword", "price", (s) => `${s.offering} ${s.place} cena`, ["place"]),
    t("pl-price-how-much", "price", (s) => `${s.offering}: ile to kosztuje?`),
    t("pl-price-list", "price", (s) => `${s.offering} cennik`),
    t("pl-hours-category", "hours", (s) => `${s.category} ${s.place} godziny otwarcia`, ["place", "visit"]),
    t("pl-hours-category-day", "hours", (s) => `${s.category} ${s.place} godziny otwarcia ${onDay("pl", s.day)}`, ["place", "day"]),
    t("pl-hours-weekend", "hours", (s) => `${s.offering} ${s.place} w weekend`, ["place", "weekend", "dated"]),
    t("pl-reviews-keyword", "reviews", (s) => `${s.offering} ${s.place} opinie`, ["place"]),
    t("pl-reviews-category", "reviews", (s) => `${s.category} ${s.place} opinie`, ["place"]),
    t("pl-reviews-recommend", "reviews", (s) => `${s.offering} ${s.place}: jakie miejsce polecacie?`, ["place"]),
    t("pl-how-to-look-for", "how-to", (s) => `${s.offering}: na co zwrócić uwagę?`),
    t("pl-how-to-know", "how-to", (s) => `${s.offering}: co warto wiedzieć na początek?`),
    t("pl-alternatives-offering", "alternatives", (s) => `${s.offering}: jakie są alternatywy?`),
    t("pl-alternatives-cheaper", "alternatives", (s) => `${s.offering} ${s.place}: czy są tańsze alternatywy?`, ["place"]),
    t("pl-problem-overpaying", "problem", (s) => `${s.offering}: jak nie przepłacić?`),
    t("pl-problem-first-time", "problem", (s) => `${s.offering} pierwszy raz: o czym pamiętać?`),
    t("pl-brand-reviews", "brand", (s) => `${s.name} opinie`),
    t("pl-brand-offering", "brand", (s) => `${s.name} ${s.offering}`),
    t("pl-brand-hours", "brand", (s) => `${s.name} godziny otwarcia`, ["business", "day"]),
    t("pl-brand-alternatives", "brand", (s) => `${s.name}: jakie są alternatywy?`, ["business"]),
    t("pl-brand-price", "brand", (s) => `${s.name} ${s.offering} cena`)
  ]
}

/**
 * A language's templates; those that name the category only when the site's own word for it is
 * known (an English kind read from schema.org has no place in a French prompt).
 */
export const localTemplates = (language: LocalLanguage, withCategory: boolean): ReadonlyArray<PromptTemplate> =>
  TEMPLATES_BY_LANGUAGE[language].filter((template) => withCategory || !template.usesCategory)

/**
 * The capitalised words the templates write themselves ("Preise", "Öffnungszeiten", "Wo"): German
 * writes every noun so, and none of them is a name the facts would have to know.
 */
export const LOCAL_TEMPLATE_WORDS: ReadonlySet<string> = new Set(
  [
    ...Object.values(TEMPLATES_BY_LANGUAGE).flat().map((template) => template.render(PROBE)),
    ...Object.values(ON_DAY).flat()
  ].flatMap((text) => text.match(/\p{Lu}[\p{L}-]*/gu) ?? []).filter((word) => !word.startsWith("Qq"))
)

/** What a product's prompts in its site's language are filled with. */
export interface LocalProduct {
  /** The product as its page names it, then the kinds it is one of: "pacchetto sicurezza", "consulenza". */
  readonly names: ReadonlyArray<string>
  readonly place: string | null
  readonly business: string
  readonly visitable: boolean
}

/**
 * A product's prompts in its site's language, before the English ones: a customer of a shop in
 * Lyon asks "combien coûte ..." about its product as about the shop, and a name written in French
 * inside an English question ("Is a coffret dégustation worth it?") reads as nobody's. Only
 * templates about the offering itself: a category, another offering or a day would lead the set
 * away from the product. Each template with the product's own name first, then with its kinds.
 */
export const localProductPrompts = (
  language: LocalLanguage,
  product: LocalProduct
): ReadonlyArray<{ readonly prompt: string; readonly template: PromptTemplate }> => {
  const allowed = (template: PromptTemplate) =>
    template.usesOffering && !template.usesCategory && !template.usesDay && !template.usesAudience && !template.usesFeature &&
    (template.needs ?? []).every((need) =>
      need === "business" || need === "present" || (need === "place" && product.place !== null) || (need === "local" && product.visitable)
    ) && !template.render(PROBE).includes(PROBE.other)
  const templates = TEMPLATES_BY_LANGUAGE[language].filter(allowed)
  return product.names.slice(0, 2).flatMap((name) =>
    // (A thing had at a distance is not looked for near the customer.)
    templates.filter((template) => !(template.needs ?? []).includes("present") || !isRemote(name, false)).map((template) => ({
      template,
      prompt: template.render({ ...PROBE, kind: "product", offering: name, place: product.place ?? "", name: product.business })
    }))
  )
}
