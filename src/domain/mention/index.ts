/**
 * Mention detection: does an AI answer name the entity (docs/decisions.md, "Visibility
 * checks"), where among the brands it names, and with what sentiment. Pure and deterministic.
 */

// Answers come from outside: regular expressions are built from escaped names, anchored, or use
// only bounded repetition (long runs of spaces are met with lookbehinds, not a leading `[ \t]+`),
// and span lookups are binary searches, so the work stays close to linear in the answer's length
// per name.
export { aliasesFor } from "./aliases.ts"
export { type Answer, type Detection, detectMention, type MatchSource } from "./detect.ts"
export type { Sentiment } from "./sentiment.ts"
export { type MentionFacts, type MentionTarget, mentionTargetOf } from "./target.ts"
