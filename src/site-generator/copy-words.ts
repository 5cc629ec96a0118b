/**
 * The short fixed sentences the built-in FAQ answers and about text put around a site's own facts
 * ("X offers …", "Listed price: …", "On its about page, X writes: …"), in French, German,
 * Spanish, Italian and Portuguese, so a French site's answers are not English under
 * `<html lang="fr">`. English has none here: faq-copy.ts and about-copy.ts write it as before.
 * As in site-words.ts, nothing agrees with a crawled noun of unknown gender or number: names
 * stand after a colon or a preposition, and the verbs are the business's ("ouvre", "propose").
 */
import type { SiteLanguage } from "../domain/site-language.ts"
import { de } from "./site-words.ts"
import { inProse } from "./text.ts"

/** How a sentence names a page of the site, as the opening of a sentence ("Sur sa page « Tarifs »"). */
export type PageRef = { readonly kind: "home" } | { readonly kind: "titled"; readonly title: string } | { readonly kind: "at"; readonly where: string }

export interface CopyWords {
  /** An offering's name inside a sentence: lower-cased as in English ("réparation de four"), except German nouns. */
  readonly noun: (name: string) => string
  readonly quote: (text: string) => string
  /** "a, b et c"; with semicolons when a name has a comma of its own. */
  readonly list: (items: ReadonlyArray<string>) => string
  /** Monday first: `on` says when something happens ("le lundi", "montags"), `day` names the day ("le lundi", "Montag"). */
  readonly days: ReadonlyArray<{ readonly on: string; readonly day: string }>
  readonly hoursAll: (name: string, lines: string) => string
  readonly noHoursFor: (name: string, day: string) => string
  readonly closedOn: (name: string, on: string, yesNo: boolean) => string
  readonly openOn: (name: string, on: string, opens: string, closes: string, yesNo: boolean) => string
  /** ` Page : https://…`, after an answer about an offering. */
  readonly page: (url: string) => string
  readonly pages: (urls: ReadonlyArray<string>) => string
  readonly priceRow: (seller: string, name: string, row: string) => string
  readonly priceListed: (name: string, price: string, seller: string) => string
  readonly pageRef: (ref: PageRef) => string
  /** What a page of the site says, of an offering when `of` names one. */
  readonly pageSays: (ref: PageRef, seller: string, quote: string, url: string, of: string | null) => string
  readonly noPrice: (seller: string, name: string) => string
  readonly offers: (seller: string, name: string) => string
  readonly listedPrice: (price: string) => string
  readonly pageAdds: (quote: string) => string
  readonly contact: (seller: string, where: string | null, phone: string | null, email: string | null) => string
  readonly both: (seller: string, a: string, b: string) => string
  /** A product: its maker, and the category (the maker's kind when `makersKind`, else the product's). */
  readonly product: (name: string, maker: string, category: string, place: string | null, makersKind: boolean) => string
  readonly basedIn: (name: string, place: string | null, host: string) => string
  readonly aboutWrites: (name: string, quote: string) => string
  readonly alsoLists: (seller: string, list: string) => string
  readonly offersEach: (name: string, list: string) => string
  readonly offersMany: (name: string, count: number, list: string) => string
}

const listWith = (and: (last: string) => string) => (items: ReadonlyArray<string>): string => {
  if (items.length <= 1) return items[0] ?? ""
  const last = items[items.length - 1]!
  const sep = items.some((n) => n.includes(",")) && items.length > 2 ? "; " : ", "
  return `${items.slice(0, -1).join(sep)} ${and(last)} ${last}`
}

const joinParts = (parts: ReadonlyArray<string | null>, sep: string): string => parts.filter((p): p is string => p !== null).join(sep)

