/**
 * Knowledge disclaimers ("I don't have information about X") and disambiguation asides ("not to
 * be confused with X"): a mention inside one does not count.
 */
import { type Doc, firstEndingAfter, type Line, lineAt, slice, type Span, spanIndexAt } from "./document.ts"
import { foldPlain } from "./fold.ts"
import { praiseScore } from "./sentiment.ts"
import { escapeRegExp } from "../regex.ts"
import { BUSINESS_NOUNS, TRADE_WORDS } from "./lexicon.ts"

const INFO = "(?:information|info|data|details?|knowledge|records?|results?|mentions?)"
const SOME_WORDS = "(?:[\\w-]+\\s+){0,3}"
/** Substrings one of which every match of `INFO` holds. */
const INFO_CUES = ["info", "data", "detail", "knowledge", "record", "result", "mention"]
const EXPERIENCE_CUES = ["review", "rating", "feedback", "opinion", "experience", "insight"]
/** Nouns for accounts of an entity, whatever their kind: "reviews", "testing", "writing", "coverage". */
const EVIDENCE = "(?:information|info|data|details|coverage|testing|tests|writing|reporting|reviews|ratings|write-?ups|documentation|accounts|sources|reports|feedback|evidence)"
/**
 * Up to two words, then a noun of evidence: not "of" ("no shortage of reviews" is plenty), nor a
 * word of complaint ("very few bad reviews" is praise).
 */
/** Substrings one of which every match of `EVIDENCE` holds. */
const EVIDENCE_CUES = ["info", "data", "detail", "coverage", "test", "writ", "report", "review", "rating", "documentation", "account", "source", "feedback", "evidence"]
const SCARCE_EVIDENCE = `(?:(?!(?:of|bad|negative|poor|critical|unhappy|angry)\\b)[\\w-]+\\s+){0,2}?${EVIDENCE}`

/**
 * A disclaimer pattern over folded text, with cues: substrings of which every match of the
 * pattern holds at least one. Most clauses hold none of a pattern's cues, and a substring search
 * is much cheaper than the pattern, so the pattern runs only where a cue is present. A cue list
 * that missed a spelling the pattern matches would lose disclaimers: each cue is a literal piece
 * of every alternative of the pattern.
 */
interface Disclaimer {
  readonly pattern: RegExp
  readonly cues: ReadonlyArray<string>
}
const d = (pattern: RegExp, cues: ReadonlyArray<string>): Disclaimer => ({ pattern, cues })

