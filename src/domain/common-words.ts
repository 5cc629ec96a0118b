/**
 * Ordinary English words, used by mention detection to tell when a business or product name
 * is also an everyday word (`Monday`, `Notion`, `Square`, `Target`, `Apple`, `Shell`) and so
 * needs context before a match counts as naming the brand.
 *
 * The set holds the ordinary sense of words, including the words that brands borrow: that is
 * what it is for. It deliberately leaves out rare words that the tests and examples use as
 * plain brand names (`crumb`, `acme`, `zorba`). Entries are lower-case, diacritics folded.
 * `isCommonWord` also accepts simple inflections (`cakes`, `stands`, `offered`, `baking`).
 */

const words = (s: string): ReadonlyArray<string> => s.split(/\s+/).filter((w) => w.length > 0)

/** Words whose ordinary sense is itself written capitalised: capitalisation proves nothing. */
const CAPITALISED_ORDINARY = words(`
  monday tuesday wednesday thursday friday saturday sunday
  january february march april may june july august september october november december
  christmas easter halloween thanksgiving
  amazon atlantic pacific arctic nile sahara
  mercury venus earth mars jupiter saturn uranus neptune pluto
  english french spanish german italian chinese japanese american european asian african british
  canadian mexican indian
`)

const ORDINARY = words(`
  a an the and or but nor if then else when where why how what which who whom whose that this
  these those there here is are was were be been being am do does did done have has had will
  would shall should can could might must not no yes so as at by for from in into of off on onto
  out over to up with within without about above across after against along among around before
  behind below beneath beside between beyond down during except inside near outside past since
  through throughout toward towards under until upon via i me my mine myself we us our ours you
  your yours he him his she her it its they them their theirs all any both each either every few
  many more most much neither none other others own same several some such than too very just
  only also even ever still yet already again always never often sometimes usually once twice
  soon now today tomorrow yesterday tonight later early ago maybe perhaps quite rather really
  almost enough instead anyway however therefore thus hence because although though while
  whereas unless whether per plus minus versus etc ok okay hello hi hey please thanks thank
  sorry welcome overall also especially finally first second third fourth fifth sixth seventh
  eighth ninth tenth last next one two three four five six seven eight nine ten eleven twelve
  twenty thirty forty fifty hundred thousand million billion zero dozen half double single triple

  red orange yellow green blue purple violet pink brown black white gray grey gold golden silver
  beige ivory navy teal turquoise maroon crimson scarlet indigo cyan magenta lime olive coral
  amber bronze copper cream charcoal lavender mint peach plum ruby emerald jade

  time year day week month hour minute moment morning afternoon evening night weekend weekday
  people person man woman men women child children kid kids baby family friend home house room
  door window floor wall roof kitchen bathroom bedroom garden yard street road way city town
  village country world state nation place area region land island river lake sea ocean beach
  coast bay mountain hill valley forest jungle desert field meadow tree wood leaf flower grass
  rock stone sand water fire air sky sun moon star cloud rain snow wind storm weather light dark
  shadow color colour shape line point edge side top bottom front back center centre middle end
  start beginning part piece bit lot group set kind sort type form level stage step order list
  number amount size price cost value money cash coin bill card bank account pay payment deal
  sale offer market store shop mall office building school class college university student
  teacher book page paper letter note word name story news report article magazine journal film
  movie show music song sound voice picture photo image video game sport team player ball court
  race car bus train plane ship boat bike truck trip travel journey ticket map guide food meal
  breakfast brunch lunch dinner snack bread cake cookie biscuit pie pizza burger sandwich salad
  soup rice pasta noodle meat chicken beef pork fish egg cheese butter milk sugar salt pepper oil
  honey fruit apple orange banana grape lemon cherry berry pear melon mango coconut tomato potato
  onion garlic corn bean nut chocolate candy vanilla caramel cinnamon ginger coffee tea juice wine
  beer drink cup glass bottle plate bowl table chair bed desk sofa couch lamp clock phone
  computer screen keyboard mouse camera radio television tv machine tool device engine motor
  wheel box bag case pack package gift toy clothes shirt dress shoe boot hat coat jacket pants
  sock ring watch key lock chain rope string thread needle pin button mirror brush soap towel
  blanket pillow dog cat bird horse cow pig sheep goat duck bear lion tiger wolf fox rabbit rat
  snake frog bee ant fly spider whale dolphin shark eagle owl crow swan dove penguin jaguar puma
  mustang cobra viper falcon hawk raven robin sparrow camel bull buffalo deer elk moose turtle
  monkey gorilla panda koala zebra giraffe elephant lamb
  customer user owner reviewer guest patient client diner visitor critic member parent employee
  shopper buyer traveler traveller resident staff expert fan subscriber viewer listener homeowner
  renter tenant landlord beginner

  notion square target shell slack zoom gap chase visa oracle tide crest orbit subway window
  windows word excel edge pixel surface chrome safari explorer opera java python swift dart
  delta united frontier spirit southwest jet virgin sprint boost cricket chime wise plaid toast
  clover ramp gusto remote workday linear height coda craft things sketch framer ghost medium
  signal telegram line match hinge compass realtor rent booking kayak hopper hotel ask brave arc
  spark front close copper affinity folk streak notion anchor harbor harbour beacon summit peak
  pinnacle apex vertex zenith horizon vista bridge gateway portal hub nest ring echo fire prime
  kindle alexa dash ace arrow atlas axis bolt core crown crystal diamond element ember flash
  flow fuel fusion glow grid haven insight iron keystone legacy level lumen magnet matrix metro
  nova oasis origin pulse quest rise root sage shift source sphere spring stack stream strive
  sync terra thrive titan trail true trust unity vantage vector venture vital wave zen blossom
  maple oak pine cedar willow birch ivy olive lotus rose lily daisy tulip orchid sunflower sunset
  sunrise moonlight starlight rainbow thunder lightning breeze ocean river canyon glacier meadow
  brick cobalt onyx pearl sapphire topaz opal granite marble slate velvet silk cotton linen wool
  denim leather paper ink pen pencil canvas frame lens prism spectrum

  business company firm agency studio shop store bakery cafe restaurant bistro bar grill pub
  kitchen diner deli pizzeria brewery winery roastery roaster salon spa gym fitness clinic
  dental dentist doctor hospital pharmacy hotel inn motel lodge hostel bank insurance law
  lawyer attorney realty estate property home homes construction plumbing plumber electric
  electrical electrician roofing cleaning services service solutions systems system group
  partners partner consulting consultants labs lab technologies technology tech digital media
  marketing design creative studio works workshop supply supplies goods trading imports exports
  foods farm farms market garden nursery florist flowers boutique outlet center centre co corp
  inc ltd llc company brand brands product products app apps software platform tool suite
  website site online web network cloud data analytics security health care wellness beauty
  auto motors car cars repair tire tires garage transport logistics shipping delivery moving
  storage travel tours tour events event catering photography print printing sign signs

  good bad great best better worse worst big small large little long short high low new old
  young fresh hot cold warm cool nice fine easy hard simple clear clean dirty full empty open
  closed free busy quick fast slow late right wrong true false real sure safe dangerous happy
  sad angry calm quiet loud soft strong weak rich poor cheap expensive heavy light deep wide
  narrow thick thin sweet sour bitter spicy salty tasty delicious healthy sick local national
  global public private main major minor important special general common rare unique popular
  famous modern classic ancient natural wild smart clever kind bold honest friendly lovely
  pretty beautiful ugly cute fancy plain basic premium standard regular extra super ultra mega
  total whole entire different similar next final average ready able available possible likely
  certain perfect ideal excellent amazing awesome fantastic wonderful terrible awful horrible
  huge tiny giant mini micro top bottom upper lower inner outer north south east west
  northern southern eastern western central urban rural royal grand little happy lucky magic
  golden silent secret hidden lost wild bright shiny solid liquid pure raw organic green
  independent creative professional personal social human digital smart instant daily weekly
  monthly annual yearly nearby downtown uptown cozy casual elegant trendy hip vintage retro
  authentic traditional favorite favourite ultimate essential complete proper true honest

  be have do say get make go know take see come think look want give use find tell ask work
  seem feel try leave call need become put mean keep let begin help show hear play run move live
  believe hold bring happen write provide sit stand lose pay meet include continue set learn
  change lead understand watch follow stop create speak read allow add spend grow open walk win
  offer remember love like consider appear buy wait serve die send expect build stay fall cut
  reach kill remain suggest raise pass sell require report decide pull break eat drink cook bake
  fly drive ride swim jump climb dance sing draw paint clean wash fix shop order pick choose
  plan book rent visit travel search browse click save share post chat talk text email call
  check compare review rate recommend enjoy explore discover join sign start finish manage track
  pick deliver ship carry fill return hire teach train test design build launch host connect
  link store sort list note mark count measure ping scan sync stream print press push drop
  catch throw lift carry shift turn roll spin swing slide jump kick hit touch hold squeeze shake
  wake sleep rest dream hope wish need feel care
`)

