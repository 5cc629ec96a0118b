/**
 * Words a site shows that are never something a customer buys, whatever source read them as one:
 * a shop's controls (filter, sort, basket, a language's own name, "book an appointment", "read
 * more") in the languages sites are written in, a menu's bare verb ("Louer", "Comprar"), the word
 * for "services" itself, a product's option labels ("Colours", "Widths", "Altura de la cuña",
 * "Queen plans"), a heading counting years or generations ("Three generations", "Twenty years
 * of ..."), who a section is for ("Kids & teens"), a page's people ("The boat & crew"), a fleet,
 * a price list's "extra person", a counted schedule ("Two weekends"), a blog's or a club's
 * feature ("Recipe of the month", "Member events"), an awards page ("Prémios"), a page of the
 * business's people ("Meet the team", "Mød trænerne"), a page's kinds by where they are held ("Kurse
 * in der Praxis"), a heading of the best-known ones ("Our best-known walks"), a guide to prices
 * or buying ("Rough guides"), a portfolio ("Our work", "Recent projects"), an ideas page ("Inspiration") and a tourist tax
 * ("Taxe de séjour", "Kurtaxe"), the heading over a list of what the business does ("Lo que hacemos"),
 * its best sellers ("Os mais vendidos"), what is on this week ("Diese Woche"), whom it works with
 * ("Research partnership"), shipping ("Envíos") and a link's call to action ("See the package", "See
 * the survey page"), an About page's first-person headings ("About me", "Qui suis-je", "Mijn aanpak"), a
 * list's own name ("Treatments", "Nos soins"), the business's premises ("The clinic", "Die Praxis"), a
 * blog's series ("Project of the week"), a shop's information ("Fitting guide", "Sizing chart", "How to
 * order", "Brew guide"), a menu's bare verbs ("Eat & drink") and the rest of a list ("Other languages").
 * Pure; on the folded phrase.
 */

import { fold, phraseKey, squish } from "./prompt-text.ts"

const alternatives = (s: string): string => s.split(/\s*\|\s*|\n\s*/).map((w) => w.trim()).filter((w) => w.length > 0).join("|")

/** Possessives and articles a control may open with ("Tu cesta", "Your basket", "Mein Warenkorb"). */
const OWNER = alternatives(`your|my|the|tu|su|mi|el|la|votre|ton|mon|le|ihr|dein|mein|der|je|uw|mijn|de|het|il|tuo|o|a|seu|teu`)

/** A shop's and a site's controls: filtering, sorting, the basket, checking out, reading on. */
const CONTROLS = alternatives(`
  filter|filters|filter by|filtrar|filtrar por|filtros|filtro|filtern|filter nach|filtrer|filtrer par|filtres|filtri|filtra|filteren
  sort|sort by|ordenar|ordenar por|sortieren|sortieren nach|trier|trier par|ordina|ordina per|sorteren|sorteer op
  basket|cart|shopping basket|shopping cart|shopping bag|cesta|carrito|cesta de la compra|panier|warenkorb|einkaufswagen
  winkelwagen|winkelmandje|mandje|carrello|carrinho|cesto|checkout|kasse|caisse|wishlist|wish list|merkliste|favoritos
  read more|leer mas|ver mas|seguir leyendo|weiterlesen|mehr lesen|mehr erfahren|lire la suite|en savoir plus|lees meer
  leggi di piu|scopri di piu|saiba mais|ler mais|see all|view all|show all|ver todo|ver todos|alle anzeigen|voir tout
  tout voir|bekijk alles|vedi tutti|load more|back to top|go back|volver|zuruck|retour|terug|indietro
  skip to content|skip to main content|skip to navigation|skip to the content|skip to footer|zum inhalt springen|aller au contenu|ir al contenido|naar inhoud
  book now|book online|book an appointment|book appointment|make an appointment|request an appointment|schedule an appointment
  termin vereinbaren|termin buchen|termin anfragen|online termin|jetzt buchen|pedir cita|reservar cita|solicitar cita
  prendre rendez vous|reserver maintenant|afspraak maken|maak een afspraak|prenota ora|prenota|marcar consulta|agendar
  reservar ahora|reservar online`)

/** A menu's bare verb, in the languages sites are written in: where to click, not what is sold. */
const MENU_VERBS = alternatives(`
  louer|acheter|reserver|profiter|decouvrir|sejourner|venir|comprar|alquilar|reservar|descubrir|disfrutar|visitar
  mieten|kaufen|buchen|entdecken|geniessen|besuchen|huren|kopen|boeken|ontdekken|genieten|bezoeken
  affittare|comprare|prenotare|scoprire|visitare|alugar|descobrir|aproveitar`)

