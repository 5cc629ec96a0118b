/**
 * Vocabularies the name and brand rules read: generic business words, brand and trade nouns,
 * cues, labels, review sites, connectors.
 */
export const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter((w) => w.length > 0))

/**
 * Words that may follow (or precede) a name without making a longer, different name:
 * "Crumb Bakery", "Acme Inc". Most are also common words; this adds the ones that are not.
 */
export const GENERIC_BUSINESS_WORDS = set(`
  inc incorporated llc ltd limited gmbh corp corporation co company plc llp lp pty ag sa sas sarl
  bv nv oy ab srl spa kg group holdings labs lab technologies tech software systems solutions
  services partners agency studio studios bakery bakeries cafe cafes coffee roasters roastery
  restaurant restaurants bistro brasserie trattoria taqueria cantina pizzeria patisserie
  boulangerie creperie deli diner grill bar pub brewery brewing winery distillery kitchen eatery
  shop shops store stores market boutique salon spa gym clinic hotel inn app apps platform
  hq official online usa us uk
`)

/**
 * The last word of a business's trade name: "Grand Central Bakery", "Golden Dragon Restaurant".
 * Words that as often end a concept ("Target Market", "App Store", "Salad Bar") are left out.
 */
export const TRADE_NOUNS = set(`
  inc llc ltd gmbh corp corporation co company plc group holdings labs technologies bakery
  bakeries cafe coffee roasters roastery restaurant bistro brasserie trattoria taqueria cantina
  pizzeria patisserie boulangerie creperie deli diner grill pub brewery brewing winery
  distillery eatery boutique salon spa gym clinic hotel inn
`)

/** Words right after an ordinary-word name that show it is the brand ("Notion app", "Monday's pricing"). */
export const BRAND_NOUNS = set(`
  app apps platform platforms software tool tools suite workspace workspaces pricing subscription
  subscriptions dashboard integration integrations api crm store stores website homepage brand
  stock shares headquarters hq ceo founder founders customers users products product device
  devices locations card pay reader terminal pos login account accounts extension plugin
  marketplace ecosystem template templates automation automations alternative alternatives
  competitor competitors review reviews rating ratings
`)

/** Brand nouns ending in -s that are not plurals an imperative verb could take as object. */
export const SINGULAR_IN_S = set(`headquarters shares pos`)

/** Corporate suffixes after a name: "Target Corporation", "Square Inc". */
export const CORPORATE_SUFFIXES = set(`inc incorporated corp corporation co company llc ltd limited plc gmbh group holdings lab labs technologies`)

/** Words that name a firm after a name: "Sundial Systems" is a firm, not the app "Sundial". */
export const FIRM_WORDS = set(`group holdings lab labs technologies systems solutions industries enterprises ventures partners services`)

/** Legal forms: after a short form of the name they are still the entity ("Smith and Sons Ltd"). */
export const LEGAL_FORMS = set(`inc incorporated llc llp pllc ltd limited corp corporation co company pc pa plc gmbh ltda lda eireli gbr ohg`)

/** Words before a name that present it as an option: "tools like Notion", "try Monday". */
export const OPTION_CUES = [
  "like", "such as", "including", "include", "includes", "vs", "versus", "alternative to",
  "alternatives to", "compared to", "compared with", "than", "try", "use", "using", "choose",
  "consider", "recommend", "switch to", "called", "named", "e.g",
]

/** Words that open a sentence before a name without forming a title-case phrase with it. */
export const SENTENCE_OPENERS = set(`
  the a an at in on for from with by to try use using visit and or but if when while also both
  choose consider check see ask contact call ring phone hire book like unlike as avoid skip
`)

/** Words before a calendar name that make it a date: "on Monday", "by Monday". */
export const TEMPORAL_CUES = set(`
  on by until till every next last this since before after from through each of upon starting
  beginning ending open opens closed except thru
`)

/** List-item leads and bold phrases that label an attribute, not a brand. */
export const LABELS = set(`
  pros cons price prices pricing cost costs features feature location locations address hours
  phone website rating ratings why overview summary conclusion note notes tip tips verdict
  highlights specialties specialty menu atmosphere ambiance ambience service reviews review
  recommendation recommendations contact reservations parking accessibility options option
  considerations pick picks example examples caveat caveats sources source disclaimer
  strengths weaknesses downsides drawbacks benefits advantages disadvantages
`)

