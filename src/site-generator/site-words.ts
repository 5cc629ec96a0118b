/**
 * The words the generator writes itself on a site (navigation, headings, buttons, fact labels,
 * the footer, page intros, dates), in the language the crawled site is written in, so a French
 * repairer's site does not read "Home Offerings FAQ". English for every language without words
 * of its own here. Frames are chosen so nothing agrees with a crawled noun of unknown gender or
 * number ("Prix : 89 €", not "Il est proposé"); a name after French "de" takes its elision.
 */
import type { SiteLanguage } from "../domain/site-language.ts"

/** The languages the generated site is written in; any other site language gets English. */
export type WordsLanguage = "en" | "fr" | "de" | "es" | "it" | "pt"

export interface SiteWords {
  readonly lang: WordsLanguage
  readonly home: string
  readonly faq: string
  readonly blog: string
  readonly about: string
  readonly contact: string
  /** The offerings' label, "explore" button, "all N" link and "more" heading, for a business and for a product's variants. */
  readonly offerings: Record<"business" | "product", OfferingWords>
  readonly mainNav: string
  readonly breadcrumb: string
  readonly skipLink: string
  readonly informationFrom: string
  readonly atomFeed: string
  readonly sitemap: string
  readonly blogName: (name: string) => string
  readonly notFound: { readonly title: string; readonly description: (name: string) => string; readonly lead: string; readonly goHome: string }
  readonly readFaq: string
  readonly visit: (host: string) => string
  readonly productBy: (business: string) => string
  readonly commonQuestions: string
  readonly faqTitle: string
  readonly theFullAnswer: string
  readonly allQuestions: (n: number) => string
  readonly latestArticles: string
  readonly allArticles: string
  readonly moreArticles: string
  readonly atAGlance: string
  readonly facts: Record<"madeBy" | "category" | "location" | "address" | "phone" | "email" | "hours" | "website", string>
  readonly aboutName: (name: string) => string
  readonly getInTouch: string
  readonly months: ReadonlyArray<string>
  readonly date: (day: number, month: string, year: string) => string
  readonly faqIntro: (name: string) => string
  /** Before a link to the contact page, when no question is answered yet. */
  readonly noQuestions: (name: string) => { readonly before: string; readonly link: string; readonly after: string }
  readonly contactName: (name: string) => string
  readonly howToReach: (name: string) => string
  readonly reachThroughWebsite: (name: string) => string
  readonly ownContactPage: string
  readonly onHost: (host: string) => string
  readonly followFeed: string
  readonly noArticles: string
  readonly publishedBy: string
  /** The blog's intro; null where the English one, which names the category, is written (blog-pages.ts). */
  readonly articlesBy: ((name: string) => string) | null
  readonly offeringsIntro: (name: string, host: string) => string
  readonly productOfferingsIntro: (business: string, name: string, host: string) => string
  readonly offeredBy: (business: string) => string
  readonly variant: string
  readonly offeringFallback: (name: string, business: string) => string | null
  readonly viewOn: (host: string) => string
  readonly askQuestion: string
}

interface OfferingWords {
  readonly label: string
  readonly explore: string
  readonly all: (n: number) => string
  readonly more: string
}

// French "de" before a name: "d’Électro Meuse", "de Boulangerie Martin".
export const de = (name: string): string => (/^[aeiouyàâäéèêëîïôöûüæœ]/iu.test(name) ? `d’${name}` : `de ${name}`)