const KNOWLEDGE_NEGATIONS: ReadonlyArray<Disclaimer> = [
  d(new RegExp(`\\b(?:don't|dont|do not|doesn't|does not|didn't|did not|may not|might not)\\s+have\\s+${SOME_WORDS}${INFO}\\b`), INFO_CUES),
  d(new RegExp(`\\b(?:i|we)\\s+have\\s+no\\s+${SOME_WORDS}${INFO}\\b`), INFO_CUES),
  d(new RegExp(`\\bthere(?:\\s+is|'s|\\s+are|\\s+was|\\s+were)\\s+(?:no|not\\s+(?:much|any|enough))\\s+${SOME_WORDS}${INFO}\\b`), INFO_CUES),
  d(new RegExp(`\\bthere\\s+(?:isn't|aren't|wasn't|weren't)\\s+(?:much|any|enough)\\s+${SOME_WORDS}${INFO}\\b`), INFO_CUES),
  d(new RegExp(`\\bno\\s+${SOME_WORDS}${INFO}\\s+(?:is\\s+|are\\s+|was\\s+)?(?:available\\s+|found\\s+)?(?:about|on|regarding|for|of)\\b`), INFO_CUES),
  d(/\b(?:not|un)\s*familiar\s+with\b/, ["familiar"]),
  d(/\b(?:i'm|i am|we're|we are)\s+not\s+(?:familiar|aware)\b/, ["familiar", "aware"]),
  d(/\bnot\s+aware\s+of\b/, ["aware"]),
  d(/\b(?:i|we)\s+(?:couldn't|could not|can't|cannot|can not|didn't|did not|was unable to|were unable to|am unable to|wasn't able to|was not able to)\s+(?:find|locate|verify|confirm|identify)\b/, ["find", "locate", "verify", "confirm", "identify"]),
  d(/\b(?:i'm|i am|we're|we are)\s+(?:unable|not able)\s+to\s+(?:find|locate|verify|confirm|identify|provide)\b/, ["able"]),
  d(/\bunable\s+to\s+(?:find|locate|verify|confirm|evaluate|assess|rate|judge|compare|corroborate)\b/, ["unable"]),
  d(/\b(?:can't|cannot|can not|unable to)\s+provide\s+(?:any\s+)?(?:specific\s+|reliable\s+|detailed\s+)?(?:information|details)\b/, ["provide"]),
  d(/\b(?:doesn't|does not|don't|do not|didn't|did not)\s+(?:appear|show up|exist)\s+(?:in|within)\s+(?:my|the)\s+(?:training|knowledge|data|sources|search)/, ["appear", "show", "exist"]),
  d(/\bnot\s+(?:in|within|part\s+of)\s+my\s+(?:training|knowledge)/, ["training", "knowledge"]),
  d(/\b(?:beyond|outside(?:\s+of)?)\s+my\s+knowledge\b/, ["knowledge"]),
  d(/\b(?:i|we)\s+(?:don't|do not)\s+know\s+(?:of|about|much\s+about|anything\s+about|what|who|which|whether|if)\b/, ["know"]),
  d(/\bknow\s+nothing\s+about\b/, ["nothing"]),
  d(/\b(?:no|lack)\s+(?:knowledge|record)\s+of\b/, ["knowledge", "record"]),
  d(/\bnot\s+something\s+i\b/, ["something"]),
  d(/\bi\s+lack\s+(?:\w+\s+)?(?:information|data|details)\b/, ["lack"]),
  d(/\bnot\s+sure\s+(?:what|who|which)\b/, ["sure"]),
  d(/\b(?:haven't|have not|never)\s+heard\s+of\b/, ["heard"]),
  // Since version 17 also "X rings no bells".
  d(/\b(?:doesn't\s+ring\s+(?:a|any)\s+bells?|rings?\s+no\s+bells?)\b/, ["bell"]),
  // "I found nothing", "my search found nothing"; not "a leak test that found nothing".
  d(/\b(?:i|we|search|searches|searching|searched|lookup|looked|checked)\b[^.;!?]{0,60}?\bfound\s+nothing\b/, ["nothing"]),
  // A search that came back empty: "Nothing turned up for X", "X didn't show up in my search".
  d(/\bnothing\s+(?:\w+\s+)?(?:comes|came|turns|turned|shows|showed)\s+up\b/, ["nothing"]),
  d(/\b(?:doesn't|does not|didn't|did not)\s+(?:come|turn|show)\s+up\s+(?:in|on)\s+(?:my|the|any|anything)\b/, ["come", "turn", "show"]),
  // "I can't vouch for them", "I can't comment on X" (for lack of knowledge).
  // Since version 17 with an adverb between: "I can't really speak to X".
  d(/\b(?:i|we)\s+(?:can't|cannot|can not|couldn't|could not)\s+(?:\w+ly\s+)?(?:speak\s+to|comment\s+on|vouch\s+for)\b/, ["speak", "comment", "vouch"]),
  // First person without reviews or experience of it: "I have no ratings for X".
  d(new RegExp(`\\b(?:i|we)\\s+(?:don't|dont|do not|didn't|did not)\\s+have\\s+${SOME_WORDS}(?:reviews?|ratings?|feedback|opinions?|experience|insight)\\b`), EXPERIENCE_CUES),
  d(new RegExp(`\\b(?:i|we)\\s+have\\s+no\\s+${SOME_WORDS}(?:reviews?|ratings?|feedback|opinions?|experience|insight)\\b`), EXPERIENCE_CUES),
  // Impersonal and passive: "Reviews of X could not be confirmed", "Details about X are limited",
  // "Little independent information exists on X", "Information on X's fees is not publicly available".
  d(/\b(?:could|can|cannot|can't|couldn't)\s+(?:not\s+)?be\s+(?:verified|confirmed|independently\s+(?:verified|confirmed))\b/, ["verified", "confirmed"]),
  d(/\b(?:not|nothing)\s+(?:much\s+)?(?:is\s+)?(?:known|published|written|documented)\b/, ["known", "published", "written", "documented"]),
  d(/\b(?:little|limited|scant|sparse|thin)\s+(?:\w+\s+){0,2}(?:information|info|data|details|coverage|testing|reviews|is\s+known|has\s+been\s+(?:published|written))\b/, ["little", "limited", "scant", "sparse", "thin"]),
  d(new RegExp(`\\b(?:${INFO.slice(3, -1)}|sources|coverage|reviews)\\s+(?:about|on|for|of|regarding)\\b.{1,60}?\\b(?:is|are|was|were|seem|seems|seemed|appear|appears|appeared)\\s+(?:\\w+\\s+)?(?:limited|thin|scarce|sparse|scant|lacking)\\b`), ["limited", "thin", "scarce", "sparse", "scant", "lacking"]),
  d(/\b(?:is|are)\s+not\s+publicly\s+available\b/, ["publicly"]),
  d(/\bnot\s+(?:much|a\s+lot)\s+(?:\w+\s+){0,2}(?:published|written|available|out\s+there)\b/, ["much", "lot"]),
  d(/\b(?:isn't|is\s+not|wasn't|aren't)\s+(?:much|a\s+lot)\s+(?:\w+\s+){0,2}(?:published|written|available)\b/, ["much", "lot"]),
  // Out of reach: "I can't check/pull up/access X's prices", "I'm not able to access X's site";
  // not the reader's own ("I can't see your logs"), which says nothing of what is known of X.
  d(/\b(?:i|we)\s+(?:can't|cannot|can\s+not|couldn't|could\s+not)\s+(?:check|pull\s+up|pull|access|look\s+up|look\s+at|browse|see|open|fetch|reach|review)\b(?!\s+(?:your|you)\b)/, ["can", "could"]),
  d(/\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:unable|not\s+able)\s+to\s+(?:access|check|pull|look\s+up|browse|see|reach|review|judge|rate|say)\b(?!\s+(?:your|you)\b)/, ["able"]),
  d(/\bunable\s+to\s+access\b/, ["unable"]),
  // Knowing too little to judge: "I don't know X well enough", "X is not a bakery I have
  // information about", "would be guesswork", "no reliable reviews of X turned up", "Nothing I
  // found independently confirms X's prices".
  d(/\b(?:don't|do\s+not)\s+know\s+.{1,60}?\bwell\s+enough\b/, ["enough"]),
  d(new RegExp(`\\bnot\\s+(?:a|an|one)\\s+(?:[\\w'-]+\\s+){0,4}(?:i|we)\\s+(?:have|know|can\\s+find)\\s+(?:any\\s+|much\\s+)?(?:${INFO.slice(3, -1)}|anything)\\b`), [...INFO_CUES, "anything"]),
  // Since version 17 also a judgement said to have no ground: "any opinion on X would be unfounded".
  d(/\bwould\s+be\s+(?:guesswork|a\s+guess|speculation|unfounded|baseless|ungrounded|uninformed)\b/, ["guess", "speculation", "unfounded", "baseless", "ungrounded", "uninformed"]),
  d(/\bno\s+(?:reliable|independent|verified|verifiable|solid|recent|trustworthy|credible)\s+(?:\w+\s+)?(?:reviews?|information|info|data|details|sources|coverage|ratings?|tests?|testing|measurements|benchmarks)\b/, ["reliable", "independent", "verifi", "solid", "recent", "trustworthy", "credible"]),
  d(/\bnothing\s+(?:i|we)\s+(?:found|could\s+find|can\s+find|have\s+seen|saw|can\s+see)\b/, ["nothing"]),
  // A cell or line that says only that: "| X | No data | Unknown |".
  d(/^\W*(?:no\s+(?:data|info|information|details|reviews?|ratings?)(?:\s+(?:found|available))?|unknown|not\s+known)\W*$/, ["data", "info", "detail", "review", "rating", "unknown", "known"]),
  // Having nothing, or too little, to go on: "I've got nothing solid on that firm", "I know
  // nothing reliable about X", "there's very little out there about X", "too little published".
  d(/\b(?:know|have|got|found|i've|we've|there's|there\s+is)\s+(?:(?:really|basically|almost|next\s+to)\s+)?nothing\s+(?:\w+\s+){0,2}?(?:on|about|regarding|for)\b/, ["nothing"]),
  d(/\bnothing\s+(?:reliable|solid|dependable|verifiable|verified|trustworthy|concrete|definitive|credible)\b/, ["nothing"]),
  d(/\b(?:very|too|so)\s+little\s+(?:\w+\s+){0,2}?(?:out\s+there|verified|published|known|documented|written|available|to\s+go\s+on|information|info|data|details)\b/, ["little"]),
  d(/\bknow\s+(?:too|very|so)\s+little\b/, ["little"]),
  d(/\bunknown\s+to\s+(?:me|us)\b/, ["unknown"]),
  d(/\b(?:is|are|remains?)\s+(?:\w+\s+)?unknown\b/, ["unknown"]),
  d(/\bundocumented\b/, ["undocumented"]),
  d(/\b(?:hasn't|haven't|has\s+not|have\s+not)\s+been\s+(?:\w+\s+)?(?:published|tested|reviewed|verified|documented|confirmed)\b/, ["published", "tested", "reviewed", "verified", "documented", "confirmed"]),
  d(/\b(?:could|can|cannot|can't|couldn't)\s+(?:not\s+)?be\s+(?:found|located|determined|assessed|evaluated|retrieved|obtained|accessed|compared)\b/, ["found", "located", "determined", "assessed", "evaluated", "retrieved", "obtained", "accessed", "compared"]),
  d(/\b(?:is|are|was|were)\s+not\s+(?:published|documented|listed|found)\b/, ["published", "documented", "listed", "found"]),
  d(/\b(?:information|info|details|data|reviews)\s+(?:is|are)\s+(?:\w+\s+)?(?:lacking|scarce|thin|limited|sparse|scant)\b/, ["lacking", "scarce", "thin", "limited", "sparse", "scant"]),
  d(/\bnothing\s+about\s+(?:[\w'-]+\s+){0,3}?(?:is|was|has\s+been)\s+(?:verified|verifiable|confirmed|documented|known|reliable)\b/, ["nothing"]),
  d(/\bno\s+idea\b/, ["idea"]),
  d(/\boutside\s+(?:of\s+)?what\s+(?:i|we)\s+(?:know|can\s+(?:confirm|verify|check|vouch\s+for|say))\b/, ["outside"]),
  d(/\bunrated\b/, ["unrated"]),
  d(/\b(?:don't|do\s+not)\s+(?:\w+ly\s+)?know\s+(?:enough|much|anything)\s+(?:\w+\s+)?about\b/, ["know"]),
  // Declining to judge: "I can't say much about X", "I can't tell you anything about X" (not "I
  // can't say enough good things about X"), "not in a position to evaluate it", "X isn't a
  // product I have trustworthy information on", "not one I can vouch for".
  d(/\b(?:can't|cannot|can\s+not|couldn't|could\s+not)\s+(?:really\s+|honestly\s+|genuinely\s+)?(?:say|tell\s+you|judge|rate|assess|evaluate|vouch|describe)\b(?!\s+(?:enough|too\s+much)\b)/, ["can", "could"]),
  d(/\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:unable|not\s+able|not\s+in\s+a\s+position)\s+to\s+(?:speak|assess|evaluate|compare|recommend|vouch|comment|verify|confirm|judge|rate|say)\b/, ["able", "position"]),
  d(/\b(?:not|isn't|aren't)\s+(?:a|an|one|something|someone|somewhere)\s+(?:[\w'-]+\s+){0,4}?(?:i|we)\s+(?:have\s+(?:any\s+|much\s+|real\s+|reliable\s+|trustworthy\s+|solid\s+|good\s+|dependable\s+)?(?:information|info|data|details|knowledge|records?|reviews?|ratings?|experience)|know\s+(?:well|much|enough|anything)|can\s+(?:evaluate|assess|judge|rate|vouch|speak|comment|say|confirm|verify|describe|tell\s+you))\b/, ["not", "n't"]),
  d(/\b(?:i|we)\s+(?:haven't|have\s+not|havent|didn't|did\s+not)\s+(?:got|seen|come\s+across|found|read|had)\s+(?:\w+\s+){0,3}?(?:information|info|details|reviews|data|specifications|specs|coverage|sources)\b/, ["info", "detail", "review", "data", "spec", "coverage", "source"]),
  d(/\b(?:i|we)\s+(?:haven't|have\s+not)\s+got\s+(?:\w+\s+){0,3}?(?:information|info|details|data)\b/, ["info", "detail", "data"]),
  d(/\bno\s+(?:dependable|real|concrete|accurate|current|hard|firm|trusted)\s+(?:\w+\s+)?(?:reviews?|information|info|data|details|sources|coverage|ratings?)\b/, ["dependable", "real", "concrete", "accurate", "current", "hard", "firm", "trusted"]),
  d(/\bno\s+(?:\w+\s+)?(?:information|info|details|data|reviews)\s+(?:i|we)(?:'d|\s+would)?\s+(?:trust|rely|can\s+(?:trust|verify|confirm|vouch|rely)|could\s+(?:verify|confirm|vouch|rely))\b/, ["info", "detail", "data", "review"]),
  d(/\black(?:ing)?\s+(?:any\s+)?(?:\w+\s+)?(?:information|info|data|details)\b/, ["lack"]),
  d(/\b(?:reviews?|information|info|details|data|ratings?)\s+(?:\w+\s+){0,4}?(?:(?:is|are|was|were)\s+not|isn't|aren't|wasn't|weren't)\s+available\b/, ["available"]),
  d(/\bno\s+(?:\w+\s+){0,2}?(?:reviews?|information|info|details|data|results|mentions?|ratings?)\s+(?:\w+\s+){0,6}?(?:turned|came|showed)\s+up\b/, ["turned", "came", "showed"]),
  d(/\b(?:draws?|drew|a)\s+blank\b/, ["blank"]),
  d(/\bno\s+opinion\b/, ["opinion"]),
  d(/\bbeyond\s+what\s+(?:i|we)\s+(?:can|could)\s+(?:check|verify|confirm|see|say)\b/, ["beyond"]),
  d(/\b(?:rather\s+not|hate\s+to|don't\s+want\s+to)\s+(?:guess|speculate)\b/, ["guess", "speculate"]),
  d(/\bwithout\s+knowing\b/, ["knowing"]),
  // Left out for want of knowledge: "so I've left it out", "it isn't included here", "missing
  // from this list on purpose", "no assessment of it is possible".
  d(/\b(?:left|leaving)\s+(?:it|them)\s+out\b/, ["left", "leaving"]),
  d(/\b(?:isn't|aren't|is\s+not|are\s+not)\s+included\b/, ["included"]),
  d(/\bmissing\s+from\s+(?:this|the|my)\s+(?:list|table|comparison|overview|roundup)\b/, ["missing"]),
  d(/\b(?:no|not)\s+(?:\w+\s+){0,3}?(?:assessment|comparison|evaluation|rating|head-to-head)\s+(?:\w+\s+){0,4}?(?:is|are)\s+possible\b/, ["possible"]),
  d(/\b(?:isn't|is\s+not)\s+possible\b/, ["possible"]),
  // Declining to claim for want of knowledge: "I'm not going to make claims about X", "there
  // isn't much I can confirm about X", "None I can verify", and a clause or cell without its
  // subject ("…, which I've seen listed but can't verify", "| X | Couldn't verify details |").
  d(/\b(?:not\s+going\s+to|won't|will\s+not|rather\s+not|shouldn't|should\s+not)\s+(?:make\s+(?:any\s+)?(?:claims|guesses|assumptions)|comment|speculate|guess|vouch|rate\s+(?:it|them)\b(?!\s+(?:highly|well|above|over|as|very|higher|low|poorly|badly)))/, ["claims", "guesses", "assumptions", "comment", "speculate", "guess", "vouch", "rate"]),
  d(/\b(?:isn't|is\s+not|there's\s+not|not)\s+(?:much|a\s+lot|anything|a\s+great\s+deal)\s+(?:that\s+)?(?:i|we)\s+(?:can|could)\s+(?:confirm|verify|say|tell\s+you|find|check)\b/, ["much", "lot", "anything", "deal"]),
  d(/\bnone\s+(?:that\s+)?(?:i|we)\s+(?:can|could)\s+(?:verify|confirm|find|check)\b/, ["none"]),
  d(/^\W*(?:(?:but|and|so)\s+)?(?:couldn't|could\s+not|can't|cannot|unable\s+to)\s+(?:verify|confirm|check)\b/, ["verify", "confirm", "check"]),
  // More ways of saying it: "I have no way to verify X", "X isn't on my radar", "I don't have a
  // good read on X", "no visibility into X", "a blind spot for me", "hard to come by", "unclear to
  // me", "I haven't been able to confirm", "I'd be guessing", "new to me", "no information
  // available", "insufficient data", "I'm unsure about X".
  d(/\bno\s+(?:real\s+|reliable\s+|easy\s+)?way\s+(?:of|to)\s+(?:verify|verifying|check|checking|confirm|confirming|know|knowing|judge|judging|assess|assessing)\b/, ["way"]),
  d(/\b(?:not|isn't|aren't)\s+on\s+my\s+radar\b/, ["radar"]),
  d(/\b(?:don't|do\s+not|didn't)\s+have\s+(?:a|any)\s+(?:\w+\s+)?read\s+on\b/, ["read"]),
  d(/\bno\s+(?:\w+\s+)?visibility\s+into\b/, ["visibility"]),
  d(/\bblind\s+spot\b/, ["blind"]),
  d(/\bfew\s+and\s+far\s+between\b/, ["far"]),
  d(/\bhard\s+to\s+come\s+by\b/, ["come"]),
  d(/\b(?:unclear|uncertain)\s+to\s+(?:me|us)\b/, ["unclear", "uncertain"]),
  d(/\b(?:haven't|have\s+not|hasn't|has\s+not)\s+been\s+able\s+to\s+(?:find|verify|confirm|check|locate|pull|access|see)\b/, ["able"]),
  d(/\b(?:wasn't|was\s+not|weren't|were\s+not)\s+able\s+to\s+(?:pull|access|check|see|look\s+up)\b/, ["able"]),
  d(/\b(?:i'd|i\s+would|we'd|we\s+would)\s+(?:only\s+|just\s+)?be\s+guessing\b/, ["guessing"]),
  d(/\bnew\s+to\s+(?:me|us)\b/, ["new"]),
  d(/\bno\s+(?:\w+\s+){0,2}?(?:information|info|data|details|reviews)\s+(?:is\s+|are\s+)?(?:publicly\s+)?(?:available|found)\b/, ["available", "found"]),
  d(/\b(?:insufficient|not\s+enough)\s+(?:\w+\s+)?(?:information|info|data|details?|reviews|evidence)\b/, ["insufficient", "enough"]),
  d(/\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:\w+\s+)?unsure\s+(?:about|of|whether|if|what|how)\b/, ["unsure"]),
  d(/^\W*(?:(?:but|and|so)\s+)?(?:can't|cannot|couldn't|could\s+not)\s+(?:vouch|comment|speak)\b/, ["vouch", "comment", "speak"]),
  // The knowledge missing, said in any voice and with the speaker in any place of the clause:
  // "I genuinely don't know what it offers", "I'm unaware of its menus", "very little I can tell
  // you about X", "nothing I have covers it", "I can't give a grounded opinion on X", "I can't
  // place it among these", "so I won't rate it", "X's prices aren't published", "its program is
  // unverified", "aren't something I've seen reported", "Reports about X are sparse", "little
  // is publicly documented", "could not find enough to confirm".
  d(/\b(?:i|we)\s+(?:\w+ly\s+)?(?:don't|do\s+not|didn't|did\s+not)\s+(?:\w+ly\s+)?know\s+(?:of|about|what|who|which|whether|if|how|much|anything|enough)\b/, ["know"]),
  d(/\bunaware\s+of\b|\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:\w+ly\s+)?(?:unaware|unfamiliar|not\s+(?:familiar|aware))\b/, ["unaware", "unfamiliar", "familiar", "aware"]),
  d(/\b(?:little|nothing|not\s+much|not\s+a\s+lot)\s+(?:that\s+)?(?:i|we)\s+(?:can|could|am\s+able\s+to)\s+(?:really\s+)?(?:say|tell|confirm|verify|find|share|add|offer|check|corroborate)\b/, ["little", "nothing", "much", "lot"]),
  d(/\bnothing\s+(?:that\s+)?(?:i|we)(?:'ve|\s+have)?\s+(?:have|know|found|saw|read|seen)\b/, ["nothing"]),
  d(/\b(?:i|we)\s+(?:can't|cannot|can\s+not|couldn't|could\s+not|won't|will\s+not)\s+(?:give|offer|provide|share|form)\s+(?:you\s+)?(?:a|an|any)\s+(?:\w+\s+)?(?:opinion|view|assessment|verdict|recommendation|rating|evaluation|read|take|comparison|figure|number|estimate|answer|picture)\b/, ["can't", "cannot", "can not", "couldn't", "could not", "won't", "will not"]),
  d(/\b(?:i|we)\s+(?:\w+ly\s+)?(?:can't|cannot|can\s+not|couldn't|could\s+not)\s+(?:\w+ly\s+)?(?:place|compare|rank|corroborate|describe|rate|judge|evaluate|assess|weigh|pin\s+down|pinpoint)\b/, ["can't", "cannot", "can not", "couldn't", "could not"]),
  d(/\b(?:i|we)\s+(?:won't|will\s+not|wouldn't|would\s+not)\s+(?:rate|rank|assess|evaluate|judge|score)\s+(?:it|them|this|that)\b(?!\s+(?:highly|well|above|over|as|very|any\s+higher|higher|low|poorly|badly))/, ["won't", "will not", "wouldn't", "would not"]),
  d(/\b(?:isn't|aren't|wasn't|weren't|is\s+not|are\s+not|was\s+not|were\s+not|not)\s+(?:\w+\s+)?(?:documented|published|verified|confirmed|reported|disclosed|corroborated|detailed)\b/, ["documented", "published", "verified", "confirmed", "reported", "disclosed", "corroborated", "detailed"]),
  d(/\b(?:isn't|aren't|is\s+not|are\s+not|not)\s+publicly\s+available\b/, ["publicly"]),
  d(/\b(?:unverified|unconfirmed|unverifiable|uncorroborated|undisclosed)\b/, ["unverified", "unconfirmed", "unverifiable", "uncorroborated", "undisclosed"]),
  d(/(?:n't|\bnot)\s+(?:something|anything)\s+(?:that\s+)?(?:i|we)(?:'ve|\s+have|\s+can|\s+could)?\s+(?:\w+\s+)?(?:seen|heard|found|read|check|verify|confirm|say|know|access|see|find|look\s+up|pull)\b/, ["something", "anything"]),
  // Version 18. Knowledge missing said of the thing, the speaker its object: "X's rates aren't
  // known to me", "not much information exists on X", "no reviews could be located".
  d(/\b(?:isn't|aren't|wasn't|weren't|is\s+not|are\s+not|not)\s+(?:\w+ly\s+)?known\s+to\s+(?:me|us)\b/, ["known"]),
  d(/\b(?:little|no|not\s+much|not\s+enough)\s+(?:\w+\s+)?(?:information|info|details|data|reviews|coverage)\s+(?:exists|exist|is\s+out\s+there|could\s+be\s+(?:found|located)|turned\s+up)\b/, ["exist", "out there", "could be", "turned up"]),
  d(/\b(?:reports|sources|coverage|mentions|reviews|information|info|details|data|figures|numbers)\b[^.;]{0,80}?\b(?:is|are|remain|remains|seem|seems)\s+(?:\w+\s+)?(?:lacking|scarce|thin|limited|sparse|scant|hard\s+to\s+find)\b/, ["lacking", "scarce", "thin", "limited", "sparse", "scant", "to find"]),
  d(/\b(?:little|nothing|not\s+much)\s+(?:is|has\s+been|was)\s+(?:\w+\s+)?(?:known|documented|published|written|reported|verified|confirmed)\b/, ["little", "nothing", "much"]),
  d(/\b(?:couldn't|could\s+not|can't|cannot)\s+find\s+(?:enough|much|anything|any)\b(?!\s+(?:better|cheaper|nicer|finer)\b)/, ["couldn't", "could not", "can't", "cannot"]),
  // "If you mean X, I don't know it", "I haven't come across X", "I'm not sure it's still
  // open", "(no reviews I could find)", "X isn't one I recognise".
  d(/\b(?:i|we)\s+(?:\w+ly\s+)?(?:don't|do\s+not|didn't|did\s+not)\s+(?:\w+ly\s+)?know\s+(?:it|them|this\s+one|that\s+one|the\s+name|this|that)\b/, ["know"]),
  // Not "I haven't come across a better croissant".
  d(/\b(?:haven't|have\s+not|never|hadn't)\s+(?:\w+ly\s+)?(?:come\s+across|encountered|run\s+(?:into|across))\b(?!\s+(?:a\s+|an\s+|any\s+|anything\s+|anyone\s+)?(?:better|finer|nicer|cheaper|friendlier|more|worse)\b)/, ["across", "encountered", "into"]),
  // A cell that only says the information is missing: "| X | Info not available |".
  d(/^\W*(?:info|information|details|data|reviews?|ratings?|pricing|prices)\s+(?:not\s+(?:available|found|known|published)|unavailable|unknown)\W*$/, ["available", "found", "known", "published", "unknown"]),
  // "(unfamiliar to me)", "haven't seen anything on their classes", "X? Can't help there".
  d(/\bunfamiliar\s+to\s+(?:me|us)\b/, ["unfamiliar"]),
  d(/\b(?:haven't|have\s+not|hasn't|has\s+not)\s+(?:seen|found|read|heard)\s+(?:anything|much)\b/, ["anything", "much"]),
  d(/^\W*(?:(?:i|we)\s+)?(?:can't|cannot|couldn't|could\s+not|can\s+not)\s+help\s+(?:you\s+)?(?:there|here|with\s+(?:that|this|it|them))\b/, ["help"]),
  // "I know of X only by name".
  d(/\b(?:only|just)\s+by\s+name\b/, ["by name"]),
  // Without its subject after a list item's lead: "- X: can't speak to it".
  d(/:\s*(?:(?:but|and|so)\s+)?(?:can't|cannot|couldn't|could\s+not)\s+(?:vouch|comment|speak|say|verify|confirm|tell)\b/, ["can't", "cannot", "couldn't", "could not"]),
  d(/\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:\w+ly\s+)?not\s+sure\s+(?:it|it's|they|they're|this|that|if|whether|about)\b/, ["sure"]),
  d(/\bno\s+(?:\w+\s+)?(?:information|info|details|data|reviews|ratings|mentions|sources)\s+(?:that\s+)?(?:i|we)\s+(?:could|can)\s+(?:find|locate|verify|confirm)\b/, ["info", "detail", "data", "review", "rating", "mention", "source"]),
  d(/\b(?:isn't|is\s+not|aren't|are\s+not|not)\s+(?:one|a\s+name|a\s+[\w-]+)\s+(?:that\s+)?(?:i|we)\s+(?:know|recogni[sz]e)\b/, ["know", "recogni"]),
  // "I can't tell which one you mean", "not sure which business you mean": the name is ambiguous to the speaker.
  d(/\b(?:can't|cannot|can\s+not|couldn't|could\s+not)\s+(?:tell|know|be\s+sure)\s+which\b/, ["can't", "cannot", "can not", "couldn't", "could not"]),
  // Nothing found confirms it: "nothing confirms its services", "no information I found confirms whether it is open".
  d(/\b(?:no|nothing)\b(?:\s+[\w']+){0,4}?\s+(?:confirms|verifies|corroborates|backs\s+up)\b/, ["confirms", "verifies", "corroborates", "backs"]),
  // The speaker's knowledge of it is none: "my information on it is zero", "no basis for an opinion".
  d(/\b(?:my|our)\s+(?:information|info|knowledge|data)\b[^.;]{0,40}?\b(?:is|are)\s+(?:zero|nonexistent|non-existent|empty)\b/, ["zero", "existent", "empty"]),
  d(/\bno\s+(?:real\s+|solid\s+|good\s+)?basis\s+(?:for|to)\b/, ["basis"]),
  // A cell or a clause without its subject that only doubts it: "| not sure |", "Not sure this shop exists".
  d(/^\W*(?:not\s+sure|unsure|unclear)\W*$/, ["sure", "unclear"]),
  d(/^\W*not\s+sure\s+(?:it|it's|they|they're|this|that|if|whether|about)\b/, ["sure"]),
  // Anything said would be made up: "anything I said about it would be invented", "I'd be making it up".
  d(/\b(?:would|i'd|we'd|it'd)\s+be\s+(?:invented|made\s+up|making\s+(?:it|this|that|things|something|stuff)\s+up|fabricated)\b/, ["invented", "made up", "making", "fabricated"]),
  // Left out for want of sources: "so it's left out", "none of these sources reviews it", "my
  // sources don't cover it", "isn't covered by anything I'd trust", "so it is not described here".
  d(/\b(?:is|it's|are|was|were|been)\s+left\s+out\b/, ["left"]),
  d(/\bnone\s+of\s+(?:the|these|those|my)\s+(?:\w+\s+)?(?:sources|reviews|results|articles|guides)\b[^.;]{0,30}?\b(?:discuss|discusses|mention|mentions|cover|covers|review|reviews|include|includes)\b/, ["none"]),
  d(/\b(?:my|the|these|our)\s+sources\s+(?:don't|do\s+not|didn't|did\s+not)\s+(?:cover|mention|include|discuss|list)\b/, ["sources"]),
  d(/\b(?:isn't|aren't|is\s+not|are\s+not|not)\s+covered\s+(?:by|in)\s+(?:anything|any|my)\b/, ["covered"]),
  d(/\bnot\s+(?:described|covered|included|reviewed|rated)\s+here\b/, ["described", "covered", "included", "reviewed", "rated"]),
  // Found nothing: "I found no reviews for X", "nothing trustworthy turned up".
  d(/\b(?:i|we)\s+(?:found|find|saw|see)\s+no\s+(?:\w+\s+)?(?:reviews?|information|info|details|data|mentions?|coverage|records?|listings?)\b/, ["review", "info", "detail", "data", "mention", "coverage", "record", "listing"]),
  // No ground to judge on: "I don't have a basis to judge X", "not across X well enough to judge
  // it", "isn't a place I have a reliable take on", "a mystery to me", "little publicly documented".
  d(/\b(?:don't|do\s+not|didn't)\s+have\s+(?:a|any)\s+(?:\w+\s+)?basis\b/, ["basis"]),
  d(/(?:\bnot|n't)\b.{0,40}?\bwell\s+enough\s+to\s+(?:judge|rate|say|recommend|assess|evaluate|compare|comment)\b/, ["well enough"]),
  d(/\b(?:not|isn't|aren't)\s+(?:a|an|one|something)\s+(?:[\w'-]+\s+){0,3}?(?:i|we)\s+have\s+(?:a|any)\s+(?:\w+\s+)?(?:take|read|view|opinion|handle)\s+on\b/, ["take on", "read on", "view on", "opinion on", "handle on"]),
  d(/\bmystery\s+to\s+(?:me|us)\b/, ["mystery"]),
  d(/\b(?:there\s+is|there's|is)\s+little\s+(?:\w+ly\s+)?(?:documented|published|known|reported|verified|written)\b/, ["little"]),
  // Nothing to add or to give: "I can't add anything useful about it", "I'm unable to give you anything dependable".
  d(/\b(?:can't|cannot|can\s+not|couldn't|could\s+not)\s+add\s+(?:anything|much)\b/, ["add anything", "add much"]),
  d(/\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:unable|not\s+able)\s+to\s+(?:give|offer|provide|share|add)\s+(?:you\s+)?(?:anything|much|any)\b/, ["able to give", "able to offer", "able to provide", "able to share", "able to add"]),
  // Without its subject after a dash or in parentheses: "X – (can't speak to this one)", "X: can't compare this one".
  d(/(?:^|[(:;–—])\W*(?:(?:but|and|so)\s+)?(?:can't|cannot|couldn't|could\s+not)\s+(?:vouch|comment|speak|verify|confirm|tell\s+you|say\s+(?:much|anything)|compare\s+(?:this|it|them))\b/, ["can't", "cannot", "couldn't", "could not"]),
  // Version 12. Too little to judge by, said of the entity: "X doesn't have enough independent
  // reviews for me to judge it", "there isn't enough testing of X for me to compare it", "reviews
  // of X were too sparse for me to compare it" (not "there's enough data for me to recommend it":
  // the "enough" is negated, or the amount is "too" small).
  d(/(?:n't|\bnot|\bno)\s+(?:(?:have|get|find|got)\s+)?enough\s+(?:[\w-]+\s+){0,2}?(?:reviews?|information|info|data|details|coverage|testing|tests|sources|evidence|ratings?|reporting|feedback)\b/, ["enough"]),
  d(/\btoo\s+(?:sparse|thin|few|scarce|limited|scant)\s+(?:\w+\s+)?for\s+(?:me|us)\s+to\b/, ["too"]),
  // "I'm not able to give you reliable information about X", "I can't give you solid details on X".
  d(/\b(?:unable|not\s+able|can't|cannot|can\s+not|couldn't|could\s+not)\s+(?:to\s+)?(?:give|offer|share)\s+(?:you\s+)?(?:any\s+)?(?:[\w-]+\s+){0,2}?(?:information|info|details|data)\b/, ["able", "can", "could"]),
  // "X isn't a firm I have verified information about": the speaker's knowledge, with any two words before it.
  d(/\b(?:not|isn't|aren't)\s+(?:a|an|one)\s+(?:[\w'-]+\s+){0,3}?(?:i|we)\s+have\s+(?:[\w-]+\s+){0,2}?(?:information|info|data|details|knowledge|records?|reviews?)\s+(?:about|on|for)\b/, ["have"]),
  // "I haven't got enough to go on for X", "reviews of X are too few to go by", "X isn't well
  // enough documented for me to…", "I don't have a clear picture of X", "I couldn't dig up anything
  // solid on X", "X lacks a track record I can check".
  d(/(?:n't|\bnot)\s+(?:(?:have|got|get|find)\s+)?(?:enough|much|anything)\s+to\s+go\s+(?:on|by)\b/, ["go on", "go by"]),
  d(/\btoo\s+(?:few|little|thin|sparse|scarce)\s+to\s+(?:go\s+(?:on|by)|judge|rate|say|compare|recommend|tell)\b/, ["too"]),
  d(/(?:n't|\bnot)\s+(?:(?:well|widely)\s+enough\s+(?:documented|known|reviewed|covered|tested)|(?:well\s+|widely\s+)?(?:documented|known|reviewed|covered|tested)\s+enough)\b/, ["enough"]),
  d(/\b(?:don't|do\s+not|didn't|did\s+not)\s+have\s+(?:a|any)\s+(?:\w+\s+)?(?:picture|sense)\s+of\b/, ["picture", "sense"]),
  d(/\b(?:couldn't|could\s+not|can't|cannot)\s+(?:dig\s+up|turn\s+up|track\s+down|unearth)\s+(?:anything|much)\b/, ["dig", "turn", "track", "unearth"]),
  d(/\b(?:lacks?|lacking|no|without|n't\s+have)\s+(?:(?:a|any)\s+)?(?:\w+\s+)?track\s+record\s+(?:that\s+)?(?:i|we)\s+(?:can|could)\s+(?:check|verify|confirm)\b/, ["track record"]),
  // Version 13. "I don't have reliable, current information about X" (adjectives in a list), "X
  // is not a company I can find dependable information on", "details about X aren't something I can
  // reliably provide", "X isn't a restaurant I can give you reliable information about", "I have no
  // reliable pricing for X", "the name X doesn't bring up anything I can verify", "figures
  // attributed to X could not be independently checked", "reviews for X are too few to draw
  // conclusions from".
  d(new RegExp(`\\b(?:don't|dont|do not|doesn't|does not|didn't|did not)\\s+have\\s+(?:[\\w-]+,\\s+){1,2}(?:[\\w-]+\\s+)${INFO}\\b`), INFO_CUES),
  d(/\b(?:not|isn't|aren't)\s+(?:a|an|one)\s+(?:[\w'-]+\s+){0,3}?(?:i|we)\s+(?:can|could)\s+(?:find|give(?:\s+you)?|offer(?:\s+you)?|provide(?:\s+you)?)\s+(?:[\w-]+,?\s+){0,3}?(?:information|info|data|details)\b/, ["can", "could"]),
  d(/(?:n't|\bnot)\s+(?:something|anything)\s+(?:that\s+)?(?:i|we)\s+(?:can|could)\s+(?:\w+ly\s+)?(?:provide|give|offer|share|supply)\b/, ["something", "anything"]),
  d(/\b(?:i|we)\s+have\s+no\s+(?:[\w-]+\s+){0,2}?(?:pricing|prices|figures|numbers|rates)\s+(?:for|on|about|from)\b/, ["pric", "figures", "numbers", "rates"]),
  d(/\b(?:doesn't|does\s+not|didn't|did\s+not)\s+(?:bring|turn|pull)\s+up\s+anything\b/, ["anything"]),
  d(/\b(?:could\s+not|can\s+not|cannot|can't|couldn't)\s+be\s+(?:independently\s+)?(?:checked|corroborated|substantiated)\b/, ["checked", "corroborated", "substantiated"]),
  d(/\b(?:is|are|was|were)\s+too\s+(?:few|sparse|thin|scarce|limited|scant)\s+to\s+(?:draw|reach|base|form|make)\b/, ["too"]),
  // Version 14. The speaker's not knowing it, said with the entity as the object of a negated verb
  // of knowing ("I don't know X", "we don't recognise X"; not "I don't know a better shop than X",
  // "I don't know how long it takes", nor one of its details, "I don't know X's fees"); its record absent from where one would look ("X doesn't
  // show up in any directory", "X hasn't come up anywhere I've looked", "X isn't listed
  // anywhere"; not "the fee doesn't show up on your bill"); no presence of its own to go by ("X
  // has almost no online presence", "a thin web footprint"); sources that say nothing of it ("the
  // sources I have are silent on X").
  d(/\b(?:i|we)\s+(?:\w+ly\s+)?(?:don't|do\s+not|didn't|did\s+not)\s+(?:\w+ly\s+)?(?:know|recogni[sz]e)\s+(?!(?:a|an|any|anyone|anybody|anything|anywhere|many|much|more|how|why|where|when|what|who|which|whether|if|your|you|of|about|that|this|it|them|for|yet|exactly|offhand|the\s+(?:best|answer|details|exact|current|latest|specifics|price|prices|cost|hours))\b)(?![\w&.-]+(?:\s+[\w&.-]+){0,5}?(?:'s|s')\s)[\w'-]/, ["know", "recogni"]),
  d(/(?:n't|\bnot|\bnever)\s+(?:\w+ly\s+)?(?:appear(?:ed|s)?|show(?:n|ed|s)?\s+up|c[oa]me\s+up|turn(?:ed|s)?\s+up|(?:been\s+)?listed)\s+(?:anywhere|(?:in|on)\s+(?:anything|anywhere|any\s+(?:\w+\s+)?(?:sources?|reviews?|listings?|director(?:y|ies)|databases?|records?|search(?:es)?|results?|registr(?:y|ies)|guides?)|my\s+(?:sources|results|search(?:es)?|records|data|notes)))\b/, ["appear", "show", "come", "came", "turn", "listed"]),
  d(/\b(?:no|little|almost\s+no|barely\s+any|hardly\s+any|minimal|limited|thin|scant)\s+(?:\w+\s+)?(?:online|web|internet|digital|public|review)\s+(?:presence|footprint|trail)\b/, ["presence", "footprint", "trail"]),
  d(/\b(?:sources?|reviews?|records?|data|literature|coverage|press|internet|web|results)\s+(?:\w+\s+){0,3}?(?:is|are|was|were|stays?|remains?|stay|remain)\s+(?:\w+\s+)?silent\b/, ["silent"]),
  // Impersonal and passive forms of the same: "X's licence could not be established", "X does
  // not appear to have any published reviews", "it is hard to find information about X", "it's
  // hard to say much about X", "search results for X are inconclusive", "no verifiable track
  // record", "no trustworthy source covers X", "it's not possible to evaluate X", "beyond what I
  // can assess".
  d(/\b(?:could|can|cannot|can't|couldn't)\s+(?:not\s+)?be\s+(?:independently\s+)?(?:established|ascertained|validated)\b/, ["established", "ascertained", "validated"]),
  d(/\b(?:doesn't|does\s+not|don't|do\s+not)\s+(?:appear|seem)\s+to\s+have\s+(?:any|much)\s+(?:[\w-]+\s+){0,2}?(?:reviews?|information|info|details|data|coverage|ratings?|presence|track\s+record)\b/, ["appear", "seem"]),
  d(/\b(?:difficult|hard|tough|impossible)\s+to\s+(?:find|locate|get|verify|confirm)\s+(?:any\s+|much\s+)?(?:[\w-]+\s+){0,2}?(?:information|info|details|data|reviews|sources|coverage)\b/, ["difficult", "hard", "tough", "impossible"]),
  d(/\b(?:difficult|hard|tough|impossible)\s+(?:for\s+(?:me|us)\s+)?to\s+say\s+(?:much|anything)\b/, ["difficult", "hard", "tough", "impossible"]),
  d(/\b(?:results?|sources?|reviews?|information|evidence|data|searches)\b[^.;]{0,60}?\b(?:is|are|was|were|remains?)\s+(?:\w+\s+)?inconclusive\b/, ["inconclusive"]),
  d(/\bno\s+(?:verifiable|verified|trustworthy|reliable|independent|credible)\s+(?:[\w-]+\s+)?(?:track\s+record|history|source|record|footprint|presence)\b/, ["verifi", "trustworthy", "reliable", "independent", "credible"]),
  d(/\bnot\s+possible\s+(?:for\s+(?:me|us)\s+)?to\s+(?:evaluate|assess|judge|rate|say|verify|confirm|compare|recommend)\b/, ["possible"]),
  d(/\bbeyond\s+what\s+(?:i|we)\s+(?:can|could)\s+(?:assess|evaluate|judge|rate|vouch\s+for)\b/, ["beyond"]),
  // Version 15: the families of the impersonal forms, by their grammar rather than their words.
  // What the speaker can reach, bounded by a relative clause: "outside what I can look up",
  // "unclear from anything I can access", "not detailed anywhere I can check", "not something my
  // sources cover", "aren't something I'm able to check".
  d(/\b(?:outside|beyond|unclear\s+from)\s+(?:of\s+)?(?:what|anything|anywhere|whatever)\s+(?:i|we|i'm|we're|i\s+am|we\s+are)\s+(?:\w+\s+){0,2}?(?:can|could|able\s+to|have|know|found|see|seen)\b/, ["outside", "beyond", "unclear"]),
  d(/\bunclear\s+from\s+(?:what's|what\s+is|the)\s+(?:\w+\s+){0,2}?(?:online|published|available|public|out\s+there|sources?|listings?|reviews?)\b/, ["unclear"]),
  d(/(?:n't|\bnot)\s+(?:\w+ly\s+)?(?:\w+\s+)?anywhere\s+(?:that\s+)?(?:i|we)\s+(?:can|could)\s+(?:check|see|find|access|look|verify|confirm|reach)\b/, ["anywhere"]),
  d(/(?:n't|\bnot)\s+(?:something|anything)\s+(?:that\s+)?(?:i'm|i\s+am|we're|we\s+are|my|our)\s+(?:\w+\s+){0,2}?(?:able\s+to|sources?|data|information|knowledge|training|records?)\b/, ["something", "anything"]),
  // Evidence of it said to be missing, scarce or out of reach, whatever the noun of evidence:
  // "published specs for X are limited", "customer feedback on X is scarce", "independent tests of
  // X don't appear to exist", "too few independent reviews", "not enough out there about X",
  // "almost no coverage online", "current menus for X weren't available to me", "couldn't be
  // checked", "I've no dependable detail on it", "nothing reliable to go on".
  d(/\b(?:specs|specifications|tests|testing|feedback|documentation|measurements|benchmarks|listings|write-ups|photos|menus?|prices|pricing)\b[^.;]{0,80}?\b(?:is|are|was|were|remain|remains|seem|seems)\s+(?:\w+\s+)?(?:lacking|scarce|thin|limited|sparse|scant|hard\s+to\s+find|hard\s+to\s+come\s+by)\b/, ["lacking", "scarce", "thin", "limited", "sparse", "scant", "to find", "to come"]),
  d(/\b(?:don't|doesn't|do\s+not|does\s+not|didn't|did\s+not)\s+(?:\w+ly\s+)?(?:appear|seem)\s+to\s+exist\b/, ["exist"]),
  d(/\btoo\s+(?:few|little)\s+(?:\w+\s+){0,2}?(?:reviews?|sources?|ratings?|reports?|data|information|info|details|coverage|mentions?|write-ups)\b/, ["too"]),
  d(/\bnot\s+(?:enough|much)\s+(?:\w+\s+)?out\s+there\b/, ["out there"]),
  d(/\b(?:no|almost\s+no|virtually\s+no|practically\s+no|next\s+to\s+no|hardly\s+any|barely\s+any)\s+(?:\w+\s+)?coverage\b/, ["coverage"]),
  d(/(?:n't|\bnot|\bun)\s*available\s+to\s+(?:me|us)\b/, ["available"]),
  d(/\b(?:cannot|can't|couldn't|(?:could|can)\s+not)\s+be\s+(?:checked|looked\s+up|seen|reviewed)\b/, ["checked", "looked", "seen", "reviewed"]),
  d(/\b(?:i've|we've|i\s+have|we\s+have)\s+(?:got\s+)?no\s+(?:\w+\s+){0,2}?(?:detail|details|information|info|data|facts|figures|reviews?|sources?|knowledge)\b/, ["'ve", "have"]),
  d(/\b(?:anything|nothing|much)\s+(?:\w+\s+)?to\s+go\s+on\b/, ["go on"]),
  // Facts the speaker lacks in their freshness or reliability: "I don't have current prices,
  // stock or opening hours for it", "a name I have no current hours for", "no current facts to share".
  d(/\b(?:don't|do\s+not|didn't|did\s+not)\s+have\s+(?:any\s+)?(?:current|up-to-date|recent|reliable|dependable|verified|accurate|solid)\s+\w+/, ["current", "up-to-date", "recent", "reliable", "dependable", "verified", "accurate", "solid"]),
  d(/\b(?:i|we)\s+have\s+no\s+(?:current|up-to-date|recent|reliable|dependable|verified|accurate|solid)\s+\w+/, ["current", "up-to-date", "recent", "reliable", "dependable", "verified", "accurate", "solid"]),
  // Looked for and not found, without its subject: "| X | Couldn't find reliable info |", "None: couldn't find documentation".
  d(/\b(?:couldn't|could\s+not|can't|cannot)\s+find\s+(?:\w+\s+)?(?:info|information|documentation|details|data|reviews|pricing|specs|sources)\b/, ["n't find", "not find"]),
  // Seen nothing reliable: "I haven't seen reliable testing of it".
  d(/\b(?:haven't|have\s+not|hasn't|has\s+not)\s+seen\s+(?:any\s+)?(?:\w+\s+)?(?:testing|tests|reviews|reports|data|coverage|benchmarks|measurements)\b/, ["seen"]),
  // The speaker can speak only of another: "I can only speak to Tanpopo".
  d(/\b(?:can|could)\s+only\s+(?:speak\s+to|speak\s+for|comment\s+on|vouch\s+for|say\s+something\s+about)\b/, ["only"]),
  // The same disclaimers in Spanish, Portuguese, French, Italian and German (text is folded:
  // lower-case, no diacritics).
  d(/\bno\s+(?:tengo|tenemos|dispongo\s+de|disponemos\s+de|encontre|encuentro|hay)\s+(?:\w+\s+){0,2}(?:informacion|datos|detalles|resultados|registros?)\b/, ["informacion", "datos", "detalles", "resultados", "registro"]),
  d(/\bno\s+(?:conozco|conocemos|estoy\s+familiarizad[oa]|pude\s+(?:encontrar|verificar))\b/, ["conozco", "conocemos", "familiarizad", "pude"]),
  d(/\bdesconozco\b/, ["desconozco"]),
  d(/\bnao\s+(?:tenho|temos|ha|encontrei|encontramos)\s+(?:\w+\s+){0,2}(?:informac(?:ao|oes)|dados|detalhes|resultados|registros?)\b/, ["informac", "dados", "detalhes", "resultados", "registro"]),
  d(/\bnao\s+(?:conheco|conhecemos|estou\s+familiarizad[oa]|consegui\s+(?:encontrar|verificar))\b/, ["conheco", "conhecemos", "familiarizad", "consegui"]),
  d(/\b(?:je|nous)\s+n'(?:ai|avons)\s+(?:pas|aucune?)\s+(?:\w+\s+){0,2}(?:d'\s*)?(?:informations?|donnees|details|resultats?)\b/, ["n'ai", "n'avons"]),
  d(/\b(?:je|nous)\s+ne\s+(?:connais|connaissons|trouve|trouvons)\s+pas\b/, ["connais", "trouv"]),
  d(/\baucune\s+(?:information|donnee|trace)\b/, ["aucune"]),
  d(/\bnon\s+(?:ho|abbiamo|trovo|ho\s+trovato)\s+(?:\w+\s+){0,2}(?:informazioni|dati|dettagli|risultati)\b/, ["informazioni", "dati", "dettagli", "risultati"]),
  d(/\bnon\s+(?:conosco|conosciamo)\b/, ["conosc"]),
  d(/\bnessuna\s+informazione\b/, ["nessuna"]),
  d(/\b(?:ich|wir)\s+(?:habe|haben)\s+keine\s+(?:\w+\s+){0,2}(?:informationen|daten|angaben|details|ergebnisse)\b/, ["keine"]),
  d(/\bkeine\s+(?:informationen|angaben|daten)\s+(?:uber|zu)\b/, ["keine"]),
  d(/^\W*keine\s+(?:\w+\s+)?(?:informationen|angaben|daten|bewertungen)\W*$/, ["keine"]),
  d(/\b(?:ist|sind)\s+mir\s+nicht\s+bekannt\b/, ["bekannt"]),
  // Version 16. Judging it said to be impossible, in the passive: "its work cannot be properly
  // gauged" (not "can't be rated highly enough").
  d(/\b(?:could|can|cannot|can't|couldn't)\s+(?:not\s+)?be\s+(?:\w+ly\s+)?(?:judged|rated|gauged|ranked|weighed|vetted|sized\s+up)\b(?!\s+(?:highly|too|enough|higher|above|as))/, ["judged", "rated", "gauged", "ranked", "weighed", "vetted", "sized"]),
  // Too few accounts of it to go by: "only a few online ratings" (not "very few bad reviews").
  d(/\b(?:very|too|so|only\s+a|just\s+a)\s+few\s+(?!(?:bad|negative|poor|critical|unhappy|angry)\b)(?:\w+\s+){0,2}?(?:reviews?|ratings?|sources|mentions|reports|accounts|testimonials|write-?ups)\b/, ["few"]),
  // Accounts of it absent from where the speaker looks: "accounts of X are missing from every
  // source I have", "X's hours weren't given on any page we consulted", "isn't listed on the pages
  // I searched".
  d(/\bmissing\s+from\s+(?:\w+\s+){0,2}?(?:sources?|anything|everything|what\s+(?:i|we)|records|data|coverage|materials?)\b/, ["missing"]),
  d(/(?:n't|\bnot)\s+(?:\w+\s+)?(?:available|stated|listed|given|mentioned|shown|posted|covered|described|found|published|reported|documented|included)\s+(?:in|on|at|from|by)\s+[^.;]{0,40}?\b(?:i|we)\s+(?:could|can|was\s+able\s+to|were\s+able\s+to|have|had|checked|looked|searched|found|saw|read|consulted|reviewed|used|use)\b/, ["n't", "not"]),
  // Not made public: "there is little public about X", "fees at X aren't made public", "X's
  // prices are not publicly posted" (not "isn't a public company").
  d(/\b(?:not\s+(?:much|a\s+lot)|little|nothing)\s+public(?:ly)?\s+(?:about|on|regarding|for|available|known|documented)\b/, ["public"]),
  d(/(?:n't|\bnot)\s+(?:made\s+)?(?:public\b(?!\s+(?:company|companies|land|park|school|transport|property|road|holiday|figure))|publicly\s+(?:listed|posted|available|shared|disclosed|documented|published|stated|known))/, ["public"]),
  // Out of reach: "we have no way of viewing X's forms"; "without being able to check X's cases".
  d(/\b(?:i|we)(?:\s+have|'ve|\s+had|'ve\s+got)\s+no\s+(?:real\s+|easy\s+)?way\s+(?:of|to)\s+(?:pull(?:ing)?|see(?:ing)?|access(?:ing)?|look(?:ing)?\s+(?:up|at|into)|get(?:ting)?\s+at|read(?:ing)?|fetch(?:ing)?|open(?:ing)?|view(?:ing)?|test(?:ing)?|judg(?:e|ing)|rat(?:e|ing))\b/, ["way"]),
  d(/\b(?:not|without)\s+being\s+able\s+to\s+(?:see|find|check|verify|confirm|access|judge|assess|look|pull|read|test)\b/, ["being able"]),
  // Found only in passing, nothing to go by: "nothing about X turned up", "nothing we could count
  // on", "the only trace of X we have found is …".
  d(/\bnothing\s+(?:on|about|regarding|for|from)\s+[^.;]{1,60}?\b(?:comes|came|turns|turned|shows|showed)\s+up\b/, ["nothing"]),
  d(/\bnothing\s+(?:that\s+)?(?:i|we)\s+(?:could|can|would|'d)\s+(?:really\s+)?(?:rely|trust|count|depend|build|go)\s+on\b/, ["nothing"]),
  d(/\bthe\s+only\s+(?:mention|reference|trace|record|sign)\s+(?:of|to)\b[^.;]{1,60}?\b(?:i|we)(?:'ve|\s+have|\s+could|\s+can)?\s+(?:\w+\s+)?(?:found|seen|come\s+across|find|see|located|turned\s+up|read)\b/, ["only"]),
  // Too little written: "not enough has been published about it", "not much is out there on X".
  d(/\bnot\s+enough\s+(?:is|has\s+been|was|gets)\s+(?:\w+\s+)?(?:written|known|published|documented|said|reported|available)\b/, ["enough"]),
  d(/(?:n't|\bnot)\s+(?:much|enough|a\s+lot)\s+(?:\w+\s+)?out\s+there\b/, ["out there"]),
  // Accounts of it said to be scarce, with any verb of seeming: "reviews of X look sparse", "my
  // information on X is sketchy".
  d(/\b(?:feedback|reports|evidence|documentation|testimonials|ratings|accounts|write-?ups|press|sources|coverage|reviews|information|info|details|data)\s+(?:about|on|for|of|regarding|at)\b.{1,60}?\b(?:appears?|appeared|looks?|seems?|seemed|remains?|is|are|was|were)\s+(?:\w+\s+)?(?:limited|thin|scarce|sparse|scant|patchy|lacking|minimal|slim|spotty|sketchy)\b/, ["limited", "thin", "scarce", "sparse", "scant", "patchy", "lacking", "minimal", "slim", "spotty", "sketchy"]),
  d(/\bmy\s+(?:knowledge|information|info|data|picture|sense)\s+(?:of|about|on)\b.{1,60}?\b(?:is|are)\s+(?:\w+\s+)?(?:patchy|limited|thin|sketchy|spotty|incomplete|hazy|fuzzy|dated|out\s+of\s+date)\b/, ["patchy", "limited", "thin", "sketchy", "spotty", "incomplete", "hazy", "fuzzy", "dated", "of date"]),
  // The speaker's holdings named by any noun of evidence: "X isn't a clinic we hold solid accounts
  // of", "dependable figures on X aren't anything we possess".
  d(/\b(?:not|isn't|aren't)\s+(?:a|an|one|something|someone|somewhere)\s+(?:[\w'-]+\s+){0,4}?(?:i|we)\s+(?:have|hold|know\s+of)\s+(?:any\s+|much\s+)?(?:\w+\s+)?(?:reports?|accounts?|sources?|coverage|feedback|evidence|testimonials|write-?ups|documentation|specs|figures|facts)\b/, ["not", "n't"]),
  d(/(?:n't|\bnot)\s+(?:something|anything)\s+(?:that\s+)?(?:i|we)\s+(?:have|possess|hold)\b/, ["something", "anything"]),
  // Declining to comment, with nothing after: "X: we can't comment." (not "can't comment enough").
  d(/\b(?:i|we)\s+(?:can't|cannot|can\s+not|couldn't|could\s+not)\s+comment\b(?!\s+(?:enough|highly|too))/, ["comment"]),
  // Version 17. Evidence of it said to be scarce, by any noun of evidence and any determiner of
  // scarcity: "there's not much independent testing of X", "there is scant reliable writing on X",
  // "few independent reviews of X exist"; held by the speaker too thinly ("I don't have enough on
  // X"); the speaker's reach by any evidence ("not a shop I can find solid ratings for"); facts
  // about it hard to establish ("details about X's stock are hard to confirm"); nothing about it
  // available ("nothing recent on its menu is available to me").
  d(new RegExp(`\\bthere(?:(?:\\s+is|'s|\\s+are|\\s+was|\\s+were)\\s+(?:not\\s+(?:much|many|any|enough)|(?:very\\s+|so\\s+|too\\s+)?(?:little|scant|few|sparse|limited)|no)|(?:\\s+isn't|\\s+aren't|\\s+wasn't|\\s+weren't)\\s+(?:much|many|any|enough|a\\s+lot\\s+of))\\s+${SCARCE_EVIDENCE}\\s+(?:of|on|about|for|regarding)\\b`), EVIDENCE_CUES),
  d(new RegExp(`\\b(?:few|no)\\s+${SCARCE_EVIDENCE}\\s+(?:of|on|about|for)\\s+[^.;]{1,60}?\\bexists?\\b`), ["exist"]),
  d(/\b(?:don't|do\s+not|didn't|did\s+not)\s+(?:\w+ly\s+)?have\s+(?:enough|much|anything)\s+(?:to\s+go\s+)?(?:on|about)\b/, ["enough", "much", "anything"]),
  d(new RegExp(`\\b(?:not|isn't|aren't)\\s+(?:a|an|one|something|someone|somewhere)\\s+(?:[\\w'-]+\\s+){0,4}?(?:i|we)\\s+(?:can|could)\\s+find\\s+(?:any\\s+|much\\s+)?(?:[\\w-]+\\s+)?${EVIDENCE}\\b`), EVIDENCE_CUES),
  d(/\b(?:details|information|info|data|specs|specifications|prices|pricing|facts|figures|reviews|hours|stock|inventory)\b[^.;]{0,80}?\b(?:is|are|was|were|remains?)\s+(?:\w+\s+)?(?:hard|difficult|impossible|tough)\s+to\s+(?:confirm|verify|pin\s+down|establish|check)\b/, ["hard", "difficult", "impossible", "tough"]),
  d(new RegExp(`\\b(?:nothing|no\\s+(?:[\\w-]+\\s+){0,4}?${EVIDENCE})\\b[^.;|]{0,60}?\\bavailable\\s+to\\s+(?:me|us)\\b`), ["available"]),
  // Still in business is in doubt: "I'm not sure X is still open these days".
  d(/\bnot\s+sure\b[^.;]{0,80}?\b(?:is|are|'s|'re)\s+still\s+(?:open|operating|trading|running|in\s+business|around|active)\b/, ["sure"]),
]

// The cues, made prefix-free: a cue that starts with another ("knowledge", "know") is replaced
// by it, which only widens the check. Then at most one cue starts at any offset, and one scan of
// the answer that restarts one character after each hit finds every occurrence of every cue.
const CUES = (() => {
  const all = [...new Set(KNOWLEDGE_NEGATIONS.flatMap((x) => x.cues))]
  const shortest = (c: string): string => all.filter((x) => c.startsWith(x)).reduce((a, b) => (b.length < a.length ? b : a))
  const ids = new Map<string, number>()
  for (const c of all) {
    const s = shortest(c)
    if (!ids.has(s)) ids.set(s, ids.size)
  }
  // For each cue, the patterns that need it.
  const patterns: Array<Array<number>> = [...ids.keys()].map(() => [])
  KNOWLEDGE_NEGATIONS.forEach((x, i) => {
    for (const id of new Set(x.cues.map((c) => ids.get(shortest(c))!))) patterns[id]!.push(i)
  })
  return { ids, patterns, scan: new RegExp([...ids.keys()].map(escapeRegExp).join("|"), "g") }
})()

/** Which of a document's clauses are knowledge disclaimers; read twice per detection, so kept. */
const disclaimersOf = (() => {
  const known = new WeakMap<Doc, ReadonlyArray<boolean>>()
  return (doc: Doc): ReadonlyArray<boolean> => {
    let found = known.get(doc)
    if (found === undefined) {
      found = findDisclaimers(doc)
      known.set(doc, found)
    }
    return found
  }
})()

/**
 * Each clause is tested only against the patterns whose cues occur in it (a cue is counted in the
 * clause where it starts, and the clause's folded text is the matching slice of the answer's).
 */
const findDisclaimers = (doc: Doc): Array<boolean> => {
  const found = doc.clauses.map(() => false)
  const candidates = new Map<number, Set<number>>()
  const folded = doc.folded.text
  const scan = CUES.scan
  scan.lastIndex = 0
  for (let m = scan.exec(folded); m !== null; m = scan.exec(folded)) {
    scan.lastIndex = m.index + 1
    const ci = spanIndexAt(doc.clauses, doc.folded.starts[m.index]!)
    if (ci === -1) continue
    let set = candidates.get(ci)
    if (set === undefined) candidates.set(ci, (set = new Set()))
    for (const p of CUES.patterns[CUES.ids.get(m[0])!]!) set.add(p)
  }
  for (const [ci, patterns] of candidates) {
    const text = foldPlain(slice(doc, doc.clauses[ci]!))
    for (const p of patterns) {
      if (KNOWLEDGE_NEGATIONS[p]!.pattern.test(text)) {
        found[ci] = true
        break
      }
    }
  }
  return found
}

// Version 16: a pronoun with "still" contrasts too ("…, so check with them; it's still one of the apps that …").
const CONTRAST = /^\W*(?:but|yet|still|though|however)\b|^\W*(?:it's|it\s+is|they're|they\s+are|he's|he\s+is|she's|she\s+is)\s+still\b/
// A caveat flagged as one: "take this with a grain of salt", "that caveat aside", "with that caveat".
const CAVEAT = /\bgrain\s+of\s+salt\b|\btake\s+(?:this|that|it|these)\s+with\s+(?:a\s+pinch\s+of\s+)?salt\b|\bcaveat\s+aside\b|\bwith\s+that\s+caveat\b|\bcaveat\s+noted\b/

// A disclaimer about one detail of the entity, asked as a question: "though I can't confirm
// whether it's open on Mondays", "but I couldn't check if they deliver".
// …unless it says the entity was left out for it: "…whether it is fee-only, so it isn't listed".
const LEFT_OUT = /\b(?:isn't|is\s+not|aren't|are\s+not|wasn't|not)\s+(?:listed|included)\b|\bleft\s+(?:it|them)\s+(?:out|off)\b/
const DETAIL_QUESTION = /^\W*(?:but|though|although|however|yet)\b.{0,40}?\b(?:confirm|check|verify|say|tell)\s+(?:whether|if)\b/

// Version 14. A clause that presents the entity as the one picked says something of it, as praise
// does: "X is the better-value choice", "X remains my go-to" (not "X is a pick some people mention").
const PICKED_CLAUSE = /\b(?:is|was|'s|remains)\s+(?:the|my|our)\s+(?:[\w'-]+\s+){0,2}?(?:pick|choice|go-to|bet|recommendation)\b/

// A question about what the entity does, its subject a pronoun: "whether it's still open", "if they
// deliver", "not sure they still take walk-ins".
const PRONOUN_QUESTION = /\b(?:whether|if)\s+(?:it|they|he|she)(?:'s|'re|\s+(?:\w+\s+)?\w+)\b|\bnot\s+sure\s+(?:that\s+)?(?:it|they|he|she)(?:'s|'re|\s+(?:still|currently|now|actually|also|does|do|has|have|is|are))\b/

// A caveat on one detail names it by possessive ("its Sunday hours", "their delivery fees"); one
// about the entity as a whole speaks of it, or of anything about it ("anything reliable about it").
const ONE_DETAIL = /\b(?:its|their)\s+\w/
const WHOLE_ENTITY = /\babout\s+(?:it|them)\b|\b(?:anything|everything)\b/

/** The line at `pos` when it is a heading or one bold phrase: the title of what follows. */
const titleLineAt = (doc: Doc, pos: number): Span | undefined => {
  const line = lineAt(doc, pos)
  const title = line.kind === "heading" || /^[ \t]*(\*\*|__)[^*_\n]{1,200}\1[ \t]*$/.test(doc.text.slice(line.start, line.end))
  return title ? line : undefined
}
// The praise is of the entity when it refers back to it, not of another brand ("…, but Zorba is great").
const ENTITY_PRONOUN = /\b(?:it|its|they|them|their|he|him|his|she|her)\b/

// Version 14. So is a contrast that identifies it as the one to use, by pronoun and a definite
// description ("…, but they're the firm our office always books", "but it's still my choice"; not "but
// it's a common name", nor "but they may be the firm you mean").
// Version 16: a person by "he"/"she", adjectives in a list, a tool or app, a plural, and a
// relative clause of the speaker's choice ("but she's the bookkeeper I would phone first", "but
// it's the leaner, cheaper tool").
const PICKED_BY_PRONOUN = /\b(?:they're|they\s+are|it's|it\s+is|they've\s+been|it's\s+been|he's|he\s+is|she's|she\s+is)\s+(?:still\s+|also\s+)?(?:the|one\s+of\s+the|my|our)\s+(?:(?:[\w'-]+,?\s+){0,4}?(?:company|compan(?:y|ies)|firms?|shops?|ones?|choice|pick|options?|practices?|teams?|crews?|outfits?|services?|clinics?|go-to|suggestion|recommendation|tools?|apps?|products?|platforms?|brands?|models?)\b|(?:[\w'-]+,?\s+){1,4}?(?:i'd|i\s+would|we'd|we\s+would)\s+(?:\w+ly\s+)?(?:call|ring|phone|pick|choose|use|book|hire|try|recommend|go\s+with)\b)/
// Version 15. So is a contrast that says, by pronoun, what is known of it: its speciality, its
// kind, where it is listed ("…, but they're known for small batches", "but it's a lightweight
// invoicing app", "but they specialise in joint replacement", "but it's usually listed among …").
const KIND_NOUNS = [...new Set([...BUSINESS_NOUNS, ...TRADE_WORDS])].filter((w) => /^[a-z]+$/.test(w)).join("|")
const KNOWN_BY_PRONOUN = new RegExp(
  String.raw`\b(?:they're|they\s+are|it's|it\s+is|they|it|she's|he's|she|he)\s+(?:\w+\s+)?(?:known\s+for|speciali[sz]e|speciali[sz]es|focus(?:es)?\s+on|(?:a|an)\s+(?:[\w'-]+\s+){0,3}?(?:${KIND_NOUNS})s?|listed\s+(?:among|with|as))\b`,
)

// So is praise that is someone else's, on a condition: "if a friend recommended them, fine".
const HEDGED = /\b(?:might|may|could)\s+(?:well\s+)?be\b|\bif\s+(?:[\w'-]+\s+){0,4}?(?:recommended|suggested|mentioned|praised|pointed\s+you)\b/

// A disclaimer that refers back by pronoun ("Crumb? I'm not familiar with it.") also covers the
// sentence that only restated the name: a question, or "You asked about…/Regarding…".
// A sentence without its subject refers back too: "X? Not a company I know anything about."
// So does one opened by a contrast ("X might offer classes, but I have no details") or without its
// subject ("X (unfamiliar to me)").
const REFERS_BACK = /\b(?:it|its|this|that|them|they|their|those|such)\b|\bthe\s+(?:former|latter|first)\b|^\W*(?:not|nothing|never|unfamiliar|unknown|unverified|but|though|although|yet|however)\b/
const RESTATES = /^\W*(?:you\s+(?:also\s+)?(?:asked|mentioned|listed|named|brought\s+up|are\s+asking|'re\s+asking)|you\s+(?:might|may)\s+(?:also\s+)?(?:have\s+)?(?:seen|heard|come\s+across|find)|you're\s+asking|(?:a|one)\s+reader\s+asked|regarding|as\s+for|about|on)\b|^\W*(?:someone|somebody|people|others|a\s+friend|friends|locals)\s+(?:may|might|could|will)\s+(?:also\s+)?(?:point|send|steer|direct|suggest|recommend|mention)\b/

const isQuestion = (sentence: string): boolean => sentence.trim().replace(/[\s*_"'”’)\]]+$/u, "").endsWith("?")

/** Whether a sentence asks a question or restates the user's ("Is Crumb open?", "**Does Crumb deliver?**"). */
const isQuestionOrRestatement = (sentence: string): boolean => {
  const trimmed = sentence.trim().replace(/[\s*_"'”’)\]]+$/u, "")
  return trimmed.endsWith("?") || RESTATES.test(foldPlain(trimmed))
}

// Disambiguation: a name given only to say another business is not it ("Pelham Books (not to be
// confused with Crumb)", "Zorba, no relation to Crumb,") is not named as a subject or option.
// The aside runs from the cue to the next closing parenthesis, comma, semicolon or dash, within
// the sentence and at most 160 characters.
const DISAMBIGUATION = /\b(?:not\s+to\s+be\s+confused\s+with|no\s+relation\s+to|not\s+related\s+to|unrelated\s+to|not\s+affiliated\s+with|unaffiliated\s+with|not\s+the\s+same\s+as)\b/giu
const ASIDE_END = /[),;]|[ \t][—–-][ \t]|—|–/u

// Every form of `DISAMBIGUATION` holds one of these; the folded text holds it whenever the
// answer holds the form (in any case: folding lower-cases, and maps `ſ` and the Kelvin sign, the
// only letters the case-insensitive pattern takes for ASCII ones, to `s` and `k`).
const DISAMBIGUATION_CUES = ["confused", "relat", "affiliated", "same"]

export const disambiguationSpans = (doc: Doc): Array<Span> => {
  const out: Array<Span> = []
  if (!DISAMBIGUATION_CUES.some((c) => doc.folded.text.includes(c))) return out
  for (const m of doc.text.matchAll(DISAMBIGUATION)) {
    const from = m.index + m[0].length
    const sentence = doc.sentences[spanIndexAt(doc.sentences, m.index)]
    // An aside is short: bounding it keeps the work linear.
    const limit = Math.min(sentence === undefined ? doc.text.length : sentence.end, from + 160)
    const rest = doc.text.slice(from, limit)
    const stop = ASIDE_END.exec(rest)
    out.push({ start: m.index, end: stop === null ? limit : from + stop.index })
  }
  return out
}

/**
 * Indexes of clauses that are knowledge disclaimers, with what they cover:
 * - the earlier clauses of their sentence, when they refer back by pronoun and those clauses do
 *   not praise the entity ("X came up earlier, but information about it is scarce"; not "X is
 *   great, but I couldn't confirm its hours"); in a table row, the row, unless a cell other than
 *   the first and the disclaimers says something;
 * - the sentences up to three before, in their paragraph, that only asked or restated the
 *   question, when they refer back by pronoun ("Crumb? I'm not familiar with it.") or name the
 *   entity again (`namesEntity`: "**Does Crumb deliver?** I don't have details about Crumb's
 *   delivery options.").
 * A disclaimer followed, in its sentence, by a contrasting clause that praises the entity by
 * pronoun is about a detail and covers nothing, itself included ("I can't check whether Plume's
 * free tier is capped, but I'd still put it first: deliverability is solid").
 * Each clause's praise is scored once and each clause covered once per sentence or row, so the
 * work stays linear however many disclaimers a sentence holds.
 */
/**
 * A clause that only tells the reader to check for themselves ("Verify before switching", "you'd
 * have to test it"): beside a disclaimer in a table row it says nothing about the entity.
 */
/** A cell that holds no fact: "None", "n/a", "TBD", "?". */
const EMPTY_CELL = /^\W*(?:none|n\/a|na|tbd|unknown|\?+)\W*$/
const VERIFY_ADVICE = /^\W*(?:(?:you'd|you\s+would|you'll|you\s+will|you)\s+(?:have|need)\s+to\s+|(?:please\s+)?)(?:verify|check|test|confirm|vet|ask|try)\b[^.;|]{0,40}$/

// A footnote's marker opening its line: "¹", "²³", "[^2]", "†" (not "*", a list's bullet).
const FOOTNOTE = /^[ \t]*([¹²³⁴⁵⁶⁷⁸⁹⁰]+|\[\^\d{1,3}\]|†|‡)/u

/**
 * A footnote that disclaims ("¹ Listed only because it comes up in searches; I have no verified
 * information on it") covers the list item or row it is attached to when that only names its lead
 * ("4. **X**¹"): the item says nothing of the entity but the footnote. At most eight markers are
 * followed, so the work stays linear.
 */
const coverFootnoted = (doc: Doc, disclaimers: ReadonlyArray<boolean>, out: Set<number>): void => {
  const markers = new Set<string>()
  const footLines = new Set<number>()
  doc.clauses.forEach((c, i) => {
    if (!disclaimers[i] || markers.size >= 8) return
    const line = lineAt(doc, c.start)
    const m = FOOTNOTE.exec(doc.text.slice(line.start, line.end))
    if (m !== null) {
      markers.add(m[1]!)
      footLines.add(line.start)
    }
  })
  for (const marker of markers) {
    for (let at = doc.text.indexOf(marker); at !== -1; at = doc.text.indexOf(marker, at + marker.length)) {
      const line = lineAt(doc, at)
      // Each line read once, however many markers it holds.
      if (footLines.has(line.start) || line.lead === undefined || line.lead.start > at) continue
      footLines.add(line.start)
      // Nothing said in the item but its lead: no letters between the lead and the marker, nor after it.
      if (/\p{L}/u.test(doc.text.slice(line.lead.end, at)) || /\p{L}/u.test(doc.text.slice(at + marker.length, line.end))) continue
      for (let k = firstEndingAfter(doc.clauses, line.start); k < doc.clauses.length && doc.clauses[k]!.start < line.end; k++) out.add(k)
    }
  }
}

export const negatedClauses = (doc: Doc, namesEntity: (s: Span) => boolean): Set<number> => {
  const out = new Set<number>()
  const disclaimers = disclaimersOf(doc)
  if (!disclaimers.includes(true)) return out
  const clauses = doc.clauses
  const sentenceOf = clauses.map((c) => spanIndexAt(doc.sentences, c.start))
  // Each clause folded and scored at most once, and only when asked.
  const foldedAt: Array<string | undefined> = []
  const folded = (i: number): string => (foldedAt[i] ??= foldPlain(slice(doc, clauses[i]!)))
  const scoreAt: Array<number | undefined> = []
  const score = (i: number): number => (scoreAt[i] ??= praiseScore(slice(doc, clauses[i]!)))
  // Whether a later clause of the same sentence contrasts and praises the entity.
  const detail = clauses.map(() => false)
  // So does the next sentence of its paragraph when it opens so ("I can't check whether X is open
  // late, so call first. Still, it's the restaurant I'd point you to").
  // A contrast that names the entity again by name says what is known of it: "I can't check X's
  // staff list, but X is known for sports injuries" (not when it only hedges: "but X may be new").
  const contrastPraise = (k: number): boolean =>
    CONTRAST.test(folded(k)) && ((ENTITY_PRONOUN.test(folded(k)) && (score(k) > 0 || ((PICKED_BY_PRONOUN.test(folded(k)) || KNOWN_BY_PRONOUN.test(folded(k))) && !HEDGED.test(folded(k))))) || (namesEntity(clauses[k]!) && !HEDGED.test(folded(k)) && score(k) >= 0))
  for (let i = clauses.length - 2, later = false; i >= 0; i--) {
    const k = i + 1
    if (sentenceOf[k] !== sentenceOf[i]) {
      const gap = doc.text.slice(clauses[i]!.end, clauses[k]!.start)
      later = sentenceOf[k] !== -1 && !gap.includes("\n") && contrastPraise(k)
    } else later ||= contrastPraise(k)
    detail[i] = later
  }
  // Version 13. A disclaimer the speaker flags as a caveat and then speaks past ("I haven't seen
  // recent reviews of X, so take this with a grain of salt, but it's built for this", "I can't see
  // X's price. That caveat aside, it's the app I'd pick") is about a detail: the caveat marker in
  // its sentence or the next one of its paragraph, and the entity referred to after the marker.
  const caveatAt = new Map<number, boolean>()
  const caveatFollows = (si: number): boolean => {
    let found = caveatAt.get(si)
    if (found === undefined) {
      found = false
      for (let k = si; k <= si + 1 && k < doc.sentences.length && !found; k++) {
        if (k > si && doc.text.slice(doc.sentences[k - 1]!.end, doc.sentences[k]!.start).includes("\n\n")) break
        const sentence = doc.sentences[k]!
        const text = foldPlain(slice(doc, sentence))
        const m = CAVEAT.exec(text)
        if (m === null) continue
        const after = text.slice(m.index + m[0].length)
        const next = k + 1 < doc.sentences.length ? doc.sentences[k + 1]! : undefined
        const nextText = next !== undefined && !doc.text.slice(sentence.end, next.start).includes("\n\n") ? foldPlain(slice(doc, next)) : ""
        found = ENTITY_PRONOUN.test(after) || namesEntity({ start: sentence.start + Math.min(m.index, sentence.end - sentence.start), end: sentence.end }) ||
          (k === si && after.trim().length < 3 && (ENTITY_PRONOUN.test(nextText) || (next !== undefined && namesEntity(next))))
      }
      caveatAt.set(si, found)
    }
    return found
  }
  clauses.forEach((_, i) => {
    if (disclaimers[i] && !detail[i] && sentenceOf[i] !== -1 && caveatFollows(sentenceOf[i]!)) detail[i] = true
  })
  // The praise of the current sentence's clauses before `praisedUntil`, whether one of them is
  // hedged, and the first of them not yet covered.
  let sentence = -2
  let praise = 0
  let hedged = false
  let praisedUntil = 0
  let coveredUntil = 0
  const praiseBefore = (i: number): void => {
    for (; praisedUntil < i; praisedUntil++) {
      praise += score(praisedUntil) + (PICKED_CLAUSE.test(folded(praisedUntil)) ? 1 : 0)
      hedged ||= HEDGED.test(folded(praisedUntil))
    }
  }
  const rows = new Map<number, { readonly entry: boolean; coveredUntil: number }>()
  const lookedBack = new Set<number>()
  // Per list item (by its line's start): whether its lead is described, in three words or more,
  // before the item's first disclaimer. Each item is read once.
  const describedItems = new Map<number, boolean>()
  const describedItem = (line: Line): boolean => {
    let described = describedItems.get(line.start)
    if (described === undefined) {
      described = false
      let words = 0
      let said = ""
      for (let k = firstEndingAfter(clauses, line.lead!.end); k < clauses.length && clauses[k]!.start < line.end && !disclaimers[k]; k++) {
        const from = Math.max(clauses[k]!.start, line.lead!.end)
        const text = doc.text.slice(from, Math.min(clauses[k]!.end, line.end))
        if (said === "") said = text
        words += text.match(/\p{L}{2,}/gu)?.length ?? 0
      }
      // "X – you asked about them; nothing turned up…": restating the question describes nothing.
      described = words >= 3 && !RESTATES.test(foldPlain(said.replace(/^[\s*_:–—-]+/u, "")))
      describedItems.set(line.start, described)
    }
    return described
  }

  // Read once per sentence, however many disclaimers it holds.
  const asked = new Map<number, boolean>()
  const answersQuestion = (si: number): boolean => {
    if (si <= 0) return false
    let found = asked.get(si)
    if (found === undefined) {
      const prev = doc.sentences[si - 1]!
      found = !doc.text.slice(prev.end, doc.sentences[si]!.start).includes("\n\n") && isQuestion(slice(doc, prev))
      asked.set(si, found)
    }
    return found
  }

  const cover = (c: Span, i: number): void => {
    out.add(i)
    const line = lineAt(doc, c.start)
    // A table row is about its first cell: a disclaimer in another cell refers back to it.
    // "…, though I can't confirm whether it's open on Mondays" is about a detail: it covers only itself.
    if (line.kind !== "row" && DETAIL_QUESTION.test(folded(i)) && !LEFT_OUT.test(folded(i))) return
    // A list item that presents its lead with a description first ("**X** – walk-ins and online
    // check-in; I couldn't confirm its Sunday hours") keeps it as an option: the caveat is on a detail.
    // Version 14: or a question about what it does, by pronoun ("whether they're bonded I can't confirm").
    if ((line.kind === "numbered" || line.kind === "bullet") && line.lead !== undefined && line.lead.end <= c.start && (ONE_DETAIL.test(folded(i)) || PRONOUN_QUESTION.test(folded(i))) &&
      !WHOLE_ENTITY.test(folded(i)) && !LEFT_OUT.test(folded(i)) && describedItem(line))
      return
    const refersBack = REFERS_BACK.test(folded(i)) || line.kind === "row"
    const si = sentenceOf[i]!
    // A disclaimer right after a question, in its paragraph, answers it: "Is X any good?
    // Honestly, I have no way of knowing."
    if (!refersBack && !namesEntity(c) && !answersQuestion(si)) return
    if (line.kind === "row") {
      let row = rows.get(line.start)
      if (row === undefined) {
        const first = firstEndingAfter(clauses, line.start)
        let entry = false
        for (let k = first + 1; k < clauses.length && clauses[k]!.start < line.end; k++) {
          if (!disclaimers[k] && /\p{L}{2}/u.test(slice(doc, clauses[k]!)) && !VERIFY_ADVICE.test(folded(k)) && !EMPTY_CELL.test(folded(k))) entry = true
        }
        rows.set(line.start, (row = { entry, coveredUntil: first }))
      }
      if (!row.entry) for (; row.coveredUntil < i; row.coveredUntil++) out.add(row.coveredUntil)
    } else if (refersBack && si !== -1) {
      praiseBefore(i)
      // Hedged praise ("X may well be good, but nothing about it is verified") is no praise.
      if (praise <= 0 || hedged) for (; coveredUntil < i; coveredUntil++) out.add(coveredUntil)
    }
    if (si === -1 || lookedBack.has(si)) return
    lookedBack.add(si)
    for (let back = 1; back <= 3 && si - back >= 0; back++) {
      const prev = doc.sentences[si - back]!
      const next = doc.sentences[si - back + 1]!
      const newParagraph = doc.text.slice(prev.end, next.start).includes("\n\n")
      // A title right above the disclaimer's paragraph restates the question too ("**X vs. Y for
      // curly hair**", then "X might be good, but nothing about it is verified").
      const titleLine = back === 1 && newParagraph ? titleLineAt(doc, prev.start) : undefined
      const covered = titleLine ?? (!newParagraph && isQuestionOrRestatement(slice(doc, prev)) ? prev : undefined)
      if (covered !== undefined) {
        for (let k = firstEndingAfter(clauses, covered.start); k < clauses.length && clauses[k]!.start < covered.end; k++) out.add(k)
      }
      if (newParagraph) break
    }
  }

  coverFootnoted(doc, disclaimers, out)

  clauses.forEach((c, i) => {
    if (sentenceOf[i] !== sentence) {
      sentence = sentenceOf[i]!
      praise = 0
      hedged = false
      praisedUntil = i
      coveredUntil = i
    }
    if (disclaimers[i] && !detail[i]) cover(c, i)
  })
  return out
}
