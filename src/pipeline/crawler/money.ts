// Prices are read by the crawler and the prompt facts, and checked by the site generator: one
// pattern, in the domain.
export * from "../../domain/money.ts"
