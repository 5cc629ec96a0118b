/**
 * The built-in post writer: which prompt the next post answers, from which angle, and its text.
 *
 * Topic: the entity's prompts, those it has been seen on the fewest platforms for first (its
 * gaps, from the latest checks; ties in the prompt set's order). A prompt's posts so far count
 * before its gap, so the posts rotate through all the prompts and never run out: 450 posts a
 * month over 100 prompts visit each prompt four or five times, least visible first, and each
 * return takes the prompt's next angle and another window of the site's sentences.
 *
 * Near-duplicates: a draft is compared with the entity's recent posts (post-similarity.ts) and
 * the first candidate under SIMILARITY_LIMIT is taken: the prompts by turn, each at its angles
 * that fit, each angle in WORDINGS_TRIED wordings. When no prompt has one, the plan is the least
 * similar draft with its figure, and the caller publishes nothing (a near-duplicate is no post).
 */
import type { SiteFacts } from "../domain/site-events.ts"
import { slugify } from "../domain/slug.ts"
import { type AngleId, anglesFor } from "./post-angles.ts"
import { hash, lowerFirst, present, siteSentences, subjectOf } from "./post-facts.ts"
import { postShingles, type PostText, SimilarityIndex } from "./post-similarity.ts"
import type { BlogPostInput } from "./site-input.ts"

/** A post at least this similar to a recent one is a near-duplicate. */
export const SIMILARITY_LIMIT = 0.5

/** Recent posts a new one is compared with: a month of 15 a day. */
export const RECENT_POSTS = 31 * 15

/** Wordings of one prompt and angle tried before the next angle (each picks its sentences' phrasings anew). */
const WORDINGS_TRIED = 3

/** Slugs are cut at a word boundary at this length (the slug pattern allows 64 with a suffix). */
const MAX_POST_SLUG = 56

export interface PromptCheck {
  readonly prompt: string
  readonly platform: string
  readonly status: string
  readonly visible: boolean
}

export interface ExistingPost extends PostText {
  readonly date: string
  readonly slug: string
  readonly topic: string
  readonly angle?: string | null | undefined
}

/** The recent posts (newest first) a new post is compared with, indexed. */
export const recentPosts = (posts: ReadonlyArray<PostText>): SimilarityIndex => {
  const index = new SimilarityIndex()
  for (const p of posts.slice(0, RECENT_POSTS)) index.add(postShingles(p))
  return index
}

export interface Gap {
  readonly prompt: string
  /** Platforms the entity was visible on for this prompt in the latest checks. */
  readonly visibleOn: number
}

/** The prompts by how visible the entity is for them, fewest platforms first, ties in set order. */
export const gapsOf = (prompts: ReadonlyArray<string>, checks: ReadonlyArray<PromptCheck>): ReadonlyArray<Gap> => {
  const visible = new Map<string, Set<string>>()
  for (const c of checks) {
    if (c.status !== "answered" || !c.visible) continue
    const set = visible.get(c.prompt) ?? new Set<string>()
    set.add(c.platform)
    visible.set(c.prompt, set)
  }
  const seen = new Set<string>()
  const unique = prompts.filter((p) => present(p) !== null && !seen.has(p) && seen.add(p) !== undefined)
  return unique
    .map((prompt, index) => ({ prompt, visibleOn: visible.get(prompt)?.size ?? 0, index }))
    .sort((a, b) => a.visibleOn - b.visibleOn || a.index - b.index)
    .map(({ prompt, visibleOn }) => ({ prompt, visibleOn }))
}

/** Topics when the entity has no prompts yet: its offerings, its field and place, its name. */
export const topicsFromFacts = (facts: SiteFacts): ReadonlyArray<string> => {
  const category = present(facts.category)
  const place = present(facts.place)
  const field = category === null ? null : `${lowerFirst(category)}${place === null ? "" : ` in ${place}`}`
  const topics = [
    ...facts.offerings.map((o) => present(o.name)).filter((n): n is string => n !== null),
    ...(field === null ? [] : [field]),
    present(facts.name) ?? facts.businessName
  ]
  return [...new Set(topics)]
}

// A cut slug ends on a word that says something, not on "by", "of" or "the".
const DANGLING_SLUG_WORD = /-(?:a|an|the|and|or|of|by|for|in|on|at|to|with|from|vs|which|what|who|how|is|are|do|does|can|could|should|will|would|i)$/

