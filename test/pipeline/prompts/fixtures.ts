/** Facts and prompt lists shared by the prompt-generation tests. */
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"

export const BAKERY: PromptFacts = {
  name: "Maison Dupont",
  kind: "business",
  businessName: "Maison Dupont",
  url: "https://maison-dupont.fr",
  offerings: ["sourdough bread", "wedding cakes", "custom birthday cakes", "croissants", "viennoiseries"],
  category: "bakery",
  place: "Lyon",
  audience: ["event planners", "busy families", "couples"],
  keywords: ["artisan", "organic", "flour", "pastries", "butter"]
}

export const SAAS: PromptFacts = {
  name: "Taskly",
  kind: "product",
  businessName: "Taskly Labs",
  url: "https://taskly.io/app",
  offerings: ["Gantt charts", "time tracking", "kanban boards"],
  category: "project management software",
  place: null,
  audience: ["small teams", "agencies"],
  keywords: ["sprints", "roadmaps", "workload"]
}

/** Only what the pipeline knows before a crawl finds anything. */
export const THIN: PromptFacts = {
  name: "Acme",
  kind: "business",
  businessName: "Acme",
  url: "https://acme.example",
  offerings: [],
  category: null,
  place: null,
  audience: [],
  keywords: []
}

const ITEMS = [
  "sourdough bread", "layer cakes", "croissants", "baguettes", "brioche",
  "macarons", "fruit tarts", "eclairs", "chocolate cakes", "pastries"
]
const OCCASIONS = [
  "a birthday party", "a wedding", "a picnic", "a Sunday brunch", "a family dinner",
  "an office party", "the holidays", "a weekend breakfast", "a christening", "a graduation"
]

/**
 * 100 distinct prompts a model might write for the bakery: valid, about the field, and none
 * naming the bakery (so that they never collide with the brand cap).
 */
export const LLM_STYLE_PROMPTS: ReadonlyArray<string> = ITEMS.flatMap((item) =>
  OCCASIONS.map((occasion) => `Which bakery in Lyon makes the best ${item} for ${occasion}?`)
)