/** "Services" in other languages, alone or after "our": the menu's name for the list, not a thing on it. */
const SERVICES_WORD = alternatives(`
  leistungen|dienstleistungen|unsere leistungen|angebot|angebote|unser angebot|servicios|nuestros servicios|prestations
  nos prestations|nos services|diensten|onze diensten|servizi|i nostri servizi|servicos|os nossos servicos|nossos servicos
  uslugi|nasze uslugi|oferta|nasza oferta|tjanster|vara tjanster|utbud|vart utbud|tjenester|vores tjenester|palvelut
  ydelser|vores ydelser|ovrige ydelser|andre ydelser|hizmetler|hizmetlerimiz|sluzby|nase sluzby`)

/** A site's careers and vacancies, in the languages sites are written in: work at the business, not what it sells. */
const CAREERS = alternatives(`
  careers|career|jobs|vacancies|job openings|open positions|join us|join our team|work with us|work for us|we re hiring|were hiring
  karriere|jobs bei \\S+|stellenangebote|offene stellen|carrieres|offres d emploi|rejoignez nous|empleo|ofertas de empleo
  trabaja con nosotros|lavora con noi|offerte di lavoro|posizioni aperte|carreiras|vagas|trabalhe conosco|vacatures|werken bij \\S+
  kariera|kariera w .+|kariera u nas|praca u nas|oferty pracy|lediga tjanster|lediga jobb|jobba hos oss|jobba med oss|karriar
  ledige stillinger|job hos os|avoimet tyopaikat
  \\S+ (?:soges|sokes|gesucht|gezocht|wanted)|vi soger .+|wir suchen .+|we zoeken .+|we are hiring|now hiring`)

/** "About us" and "Contact", in the languages sites are written in. */
const ABOUT_AND_CONTACT = alternatives(`
  about|about us|contact|contact us|uber uns|kontakt|over ons|qui sommes nous|a propos|nous contacter|sobre nosotros|quienes somos
  contacto|chi siamo|contatti|contattaci|sobre nos|quem somos|contato|contactos|o nas|kontakt z nami|om oss|kontakta oss|om os|meista|yhteystiedot
  hakkimizda|iletisim|bize ulasin|kontakty|kontaktujte nas`)

/** A price list's own name, in the languages sites are written in. */
const PRICE_LIST = alternatives(`
  prices|pricing|price list|our prices|preise|preisliste|tarifs|nos tarifs|precios|tarifas|prezzi|listino|listino prezzi
  tarieven|prijzen|prijslijst|precos|cennik|ceny|nasz cennik|priser|prislista|vara priser|prisliste|hinnasto|cenik|fiyatlar|fiyat listesi`)

/** One price, in the languages sites are written in. */
const PRICE_WORD = alternatives(`
  price|precio|preco|prix|preis|prezzo|prijs|pris|prisen|priset|cena|hinta|cijena|fiyat|fiyati|tarif|tarifa|tariffa`)

/** "Other" before "services", in the languages sites are written in. */
const OTHER = alternatives(`other|more|outros|otros|otras|autres|weitere|andere|altri|altre|ovriga|ovrige|andre|inne|pozostale|diger|dalsi|ostatni`)
const SERVICES_WORDS = alternatives(`services|servicos|servicios|servizi|leistungen|dienstleistungen|diensten|tjanster|tjenester|ydelser|uslugi|hizmetler|sluzby`)

/** A section's own heading: a range, an example, what one gets, what is popular now, a list of courses. */
const SECTION_WORDS = alternatives(`
  asortyment|sortiment|sortimento|surtido|assortiment|assortimento|nasz asortyment|unser sortiment|notre assortiment|nuestro surtido
  ejemplo|exemple|beispiel|esempio|exemplo|voorbeeld|przyklad|eksempel|exempel|por ejemplo|zum beispiel|par exemple|for example
  det far du|det har ingar|det ingar|dette far du|das bekommst du|das erhalten sie|ce que vous obtenez|lo que obtienes|wat je krijgt|what you get
  popularast just nu|populart just nu|popular right now|popular now|beliebt|gerade beliebt|populaire|popolari|populares
  kurser|kurse|kursy|kurssit|cursos|corsi|cours|cursussen`)

/** A surcharge or a fee, first in its line, in the languages sites are written in ("Zuschlag Samstag", "Wynagrodzenie agencji"). */
const SURCHARGE = alternatives(`
  surcharge|recargo|suplemento|supplemento|zuschlag|toeslag|tillaeg|tillagg|tillegg|priplatek|doplata
  wynagrodzenie|prowizja|oplata|honorarios|honoraires|honorar|commissione|comision|frais|gebuhr|gebuhren|avgift|gebyr|poplatek|ucret`)

/** A language's own name, as a site's language switch shows it. */
const LANGUAGE_NAMES = alternatives(`
  english|deutsch|francais|espanol|castellano|catala|euskara|galego|italiano|portugues|nederlands|vlaams|dansk|svenska
  norsk|suomi|polski|cestina|magyar|romana|slovenscina|hrvatski`)

