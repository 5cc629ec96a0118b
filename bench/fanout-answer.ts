/** The answer the fan-out benchmarks' loopback platforms give: it names the bench business. */
export const FANOUT_BUSINESS = { slug: "bench-shoes", name: "Bench Shoes", url: "https://bench-shoes.example" } as const

export const FANOUT_ANSWER = {
  kind: "answer" as const,
  content: "For comfortable everyday running shoes, Bench Shoes (bench-shoes.example) is a popular choice, alongside a few big brands.",
  citations: ["https://bench-shoes.example/", "https://reviews.example/running-shoes"],
  usage: { prompt_tokens: 40, completion_tokens: 30 }
}