const FRENCH: CopyWords = {
  noun: inProse,
  quote: (t) => `« ${t} »`,
  list: listWith(() => "et"),
  days: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"].map((d) => ({ on: `le ${d}`, day: `le ${d}` })),
  hoursAll: (n, l) => `Horaires d’ouverture ${de(n)} : ${l}.`,
  noHoursFor: (n, d) => `Le site ${de(n)} n’indique pas d’horaires pour ${d}.`,
  closedOn: (n, on, yn) => `${yn ? "Non : " : ""}${n} n’ouvre pas ${on}.`,
  openOn: (n, on, o, c, yn) => `${yn ? "Oui : " : ""}${n} ouvre ${on} de ${o} à ${c}.`,
  page: (u) => ` Page : ${u}`,
  pages: (us) => ` Pages : ${FRENCH.list(us)}`,
  priceRow: (s, n, row) => `Tarif indiqué par ${s} pour ${n} : « ${row} ».`,
  priceListed: (n, p, s) => `${n} : ${p}, prix indiqué par ${s}.`,
  pageRef: (r) => (r.kind === "home" ? "Sur sa page d’accueil" : r.kind === "titled" ? `Sur sa page « ${r.title} »` : `Sur sa page ${r.where}`),
  pageSays: (r, s, q, u, of) => `${FRENCH.pageRef(r)}, ${s} écrit${of === null ? "" : ` à propos ${de(of)}`} : « ${q} » (${u})`,
  noPrice: (s, n) => `Le site ${de(s)} n’indique pas de prix pour ${n} ; mieux vaut le demander directement.`,
  offers: (s, n) => `${s} propose : ${n}.`,
  listedPrice: (p) => `Prix indiqué : ${p}.`,
  pageAdds: (q) => `Sa page précise : « ${q} »`,
  contact: (s, w, p, e) => `Coordonnées ${de(s)} : ${joinParts([w, p === null ? null : `tél. ${p}`, e === null ? null : `e-mail ${e}`], " ; ")}.`,
  both: (s, a, b) => `${s} propose : ${a} et ${b}.`,
  product: (n, m, c, p, mk) => (mk ? `${n} : un produit ${de(m)}, ${c}${p === null ? "" : `, ${p}`}.` : `${n} : ${c}, un produit ${de(m)}${p === null ? "" : `, ${p}`}.`),
  basedIn: (n, p, h) => `${n}${p === null ? "" : ` : ${p}`}. Plus d’informations sur ${h}.`,
  aboutWrites: (n, q) => `Dans sa présentation, ${n} écrit : « ${q} »`,
  alsoLists: (s, l) => `${s} propose aussi : ${l}.`,
  offersEach: (n, l) => `${n} propose : ${l}. Chaque prestation a sa propre page sur ce site.`,
  offersMany: (n, k, l) => `${n} propose ${k} prestations, chacune avec sa propre page sur ce site, dont ${l}.`
}

const GERMAN: CopyWords = {
  // German writes every noun with a capital.
  noun: (name) => name,
  quote: (t) => `„${t}“`,
  list: listWith(() => "und"),
  days: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"].map((d) => ({ on: `${d.toLowerCase()}s`, day: d })),
  hoursAll: (n, l) => `Öffnungszeiten von ${n}: ${l}.`,
  noHoursFor: (n, d) => `Die Website von ${n} nennt für ${d} keine Öffnungszeiten.`,
  closedOn: (n, on, yn) => `${yn ? "Nein: " : ""}${n} hat ${on} geschlossen.`,
  openOn: (n, on, o, c, yn) => `${yn ? "Ja: " : ""}${n} hat ${on} von ${o} bis ${c} geöffnet.`,
  page: (u) => ` Seite: ${u}`,
  pages: (us) => ` Seiten: ${GERMAN.list(us)}`,
  priceRow: (s, n, row) => `Preisangabe von ${s} für ${n}: „${row}“.`,
  priceListed: (n, p, s) => `${n}: ${p}, Preis laut ${s}.`,
  pageRef: (r) => (r.kind === "home" ? "Auf der Startseite" : r.kind === "titled" ? `Auf der Seite „${r.title}“` : `Auf der Seite ${r.where}`),
  pageSays: (r, s, q, u, of) => `${GERMAN.pageRef(r)} schreibt ${s}${of === null ? "" : ` über ${of}`}: „${q}“ (${u})`,
  noPrice: (s, n) => `Die Website von ${s} nennt keinen Preis für ${n}; am besten direkt nachfragen.`,
  offers: (s, n) => `${s} bietet an: ${n}.`,
  listedPrice: (p) => `Angegebener Preis: ${p}.`,
  pageAdds: (q) => `Auf der Seite heißt es: „${q}“`,
  contact: (s, w, p, e) => `Kontakt zu ${s}: ${joinParts([w, p === null ? null : `Tel. ${p}`, e === null ? null : `E-Mail ${e}`], "; ")}.`,
  both: (s, a, b) => `${s} bietet an: ${a} und ${b}.`,
  product: (n, m, c, p, mk) => (mk ? `${n}: ein Produkt von ${m}, ${c}${p === null ? "" : `, ${p}`}.` : `${n}: ${c}, ein Produkt von ${m}${p === null ? "" : `, ${p}`}.`),
  basedIn: (n, p, h) => `${n}${p === null ? "" : `, ${p}`}. Mehr dazu auf ${h}.`,
  aboutWrites: (n, q) => `In der eigenen Vorstellung schreibt ${n}: „${q}“`,
  alsoLists: (s, l) => `${s} bietet außerdem an: ${l}.`,
  offersEach: (n, l) => `${n} bietet an: ${l}. Jede Leistung hat eine eigene Seite auf dieser Website.`,
  offersMany: (n, k, l) => `${n} bietet ${k} Leistungen an, jede mit einer eigenen Seite auf dieser Website, darunter ${l}.`
}

