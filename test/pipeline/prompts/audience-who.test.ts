/**
 * An audience is whom a business serves, as a customer would say it: not the people a job ad looks
 * for, a size or a status ("for twenty guests", "for existing clients"), a prize's name, or the
 * town said twice ("for Calgary contractors … in Calgary").
 */
import { describe, expect, it } from "vitest"
import { audiencePhrases, audienceWithoutPlace } from "../../../src/pipeline/prompts/text-facts.ts"
import { type CrawledPageFacts, factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"

const page = (overrides: Partial<CrawledPageFacts>): CrawledPageFacts => ({
  title: "", description: "", headings: [], text: "", jsonLd: [], products: [], ...overrides
})

describe("audience phrases", () => {
  it("skips whom a job ad looks for", () => {
    expect(audiencePhrases("We are always looking for D-licence drivers, full time or weekends.")).toEqual([])
    expect(audiencePhrases("We're hiring part-time coaches for Saturday classes for kids.")).toEqual([])
    expect(audiencePhrases("Join our team: instructors for beginners. Classes for beginners and families.")).toEqual(["beginners", "families"])
  })

  it("keeps a customer's own 'looking for' question about whom it is for", () => {
    expect(audiencePhrases("Looking for a party venue for kids? Book the den.")).toEqual(["kids"])
  })

  it("skips a size, a status and a prize", () => {
    expect(audiencePhrases("For twenty guests or fewer on a weekday.")).toEqual([])
    expect(audiencePhrases("A loyalty card for existing clients and a discount for returning guests.")).toEqual([])
    expect(audiencePhrases("We were shortlisted for the Bath Makers Award 2026.")).toEqual([])
    expect(new Set(audiencePhrases("Workshops for new parents and for nervous drivers."))).toEqual(new Set(["new parents", "nervous drivers"]))
  })

  it("takes the town or country off the front", () => {
    const calgary = new Set(["calgary"])
    expect(audienceWithoutPlace("calgary contractors", calgary)).toBe("contractors")
    expect(audienceWithoutPlace("uk employers", calgary)).toBe("employers")
    expect(audienceWithoutPlace("local schools", calgary)).toBe("schools")
    expect(audienceWithoutPlace("small businesses", calgary)).toBe("small businesses")
    expect(audienceWithoutPlace("calgary", calgary)).toBe("calgary")
  })

  it("gives a business its audiences without the town", () => {
    const facts = factsFromPages({
      name: "Ridgeback Testing", kind: "business", businessName: "Ridgeback Testing", url: "https://ridgeback.example/",
      pages: [page({
        title: "Ridgeback Testing | Concrete testing lab in Calgary",
        headings: ["Concrete cylinder testing", "Soil compaction testing", "Careers"],
        text: "Ridgeback Testing is a materials testing lab in Calgary. Fast results for Calgary contractors and for engineers. " +
          "We're hiring: lab technicians for night shifts. Concrete cylinder testing and soil compaction testing."
      })]
    })
    expect([...facts.audience].sort()).toEqual(["contractors", "engineers"])
  })
})