const ENGLISH: SiteWords = {
  lang: "en",
  home: "Home",
  faq: "FAQ",
  blog: "Blog",
  about: "About",
  contact: "Contact",
  offerings: {
    business: { label: "Offerings", explore: "Explore offerings", all: (n) => `All ${n} offerings`, more: "More offerings" },
    product: { label: "Products", explore: "Explore products", all: (n) => `All ${n} products`, more: "More products" }
  },
  mainNav: "Main",
  breadcrumb: "Breadcrumb",
  skipLink: "Skip to content",
  informationFrom: "Information from",
  atomFeed: "Atom feed",
  sitemap: "Sitemap",
  blogName: (name) => `${name} blog`,
  notFound: {
    title: "Page not found",
    description: (name) => `This page does not exist on the ${name} site.`,
    lead: "The page you were looking for does not exist.",
    goHome: "Go to the home page"
  },
  readFaq: "Read the FAQ",
  visit: (host) => `Visit ${host}`,
  productBy: (business) => `Product by ${business}`,
  commonQuestions: "Common questions",
  faqTitle: "Frequently asked questions",
  theFullAnswer: "The full answer",
  allQuestions: (n) => `All ${n} questions`,
  latestArticles: "Latest articles",
  allArticles: "All articles",
  moreArticles: "More articles",
  atAGlance: "At a glance",
  facts: { madeBy: "Made by", category: "Category", location: "Location", address: "Address", phone: "Phone", email: "Email", hours: "Opening hours", website: "Website" },
  aboutName: (name) => `About ${name}`,
  getInTouch: "Get in touch",
  months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  date: (day, month, year) => `${day} ${month} ${year}`,
  faqIntro: (name) => `Answers to common questions about ${name}`,
  noQuestions: (name) => ({ before: "No questions have been answered here yet. ", link: "Get in touch", after: ` with ${name} directly.` }),
  contactName: (name) => `Contact ${name}`,
  howToReach: (name) => `How to reach ${name}`,
  reachThroughWebsite: (name) => `The best way to reach ${name} is through its website.`,
  ownContactPage: "From its own contact page",
  onHost: (host) => `On ${host}`,
  followFeed: "Follow the Atom feed",
  noArticles: "No articles yet.",
  publishedBy: "Published by",
  articlesBy: null,
  offeringsIntro: (name, host) => `Everything ${name} offers, as listed on ${host}.`,
  productOfferingsIntro: (business, name, host) => `What ${business} lists with ${name} on ${host}.`,
  offeredBy: (business) => `Offered by ${business}`,
  variant: "variant",
  // English agrees the verb with the name (offering-pages.ts writes it).
  offeringFallback: () => null,
  viewOn: (host) => `View on ${host}`,
  askQuestion: "Ask a question"
}

const FRENCH: SiteWords = {
  lang: "fr",
  home: "Accueil",
  faq: "FAQ",
  blog: "Blog",
  about: "À propos",
  contact: "Contact",
  offerings: {
    business: { label: "Prestations", explore: "Voir les prestations", all: (n) => `Les ${n} prestations`, more: "Autres prestations" },
    product: { label: "Produits", explore: "Voir les produits", all: (n) => `Les ${n} produits`, more: "Autres produits" }
  },
  mainNav: "Menu principal",
  breadcrumb: "Fil d’Ariane",
  skipLink: "Aller au contenu",
  informationFrom: "Informations issues de",
  atomFeed: "Flux Atom",
  sitemap: "Plan du site",
  blogName: (name) => `Blog ${de(name)}`,
  notFound: {
    title: "Page introuvable",
    description: () => "Cette page n’existe pas sur ce site.",
    lead: "La page que vous cherchez n’existe pas.",
    goHome: "Retour à l’accueil"
  },
  readFaq: "Lire la FAQ",
  visit: (host) => `Visiter ${host}`,
  productBy: (business) => `Un produit ${de(business)}`,
  commonQuestions: "Questions fréquentes",
  faqTitle: "Questions fréquentes",
  theFullAnswer: "La réponse complète",
  allQuestions: (n) => `Les ${n} questions`,
  latestArticles: "Derniers articles",
  allArticles: "Tous les articles",
  moreArticles: "Autres articles",
  atAGlance: "En bref",
  facts: { madeBy: "Fabricant", category: "Catégorie", location: "Lieu", address: "Adresse", phone: "Téléphone", email: "E-mail", hours: "Horaires d’ouverture", website: "Site web" },
  aboutName: (name) => `À propos ${de(name)}`,
  getInTouch: "Nous contacter",
  months: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
  date: (day, month, year) => `${day === 1 ? "1er" : day} ${month} ${year}`,
  faqIntro: (name) => `Réponses aux questions fréquentes sur ${name}`,
  noQuestions: () => ({ before: "Aucune question n’a encore reçu de réponse ici. ", link: "Nous contacter", after: "." }),
  contactName: (name) => `Contacter ${name}`,
  howToReach: (name) => `Comment joindre ${name}`,
  reachThroughWebsite: (name) => `Le plus simple pour joindre ${name} est de passer par son site.`,
  ownContactPage: "Sur sa propre page de contact",
  onHost: (host) => `Sur ${host}`,
  followFeed: "Suivre le flux Atom",
  noArticles: "Aucun article pour l’instant.",
  publishedBy: "Publié par",
  articlesBy: (name) => `Articles publiés par ${name}.`,
  offeringsIntro: (name, host) => `Tout ce que propose ${name}, tel que présenté sur ${host}.`,
  productOfferingsIntro: (business, name, host) => `Ce que ${business} propose avec ${name} sur ${host}.`,
  offeredBy: (business) => `Prestation proposée par ${business}`,
  variant: "variante",
  offeringFallback: (name, business) => `Prestation proposée par ${business} : ${name}.`,
  viewOn: (host) => `Voir sur ${host}`,
  askQuestion: "Poser une question"
}