/** A product's option dimensions, plural, as the label over its choices ("Colours", "Widths"). */
const OPTION_LABELS = alternatives(`
  colours|colors|sizes|widths|lengths|heights|depths|amounts|quantities|sizing|colores|tallas|medidas|farben|grossen
  groessen|couleurs|tailles|kleuren|maten|colori|taglie|misure|cores|tamanhos`)

/** One option's label, alone ("Colour", "Length"): what to choose, not a thing sold. */
const OPTION_LABEL = alternatives(`colour|color|size|width|length|height|depth|amount|quantity|farbe|grosse|couleur|taille|kleur|maat`)

/** What an option label may open with: which amounts or which colours ("Money amounts", "Available sizes"). */
const OPTION_OPENING = alternatives(`money|cash|available|other|more|all|standard|custom|choose|select|pick`)

/** An option's dimension in a Romance language before what it measures ("Altura de la cuña", "Largeur du plateau"). */
const ROMANCE_DIMENSION = alternatives(`
  altura|anchura|ancho|largo|talla|tamano|color|hauteur|largeur|longueur|taille|couleur|altezza|larghezza
  lunghezza|taglia|colore|comprimento|largura|tamanho|cor`)

/** A size of bed or quilt, or a length of hire, before "plans" or "rates": one option's price, not an offering. */
const OPTION_OF_PLANS = alternatives(`
  day|daily|half day|week|weekly|weekend|month|hour|hourly|night|nightly|twin|single|double|queen|king|super king
  throw|crib|cot|cradle|lap|baby|small|medium|large`)

/** Counts, in figures or words, in the languages sites are written in. */
const COUNT = alternatives(`
  \\d+|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|hundred|a hundred|over \\d+|more than \\d+
  dos|tres|cuatro|cinco|veinte|treinta|cuarenta|cincuenta|cien|zwei|drei|vier|funf|zehn|zwanzig|dreissig|vierzig|funfzig
  hundert|deux|trois|quatre|cinq|dix|vingt|trente|quarante|cinquante|cent|due|tre|quattro|cinque|dieci|venti|trenta
  quaranta|cinquanta|twee|drie|vijf|tien|twintig|dertig|veertig|vijftig|honderd|duas|quatro|vinte|trinta|quarenta`)

/** Spans of a business's history. */
const HISTORY_SPAN = alternatives(`
  generations|years|decades|generaciones|anos|decadas|generationen|jahre|jahrzehnte|generations|ans|decennies
  generazioni|anni|decenni|generaties|jaar|jaren|decennia|geracoes|decadas`)

/** Who a shop's sections or a page's heading are for, alone or joined ("Kids & teens", "Mujer", "Damen"). */
const PEOPLE = alternatives(`
  kids|children|teens|teenagers|adults|men|women|mens|womens|ladies|gents|seniors|beginners|families|youth|juniors|babies
  toddlers|mujer|mujeres|hombre|hombres|ninos|ninas|bebes|damen|herren|kinder|frauen|manner|jugendliche|erwachsene|femme
  femmes|homme|hommes|enfants|ados|adolescents|dames|heren|kinderen|donna|donne|uomo|uomini|bambini|ragazzi|jeugd|jongeren
  volwassenen|tieners|peuters|adultes|jeunes|adultos|jovenes|criancas|jovens|adulti|giovani`)

/** A page's people, joined to what else it shows ("The boat & crew", "Kitchen and team"). */
const CREW = alternatives(`crew|staff|team|founders|founder|owners|owner|captain|captains|skipper|skippers`)
const WITH_CREW = new RegExp(`^(?:the |our )?[\\p{L}' -]{2,30}? (?:&|and|und|et|y|en) (?:the |our |die |l |el |la )?(?:${CREW}|mannschaft|equipe|equipo|bemanning)$`, "u")

/** A price list's line for one more of someone ("Extra person", "Personne supplémentaire", "Persona adicional"). */
const EXTRA = alternatives(`extra|additional|supplementaire|supplementaires|adicional|adicionales|zusatzliche|zusatzlicher|weitere|extra|aggiuntiva|aggiuntivo|extra`)
const WHOM = alternatives(`person|persons|personne|personnes|persona|personas|personne|guest|guests|adult|adults|child|children|kid|kids|enfant|adulte|nino|adulto|erwachsener|kind|ospite|pet|dog`)

/** Lengths of a schedule, counted ("Two weekends", "Three evenings"): when something runs, not what it is. */
const SCHEDULE_SPAN = alternatives(`weekends|weekdays|evenings|mornings|afternoons|saturdays|sundays`)

/** A page's plural for its kinds ("Kurse", "Classes", "Services") in the languages sites are written in. */
const LIST_OF_KINDS = alternatives(`
  kurse|angebote|leistungen|classes|courses|services|sessions|cours|prestations|cursos|clases|servicios|corsi|servizi
  cursussen|diensten|lessen`)