// Spanish "y" is "e" before a word sounding "i" ("Pan e hilo"), but not before "hie-"/"hia-".
const SPANISH_E = /^h?i(?![aeou])/iu

const SPANISH: CopyWords = {
  noun: inProse,
  quote: (t) => `«${t}»`,
  list: listWith((last) => (SPANISH_E.test(last) ? "e" : "y")),
  days: ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"].map((d) => ({ on: `los ${/s$/.test(d) ? d : `${d}s`}`, day: `el ${d}` })),
  hoursAll: (n, l) => `Horario de ${n}: ${l}.`,
  noHoursFor: (n, d) => `El sitio web de ${n} no indica horario para ${d}.`,
  closedOn: (n, on, yn) => `${yn ? "No: " : ""}${n} no abre ${on}.`,
  openOn: (n, on, o, c, yn) => `${yn ? "Sí: " : ""}${n} abre ${on} de ${o} a ${c}.`,
  page: (u) => ` Página: ${u}`,
  pages: (us) => ` Páginas: ${SPANISH.list(us)}`,
  priceRow: (s, n, row) => `Precio indicado por ${s} para ${n}: «${row}».`,
  priceListed: (n, p, s) => `${n}: ${p}, precio indicado por ${s}.`,
  pageRef: (r) => (r.kind === "home" ? "En su página de inicio" : r.kind === "titled" ? `En su página «${r.title}»` : `En su página ${r.where}`),
  pageSays: (r, s, q, u, of) => `${SPANISH.pageRef(r)}, ${s} dice${of === null ? "" : ` sobre ${of}`}: «${q}» (${u})`,
  noPrice: (s, n) => `El sitio web de ${s} no indica el precio de ${n}; lo mejor es preguntar directamente.`,
  offers: (s, n) => `${s} ofrece: ${n}.`,
  listedPrice: (p) => `Precio indicado: ${p}.`,
  pageAdds: (q) => `Su página añade: «${q}»`,
  contact: (s, w, p, e) => `Datos de contacto de ${s}: ${joinParts([w, p === null ? null : `tel. ${p}`, e === null ? null : `correo electrónico ${e}`], "; ")}.`,
  both: (s, a, b) => `${s} ofrece: ${SPANISH.list([a, b])}.`,
  product: (n, m, c, p, mk) => (mk ? `${n}: un producto de ${m}, ${c}${p === null ? "" : `, ${p}`}.` : `${n}: ${c}, un producto de ${m}${p === null ? "" : `, ${p}`}.`),
  basedIn: (n, p, h) => `${n}${p === null ? "" : ` (${p})`}. Más información en ${h}.`,
  aboutWrites: (n, q) => `En su página de presentación, ${n} escribe: «${q}»`,
  alsoLists: (s, l) => `${s} también ofrece: ${l}.`,
  offersEach: (n, l) => `${n} ofrece: ${l}. Cada servicio tiene su propia página en este sitio.`,
  offersMany: (n, k, l) => `${n} ofrece ${k} servicios, cada uno con su propia página en este sitio, entre ellos ${l}.`
}

