/**
 * How alike an entity's posts are over a month: 30 days × 15 posts written by the built-in
 * writer (post-writer.ts) for a fact set built from a fixture website, as the service builds
 * it (crawler extraction, site facts, the built-in prompts), with no checks yet (every prompt a
 * gap). Reports, per site, the maximum and median pairwise similarity (post-similarity.ts:
 * Jaccard of word 3-shingles) and how many posts were published at or over the 0.5 limit
 * because no candidate was under it. Target: max ≤ 0.5. `npm run bench -- post-similarity`.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { pairwiseSimilarity } from "../src/site-generator/post-similarity.ts"
import { type ExistingPost, planPost, SIMILARITY_LIMIT } from "../src/site-generator/post-writer.ts"
import { fixtureSite } from "../test/site-generator/fixture-facts.ts"

const DAYS = 30
const PER_DAY = 15

const SITES: ReadonlyArray<{ readonly folder: string; readonly name: string }> = [
  { folder: "sites/acme-bakery", name: "Acme Bakery" },
  { folder: "prompt-eval/dev/hearth-and-crumb-bakery", name: "Hearth & Crumb Bakery" },
  { folder: "prompt-eval/dev/lakeside-family-dental", name: "Lakeside Family Dental" }
]

export const monthOfPosts = (folder: string, name: string) => {
  const site = fixtureSite(folder, name)
  const posts: Array<ExistingPost> = []
  let over = 0
  for (let d = 0; d < DAYS; d++) {
    for (let i = 0; i < PER_DAY; i++) {
      const date = new Date(Date.UTC(2026, 11, 1 + d)).toISOString().slice(0, 10)
      const planned = planPost({ facts: site.facts, prompts: site.prompts, checks: [], posts, date })
      if (planned.similarity >= SIMILARITY_LIMIT) over++
      posts.unshift({ ...planned.post, angle: planned.angle })
    }
  }
  return { prompts: site.prompts.length, posts, over, ...pairwiseSimilarity(posts) }
}

export const run = async () => {
  for (const { folder, name } of SITES) {
    if (!existsSync(join(import.meta.dirname, "../test/fixtures", folder))) {
      console.log(`${name}: fixture ${folder} missing, skipped`)
      continue
    }
    const started = performance.now()
    const m = monthOfPosts(folder, name)
    console.log(
      `${name}: ${m.posts.length} posts over ${m.prompts} prompts; pairwise similarity max ${m.max.toFixed(3)}, median ${m.median.toFixed(3)}; ` +
        `${m.over} published at or over ${SIMILARITY_LIMIT}; ${((performance.now() - started) / 1000).toFixed(1)} s`
    )
  }
}
