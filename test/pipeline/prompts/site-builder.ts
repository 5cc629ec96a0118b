/** A made-up site's pages for the prompt-facts tests: each page by its path, title, headings and text. */
import type { CrawledPageFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"

export const ORIGIN = "https://made-up.example"

export const sitePage = (path: string, overrides: Partial<CrawledPageFacts>): CrawledPageFacts => ({
  url: `${ORIGIN}${path}`,
  title: "",
  description: "",
  headings: [],
  text: "",
  jsonLd: [],
  products: [],
  listItems: [],
  ...overrides
})
