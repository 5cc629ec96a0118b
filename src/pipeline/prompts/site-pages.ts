/**
 * What kind of page a crawled page is, for reading offerings: a page about the business (about,
 * story, values, contact, FAQ, legal, blog) never names an offering in its headings; a page in a
 * shop, menu or services section, or one that states a product, service or menu in JSON-LD,
 * does. Judged by the URL path first, then by the title when the path says nothing. Pure.
 */
import { isJsonLdObject, type JsonLdBounds, typeNamesOf, walkJsonLd } from "../crawler/jsonld-walk.ts"
import { countPrices } from "../../domain/money.ts"
import { OFFERING_SECTION } from "../crawler/structured-data.ts"
import { fold } from "./prompt-text.ts"

export type PageKind = "home" | "business" | "offering" | "other"

/** Path segments and title openings of pages about the business itself, not what it sells. */
const BUSINESS_PAGE =
  /^(?:about(?:-us)?|a-propos|our-story|story|history|values|our-values|mission|team|our-team|people|staff|community|sustainability|impact|contact(?:-us)?|find-us|location|locations|visit|faqs?|help|support|legal|privacy(?:-policy)?|terms(?:-of-service|-and-conditions)?|cookies?(?:-policy)?|imprint|impressum|datenschutz(?:erklarung|erklärung)?|agb|aviso-(?:de-privacidad|legal)|politica-de-(?:privacidad|privacidade|cookies)|privacidad|privacidade|mentions-legales|politique-de-confidentialite|confidentialite|cgv|informativa-privacy|note-legali|privacybeleid|privacyverklaring|algemene-voorwaarden|careers?|jobs|press|media|blog|news|journal|diary|farm-diary|posts?|portfolio|our-work|selected-work|articles?|stories|events?|accessibility|shipping|delivery-info|returns?|refunds?|policy|policies|sitemap|login|account|cart|checkout|gallery|testimonials|reviews|partners|awards|attorneys|lawyers|our-firm|firm|who-we-are|our-people|doctors|dentists|teachers|instructors|leadership|customers|customer-stories|case-studies|success-stories|clients|our-clients|nosotros|sobre-nosotros|quienes-somos|equipo|nuestro-equipo|contacto|preguntas-frecuentes|historia|ueber-uns|uber-uns|über-uns|wir|team-und-praxis|kontakt|anfahrt|equipe|équipe|qui-sommes-nous|notre-equipe|notre-équipe|nous-contacter|chi-siamo|contatti|contato|sobre-nos|sobre|quem-somos|our-history|la-nostra-storia|nostra-storia|storia|il-team|notre-histoire|histoire|nuestra-historia|unsere-geschichte|geschichte|unser-team|nossa-historia|a-nossa-historia|over-ons|ons-verhaal|werken-bij|vacatures|nieuws|actueel|veelgestelde-vragen|winkels|onze-winkels|vestigingen|locaties|lojas|as-nossas-lojas|nossas-lojas|contactos|perguntas-frequentes|equipa|blogue|noticias|tiendas|nuestras-tiendas|donde-estamos|sucursales|trabaja-con-nosotros|empleo|negozi|i-nostri-negozi|punti-vendita|dove-siamo|lavora-con-noi|notizie|magasins|nos-magasins|ou-nous-trouver|actualites|actualités|recrutement|emplois|filialen|standorte|karriere|aktuelles|neuigkeiten|o-nas|nasz-zespol|zespol|kariera|praca-u-nas|oferty-pracy|aktualnosci|om-oss|kontakta-oss|var-historia|lediga-tjanster|jobba-hos-oss|nyheter|lavora-con-noi|premi)$/

/** A site's portfolio at its top level (`/work`, `/projects`, `/referenzen`, a planner's `/real-weddings`): past clients' projects, not offerings. */
const PORTFOLIO_PAGE = /^(?:work|recent-work|projects|our-projects|references|referenzen|projekte|realisations|réalisations|proyectos|trabajos|progetti|projecten|prosjekter|real-weddings|our-weddings|recent-weddings|real-events)$/

const TITLE_BUSINESS = /^(?:about|our story|our values|our team|meet|contact|faq|frequently asked|privacy|terms|careers|jobs|blog|news|legal|imprint|impressum|datenschutz|aviso de privacidad|aviso legal|politica de privacidad|mentions legales|politique de confidentialite|informativa sulla privacy|privacybeleid|community|sustainability|el equipo|nuestro equipo|quienes somos|sobre nosotros|contacto|preguntas frecuentes|uber uns|kontakt|qui sommes|a propos|notre equipe|chi siamo|contatti|quem somos|our history|la nostra storia|notre histoire|nuestra historia|unsere geschichte|a nossa historia|nossa historia|o nas|nasz zespol|nasza historia|kariera|aktualnosci|om oss|kontakta oss|var historia|lediga tjanster|nyheter|lavora con noi)\b/

/**
 * A title that is the business's own workshop, the place where its things are made ("The
 * workshop", "Nuestro taller", "Notre atelier"), not a workshop it sells ("Workshops", "Spoon
 * carving workshop"): a page about the business, whatever its address.
 */
