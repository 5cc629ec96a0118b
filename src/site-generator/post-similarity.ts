/**
 * How alike two posts are: the Jaccard similarity of their word 3-shingles (Broder's measure of
 * near-duplicate documents). A post's text is its title, summary and paragraphs; words are
 * lower-cased with diacritics folded and punctuation dropped; a shingle is three consecutive
 * words. 1 means the same sequence of words, 0 no three words in a row in common. Chosen over
 * TF-IDF cosine because it needs no corpus (a pair's figure never changes with the other posts)
 * and it sees shared sentences, which is what a template repeats, not only shared vocabulary.
 */
import { oneLine } from "./html.ts"

export interface PostText {
  readonly title: string
  readonly summary: string
  readonly bodyParagraphs: ReadonlyArray<string>
}

const SHINGLE = 3

export const normalizedWords = (text: string): ReadonlyArray<string> =>
  oneLine(text)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "")

/** The word 3-shingles of a text (a text of fewer than 3 words is one shingle of them all). */
export const shingles = (text: string): ReadonlySet<string> => {
  const ws = normalizedWords(text)
  if (ws.length < SHINGLE) return new Set(ws.length === 0 ? [] : [ws.join(" ")])
  const out = new Set<string>()
  for (let i = 0; i + SHINGLE <= ws.length; i++) out.add(ws.slice(i, i + SHINGLE).join(" "))
  return out
}

export const postShingles = (post: PostText): ReadonlySet<string> => shingles([post.title, post.summary, ...post.bodyParagraphs].join("\n"))

/** |A ∩ B| / |A ∪ B|; 0 for two empty sets. */
export const jaccard = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  if (a.size === 0 && b.size === 0) return 0
  const [small, large] = a.size <= b.size ? [a, b] : [b, a]
  let common = 0
  for (const s of small) if (large.has(s)) common++
  return common / (a.size + b.size - common)
}

export const postSimilarity = (a: PostText, b: PostText): number => jaccard(postShingles(a), postShingles(b))

export interface PairwiseSummary {
  readonly pairs: number
  readonly max: number
  readonly median: number
  /** Indexes of the most similar pair; null with fewer than two posts. */
  readonly maxPair: readonly [number, number] | null
}

/** Max and median similarity over every pair of posts. */
export const pairwiseSimilarity = (posts: ReadonlyArray<PostText>): PairwiseSummary => {
  const sets = posts.map(postShingles)
  const values: Array<number> = []
  let max = 0
  let maxPair: readonly [number, number] | null = null
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      const v = jaccard(sets[i]!, sets[j]!)
      values.push(v)
      if (maxPair === null || v > max) {
        max = v
        maxPair = [i, j]
      }
    }
  }
  values.sort((x, y) => x - y)
  const median = values.length === 0 ? 0 : values.length % 2 === 1
    ? values[(values.length - 1) / 2]!
    : (values[values.length / 2 - 1]! + values[values.length / 2]!) / 2
  return { pairs: values.length, max, median, maxPair }
}

/**
 * Posts' shingle sets indexed by shingle, so the highest similarity of a new post to any of them
 * costs the postings of its own shingles rather than a pass over every post.
 */
export class SimilarityIndex {
  private readonly postings = new Map<string, Array<number>>()
  private readonly sizes: Array<number> = []

  add(set: ReadonlySet<string>): void {
    const id = this.sizes.length
    this.sizes.push(set.size)
    for (const s of set) {
      const list = this.postings.get(s)
      if (list === undefined) this.postings.set(s, [id])
      else list.push(id)
    }
  }

  /** The highest Jaccard similarity of `set` to an indexed post; 0 when none shares a shingle. */
  maxSimilarity(set: ReadonlySet<string>): number {
    const common = new Map<number, number>()
    for (const s of set) for (const id of this.postings.get(s) ?? []) common.set(id, (common.get(id) ?? 0) + 1)
    let max = 0
    for (const [id, n] of common) max = Math.max(max, n / (set.size + this.sizes[id]! - n))
    return max
  }
}
