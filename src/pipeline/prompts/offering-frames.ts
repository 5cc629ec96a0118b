/**
 * Which frames fit an offering, from its own words and its business's: a weekday ("on a
 * Thursday") fits shop goods, food and a class that runs on set days, not an assessment booked
 * for a time; "near me" fits what is had where the customer goes, not a video call or an audio
 * download; "on short notice" fits a job or an appointment, not a programme of weeks or a jar of
 * jam. Pure, and bounded: each test reads a few words of a phrase of at most a few dozen.
 */
import { PRACTICE_WORD, singularOf } from "./english.ts"
import { contentWords, stem, wordsOf } from "./prompt-text.ts"

const words = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/u).filter((w) => w.length > 0))

/** Had at a distance whatever its head: "online hypnotherapy", "virtual consultation". */
const REMOTE_WORDS = words("online virtual remote remotely zoom webinar webinars downloadable download downloads e-learning elearning")
/** Things that are only ever had at a distance: an audio, a recording, an e-book. */
const REMOTE_HEADS = words("audio audios recording recordings download downloads mp3 ebook e-book podcast webinar livestream")
/** "video consultation", "phone session": a call, though its head is a consultation's. */
const CALL_MODIFIERS = words("video phone telephone skype facetime")
const CALL_HEADS = words("consultation consult session call chat appointment assessment check coaching therapy review lesson class")

/** Things that run on set days: a class, a course, a market, a tasting (in the site languages too). */
const SET_DAY_HEADS = words(
  `class course workshop camp club market tasting tour meetup night lecture talk
  atelier cours curso taller corso lezione kurs aula clase degustation degustacion degustazione`
)

/** Programmes of weeks and bundles of sessions: planned, never needed on short notice. */
const PROGRAMME_HEADS = words("program programme plan package bundle membership subscription pass course intensive")

/** Work booked for a time with the person who does it. */
const APPOINTMENT_HEADS = words(
  `consultation consult assessment appointment session treatment therapy check checkup check-up exam examination analysis
  visit reading fitting screening removal peel facial massage program programme plan package bundle coaching tutoring
  counselling counseling edit shopping rejuvenation reconstruction touch-up hypnosis chat call wax haircut
  blow-dry manicure pedicure tattoo piercing lift extension injection filler whitening adjustment repair service
  installation inspection cleaning lesson tutorial groom shave fade makeover styling shoot`
)

/** Nouns in "-ing" that are things, not work: "dumplings", "a pudding", "earrings". */
const THINGS_IN_ING = words("dumpling pudding earring ring string stuffing icing frosting filling clothing bedding painting sling wedding")

/**
 * Heads of work in the site languages, which put the head first: "reconstrução de aréola",
 * "tratamiento facial", "Haarentfernung" (folded: no accents).
 */
const LOCAL_WORK = /(?:cao|coes|cion|ciones|tion|tions|zione|zioni|mento|mentos|miento|mientos|ement|ements|agem|agens|aje|ung|ungen)$/u

/** Kinds of business whose offerings are care or treatment booked for a time, whatever they are named. */
const CARE_KIND =
  /\b(?:salon|clinic|spa|therap\w*|barber\w*|dentist|dental|physio\w*|osteopath\w*|chiropract\w*|consultan\w*|coach|tutor|practitioner|hypno\w*|counsel\w*|lactation|micropigment\w*|aesthetic\w*|esthetic\w*|beauty|nail|lash|brow|tattoo|massage|dermatolog\w*|psycholog\w*|nutritionist|dietitian|podiatr\w*|optician|optometrist|audiolog\w*)\b/iu

/** The word that says what an offering is: the last in English (before "with", "at", "for", "on"), else the first. */
export const headWord = (offering: string, inEnglish: boolean): string => {
  const all = wordsOf(offering).slice(0, 12)
  if (!inEnglish) return all[0] ?? ""
  const at = all.findIndex((w, i) => i > 0 && /^(?:with|at|for|on|in)$/u.test(w))
  return singularOf((at > 0 ? all[at - 1] : all.at(-1)) ?? "")
}