/** A slug from a title, at most 56 characters, cut at a word boundary. */
export const postSlugOf = (title: string): string => {
  const full = slugify(`${title}`.replace(/[’']/g, ""))
  const folded = title.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[’']/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "")
  const source = folded === "" ? full : folded
  if (source.length <= MAX_POST_SLUG) return source
  const cut = source.slice(0, MAX_POST_SLUG + 1)
  const dash = cut.lastIndexOf("-")
  let slug = dash > 0 ? cut.slice(0, dash) : source.slice(0, MAX_POST_SLUG)
  while (DANGLING_SLUG_WORD.test(slug)) slug = slug.replace(DANGLING_SLUG_WORD, "")
  return slug
}

/** A slug not yet taken: the slug itself, else `-2`, `-3`, ... */
export const freeSlug = (slug: string, taken: ReadonlySet<string>): string => {
  let candidate = slug
  for (let n = 2; taken.has(candidate); n++) candidate = `${slug}-${n}`
  return candidate
}

export interface PlannedPost {
  readonly prompt: string
  readonly angle: AngleId
  readonly visibleOn: number
  /** Posts this prompt had before this one. */
  readonly visit: number
  readonly post: BlogPostInput
  /** The highest similarity to a recent post (0 when there is none). */
  readonly similarity: number
}

export interface PlanInput {
  readonly facts: SiteFacts
  readonly prompts: ReadonlyArray<string>
  readonly checks: ReadonlyArray<PromptCheck>
  /** The entity's posts, newest first. */
  readonly posts: ReadonlyArray<ExistingPost>
  /** `YYYY-MM-DD`: the day the post is written. */
  readonly date: string
}

/** The next post: its prompt, angle and text. Deterministic in its input. */
const QUOTED = /“([^”]{25,})”/g
const plain = (text: string) => text.toLowerCase().replace(/[“”"']/g, "").replace(/\s+/g, " ").replace(/[.!?]$/, "").trim()

/**
 * A draft without a paragraph that only quotes what an earlier one already says (an offering's
 * description in the answer, then the same sentence quoted from its page): the quote and its
 * attribution go, the post reads each fact once.
 */
export const withoutRepeatedQuotes = <D extends { readonly bodyParagraphs: ReadonlyArray<string> }>(draft: D): D => {
  const kept: Array<string> = []
  let said = ""
  for (const paragraph of draft.bodyParagraphs) {
    // A page's name in quotes ("On its page “FAQ - Tarpon Point Charters”, … writes: “…”") says where, not what.
    const quotes = [...paragraph.matchAll(QUOTED)].filter((m) => !/(?:\bpage|^From)\s$/.test(paragraph.slice(0, m.index))).map((m) => plain(m[1]!))
    const rest = paragraph.replace(QUOTED, "")
    if (kept.length > 0 && quotes.length > 0 && rest.length <= 200 && quotes.every((q) => said.includes(q))) continue
    kept.push(paragraph)
    said += ` ${plain(paragraph)}`
  }
  return kept.length === draft.bodyParagraphs.length ? draft : { ...draft, bodyParagraphs: kept }
}

export const planPost = ({ checks, date, facts, posts, prompts }: PlanInput): PlannedPost => {
  const gaps = prompts.length > 0 ? gapsOf(prompts, checks) : topicsFromFacts(facts).map((prompt) => ({ prompt, visibleOn: 0 }))
  const visits = new Map<string, number>()
  for (const p of posts) visits.set(p.topic, (visits.get(p.topic) ?? 0) + 1)
  const order = gaps
    .map((gap, rank) => ({ gap, rank, visit: visits.get(gap.prompt) ?? 0 }))
    .sort((a, b) => a.visit - b.visit || a.rank - b.rank)
  const recent = recentPosts(posts)
  const taken = new Set(posts.map((p) => p.slug))
  // A title the entity has published the same day ("Finding Salt & Ember in Bristol" twice) is
  // taken only when no other draft is under the limit. Only that day's: over a month most titles
  // recur, and measuring every draft then costs ten times the time.
  const titled = new Set(posts.filter((p) => p.date === date).map((p) => p.title.toLowerCase()))
  // A prompt and angle once a day (the entity decider refuses a second).
  const usedToday = new Set(posts.filter((p) => p.date === date).map((p) => `${p.angle ?? ""}\n${p.topic}`))
  const sentences = siteSentences(facts)
  let best: PlannedPost | undefined
  let retitled: PlannedPost | undefined
  // The prompts by turn, the first draft under the limit taken: a post usually costs a few
  // drafts, and all the prompts' only when none of them has anything new to say. A prompt and
  // angle a second time in a day only when the facts allow nothing else.
  const candidates = (repeatToday: boolean) => {
    for (const { gap, visit } of order) {
      const subject = subjectOf(facts, gap.prompt, sentences)
      const angles = anglesFor(subject)
      // Each prompt starts its rotation at its own angle, so one day's posts do not all open alike.
      const start = hash(gap.prompt) + visit
      for (let i = 0; i < angles.length; i++) {
        const angle = angles[(start + i) % angles.length]!
        if (!repeatToday && usedToday.has(`${angle.id}\n${gap.prompt}`)) continue
        for (let variant = 0; variant < WORDINGS_TRIED; variant++) {
          const draft = withoutRepeatedQuotes(angle.write(subject, visit, variant))
          const repeatsTitle = titled.has(draft.title.toLowerCase())
          // Once a draft under the limit with a published title is in hand, others need no measuring.
          if (repeatsTitle && retitled !== undefined) continue
          const similarity = recent.maxSimilarity(postShingles(draft))
          const slug = freeSlug(postSlugOf(draft.title), taken)
          const planned: PlannedPost = {
            prompt: gap.prompt,
            angle: angle.id,
            visibleOn: gap.visibleOn,
            visit,
            post: { date, slug, title: draft.title, summary: draft.summary, bodyParagraphs: draft.bodyParagraphs, topic: gap.prompt },
            similarity
          }
          if (similarity < SIMILARITY_LIMIT) {
            if (!repeatsTitle) return planned
            retitled = planned
          } else if (best === undefined || similarity < best.similarity) best = planned
        }
      }
    }
    return undefined
  }
  // A prompt and angle a second time in a day only when the facts allow nothing else.
  const found = candidates(false) ?? (best === undefined ? candidates(true) : undefined)
  if (found !== undefined) return found
  if (retitled !== undefined) return retitled
  if (best !== undefined) return best
  // No prompt and no fact to write from cannot happen (the name is always a topic), but the
  // type says so: a post about the entity itself.
  const subject = subjectOf(facts, facts.name)
  const draft = withoutRepeatedQuotes(anglesFor(subject)[0]!.write(subject, 0))
  return {
    prompt: facts.name,
    angle: "answer",
    visibleOn: 0,
    visit: 0,
    post: { date, slug: freeSlug(postSlugOf(draft.title), taken), ...draft, topic: facts.name },
    similarity: 0
  }
}