/** Where they are held, said as the heading's tail ("in der Praxis", "sur place", "at the studio"). */
const AT_THE_PLACE = alternatives(`
  in der praxis|im studio|in unserer praxis|vor ort|bei uns|sur place|au cabinet|a l atelier|en el centro|en el estudio
  in the studio|at the studio|at our studio|in the clinic|at the clinic|at our clinic|on site|onsite|in store|in the shop
  in de praktijk|op locatie|in studio|in sede`)

/** A site's awards page, in the languages sites are written in: what it won, not what it sells. */
const AWARDS = alternatives(`
  awards|awards and accolades|accolades|awards and press|in the press|premios|premios y reconocimientos|premios e distincoes
  distincoes|recompenses|prix et recompenses|distinctions|auszeichnungen|preise und auszeichnungen|priser|priser og anerkendelser
  prijzen en onderscheidingen|onderscheidingen|premi|premi e riconoscimenti|riconoscimenti|nagrody|utmarkelser`)

/** A page of the business's people ("Meet the team", "Mød trænerne"): who works there, not what is sold. */
const PEOPLE_WORDS = `team|trainers|coaches|instructors|staff|crew|teachers|therapists|stylists|mechanics|owners|founders|family|makers|guides|chefs|doctors|vets`
const MEET_PEOPLE = alternatives(`
  meet (?:the|our) (?:${PEOPLE_WORDS})
  mod (?:os )?(?:teamet|holdet|traenerne|instruktorerne|personalet|os)|mot (?:teamet|tranarna|personalen|oss)|mot (?:laget|trenerne|oss)
  rencontrez (?:l ?)?(?:equipe|nos \\S+)|notre equipe|conheca (?:(?:a|o|os|as) )?(?:equipa|equipe|nossa equipa|nossa equipe|treinadores)|a nossa equipa|nossa equipe
  conoce (?:(?:al|a) )?(?:equipo|nuestro equipo|los entrenadores)|nuestro equipo|lerne das team kennen|lernen sie (?:das team|uns) kennen|unser team|das team
  ontmoet het team|ons team|il nostro team|conosci il team|poznaj (?:nasz )?zespol|nasz zespol`)

/** "What we do" in the languages sites are written in: the heading over the list, not a thing on it. */
const WHAT_WE_DO = alternatives(`
  lo que hacemos|que hacemos|lo que ofrecemos|que ofrecemos|was wir (?:tun|machen|bieten|anbieten)|ce que nous (?:faisons|proposons)
  ce qu on fait|cosa facciamo|quello che facciamo|cosa offriamo|o que fazemos|o que oferecemos|wat we doen|wat wij doen|wat we bieden
  co robimy|vad vi gor|hva vi gjor|hvad vi laver`)

/** A shop's best sellers in the languages sites are written in ("Os mais vendidos", "Die Bestseller"). */
const BEST_SELLERS = alternatives(`
  best sellers|bestsellers|bestseller|top sellers|mais vendidos|mais vendidas|mas vendidos|mas vendidas|plus vendus|meilleures ventes
  piu venduti|meistverkauft|meistverkaufte|meistverkauften|topseller|bestsellery|najczesciej kupowane|mest solgte|mest salda|meest verkocht`)

/** This week's or this month's, in the languages sites are written in: what is on now, not what it is. */
const THIS_WEEK = alternatives(`
  this week|this month|diese woche|diesen monat|cette semaine|ce mois ci|esta semana|este mes|questa settimana|questo mese|deze week
  deze maand|denna vecka|denne uge|denne uka|esta semana|este mes`)

/** Shipping, alone, in the languages sites are written in ("¿Hacen envíos? Sí"): how goods come, not what is sold. */
const SHIPPING = alternatives(`
  envios|envio|versand|livraison|livraisons|spedizione|spedizioni|entregas|entrega|verzending|bezorging|levering|frakt|wysylka|dostawa`)

/** What a link or a button asks the reader to do ("See the package", "Learn more", "Get a quote"). */
const CALL_VERBS = `see|view|read|explore|discover|browse|shop|find out|learn|check out|get|request|download|watch|start|try|join`
const CALL_OBJECTS = alternatives(`
  the|our|all|this|these|more|a|an|your|it|them|us|now|here|online|today|details|prices|menu|range|collection|package|packages
  options|dates|schedule|timetable|courses|classes|tours|gallery|brochure|catalogue|catalog|list|video|quote|in touch`)

/** "Me" in an About page's heading, in the languages sites are written in ("About me", "Qui suis-je", "Sobre mí"). */
const ABOUT_ME = alternatives(`
  about me|all about me|a bit about me|more about me|who i am|who am i|why me|why choose me|why work with me|meet me|hi im \\S+|hello im \\S+
  qui suis je|a propos de moi|pourquoi moi|sobre mi|acerca de mi|quien soy|por que yo|uber mich|wer ich bin|warum ich|chi sono|su di me|perche io
  over mij|wie ben ik|wie ik ben|waarom ik|sobre mim|quem sou|quem sou eu|om mig|om meg|o mnie`)