/** Had at a distance: a video call, an online course, an audio download. */
export const isRemote = (offering: string, inEnglish = true): boolean => {
  const all = wordsOf(offering).slice(0, 12)
  const head = headWord(offering, inEnglish)
  if (all.some((w) => REMOTE_WORDS.has(w)) || REMOTE_HEADS.has(head)) return true
  return all.some((w, i) => CALL_MODIFIERS.has(w) && all.slice(i + 1).some((next) => CALL_HEADS.has(singularOf(next))))
}

/** Runs on set days: a class, a course, a market. */
export const runsOnSetDays = (offering: string, inEnglish = true): boolean => SET_DAY_HEADS.has(headWord(offering, inEnglish))

/** A programme or a bundle of sessions. */
export const isProgramme = (offering: string, inEnglish = true): boolean => PROGRAMME_HEADS.has(headWord(offering, inEnglish))

/** Work booked for a time: an assessment, a treatment, a repair, a programme of sessions. */
export const isAppointment = (offering: string, inEnglish = true): boolean => {
  const head = headWord(offering, inEnglish)
  if (APPOINTMENT_HEADS.has(head) || PRACTICE_WORD.test(head)) return true
  if (!inEnglish) return LOCAL_WORK.test(head)
  return /(?:tion|sion|ment|ysis)$/u.test(head) || (/ing$/u.test(head) && !THINGS_IN_ING.has(head))
}

/**
 * Whether a business's offerings are work booked for a time: its kind says so ("laser clinic",
 * "beauty salon"), or half its own offerings are appointments or had at a distance. Its other
 * offerings, however named ("sobrancelhas fio a fio", "full works"), are then such work too.
 */
export const isAppointmentLed = (offerings: ReadonlyArray<string>, kinds: ReadonlyArray<string | null | undefined>, inEnglish = true): boolean => {
  if (kinds.some((kind) => kind !== null && kind !== undefined && CARE_KIND.test(kind.slice(0, 80)))) return true
  const own = offerings.slice(0, 24)
  const booked = own.filter((o) => (isAppointment(o, inEnglish) || isRemote(o, inEnglish)) && !runsOnSetDays(o, inEnglish)).length
  return own.length > 0 && booked * 2 >= own.length
}

/** Where an offering is had, and so which frames it takes. */
export interface FrameFit {
  /** "near me", "nearby", "closest", "without a long wait": had where the customer goes. */
  readonly present: boolean
  /** "on a Thursday", "at the weekend": sold or run on set days. */
  readonly dated: boolean
  /** "on short notice": a job or an appointment, not a programme or goods. */
  readonly urgent: boolean
}

export const frameFit = (offering: string, appointmentLed: boolean, inEnglish = true): FrameFit => {
  const remote = isRemote(offering, inEnglish)
  const setDays = runsOnSetDays(offering, inEnglish)
  const appointment = isAppointment(offering, inEnglish)
  return {
    present: !remote,
    dated: !remote && (setDays || (!appointment && !appointmentLed)),
    urgent: !remote && !setDays && !isProgramme(offering, inEnglish) && (appointment || appointmentLed)
  }
}

/**
 * Whether two booked offerings are alternatives to each other: one head ("video consultation",
 * "home visit consultation"), and either a word besides it in common or one of them saying how it
 * is had. "weight management programme" and "anxiety programme" serve two needs; "laser hair
 * removal" and "carbon laser peel" are two treatments.
 */
export const bookedAlike = (a: string, b: string, inEnglish = true): boolean => {
  if (stem(headWord(a, inEnglish)) !== stem(headWord(b, inEnglish))) return false
  const rest = (o: string) => contentWords(o).slice(0, 12).map(stem).filter((w) => w !== stem(headWord(o, inEnglish)))
  const ra = rest(a)
  const rb = new Set(rest(b))
  const how = (o: string) => isRemote(o, inEnglish) || /\b(?:home|in-person|group|private|express|mini|full|half|standard|premium|deluxe|intensive|follow-up)\b/u.test(o.toLowerCase())
  return ra.some((w) => rb.has(w)) || how(a) || how(b)
}