export const CAPITALISED_COMMON_WORDS: ReadonlySet<string> = new Set(CAPITALISED_ORDINARY)

export const COMMON_WORDS: ReadonlySet<string> = new Set([...ORDINARY, ...CAPITALISED_ORDINARY])

const inflectionBases = (w: string): ReadonlyArray<string> => {
  const bases = [w]
  if (w.endsWith("'s")) bases.push(w.slice(0, -2))
  if (w.endsWith("ies") && w.length > 4) bases.push(`${w.slice(0, -3)}y`)
  if (w.endsWith("es") && w.length > 3) bases.push(w.slice(0, -2))
  if (w.endsWith("s") && !w.endsWith("ss") && w.length > 3) bases.push(w.slice(0, -1))
  if (w.endsWith("ed") && w.length > 4) bases.push(w.slice(0, -2), w.slice(0, -1))
  if (w.endsWith("ing") && w.length > 5) bases.push(w.slice(0, -3), `${w.slice(0, -3)}e`)
  if (w.endsWith("ly") && w.length > 4) bases.push(w.slice(0, -2))
  return bases
}

/** A lower-case, folded word (or a simple inflection of one) from the ordinary vocabulary. */
export const isCommonWord = (word: string): boolean =>
  inflectionBases(word.toLowerCase()).some((w) => COMMON_WORDS.has(w))

/** A weekday, month or other word that is capitalised in its ordinary sense (`Monday`, `Amazon`). */
export const isCapitalisedCommonWord = (word: string): boolean =>
  inflectionBases(word.toLowerCase()).some((w) => CAPITALISED_COMMON_WORDS.has(w))