/** Review and reference sites: named as sources, not as options. */
export const SOURCE_NAMES = set(`
  yelp google tripadvisor reddit facebook instagram tiktok youtube twitter linkedin wikipedia
  bbb trustpilot g2 capterra quora pinterest chatgpt openai
`)
/** Sites that list other businesses' products: their name before a product is not its maker. */
export const MARKETPLACES = set(`amazon ebay etsy walmart aliexpress shopify`)
export const SOURCE_PHRASES = new Set(["google maps", "google reviews", "better business bureau", "apple maps"])

/** A place noun ending a phrase makes it an address or a place, not a brand. */
export const PLACE_SUFFIXES = set(`street st avenue ave road rd boulevard blvd drive dr lane ln highway hwy park city county district neighborhood neighbourhood`)

export const NAME_CONNECTORS = set(`of the and de du des la le von van der y`)
// Inside running text "and" separates names ("Stumptown and Crumb") more often than it joins one.
export const PHRASE_CONNECTORS = set(`of the de du des la le von van der`)

/**
 * Words of a name that say what the business does, so that the name without them still names
 * it ("Foundry Coworking" → "Foundry", "JLM Auto Repair" → "JLM Auto", "JLM"): trades and
 * professions, and for products the kind of product ("Glowline Vitamin C Serum").
 */
export const TRADE_WORDS = set(`
  bakery bakehouse bakeshop cafe coffee roasters restaurant pizzeria pizza kitchen bistro diner
  grill bar pub brewery taqueria deli eatery works co company inc llc llp pllc ltd corp group
  dentistry dental orthodontics ortho veterinary vet hospital clinic care eye optometry optical
  physical therapy pt rehab fitness gym climbing yoga studio studios photography photo salon spa
  coworking cowork books bookstore bookshop cycles bikes bicycles electric electrical plumbing
  roofing exteriors landscaping lawn auto repair automotive garage outfitters outdoor supply
  training property management rentals realty financial planning wealth advisors partners law
  legal cpa accounting tax consulting labs software app inn hotel suites lodge
  serum cream cleanser moisturizer jacket shell boots shoes invoicing booking scheduling
  pediatrics pediatric orthopedic orthopedics sports medicine chiropractic chiro hardware hvac
  heating cooling immigration tackle counseling counselling therapy interiors interior design
  gutters advisory engineering engineers architects architecture moving movers
  rental rentals catering caterers pharmacy rx apothecary drugstore outerwear apparel clothing
  clothiers inspections inspection inspectors detailing cleaning cleaners laundry laundromat
  urgent sleep center centre creperie patisserie boulangerie trattoria brasserie cantina cocina
  panaderia taberna epicerie bodega fromagerie boucherie charcuterie enoteca osteria florist flowers barbershop barbers nails tattoo grooming daycare preschool
  academy tutoring insurance mortgage builders construction remodeling painting painters flooring
  locksmith towing storage printing marketing dermatology cardiology audiology podiatry
  acupuncture massage wellness medical imaging surgery nutrition jewelry jewelers jewellers cpas
  tree service services bbq barbecue smokehouse body collision optik apotheke backerei konditorei fertility
  carpentry joinery masonry concrete paving shirtmakers tailors travel tours viajes
  analytics scaffolding scaffolders ramen
  housekeeping metrics insights logistics logistiek logistik freight forwarding pools septic
  endodontics periodontics osteria fromagerie auberge feline animal
`)

/** Nouns that present a name as a business or product: "Foundry, a coworking space", "Duarte's practice". */
export const BUSINESS_NOUNS = set(`
  shop store business company firm practice office clinic studio gym space restaurant cafe bar
  bakery pizzeria spot place brand maker team crew contractor electrician plumber roofer
  mechanic garage dentist orthodontist optometrist vet veterinarian hospital salon spa inn hotel
  bookstore bookshop app tool platform service provider agency planner advisor trainer school
  center centre chain franchise option pick choice outfitter roaster cafe landscaper realtor
  photographer lawyer accountant product line serum jacket café msp
`)

/** Trade words and their usual short or alternative forms, both ways. */
export const TRADE_VARIANTS: ReadonlyArray<readonly [string, string]> = [
  ["Physical Therapy", "PT"],
  ["Dentistry", "Dental"],
  ["Orthodontics", "Ortho"],
  ["Veterinary Hospital", "Vet"],
  ["Veterinary Clinic", "Vet"],
  ["Veterinary", "Vet"],
  ["Studios", "Studio"],
  ["Photography", "Photo"],
  ["Coworking", "Cowork"],
  ["Auto Repair", "Auto"],
  ["Orthopedic", "Ortho"],
  ["Orthopedic", "Orthopedics"],
  ["Orthopedics", "Ortho"],
  ["Chiropractic", "Chiro"],
  ["Pediatrics", "Peds"],
  ["Pharmacy", "Rx"],
  ["Brothers", "Bros."],
  ["Brothers", "Bros"],
  ["Bed & Breakfast", "B&B"],
  ["Bed and Breakfast", "B&B"],
]