const GERMAN: SiteWords = {
  lang: "de",
  home: "Startseite",
  faq: "FAQ",
  blog: "Blog",
  about: "Über uns",
  contact: "Kontakt",
  offerings: {
    business: { label: "Leistungen", explore: "Leistungen ansehen", all: (n) => `Alle ${n} Leistungen`, more: "Weitere Leistungen" },
    product: { label: "Produkte", explore: "Produkte ansehen", all: (n) => `Alle ${n} Produkte`, more: "Weitere Produkte" }
  },
  mainNav: "Hauptmenü",
  breadcrumb: "Navigationspfad",
  skipLink: "Zum Inhalt springen",
  informationFrom: "Angaben von",
  atomFeed: "Atom-Feed",
  sitemap: "Sitemap",
  blogName: (name) => `${name} – Blog`,
  notFound: {
    title: "Seite nicht gefunden",
    description: () => "Diese Seite gibt es auf dieser Website nicht.",
    lead: "Die gesuchte Seite gibt es nicht.",
    goHome: "Zur Startseite"
  },
  readFaq: "Zu den FAQ",
  visit: (host) => `${host} besuchen`,
  productBy: (business) => `Ein Produkt von ${business}`,
  commonQuestions: "Häufige Fragen",
  faqTitle: "Häufige Fragen",
  theFullAnswer: "Die ganze Antwort",
  allQuestions: (n) => `Alle ${n} Fragen`,
  latestArticles: "Neueste Artikel",
  allArticles: "Alle Artikel",
  moreArticles: "Weitere Artikel",
  atAGlance: "Auf einen Blick",
  facts: { madeBy: "Hersteller", category: "Kategorie", location: "Ort", address: "Adresse", phone: "Telefon", email: "E-Mail", hours: "Öffnungszeiten", website: "Website" },
  aboutName: (name) => `Über ${name}`,
  getInTouch: "Kontakt aufnehmen",
  months: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
  date: (day, month, year) => `${day}. ${month} ${year}`,
  faqIntro: (name) => `Antworten auf häufige Fragen zu ${name}`,
  noQuestions: () => ({ before: "Hier sind noch keine Fragen beantwortet. ", link: "Kontakt aufnehmen", after: "." }),
  contactName: (name) => `${name} kontaktieren`,
  howToReach: (name) => `So erreichen Sie ${name}`,
  reachThroughWebsite: (name) => `${name} erreichen Sie am besten über die eigene Website.`,
  ownContactPage: "Von der eigenen Kontaktseite",
  onHost: (host) => `Auf ${host}`,
  followFeed: "Den Atom-Feed abonnieren",
  noArticles: "Noch keine Artikel.",
  publishedBy: "Veröffentlicht von",
  articlesBy: (name) => `Artikel von ${name}.`,
  offeringsIntro: (name, host) => `Alle Angebote von ${name}, wie auf ${host} aufgeführt.`,
  productOfferingsIntro: (business, name, host) => `Was ${business} neben ${name} auf ${host} anbietet.`,
  offeredBy: (business) => `Ein Angebot von ${business}`,
  variant: "Variante",
  offeringFallback: (name, business) => `Ein Angebot von ${business}: ${name}.`,
  viewOn: (host) => `Auf ${host} ansehen`,
  askQuestion: "Eine Frage stellen"
}