const ITALIAN: CopyWords = {
  noun: inProse,
  quote: (t) => `«${t}»`,
  list: listWith(() => "e"),
  days: ["il lunedì", "il martedì", "il mercoledì", "il giovedì", "il venerdì", "il sabato", "la domenica"].map((d) => ({ on: d, day: d })),
  hoursAll: (n, l) => `Orari di apertura di ${n}: ${l}.`,
  noHoursFor: (n, d) => `Il sito di ${n} non indica orari per ${d}.`,
  closedOn: (n, on, yn) => `${yn ? "No: " : ""}${n} non apre ${on}.`,
  openOn: (n, on, o, c, yn) => `${yn ? "Sì: " : ""}${n} apre ${on} dalle ${o} alle ${c}.`,
  page: (u) => ` Pagina: ${u}`,
  pages: (us) => ` Pagine: ${ITALIAN.list(us)}`,
  priceRow: (s, n, row) => `Prezzo indicato da ${s} per ${n}: «${row}».`,
  priceListed: (n, p, s) => `${n}: ${p}, prezzo indicato da ${s}.`,
  pageRef: (r) => (r.kind === "home" ? "Nella sua home page" : r.kind === "titled" ? `Nella sua pagina «${r.title}»` : `Nella sua pagina ${r.where}`),
  pageSays: (r, s, q, u, of) => `${ITALIAN.pageRef(r)}, ${s} scrive${of === null ? "" : ` a proposito di ${of}`}: «${q}» (${u})`,
  noPrice: (s, n) => `Il sito di ${s} non indica il prezzo di ${n}; meglio chiedere direttamente.`,
  offers: (s, n) => `${s} offre: ${n}.`,
  listedPrice: (p) => `Prezzo indicato: ${p}.`,
  pageAdds: (q) => `La sua pagina aggiunge: «${q}»`,
  contact: (s, w, p, e) => `Contatti di ${s}: ${joinParts([w, p === null ? null : `tel. ${p}`, e === null ? null : `e-mail ${e}`], "; ")}.`,
  both: (s, a, b) => `${s} offre: ${a} e ${b}.`,
  product: (n, m, c, p, mk) => (mk ? `${n}: un prodotto di ${m}, ${c}${p === null ? "" : `, ${p}`}.` : `${n}: ${c}, un prodotto di ${m}${p === null ? "" : `, ${p}`}.`),
  basedIn: (n, p, h) => `${n}${p === null ? "" : ` (${p})`}. Maggiori informazioni su ${h}.`,
  aboutWrites: (n, q) => `Nella sua pagina di presentazione, ${n} scrive: «${q}»`,
  alsoLists: (s, l) => `${s} offre anche: ${l}.`,
  offersEach: (n, l) => `${n} offre: ${l}. Ogni servizio ha una pagina propria su questo sito.`,
  offersMany: (n, k, l) => `${n} offre ${k} servizi, ognuno con una pagina propria su questo sito, tra cui ${l}.`
}

const PORTUGUESE: CopyWords = {
  noun: inProse,
  quote: (t) => `«${t}»`,
  list: listWith(() => "e"),
  days: ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"].map((d) => ({ on: `${/-feira$/.test(d) ? "à" : "ao"} ${d}`, day: d })),
  hoursAll: (n, l) => `Horário de ${n}: ${l}.`,
  noHoursFor: (n, d) => `O site de ${n} não indica horário para ${d}.`,
  closedOn: (n, on, yn) => `${yn ? "Não: " : ""}${n} não abre ${on}.`,
  openOn: (n, on, o, c, yn) => `${yn ? "Sim: " : ""}${n} abre ${on} das ${o} às ${c}.`,
  page: (u) => ` Página: ${u}`,
  pages: (us) => ` Páginas: ${PORTUGUESE.list(us)}`,
  priceRow: (s, n, row) => `Preço indicado por ${s} para ${n}: «${row}».`,
  priceListed: (n, p, s) => `${n}: ${p}, preço indicado por ${s}.`,
  pageRef: (r) => (r.kind === "home" ? "Na sua página inicial" : r.kind === "titled" ? `Na sua página «${r.title}»` : `Na sua página ${r.where}`),
  pageSays: (r, s, q, u, of) => `${PORTUGUESE.pageRef(r)}, ${s} diz${of === null ? "" : ` sobre ${of}`}: «${q}» (${u})`,
  noPrice: (s, n) => `O site de ${s} não indica o preço de ${n}; o melhor é perguntar diretamente.`,
  offers: (s, n) => `${s} oferece: ${n}.`,
  listedPrice: (p) => `Preço indicado: ${p}.`,
  pageAdds: (q) => `A sua página acrescenta: «${q}»`,
  contact: (s, w, p, e) => `Contactos de ${s}: ${joinParts([w, p === null ? null : `tel. ${p}`, e === null ? null : `e-mail ${e}`], "; ")}.`,
  both: (s, a, b) => `${s} oferece: ${a} e ${b}.`,
  product: (n, m, c, p, mk) => (mk ? `${n}: um produto de ${m}, ${c}${p === null ? "" : `, ${p}`}.` : `${n}: ${c}, um produto de ${m}${p === null ? "" : `, ${p}`}.`),
  basedIn: (n, p, h) => `${n}${p === null ? "" : ` (${p})`}. Mais informações em ${h}.`,
  aboutWrites: (n, q) => `Na sua página de apresentação, ${n} escreve: «${q}»`,
  alsoLists: (s, l) => `${s} também oferece: ${l}.`,
  offersEach: (n, l) => `${n} oferece: ${l}. Cada serviço tem a sua própria página neste site.`,
  offersMany: (n, k, l) => `${n} oferece ${k} serviços, cada um com a sua própria página neste site, entre eles ${l}.`
}

const COPY: Partial<Record<SiteLanguage, CopyWords>> = { fr: FRENCH, de: GERMAN, es: SPANISH, it: ITALIAN, pt: PORTUGUESE }

/** The frames for a site in `language`; null for English and for languages without frames here (English is written as before). */
export const copyWords = (language: SiteLanguage | undefined): CopyWords | null => (language === undefined ? null : COPY[language] ?? null)