/** "My" and "our", in the languages sites are written in, before what an About page tells. */
const OWN = alternatives(`
  my|our|mon|ma|mes|notre|nos|mi|mis|nuestro|nuestra|nuestros|nuestras|mein|meine|unser|unsere|il mio|la mia|il nostro|la nostra|i nostri|le nostre
  mijn|onze|ons|o meu|a minha|meu|minha|o nosso|a nossa|nosso|nossa|os nossos|as nossas|min|mitt|vores|var|nasza|moja`)

/** What an About page tells of the people behind the business: their story, approach, values. */
const OWN_STORY = alternatives(`
  story|journey|approach|philosophy|background|values|mission|ethos|method|way of working|process|promise|roots|beginnings|vision
  histoire|parcours|approche|philosophie|demarche|methode|valeurs|engagement|historia|enfoque|filosofia|trayectoria|metodo|valores|mision
  geschichte|ansatz|weg|werdegang|arbeitsweise|werte|storia|approccio|percorso|valori|missione|verhaal|aanpak|filosofie|werkwijze
  achtergrond|waarden|missie|abordagem|percurso|missao|historie`)

/**
 * A page's name for its whole list, a plural with no kind of its own ("Treatments", "Extras",
 * "Behandlungen", "Nos soins"): the heading over the things sold, not one of them.
 */
const GROUP_WORDS = alternatives(`
  treatments|products|extras|add ons|addons|extra s|items|offerings|solutions|specialities|specialties
  sectors|industries|sectors we serve|industries we serve|product range|full range|range
  behandlungen|produkte|zusatzleistungen|soins|produits|options|tratamientos|productos|complementos
  trattamenti|prodotti|extra|behandelingen|producten|tratamentos|produtos`)

/** The business's own premises ("The clinic", "Our studio", "Die Praxis", "Le cabinet"), singular: where, not what. */
const PREMISES = alternatives(`
  clinic|practice|studio|salon|workshop|kitchen|shop|store|premises|space|venue|building|yard|factory|plant|farm|surgery|showroom|office|centre|center|bakery|cellar
  praxis|werkstatt|atelier|laden|klinik|kuche|raumlichkeiten|cabinet|boutique|clinique|cuisine|locaux|espace|clinica|consulta|taller|tienda|estudio|cocina|espacio
  laboratorio|bottega|negozio|spazio|sede|praktijk|werkplaats|winkel|keuken|ruimte|kliniek|consultorio|oficina|loja|cozinha|espaco`)
/** A menu's bare English verbs, alone or joined ("Eat & drink", "Stay", "Climb"): where to click, not what is sold. */
const ENGLISH_MENU_VERBS = alternatives(`eat|drink|stay|play|shop|visit|explore|relax|dine|climb|throw|rent|hire|unwind|discover|shopping|dining`)

/** What a guide the business writes is about ("Brew guide", "Freedom camping guide"): advice to read, not a guide hired. */
const GUIDE_TOPICS = alternatives(`
  brew|brewing|recipe|survival|camping|planting|growing|watering|pairing|maintenance|storage|cleaning|starter|beginners|beginner s|how to
  user|quick start|sizing|size|fit|fitting|care|washing|buyers|buying|gift|travel|destination|food|eating|drinking|packing|moving|planning`)

const THE_OR_OUR = alternatives(`
  the|our|die|das|der|unsere|unser|le|la|l|notre|el|nuestra|nuestro|il|lo|la nostra|il nostro|de|het|onze|ons|o|a|o nosso|a nossa`)

/** What a blog's or a feature's recurring series shows ("Project of the week", "Rezept des Monats"): the business's work or advice, not a thing sold. */
const SERIES_SUBJECTS = alternatives(`
  recipe|tip|post|article|story|photo|picture|video|project|job|jobs|build|install|installation|transformation|makeover|before and after|question|quote|fact|hack|look|design|case|challenge|spotlight
  projekt|projet|proyecto|progetto|projeto|rezept|recette|receta|ricetta|recept|receita|tipp|tip|astuce|conseil|consejo|consiglio|dica|foto|bild`)
const SERIES_SPANS = alternatives(`
  of the (?:day|week|month|year|season)|des (?:tages|monats|jahres)|der woche|du (?:jour|mois)|de la semaine|de l annee|del (?:dia|mes|ano)|de la semana
  del (?:giorno|mese)|della settimana|dell anno|van de (?:dag|week|maand)|van het jaar|do (?:dia|mes|ano)|da semana`)