const SPANISH: SiteWords = {
  lang: "es",
  home: "Inicio",
  faq: "Preguntas frecuentes",
  blog: "Blog",
  about: "Quiénes somos",
  contact: "Contacto",
  offerings: {
    business: { label: "Servicios", explore: "Ver los servicios", all: (n) => `Los ${n} servicios`, more: "Otros servicios" },
    product: { label: "Productos", explore: "Ver los productos", all: (n) => `Los ${n} productos`, more: "Otros productos" }
  },
  mainNav: "Menú principal",
  breadcrumb: "Ruta de navegación",
  skipLink: "Ir al contenido",
  informationFrom: "Información de",
  atomFeed: "Feed Atom",
  sitemap: "Mapa del sitio",
  blogName: (name) => `Blog de ${name}`,
  notFound: {
    title: "Página no encontrada",
    description: () => "Esta página no existe en este sitio.",
    lead: "La página que busca no existe.",
    goHome: "Ir a la página de inicio"
  },
  readFaq: "Ver las preguntas frecuentes",
  visit: (host) => `Visitar ${host}`,
  productBy: (business) => `Un producto de ${business}`,
  commonQuestions: "Preguntas frecuentes",
  faqTitle: "Preguntas frecuentes",
  theFullAnswer: "La respuesta completa",
  allQuestions: (n) => `Las ${n} preguntas`,
  latestArticles: "Últimos artículos",
  allArticles: "Todos los artículos",
  moreArticles: "Más artículos",
  atAGlance: "De un vistazo",
  facts: { madeBy: "Fabricante", category: "Categoría", location: "Ubicación", address: "Dirección", phone: "Teléfono", email: "Correo electrónico", hours: "Horario", website: "Sitio web" },
  aboutName: (name) => `Sobre ${name}`,
  getInTouch: "Contactar",
  months: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
  date: (day, month, year) => `${day} de ${month} de ${year}`,
  faqIntro: (name) => `Respuestas a las preguntas frecuentes sobre ${name}`,
  noQuestions: () => ({ before: "Todavía no hay preguntas respondidas aquí. ", link: "Contactar", after: "." }),
  contactName: (name) => `Contactar con ${name}`,
  howToReach: (name) => `Cómo contactar con ${name}`,
  reachThroughWebsite: (name) => `La mejor forma de contactar con ${name} es a través de su sitio web.`,
  ownContactPage: "De su propia página de contacto",
  onHost: (host) => `En ${host}`,
  followFeed: "Seguir el feed Atom",
  noArticles: "Todavía no hay artículos.",
  publishedBy: "Publicado por",
  articlesBy: (name) => `Artículos publicados por ${name}.`,
  offeringsIntro: (name, host) => `Todo lo que ofrece ${name}, tal como figura en ${host}.`,
  productOfferingsIntro: (business, name, host) => `Lo que ${business} ofrece junto a ${name} en ${host}.`,
  offeredBy: (business) => `Una oferta de ${business}`,
  variant: "variante",
  offeringFallback: (name, business) => `Una oferta de ${business}: ${name}.`,
  viewOn: (host) => `Ver en ${host}`,
  askQuestion: "Hacer una pregunta"
}

const ITALIAN: SiteWords = {
  lang: "it",
  home: "Home",
  faq: "FAQ",
  blog: "Blog",
  about: "Chi siamo",
  contact: "Contatti",
  offerings: {
    business: { label: "Servizi", explore: "Scopri i servizi", all: (n) => `Tutti i ${n} servizi`, more: "Altri servizi" },
    product: { label: "Prodotti", explore: "Scopri i prodotti", all: (n) => `Tutti i ${n} prodotti`, more: "Altri prodotti" }
  },
  mainNav: "Menu principale",
  breadcrumb: "Percorso",
  skipLink: "Vai al contenuto",
  informationFrom: "Informazioni tratte da",
  atomFeed: "Feed Atom",
  sitemap: "Mappa del sito",
  blogName: (name) => `Blog di ${name}`,
  notFound: {
    title: "Pagina non trovata",
    description: () => "Questa pagina non esiste su questo sito.",
    lead: "La pagina che cercavi non esiste.",
    goHome: "Vai alla home page"
  },
  readFaq: "Leggi le FAQ",
  visit: (host) => `Visita ${host}`,
  productBy: (business) => `Un prodotto di ${business}`,
  commonQuestions: "Domande frequenti",
  faqTitle: "Domande frequenti",
  theFullAnswer: "La risposta completa",
  allQuestions: (n) => `Tutte le ${n} domande`,
  latestArticles: "Ultimi articoli",
  allArticles: "Tutti gli articoli",
  moreArticles: "Altri articoli",
  atAGlance: "In breve",
  facts: { madeBy: "Produttore", category: "Categoria", location: "Località", address: "Indirizzo", phone: "Telefono", email: "Email", hours: "Orari di apertura", website: "Sito web" },
  aboutName: (name) => `Informazioni su ${name}`,
  getInTouch: "Contattaci",
  months: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
  date: (day, month, year) => `${day} ${month} ${year}`,
  faqIntro: (name) => `Risposte alle domande frequenti su ${name}`,
  noQuestions: () => ({ before: "Qui non ci sono ancora domande con risposta. ", link: "Contattaci", after: "." }),
  contactName: (name) => `Contatta ${name}`,
  howToReach: (name) => `Come contattare ${name}`,
  reachThroughWebsite: (name) => `Il modo migliore per contattare ${name} è il suo sito web.`,
  ownContactPage: "Dalla sua pagina dei contatti",
  onHost: (host) => `Su ${host}`,
  followFeed: "Segui il feed Atom",
  noArticles: "Ancora nessun articolo.",
  publishedBy: "Pubblicato da",
  articlesBy: (name) => `Articoli pubblicati da ${name}.`,
  offeringsIntro: (name, host) => `Tutto ciò che offre ${name}, come indicato su ${host}.`,
  productOfferingsIntro: (business, name, host) => `Ciò che ${business} offre insieme a ${name} su ${host}.`,
  offeredBy: (business) => `Un’offerta di ${business}`,
  variant: "variante",
  offeringFallback: (name, business) => `Un’offerta di ${business}: ${name}.`,
  viewOn: (host) => `Vedi su ${host}`,
  askQuestion: "Fai una domanda"
}