const OWN_WORKSHOP_TITLE =
  /^(?:(?:the|our) (?:workshop|atelier|workroom)|(?:el|nuestro) taller|(?:l'|notre |l )atelier|(?:die|unsere) werkstatt|(?:de|onze) werkplaats|(?:il nostro|il) laboratorio|(?:a nossa|nossa|a) oficina|(?:la nostra|la) bottega|(?:nasza|nasz) (?:pracownia|warsztat)|verkstaden|(?:var|vart) verkstad)$/

/** Titles of pages about the business's customers, its past work or its writing, whatever their address. */
const TITLE_STORIES = /^(?:customer stories|case studies|success stories|testimonials|reviews|blog|journal|news|selected work|our work|recent work|portfolio|real weddings|recent weddings|real events|our projects|recent projects|referenzen|projekte|nos realisations|realisations|proyectos|nuestros trabajos|progetti|projecten)\b/

const OFFERING_TYPES = new Set(["Product", "ProductGroup", "IndividualProduct", "Service", "Offer", "AggregateOffer", "Menu", "MenuSection", "MenuItem", "OfferCatalog"])

const BOUNDS: JsonLdBounds = { maxDepth: 8, maxNodes: 500, counts: "objects", skipKeys: new Set(["@context"]) }

/** The path's segments, lower case, without a file extension: `/About-Us.html` → `["about-us"]`. */
export const pathSegments = (url: string | null | undefined): ReadonlyArray<string> | undefined => {
  if (url === null || url === undefined) return undefined
  try {
    return new URL(url).pathname.split("/").filter((s) => s.length > 0).map((s) => {
      let segment = s
      try {
        segment = decodeURIComponent(s)
      } catch {
        // A malformed escape stays as written.
      }
      return segment.toLowerCase().replace(/\.(?:html?|php|aspx?)$/, "")
    }).filter((s) => s !== "index" && s !== "default")
  } catch {
    return undefined
  }
}

/** Whether the JSON-LD states a product, service, offer or menu. */
export const statesOffering = (jsonLd: ReadonlyArray<unknown>): boolean => {
  let found = false
  walkJsonLd(jsonLd, BOUNDS, (node) => {
    if (found || !isJsonLdObject(node)) return
    if (typeNamesOf(node).some((t) => OFFERING_TYPES.has(t.replace(/^.*[/:#]/, "")))) found = true
  })
  return found
}

export interface PageForKind {
  readonly url?: string | null | undefined
  readonly title: string | null
  readonly jsonLd: ReadonlyArray<unknown>
  readonly products: ReadonlyArray<unknown>
  /** The page's text, where known: an events page that prices what it hires out sells something. */
  readonly text?: string
}

/** Path segments of pages that list what happens at the business, mostly free ("/events"). */
const EVENTS_PAGE = /^(?:events?|whats-on)$/


/** Whether the page is the FAQ (`/faq`, `/faqs.html`). */
export const isFaqPage = (page: PageForKind): boolean => (pathSegments(page.url) ?? []).some((s) => /^faqs?$/.test(s))

/**
 * An events page that sells: two prices or more ("Event space rental: evenings $600"), or tickets
 * with a price ("Tickets are $15"); one entry fee ("Quiz night, $5 entry") is no sale of events.
 */
const eventsOnSale = (text: string): boolean => {
  const prices = countPrices(text)
  return prices >= 2 || (prices === 1 && /\btickets?\b/iu.test(text))
}

export const pageKind = (page: PageForKind): PageKind => {
  const segments = pathSegments(page.url)
  // An events page that hires out or sells its events (two prices, or tickets with a price: "Event
  // space rental: evenings $600", "Tickets are $15"): what it names is on offer.
  if (segments !== undefined && segments.length === 1 && EVENTS_PAGE.test(segments[0]!) && eventsOnSale(page.text ?? "")) return "other"
  if (segments !== undefined && segments.some((s) => BUSINESS_PAGE.test(s))) return "business"
  if (segments !== undefined && segments.length >= 1 && PORTFOLIO_PAGE.test(segments[0]!)) return "business"
  if (segments === undefined && TITLE_BUSINESS.test(fold(page.title ?? "").trim())) return "business"
  if (segments !== undefined && segments.length === 0) return "home"
  if (OWN_WORKSHOP_TITLE.test(fold((page.title ?? "").split(/\s+[|·–—-]\s+/u)[0] ?? "").trim())) return "business"
  if (segments !== undefined && segments.some((s) => OFFERING_SECTION.test(s))) return "offering"
  if (statesOffering(page.jsonLd) || page.products.length > 0) return "offering"
  if (TITLE_STORIES.test(fold(page.title ?? "").trim())) return "business"
  return "other"
}

/** Whether the page is an offering's own page (`/products/croissant`, `/croissants.html`), not a list of them. */
export const isDetailPage = (page: PageForKind): boolean => {
  const segments = pathSegments(page.url)
  if (segments === undefined || segments.length === 0) return false
  const last = segments[segments.length - 1]!
  return !OFFERING_SECTION.test(last) && !BUSINESS_PAGE.test(last)
}

/** Same page: scheme, host, path without a trailing slash or extension; query and fragment ignored. */
export const samePage = (a: string | null | undefined, b: string | null | undefined): boolean => {
  const key = (url: string | null | undefined) => {
    if (url === null || url === undefined) return undefined
    try {
      const parsed = new URL(url)
      return `${parsed.host.toLowerCase().replace(/^www\./, "")}/${(pathSegments(url) ?? []).join("/")}`
    } catch {
      return undefined
    }
  }
  const ka = key(a)
  return ka !== undefined && ka === key(b)
}