/**
 * Information a shop gives about what it sells, not a thing sold: a guide or a chart of sizes or fit, care
 * or washing instructions, how to order or measure ("Fitting guide", "Sizing chart", "Größentabelle").
 */
const INFO_GUIDES = alternatives(`
  (?:size|sizing|fit|fitting|measuring|measurement|measurements|conversion|care|washing|cleaning|assembly) (?:guides?|charts?|tables?|instructions|tips|advice)
  how to (?:order|book|buy|pay|measure|measure up|find us|get here|care for (?:it|them|your .+)|use (?:it|them))|ordering (?:information|info)|(?:delivery|shipping|returns) (?:information|info)
  guia de tallas|tabla de tallas|tabla de medidas|guide des tailles|tableau des tailles|grille des tailles|guide de taille|grossentabelle|grossenratgeber|grossentabellen
  pflegehinweise|pflegeanleitung|waschhinweise|guida alle taglie|tabella (?:delle )?taglie|maattabel|maatgids|maatadvies|wasvoorschriften|guia de tamanhos|tabela de medidas|tabela de tamanhos
  instructions d entretien|conseils d entretien|instrucciones de cuidado|instrucciones de lavado|istruzioni di lavaggio|cuidados`)

const SITE_LABEL = new RegExp(
  [
    `^(?:(?:${OWNER}) )?(?:${CONTROLS})$`,
    `^(?:${MENU_VERBS})$`,
    `^(?:${SERVICES_WORD})$`,
    `^(?:${CAREERS})$`,
    `^(?:${ABOUT_AND_CONTACT})$`,
    `^(?:${PRICE_LIST})$`,
    // "Precio", "Pris", "Cena": one price's heading, in the languages sites are written in.
    `^(?:(?:el|le|il|o|der|det|the|our) )?(?:${PRICE_WORD})$`,
    // "Outros serviços", "Øvrige tjenester": the heading over the rest of the list, not a thing on it.
    `^(?:${OTHER}) (?:${SERVICES_WORDS})$`,
    // "Asortyment", "Ejemplo", "Det får du", "Populärast just nu", "Kurser": a range's, an example's,
    // what-you-get's or a list's own heading, in the languages sites are written in.
    `^(?:${SECTION_WORDS})$`,
    // "Moon Rewards", "Bean Points": a loyalty scheme's own name.
    `^(?:[\\p{L}-]+ ){0,2}(?:rewards|points|perks)(?: (?:club|program|programme|card))?$`,
    // "Details", "Facts", "Resources for parents", "Destination guides", "Typical budgets": a page's
    // sections of information, not things sold.
    `^(?:the |key |quick |useful |more |fun )?(?:details|facts|resources|useful links|links|downloads|destination guides|travel guides)(?: for [\\p{L} ]+)?$`,
    `^(?:typical|average|indicative|example|sample) (?:budgets?|costs?|prices?|spend)$`,
    // "Dr Sarah O'Connell", "Prof. Lee": a person by title.
    `^(?:dr|dra|drs|prof|mr|mrs|ms|dott|dottssa) \\p{L}+(?: \\p{L}+){0,3}$`,
    // "South-East Asia", "Sub-Saharan Africa": a part of the world (where a trip goes), not a thing sold.
    `^(?:(?:south|north|east|west|central|southern|northern|eastern|western|sub saharan|south east|southeast|north east|northeast|south west|southwest|north west|northwest|latin) )?(?:asia|africa|america|americas|europe|oceania|caribbean|the caribbean|middle east|pacific|the pacific)$`,
    `^(?:${LANGUAGE_NAMES})$`,
    `^(?:(?:${OPTION_OPENING}) )?(?:${OPTION_LABELS})$`,
    `^(?:(?:${OPTION_OPENING}) )?(?:${OPTION_LABEL})$`,
    `^(?:${ROMANCE_DIMENSION}) (?:de|del|de la|de los|de las|du|de l|des|di|del|della|dello|dei|delle|da|do|dos|das) \\S+(?: \\S+)?$`,
    `^(?:${OPTION_OF_PLANS}) (?:plans?|rates?)$`,
    `^(?:${COUNT}) (?:${HISTORY_SPAN})(?: (?:of|de|del|von|de la|di|van|da) .+)?$`,
    `^(?:price and |prices and |what s |whats )?(?:inclusions|exclusions|included|not included)$`,
    `^(?:${PEOPLE})(?:(?: (?:and|y|und|et|en|e|or))? (?:${PEOPLE}))*$`,
    `^(?:our |the |hire |rental |charter )?fleet$`,
    `^(?:(?:${EXTRA}) (?:${WHOM})|(?:${WHOM}) (?:${EXTRA}))$`,
    `^(?:${COUNT}) (?:${SCHEDULE_SPAN})$`,
    `^(?:member|student|pet|employee|volunteer|customer|client|rider|walker|driver|courier|technician|engineer|stylist|agent|worker|apprentice|staff member|team member) of the (?:day|week|month|year|season)$`,
    `^(?:(?:the|our|my|el|la|le|das|der|die|il|o|a|de|het) )?(?:${SERIES_SUBJECTS}) (?:${SERIES_SPANS})$`,
    // "About me", "Qui suis-je", "My story", "Notre approche", "Mijn verhaal": an About page's heading, of one person or of the business.
    `^(?:${ABOUT_ME})$`,
    `^(?:${OWN}) (?:${OWN_STORY})$`,
    `^(?:(?:our|all|the|unsere|nos|nuestros|i nostri|onze|os nossos) )?(?:${GROUP_WORDS})$`,
    `^(?:${THE_OR_OUR}) (?:${PREMISES})$`,
    `^(?:${ENGLISH_MENU_VERBS})(?:(?: and)? (?:${ENGLISH_MENU_VERBS}))*$`,
    `^(?:the |our |a |free |your )?(?:[\\p{L}-]+ ){0,2}(?:${GUIDE_TOPICS}) guides?$`,
    // "Other languages", "More flavours", "Weitere Kurse": the heading over the rest of a list, not a thing on it.
    `^(?:other|more|weitere|andere|autres|otros|otras|altri|altre|outros|outras|overige) \\p{L}+$`,
    `^(?:(?:a|our|the|view|see|download) )?(?:${INFO_GUIDES})$`,
    `^(?:(?:our|the|os nossos|nos|nas|unsere|vores|vare|vara|onze|i nostri|nuestros) )?(?:${AWARDS})$`,
    `^(?:${MEET_PEOPLE})$`,
    `^(?:the |our )?(?:${PEOPLE_WORDS})$`,
    `^(?:our |a |the )?(?:safety|track|service|environmental|delivery) record$`,
    `^members? (?:events?|evenings?|nights?|area|login|portal|news|benefits|discounts?|offers?|only)$`,
    `^(?:${LIST_OF_KINDS}) (?:${AT_THE_PLACE})$`,
    `^(?:our |recent |past |selected |completed |the )?(?:work|works|portfolio|projects|case studies)$|^(?:tamamlanan )?projeler$|^(?:nase )?realizace$|^(?:nasze )?realizacje$|^referanslar$`,
    // An ideas page ("Inspiration", "Inspiratie", "Ideeën"): pictures to browse, nothing sold.
    `^(?:(?:get |garden |home |style )?inspiration|inspiratie|inspiración|inspiracion|ispirazione|inspiração|inspiracao|ideas|ideeen|ideeën|idees|idées)$`,
    `^(?:taxe de sejour|taxe sejour|taxes de sejour|kurtaxe|ortstaxe|tasa turistica|impuesto turistico|tassa di soggiorno|toeristenbelasting|tourist tax|tourism tax|city tax|visitor levy|bed tax)$`,
    `^(?:our |the |\\p{L}+s )?(?:best known|most popular|best loved|best selling|top selling|most booked|most loved) \\p{L}+$`,
    `^(?:a |our |the )?(?:rough|price|pricing|cost|costs|buying|buyers|size|sizing|care|style|gift) guides?(?: for .+)?$`,
    `^(?:${WHAT_WE_DO})$`,
    `^(?:os |as |los |las |les |i |die |de |our |the )?(?:${BEST_SELLERS})$`,
    `^(?:[\\p{L}-]+ )?(?:${THIS_WEEK})$`,
    // "Whale research partnership", "Our sponsorships": whom the business works with or supports, not what it sells.
    `^(?:our |the |a )?(?:[\\p{L}-]+ ){0,2}(?:partnerships?|sponsorships?|affiliations?)$`,
    `^(?:${SHIPPING})$`,
    `^(?:${CALL_VERBS})(?: (?:${CALL_OBJECTS}))+$`,
    `^(?:see|view|visit|go to|read) (?:the |our )?.+ page$`,
    // "Start your Open Water", "Book your party": a button asking the reader to act on their own.
    `^(?:${CALL_VERBS}|book|plan|claim|grab) your .+$`,
    // "Hvorfor vælge os", "Derfor vælger kunderne os", "Sådan foregår det", "Waarom wij": why or how,
    // in the languages sites are written in, heads a reason or a process, not a thing on offer.
    `^(?:hvorfor|derfor|varfor|hvordan|sadan|hur|waarom|hoe|warum|wieso|pourquoi|comment|por que|porque|perche|dlaczego|proc|neden|nasil) .+$`,
    `^.+ (?:os|oss|uns|ons|biz)$`,
    // Turkish says "our" with a suffix: "Portföyümüz", "Vitrin ilanlarımız" (our portfolio, our featured listings) head the business's own sections.
    `^(?:\\S+ )?\\S+(?:imiz|umuz)$`,
    // "Prisen indeholder", "Price includes": what the price covers, not a thing on it.
    `^(?:the |our )?(?:price|prices|prisen|priset|der preis|le prix|el precio|il prezzo|o preco|de prijs|cena) (?:includes|include|inkluderer|indeholder|omfatter|inkluderar|innehaller|beinhaltet|umfasst|inclut|comprend|incluye|comprende|inclui|omvat|bevat|obsahuje|zahrnuje)$`,
    // A site's tools, records and galleries: "Concrete calculator", "Wall of fame", "Dive log",
    // "Track records", "Fotogalerie", "Market update", "Loyalty card", "Real brides".
    `^(?:[\\p{L}-]+ ){0,3}(?:calculators?|estimators?|configurators?)$`,
    `^(?:the |our )?(?:wall|hall) of fame$|^(?:the |our )?(?:dive|fishing|catch|climbing|logbook) log$|^(?:the |our )?(?:track|lap|course|club|house) records?$`,
    `^(?:photo |video )?(?:gallery|galleries|galerie|galleri|galeria|fotogalerie|fotogaleria|fotogalleri|fotogalerij)$`,
    `^(?:the |our |monthly |weekly )?(?:market|property|housing|rates?) (?:updates?|reports?|news|outlook)$`,
    `^(?:the |our )?(?:loyalty|rewards?|reward|stamp|frequent \\p{L}+) (?:cards?|schemes?|programs?|programmes?|club)$|^refer a friend$`,
    `^(?:our )?real (?:brides|grooms|couples|weddings|customers|clients|families|homes|kitchens|gardens)$`,
    `^safety first$|^(?:the |our )?(?:neighbourhood|neighborhood|area|local|city|mahalle) (?:guides?|rehberi)$`,
    // A price table's row, said by the amount it stands for: "Minimum job", "Average double
    // driveway", "Up to 1,000 gal", "Insurance up to" (a figure follows); what is priced, not a kind.
    `^(?:minimum|min|maximum|max|average|typical|approx|approximately|up to) .+$|^.+ up to$`,
    // "Travel outside Bergen municipality", "Call-out outside round": the charge for going further, not a thing sold.
    `^(?:travel|call ?-?outs?|callouts?|mileage|visits?|transfers?) (?:from )?(?:outside|beyond|past|further than) .+$`,
    // "Meny", "Speisekarte", "Cardápio": the menu's own name in the languages sites are written in, not a dish.
    `^(?:(?:our|the|la|nuestra|notre|unsere|de|o|il|la nostra) )?(?:meny|menyer|menyn|menyen|menukort|menu|menus|menue|menu card|speisekarte|menukarte|carta|cardapio|jadlospis|karta dan|la carte|carte|karte|menukaart|kaart)$`,
    // A sentence's subject and verb, cut where a figure or a date follows ("Deposit holds your date",
    // "Crane truck collects", "Students pay"): a noun followed by its verb says what happens, not what is sold.
    `^(?:[\\p{L}-]+ ){1,2}(?:holds|secures|includes|applies|pays|collects)$`,
    // A price's note: what to bring ("Bring lunch"), any one of a kind ("Any course"), a surcharge
    // or a fee in another language ("Wynagrodzenie agencji", "Zuschlag Samstag"), the next of someone ("Second dog").
    `^(?:bring|any) .+$`,
    `^(?:${SURCHARGE})(?: .+)?$`,
    `^(?:second|third|each additional|every additional) (?:${WHOM}|dog|dogs|cat|cats|sibling|siblings|room|rooms)$`
  ].join("|"),
  "u"
)