const PORTUGUESE: SiteWords = {
  lang: "pt",
  home: "Início",
  faq: "Perguntas frequentes",
  blog: "Blog",
  about: "Sobre",
  contact: "Contacto",
  offerings: {
    business: { label: "Serviços", explore: "Ver os serviços", all: (n) => `Todos os ${n} serviços`, more: "Outros serviços" },
    product: { label: "Produtos", explore: "Ver os produtos", all: (n) => `Todos os ${n} produtos`, more: "Outros produtos" }
  },
  mainNav: "Menu principal",
  breadcrumb: "Navegação estrutural",
  skipLink: "Saltar para o conteúdo",
  informationFrom: "Informação de",
  atomFeed: "Feed Atom",
  sitemap: "Mapa do site",
  blogName: (name) => `Blog de ${name}`,
  notFound: {
    title: "Página não encontrada",
    description: () => "Esta página não existe neste site.",
    lead: "A página que procura não existe.",
    goHome: "Ir para a página inicial"
  },
  readFaq: "Ler as perguntas frequentes",
  visit: (host) => `Visitar ${host}`,
  productBy: (business) => `Um produto de ${business}`,
  commonQuestions: "Perguntas frequentes",
  faqTitle: "Perguntas frequentes",
  theFullAnswer: "A resposta completa",
  allQuestions: (n) => `Todas as ${n} perguntas`,
  latestArticles: "Últimos artigos",
  allArticles: "Todos os artigos",
  moreArticles: "Mais artigos",
  atAGlance: "Em resumo",
  facts: { madeBy: "Fabricante", category: "Categoria", location: "Localização", address: "Endereço", phone: "Telefone", email: "E-mail", hours: "Horário", website: "Site" },
  aboutName: (name) => `Sobre ${name}`,
  getInTouch: "Contactar",
  months: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
  date: (day, month, year) => `${day} de ${month} de ${year}`,
  faqIntro: (name) => `Respostas às perguntas frequentes sobre ${name}`,
  noQuestions: () => ({ before: "Ainda não há perguntas respondidas aqui. ", link: "Contactar", after: "." }),
  contactName: (name) => `Contactar ${name}`,
  howToReach: (name) => `Como contactar ${name}`,
  reachThroughWebsite: (name) => `A melhor forma de contactar ${name} é através do seu site.`,
  ownContactPage: "Da sua própria página de contacto",
  onHost: (host) => `Em ${host}`,
  followFeed: "Seguir o feed Atom",
  noArticles: "Ainda não há artigos.",
  publishedBy: "Publicado por",
  articlesBy: (name) => `Artigos publicados por ${name}.`,
  offeringsIntro: (name, host) => `Tudo o que ${name} oferece, tal como indicado em ${host}.`,
  productOfferingsIntro: (business, name, host) => `O que ${business} oferece com ${name} em ${host}.`,
  offeredBy: (business) => `Uma oferta de ${business}`,
  variant: "variante",
  offeringFallback: (name, business) => `Uma oferta de ${business}: ${name}.`,
  viewOn: (host) => `Ver em ${host}`,
  askQuestion: "Fazer uma pergunta"
}

const WORDS: Partial<Record<SiteLanguage, SiteWords>> = { en: ENGLISH, fr: FRENCH, de: GERMAN, es: SPANISH, it: ITALIAN, pt: PORTUGUESE }

/** The generator's words for a site in `language` (English when absent or without words here). */
export const siteWords = (language: SiteLanguage | undefined): SiteWords => WORDS[language ?? "en"] ?? ENGLISH