/**
 * Kinds of trade, by the words that name them: a short form followed by a word of another kind
 * than the entity's own names a different business ("Quinta Verde Cantina" is not "Quinta Verde
 * Inn"); a word of the same kind, or of no known kind, does not ("Wexley Hotel").
 */
export const TRADE_KINDS: ReadonlyMap<string, string> = new Map([
  ...[...set(`inn hotel hotels suites lodge motel hostel resort`)].map((w) => [w, "lodging"] as const),
  ...[...set(`cafe cafes cantina restaurant restaurants bar grill kitchen bistro brasserie trattoria bakery bakeries bakehouse bakeshop
    deli pizzeria taqueria diner eatery pub brewery brewing tavern creperie patisserie boulangerie winery distillery bbq barbecue smokehouse`)].map((w) => [w, "food"] as const),
  ...[...set(`clinic dental dentistry orthodontics ortho pediatrics chiropractic chiro veterinary vet hospital optometry therapy counseling`)].map((w) => [w, "health"] as const),
  ...[...set(`law legal cpa accounting tax advisors advisory`)].map((w) => [w, "professional"] as const),
  ...[...set(`software app apps platform`)].map((w) => [w, "software"] as const),
])

/**
 * Nouns of geography: a short form of a name ending in one ("Boulder Creek" for "Boulder Creek
 * Bikes", "Sierra Vista") is as often the place itself.
 */
export const GEO_NOUNS = set(`
  creek river lake lakes pond bay harbor harbour cove point beach shore coast island isle islands
  mountain mountains mount peak peaks ridge summit crest pass canyon valley vale hollow glen gorge
  hill hills heights mesa butte bluff bluffs cliffs falls springs spring grove forest woods meadow
  meadows prairie plains field fields landing crossing trail vista sierra desert park square
  lane street avenue road way village town city county bridge tower
`)

/**
 * Common given names (English and European), folded: a firm named "<given name> <surname>
 * <trade>" is also written by surname and trade ("Anna Keller Design" → "Keller Design").
 */
export const GIVEN_NAMES = set(`
  james john robert michael william david richard joseph thomas charles christopher daniel matthew
  anthony mark donald steven paul andrew joshua kenneth kevin brian george timothy ronald edward
  jason jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin scott brandon benjamin
  samuel gregory alexander frank patrick raymond jack dennis jerry tyler aaron jose adam nathan
  henry peter zachary douglas harold kyle noah ethan jeremy walter christian keith roger terry
  sean austin carl arthur lawrence dylan jesse jordan bryan billy joe bruce gabriel logan albert
  willie alan juan wayne elijah randy roy vincent ralph eugene russell bobby mason philip louis
  liam oliver lucas leo hugo felix max jonas lukas finn emil anton oscar carlos luis miguel pablo
  marco luca matteo giovanni pierre jean louis antoine klaus hans stefan jan lars sven erik nils
  mary patricia jennifer linda elizabeth barbara susan jessica sarah karen lisa nancy betty
  margaret sandra ashley kimberly emily donna michelle carol amanda dorothy melissa deborah
  stephanie rebecca sharon laura cynthia kathleen amy angela shirley anna brenda pamela emma
  nicole helen samantha katherine christine debra rachel carolyn janet catherine maria heather
  diane ruth julie olivia joyce virginia victoria kelly lauren christina joan evelyn judith megan
  andrea cheryl hannah jacqueline martha gloria teresa ann sara madison frances kathryn janice
  jean abigail alice judy sophia grace denise amber doris marilyn danielle beverly isabella
  theresa diana natalie brittany charlotte marie kayla alexis lori greta ingrid astrid freya
  elsa sofia lucia elena clara chloe zoe mia ava ella lily nora ellen rosa eva lena julia
  helena marta ines camille claire sophie isabelle margot ruby hazel violet iris ivy
`)

/**
 * Regions a town is written with ("Marlow, Georgia", "Marlow, TX", "Marlow, England"), folded: US
 * states and their postal codes, Canadian provinces, the UK's nations and a few countries.
 */
export const REGIONS = set(`
  alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii
  idaho illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan
  minnesota mississippi missouri montana nebraska nevada ohio oklahoma oregon pennsylvania
  tennessee texas utah vermont virginia washington wisconsin wyoming
  al ak az ar ca co ct de fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc
  nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy dc
  ontario quebec alberta manitoba saskatchewan on qc bc ab mb ns nb
  england scotland wales ireland france germany spain italy portugal mexico australia canada
`)
