/**
 * A thing its business gives a name of ordinary words ("The Kestrel Hut", "Walling Day", "The
 * Harbour Cover") or a coined one ("WellCheck"), whose page says in words of the name what it is
 * ("a hand-built shepherd's hut", "our one-day dry stone walling course"): a customer asks for what
 * it is, and asks about it by its name, with its capitals, a few times and never as a thing other
 * businesses sell ("Which campground has the best Kestrel Hut?"). A name that is itself what
 * customers ask for ("Pass Plus is a six-module course", "Bifold Wallet") stays the subject.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const factsOf = (name: string, business: string, place: string, path: string, text: string) =>
  factsFromPages({
    name,
    kind: "product",
    businessName: business,
    url: `${ORIGIN}${path}`,
    businessPlace: place,
    pages: [sitePage(path, { title: `${name} | ${business}`, headings: [name], text: `${name} ${text}`, products: [] })]
  })

const hut = () =>
  factsOf("The Kestrel Hut", "Tregarrow Glamping", "St Agnes", "/the-kestrel-hut.html",
    "A hand-built shepherd's hut for two, with a king-size bed, a tiny shower room and a wood-fired hot tub. £165 per night.")

describe("a thing with a name of its own", () => {
  it("is asked for as what its page says it is, and by its name with its capitals", () => {
    const facts = hut()
    expect(facts.offerings).toEqual(["Kestrel Hut", "hand-built shepherd's hut", "shepherd's hut"])
    const prompts = builtinPrompts(facts)
    expect(prompts.slice(0, 5)).toEqual([
      "Tregarrow Glamping Kestrel Hut reviews",
      "How much does the Kestrel Hut at Tregarrow Glamping cost?",
      "What do people say about the Kestrel Hut?",
      "How does the Kestrel Hut compare with other shepherd's huts?",
      "Kestrel Hut St Agnes"
    ])
    // Only those name it; the rest ask for its kind, never for "kestrel huts" sold elsewhere.
    expect(prompts.filter((p) => /kestrel/iu.test(p))).toEqual(prompts.slice(0, 5))
    // (All but four of the five that name it: one of them compares it with other shepherd's huts.)
    expect(prompts.filter((p) => /shepherd's hut/u.test(p))).toHaveLength(96)
  })

  it("takes the kind from a sentence with the name as its subject, without an article too", () => {
    const walling = factsOf("Walling Day", "Fell & Beck Walling", "Grassington", "/courses/walling-day.html",
      "£95 per person. Walling Day is our one-day dry stone walling course for beginners, held on a farm near Grassington.")
    expect(walling.offerings).toEqual(["Walling Day", "dry stone walling course"])
    // (Its business's name ends in the name's first word: the name comes first, never "Walling Walling".)
    expect(builtinPrompts(walling).filter((p) => p.includes("Walling Day"))).toEqual([
      "Walling Day at Fell & Beck Walling reviews",
      "How much does Walling Day at Fell & Beck Walling cost?",
      "What do people say about Walling Day?",
      "How does Walling Day compare with other dry stone walling courses?"
    ])
    const plan = factsOf("WellCheck", "Kawartha Well & Pump", "Bobcaygeon", "/wellcheck.html",
      "$189 per year. WellCheck is our annual well maintenance plan: a spring visit to inspect the well cap and casing.")
    expect(plan.offerings).toEqual(["WellCheck", "annual well maintenance plan"])
    const prompts = builtinPrompts(plan)
    expect(prompts.filter((p) => p.includes("WellCheck"))).toEqual([
      "Kawartha Well & Pump WellCheck reviews",
      "How much does WellCheck at Kawartha Well & Pump cost?",
      "What do people say about WellCheck?",
      "How does WellCheck compare with other annual well maintenance plans?"
    ])
  })

  it("takes the kind a heading gives after the name and a colon, its length aside", () => {
    const path = "/groups.html"
    const facts = factsFromPages({
      name: "Making Space",
      kind: "product",
      businessName: "Tidewater Art Therapy",
      url: `${ORIGIN}${path}`,
      businessPlace: "Victoria",
      pages: [sitePage(path, {
        title: "Groups | Tidewater Art Therapy",
        headings: ["Groups", "Making Space: an 8-week anxiety group", "Grief art group"],
        text: "Groups Making Space: an 8-week anxiety group Six adults, eight Tuesday evenings, one studio. Making Space teaches art-based ways to calm an anxious body and mind. $520. Grief art group A monthly drop-in group.",
        products: []
      })]
    })
    expect(facts.offerings).toEqual(["Making Space", "anxiety group"])
    expect(builtinPrompts(facts)).toContain("How does Making Space compare with other anxiety groups?")
  })

  it("never takes praise for a kind: 'our flagship course' says which course, not what kind", () => {
    const facts = factsOf("RePL Course", "Skyline Drone Academy", "Brisbane", "/repl-course.html",
      "Our flagship course: the CASA Remote Pilot Licence for multirotor drones up to 7 kg. $1,495.")
    expect(facts.offerings).toEqual(["RePL course"])
    expect(builtinPrompts(facts).filter((p) => /flagship/u.test(p))).toEqual([])
  })

  it("keeps a name that is what customers ask for, when the page's kind shares none of its words", () => {
    const facts = factsOf("Pass Plus", "Roundabout Driving School", "Milton Keynes", "/pass-plus.html",
      "Pass Plus is a six-module course (at least six hours) covering town driving and motorways. Our Pass Plus course costs £220.")
    expect(facts.offerings).not.toContain("six-module course")
    const prompts = builtinPrompts(facts)
    expect(prompts.filter((p) => /six-module/u.test(p))).toEqual([])
    expect(prompts.filter((p) => !/pass plus/iu.test(p))).toEqual([])
  })

  it("asks about a thing named for its town as the thing it is, not by its name", () => {
    const facts = factsFromPages({
      name: "Bergen fish soup",
      kind: "product",
      businessName: "Fiskebilen Bergen",
      url: `${ORIGIN}/fish-soup.html`,
      businessPlace: "Bergen",
      pages: [sitePage("/fish-soup.html", { title: "Bergen fish soup | Fiskebilen", headings: ["Bergen fish soup"], text: "Bergen fish soup A creamy fish soup with cod, salmon and root vegetables. NOK 145.", products: [] })]
    })
    const prompts = builtinPrompts(facts)
    expect(prompts.filter((p) => /^How does .* compare with other|reviews$/u.test(p) && /Bergen fish soup/u.test(p))).toEqual([])
    expect(prompts).not.toContain("Bergen fish soup Bergen")
  })

  it("keeps a name of ordinary words the site writes only as its page's heading", () => {
    const facts = factsOf("Bifold Wallet", "Ridgeway Leather Co.", "Hebden Bridge", "/products/bifold-wallet.html",
      "A bifold wallet in vegetable-tanned leather with six card pockets. £65.")
    expect(facts.offerings[0]).toBe("bifold wallet")
  })
})