/** Whether a phrase (as the site writes it) is a site's label, never an offering. */
export const isSiteLabel = (phrase: string): boolean => SITE_LABEL.test(phraseKey(phrase)) || WITH_CREW.test(squish(fold(phrase)))

const MEET_HEADING = new RegExp(`^(?:${MEET_PEOPLE}|(?:our |the )?(?:${PEOPLE_WORDS}))$`, "u")

/** A heading that introduces the business's people ("Meet our therapists", "Our coaches"): who works there, not what it is. */
export const isPeopleHeading = (heading: string): boolean => MEET_HEADING.test(phraseKey(heading))

/** A person's name as a heading shows it: two or three capitalised words, none a number ("Mads Østergaard"). */
const PERSON_NAME = /^\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+){1,2}$/u

/**
 * Headings without the people a "Meet the team" section introduces ("Mød trænerne" over "Mads
 * Østergaard", "Sofie Kjærsgaard"): the names under it, up to the first heading that is not one.
 */
export const withoutPeopleMet = (headings: ReadonlyArray<string>): Array<string> => {
  const kept: Array<string> = []
  let meeting = false
  for (const heading of headings) {
    if (MEET_HEADING.test(phraseKey(heading))) meeting = true
    else if (meeting && PERSON_NAME.test(squish(heading))) continue
    else meeting = false
    kept.push(heading)
  }
  return kept
}
