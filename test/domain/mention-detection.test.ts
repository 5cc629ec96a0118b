import { describe, expect, it } from "vitest"
import { cpuTimed } from "../support/cpu-time.ts"
import { COMMON_WORDS, isCommonWord } from "../../src/domain/common-words.ts"
import { aliasesFor, detectMention, type Detection, type MentionTarget } from "../../src/domain/mention/index.ts"

const target = (names: ReadonlyArray<string>, extra: Partial<MentionTarget> = {}): MentionTarget => ({
  names,
  aliases: extra.aliases ?? [],
  domains: extra.domains ?? [],
  urls: extra.urls ?? [],
})

const detect = (text: string, t: MentionTarget, citations: ReadonlyArray<string> = []): Detection =>
  detectMention({ text, citations }, t)

const CRUMB = target(["Crumb"])
const ACME_SITE = target(["Zed Goods"], { domains: ["acme.com"] })

const NOT_VISIBLE: Detection = { visible: false, position: null, sentiment: null, matchedBy: [], brands: [] }
const alone = (name: string, sentiment: Detection["sentiment"], matchedBy: Detection["matchedBy"] = ["name"]): Detection => ({
  visible: true,
  position: 1,
  sentiment,
  matchedBy,
  brands: [name],
})
const citedOnly: Detection = { visible: true, position: null, sentiment: "neutral", matchedBy: ["citation"], brands: [] }

describe("detectMention: whole-word name matching", () => {
  it("finds the name as a whole word", () => {
    expect(detect("Crumb is a great bakery.", CRUMB)).toEqual(alone("Crumb", "positive"))
  })

  it("matches names holding regular-expression characters literally (a hyphen, a plus)", () => {
    for (const name of ["Rye-Loaf", "Crumb+"]) {
      expect([name, detect(`We liked ${name} most.`, target([name])).visible]).toEqual([name, true])
      expect([name, detect("We liked Crumbco most.", target([name])).visible]).toEqual([name, false])
    }
  })

  it("is case-insensitive for names that are not ordinary words", () => {
    expect(detect("honestly, crumb is good", CRUMB)).toEqual(alone("Crumb", "positive"))
  })

  it("does not count the name inside a longer word (Crumbs is not Crumb)", () => {
    expect(detect("Crumbs is a great bakery.", CRUMB)).toEqual(NOT_VISIBLE)
    expect(detect("SuperCrumb and Super-Crumb are different.", CRUMB)).toEqual({
      ...NOT_VISIBLE,
      brands: ["SuperCrumb", "Super-Crumb"],
    })
  })

  it("counts the possessive, with straight or curly apostrophe", () => {
    expect(detect("I love Crumb's sourdough.", CRUMB)).toEqual(alone("Crumb", "positive"))
    expect(detect("I love Crumb’s sourdough.", CRUMB)).toEqual(alone("Crumb", "positive"))
  })

  it("does not count a hyphen, CamelCase or apostrophe join", () => {
    expect(detect("Try Crumb-Co downtown.", CRUMB)).toEqual(NOT_VISIBLE)
    expect(detect("Try CrumbCo downtown.", CRUMB)).toEqual({ ...NOT_VISIBLE, brands: ["CrumbCo"] })
    expect(detect("Grab a bite at Crumb'n Go.", CRUMB)).toEqual({ ...NOT_VISIBLE, brands: ["Crumb'n Go"] })
  })

  it("folds diacritics on both sides", () => {
    expect(detect("Visit Acme Cafe for coffee.", target(["Acme Café"]))).toEqual(alone("Acme Café", "neutral"))
    expect(detect("Visit ACME CAFÉ for coffee.", target(["Acme Cafe"]))).toEqual(alone("Acme Cafe", "neutral"))
    expect(detect("We loved Zoe's Kitchen.", target(["Zoë's Kitchen"]))).toEqual(alone("Zoë's Kitchen", "positive"))
  })

  it("treats a following non-common capitalised word as a different name", () => {
    expect(detect("Crumb Zeta is great.", CRUMB)).toEqual({ ...NOT_VISIBLE, brands: ["Crumb Zeta"] })
    expect(detect("Locals love Zorba Crumb.", CRUMB)).toEqual({ ...NOT_VISIBLE, brands: ["Zorba Crumb"] })
  })

  it("still counts the name with a trade noun, a common word, or a sentence-opening word before it", () => {
    expect(detect("Crumb Bakery sells bread.", CRUMB)).toEqual(alone("Crumb", "neutral"))
    expect(detect("Crumb Cakes is great.", CRUMB)).toEqual(alone("Crumb", "positive"))
    expect(detect("Visit Crumb today.", CRUMB)).toEqual(alone("Crumb", "neutral"))
  })

  it("does not count the name inside a URL", () => {
    expect(detect("See https://yelp.com/biz/crumb for reviews.", CRUMB)).toEqual(NOT_VISIBLE)
  })

  it("reports explicit and derived aliases as alias", () => {
    expect(detect("Crumb is great.", target(["Crumb Bakery Portland"], { aliases: ["Crumb"] }))).toEqual(
      alone("Crumb Bakery Portland", "positive", ["alias"]),
    )
    expect(detect("Smith and Sons Ltd fixes roofs.", target(["Smith & Sons"]))).toEqual(
      alone("Smith & Sons", "neutral", ["alias"]),
    )
    expect(detect("Try McDonalds or Burger King.", target(["McDonald's"]))).toEqual({
      visible: true,
      position: 1,
      sentiment: "neutral",
      matchedBy: ["alias"],
      brands: ["McDonald's", "Burger King"],
    })
  })
})

describe("detectMention: domains and URLs", () => {
  it.each([
    ["Check acme.com for details."],
    ["Visit www.acme.com today."],
    ["Order at https://acme.com/menu."],
    ["The shop is at shop.acme.com now."],
    ["Email hello@acme.com to order."],
  ])("finds the domain in the text: %s", (text) => {
    expect(detect(text, ACME_SITE)).toEqual(alone("Zed Goods", "neutral", ["domain"]))
  })

  it("finds a citation on the domain or a subdomain, with no position", () => {
    expect(detect("Some answer.", ACME_SITE, ["https://acme.com/about"])).toEqual(citedOnly)
    expect(detect("Some answer.", ACME_SITE, ["https://blog.acme.com/post"])).toEqual(citedOnly)
  })

  it("ignores lookalike domains in text and citations", () => {
    expect(
      detect("Check notacme.com and acme.com.evil.io.", ACME_SITE, ["https://notacme.com/a", "https://acme.com.evil.io/"]),
    ).toEqual(NOT_VISIBLE)
  })

  it("matches a product URL by host and path prefix, on whole path segments", () => {
    const widget = target(["Widget"], { urls: ["https://acme.com/products/widget"] })
    expect(detect("x", widget, ["https://www.acme.com/products/widget/specs?ref=1"])).toEqual(citedOnly)
    expect(detect("x", widget, ["https://acme.com/products/widget-pro"])).toEqual(NOT_VISIBLE)
    expect(detect("x", widget, ["https://acme.com/products"])).toEqual(NOT_VISIBLE)
    expect(detect("x", widget, ["https://acme.com/"])).toEqual(NOT_VISIBLE)
    expect(detect("Details at acme.com/products/widget.", widget)).toEqual(alone("Widget", "neutral", ["domain"]))
  })

  it("treats a domain with a path as a page prefix, not the whole host", () => {
    const page = target(["Zed"], { domains: ["facebook.com/acme"] })
    expect(detect("x", page, ["https://facebook.com/other"])).toEqual(NOT_VISIBLE)
    expect(detect("x", page, ["https://facebook.com/acme/posts/1"])).toEqual(citedOnly)
  })

  it("reports name and domain together", () => {
    expect(detect("**Acme** is good. See [acme.com](https://acme.com).", target(["Acme"], { domains: ["acme.com"] }))).toEqual(
      alone("Acme", "positive", ["name", "domain"]),
    )
  })
})

describe("detectMention: knowledge disclaimers", () => {
  it.each([
    ["I don't have information about Crumb."],
    ["I'm not familiar with Crumb."],
    ["I couldn't find anything on Crumb."],
    ["There is no reliable information about Crumb."],
    ["Crumb doesn't appear in my training data."],
    ["I have no data on Crumb."],
    ["I'm unable to verify Crumb."],
    ["I haven't heard of Crumb."],
    ['I\'m sorry, but I don\'t have specific information about a bakery named "Crumb" in Portland. You might check Yelp.'],
  ])("is not visible: %s", (text) => {
    expect(detect(text, CRUMB)).toEqual(NOT_VISIBLE)
  })

  it("covers a restated name that the disclaimer refers back to", () => {
    expect(detect("Crumb? I'm not familiar with it.", CRUMB)).toEqual(NOT_VISIBLE)
    expect(detect("You asked about Crumb. I have no information on it.", CRUMB)).toEqual(NOT_VISIBLE)
  })

  it("stops at a contrastive clause", () => {
    expect(detect("I'm not familiar with Zorba, but Crumb is excellent.", CRUMB)).toEqual(alone("Crumb", "positive"))
    expect(detect("While I'm not familiar with Zorba, Crumb is excellent.", CRUMB)).toEqual(alone("Crumb", "positive"))
    expect(detect("I'm not familiar with Crumb, but Zorba Bakery is great.", CRUMB)).toEqual({
      ...NOT_VISIBLE,
      brands: ["Zorba Bakery"],
    })
  })

  it("keeps a genuine mention elsewhere in the answer", () => {
    expect(detect("I don't have information about Crumb. However, Crumb is listed as a bakery.", CRUMB)).toEqual(
      alone("Crumb", "neutral"),
    )
  })

  it("still counts a citation of the entity", () => {
    const t = target(["Crumb"], { domains: ["crumb.com"] })
    expect(detect("I couldn't find anything on Crumb.", t, ["https://crumb.com/"])).toEqual(citedOnly)
  })
})

describe("detectMention: negative mentions are visible", () => {
  it.each([
    ["Avoid Crumb; it has poor reviews."],
    ["I would not recommend Crumb."],
    ["Crumb has poor reviews."],
    ["Crumb is not recommended."],
  ])("%s", (text) => {
    expect(detect(text, CRUMB)).toEqual(alone("Crumb", "negative"))
  })
})

describe("detectMention: ordinary-word names", () => {
  const MONDAY = target(["Monday"])

  it("never counts the lower-case or weekday sense", () => {
    expect(detect("see you monday", MONDAY)).toEqual(NOT_VISIBLE)
    expect(detect("Let's meet on Monday to plan.", MONDAY)).toEqual(NOT_VISIBLE)
    expect(detect("By Monday the task is done.", MONDAY)).toEqual(NOT_VISIBLE)
    expect(detect("- Monday: 9am–5pm\n- Tuesday: closed", MONDAY)).toEqual(NOT_VISIBLE)
    expect(detect("**Monday:** closed", MONDAY)).toEqual(NOT_VISIBLE)
    expect(detect("- Monday–Friday: 9am–5pm", MONDAY)).toEqual(NOT_VISIBLE)
  })

  it("counts a list lead, bold or linked name", () => {
    // Positive since version 12: the lead of a numbered list's first item is ranked first (sentiment.ts, `rankedFirst`).
    expect(detect("Top tools:\n1. **Monday** — flexible boards\n2. Asana — tasks", MONDAY)).toEqual({
      visible: true,
      position: 1,
      sentiment: "positive",
      matchedBy: ["name"],
      brands: ["Monday", "Asana"],
    })
    expect(detect("Teams like [Monday](https://example.org) a lot.", MONDAY)).toEqual(alone("Monday", "neutral"))
  })

  it("counts a brand cue next to the name", () => {
    expect(detect("Monday's app is slick.", MONDAY)).toEqual(alone("Monday", "neutral"))
    expect(detect("Teams love the Monday platform.", MONDAY)).toEqual(alone("Monday", "positive"))
    expect(detect("Monday.com is a work OS.", MONDAY)).toEqual(alone("Monday", "neutral"))
    expect(detect("Target Corporation reported earnings.", target(["Target"]))).toEqual(alone("Target", "neutral"))
  })

  it("counts the name among other brands or after an option cue", () => {
    expect(detect("Many teams use Asana, Trello, and Monday for planning.", MONDAY)).toEqual({
      visible: true,
      position: 3,
      sentiment: "neutral",
      matchedBy: ["name"],
      brands: ["Asana", "Trello", "Monday"],
    })
    expect(detect("For notes, I recommend Notion.", target(["Notion"]))).toEqual(alone("Notion", "positive"))
  })

  it("counts a capitalised name when the domain matches anywhere", () => {
    const notion = target(["Notion"], { domains: ["notion.so"] })
    expect(detect("Notion is flexible.", target(["Notion"]))).toEqual(NOT_VISIBLE)
    expect(detect("Notion is flexible.", notion, ["https://www.notion.so/"])).toEqual(
      alone("Notion", "neutral", ["name", "citation"]),
    )
    const monday = target(["Monday"], { domains: ["monday.com"] })
    expect(detect("Monday.com is a work OS.", monday)).toEqual(alone("Monday", "neutral", ["domain"]))
    expect(detect("Project work happens on Monday.", monday, ["https://monday.com/pricing"])).toEqual(citedOnly)
  })

  it("counts a capitalised mid-sentence word that is lower-case in its ordinary sense", () => {
    expect(detect("I shop at Target every week.", target(["Target"]))).toEqual(alone("Target", "neutral"))
    expect(detect("Pay with Square or cash.", target(["Square"]))).toEqual(alone("Square", "neutral"))
  })

  it("does not count sentence starts, title case or ordinary use", () => {
    expect(detect("Target audience matters.", target(["Target"]))).toEqual(NOT_VISIBLE)
    expect(detect("Define your Target Market first.", target(["Target"]))).toEqual(NOT_VISIBLE)
    expect(detect("Times Square is busy.", target(["Square"]))).toEqual(NOT_VISIBLE)
    expect(detect("Visit the Big Apple.", target(["Apple"]))).toEqual(NOT_VISIBLE)
    expect(detect("Apple pie is tasty. An apple a day.", target(["Apple"]))).toEqual(NOT_VISIBLE)
    expect(detect("Write your ideas in a notion or two.", target(["Notion"]))).toEqual(NOT_VISIBLE)
  })

  it("rejects a longer different name", () => {
    expect(detect("Square Enix makes games.", target(["Square"]))).toEqual(NOT_VISIBLE)
  })
})

describe("detectMention: brands and position", () => {
  it("ranks the entity in a numbered list", () => {
    expect(detect("1. Zorba\n2. Pix\n3. Crumb", CRUMB)).toEqual({
      visible: true,
      position: 3,
      sentiment: "neutral",
      matchedBy: ["name"],
      brands: ["Zorba", "Pix", "Crumb"],
    })
  })

  it("ranks the entity in a bold bulleted list, ignoring attribute labels", () => {
    const text = "- **Zorba** – nice\n- **Crumb** – great\n  - Pricing: $5\n  - **Hours:** 7am"
    expect(detect(text, CRUMB)).toEqual({
      visible: true,
      position: 2,
      sentiment: "positive",
      matchedBy: ["name"],
      brands: ["Zorba", "Crumb"],
    })
  })

  it("ranks headings and merges the entity's own mentions under its primary name", () => {
    const text = "## Top picks\n### 1. HubSpot\nGreat CRM.\n### 2. Salesforce\nEnterprise.\n### 3. Acme CRM\nSimple. Acme CRM is cheap."
    expect(detect(text, target(["Acme CRM"]))).toEqual({
      visible: true,
      position: 3,
      sentiment: "neutral",
      matchedBy: ["name"],
      brands: ["HubSpot", "Salesforce", "Acme CRM"],
    })
  })

  it("collects brands in order of first appearance from running text", () => {
    expect(detect("Popular options include Blue Bottle Coffee, Stumptown and Crumb.", CRUMB)).toEqual({
      visible: true,
      position: 3,
      sentiment: "positive",
      matchedBy: ["name"],
      brands: ["Blue Bottle Coffee", "Stumptown", "Crumb"],
    })
  })

  it("reads a realistic answer: leads, sub-bullets, links, review sites", () => {
    const text = [
      "Here are some of the best bakeries in Portland, Oregon:",
      "",
      "## Top Picks",
      "",
      "1. **Ken's Artisan Bakery** – Known for its rustic breads. Highly rated on Yelp.",
      "   - **Location:** NW 21st Ave",
      "   - **Best for:** Sourdough",
      "2. **Crumb Café** – A popular neighborhood spot with excellent pastries.",
      "   - Hours: 7am–3pm",
      "3. **Pix Patisserie** – Colorful desserts; some complaints about prices.",
      "",
      "### Other options",
      "- Grand Central Bakery: reliable, several locations.",
      "- [Saint Honoré](https://sainthonorebakery.com) — French-style.",
      "",
      "Overall, Ken's and Crumb Café are the standouts. For more, see Google Maps or TripAdvisor.",
    ].join("\n")
    const brands = ["Ken's Artisan Bakery", "Crumb Café", "Pix Patisserie", "Grand Central Bakery", "Saint Honoré"]
    expect(detect(text, target(["Crumb Café"], { domains: ["crumbcafe.com"] }), ["https://www.yelp.com/biz/crumb-cafe"])).toEqual({
      visible: true,
      position: 2,
      sentiment: "positive",
      matchedBy: ["name"],
      brands,
    })
    expect(detect(text, target(["Pix Patisserie"]))).toEqual({
      visible: true,
      position: 3,
      sentiment: "negative",
      matchedBy: ["name"],
      brands,
    })
  })

  it("has no position when the entity is visible only through a citation", () => {
    expect(detect("1. Zorba\n2. Pix", ACME_SITE, ["https://acme.com/"])).toEqual({
      visible: true,
      position: null,
      sentiment: "neutral",
      matchedBy: ["citation"],
      brands: ["Zorba", "Pix"],
    })
  })
})

describe("detectMention: sentiment", () => {
  it.each([
    ["Crumb is the best bakery in town.", "positive"],
    ["Crumb is a bakery in Portland.", "neutral"],
    ["Crumb is not great.", "negative"],
    ["Crumb has no complaints from locals.", "positive"],
    ["Crumb has great bread and many complaints.", "neutral"],
    ["Crumb is great, but avoid Zorba.", "positive"],
    ["I like Zorba, but Crumb is overpriced.", "negative"],
    ["You can't go wrong with Crumb — it's excellent.", "positive"],
  ] as const)("%s → %s", (text, sentiment) => {
    expect(detect(text, CRUMB).sentiment).toBe(sentiment)
  })

  it("does not read the entity's own name as praise", () => {
    expect(detect("Prices at Best Buy are fair.", target(["Best Buy"]))).toEqual(alone("Best Buy", "neutral"))
  })
})

describe("detectMention: robustness", () => {
  it("stays fast on long and adversarial input", () => {
    const text =
      "Crumb is great. Zorba Bakery is fine, but avoid Pix. ".repeat(4000) +
      "a".repeat(50_000) +
      " " +
      "a.".repeat(20_000) +
      "**".repeat(10_000) +
      "[x](".repeat(5_000)
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { result, cpuMs } = cpuTimed(() => detect(text, target(["Crumb"], { domains: ["crumb.com"] })))
    expect(cpuMs).toBeLessThan(10_000)
    expect(result.visible).toBe(true)
    expect(result.position).toBe(1)
  })

  // At this size quadratic backtracking takes tens of seconds and a linear scan well under one
  // (CPU time, which a loaded machine does not stretch).
  it.each([
    ["a long run of spaces in a list item", `- Crumb${" ".repeat(200_000)}x`],
    ["a long run of tabs in a sentence", `Crumb is${"\t".repeat(200_000)}good`],
    ["spaces and commas", `Crumb${" ,".repeat(100_000)}x`],
    ["hyphens", `Crumb ${"a-".repeat(100_000)}`],
    ["brackets", `${"[".repeat(200_000)}Crumb`],
  ])("stays linear on %s", (_, text) => {
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { cpuMs } = cpuTimed(() => {
      expect(detect(text, CRUMB).visible).toBe(true)
    })
    expect(cpuMs).toBeLessThan(5_000)
  })

  it("handles an empty answer and an empty target", () => {
    expect(detect("", CRUMB)).toEqual(NOT_VISIBLE)
    expect(detect("Crumb is great.", target([]))).toEqual({ ...NOT_VISIBLE, brands: [] })
  })
})

describe("detectMention: more disclaimers and asides", () => {
  const ZELKO = target(["Zelko Plumbing"], { aliases: ["Zelko"] })

  it.each([
    ["Nothing turned up for Zelko Plumbing when I searched, so I can't vouch for them."],
    ["Zelko didn't show up in my search results."],
    ["I can't speak to Zelko's workmanship."],
    ["I have no reviews of Zelko to go on."],
    ["We don't have any ratings for Zelko Plumbing yet."],
  ])("is not visible after an empty search or a lack of reviews: %s", (text) => {
    expect(detect(text, ZELKO)).toEqual(NOT_VISIBLE)
  })

  it.each([
    ["No tengo datos sobre Zelko Plumbing."],
    ["Não tenho informações sobre a Zelko."],
    ["Je n'ai pas d'informations sur Zelko."],
    ["Non ho informazioni su Zelko."],
    ["Ich habe keine Informationen über Zelko."],
  ])("recognises disclaimers in other languages: %s", (text) => {
    expect(detect(text, ZELKO)).toEqual(NOT_VISIBLE)
  })

  it("does not count a name given only to disambiguate another business", () => {
    expect(detect("Pelham Books (not to be confused with Crumb, the bakery) stocks old maps.", CRUMB).visible).toBe(false)
    expect(detect("Pelham Books, unrelated to Crumb, stocks old maps.", CRUMB).visible).toBe(false)
    expect(detect("Crumb is wonderful, not to be confused with Pelham Books.", CRUMB)).toEqual({
      visible: true,
      position: 1,
      sentiment: "positive",
      matchedBy: ["name"],
      brands: ["Crumb", "Pelham Books"],
    })
  })

  it("ends a foreign-language disclaimer at a contrastive conjunction", () => {
    expect(detect("No tengo datos sobre sus horarios, pero Crumb es muy popular.", CRUMB).visible).toBe(true)
    expect(detect("Je n'ai pas d'informations sur les prix, mais Crumb est connu.", CRUMB).visible).toBe(true)
  })

  it("covers a restated question that a disclaimer naming the entity answers", () => {
    expect(detect("**Is Crumb open on holidays?**\nI don't have details about Crumb's holiday hours.", CRUMB)).toEqual(NOT_VISIBLE)
    expect(detect("Is Crumb open on holidays? Yes, Crumb opens at 8am.", CRUMB).visible).toBe(true)
  })
})

describe("detectMention: ordinary use of a capitalised name written in lower case", () => {
  const THIMBLE = target(["Thimble"])

  it("does not count the head of a noun phrase or a phrasal verb", () => {
    expect(detect("Use a thimble to push the needle.", THIMBLE)).toEqual(NOT_VISIBLE)
    expect(detect("A worn, leather thimble protects your finger.", THIMBLE)).toEqual(NOT_VISIBLE)
    expect(detect("Kids should buckle up before every drive.", target(["Buckle"]))).toEqual(NOT_VISIBLE)
    expect(detect("Join the morning pine walk club.", target(["Pine Walk"]))).toEqual(NOT_VISIBLE)
  })

  it("still counts it as the brand otherwise, or with a brand noun", () => {
    expect(detect("I switched to thimble last year.", THIMBLE)).toEqual(alone("Thimble", "neutral"))
    expect(detect("Sign in to the thimble app.", THIMBLE)).toEqual(alone("Thimble", "neutral"))
    expect(detect("A bakery called crumb opened nearby.", CRUMB)).toEqual(alone("Crumb", "neutral"))
  })
})

describe("detectMention: more name contexts", () => {
  it("counts a table row's first cell, but not an opening-hours row", () => {
    const table = "| Tool | Price |\n|---|---|\n| Asana | $11 |\n| Notion | $8 |"
    expect(detect(table, target(["Notion"]))).toEqual({
      visible: true,
      position: 2,
      sentiment: "neutral",
      matchedBy: ["name"],
      brands: ["Asana", "Notion"],
    })
    expect(detect("| Day | Hours |\n|---|---|\n| Sunday | 10am–4pm |\n| Monday | closed |", target(["Sunday"]))).toEqual(NOT_VISIBLE)
  })

  it("counts a capitalised name with a descriptive hyphenated suffix", () => {
    expect(detect("Pipewell adds a Slack-like chat view.", target(["Slack"])).visible).toBe(true)
    expect(detect("The Crumb-inspired loaf sold out.", CRUMB).visible).toBe(true)
    expect(detect("The fabric has a slack-like drape.", target(["Slack"])).visible).toBe(false)
    expect(detect("Try Crumb-Co downtown.", CRUMB).visible).toBe(false)
  })

  it("reads a plural noun after a sentence-initial ordinary name as a verb's object", () => {
    expect(detect("Target users who churned last month with a win-back email.", target(["Target"]))).toEqual(NOT_VISIBLE)
    expect(detect("Target app updates roll out weekly.", target(["Target"])).visible).toBe(true)
    expect(detect("Target's customers skew suburban.", target(["Target"])).visible).toBe(true)
  })

  it("counts a several-word ordinary name in its own title case at a sentence start", () => {
    const realty = target(["Golden Maple Realty"])
    expect(detect("Golden Maple Realty handles rentals in Boise.", realty)).toEqual(alone("Golden Maple Realty", "neutral"))
    expect(detect("Golden Maple Realty: a buyer's guide", realty)).toEqual(NOT_VISIBLE)
    expect(detect("Golden Maple Realty Awards shortlist announced.", realty).visible).toBe(false)
  })

  it("reads the entity's maker's name, taken from its own site, as part of it", () => {
    const lamp = target(["Pine Floor Lamp"], { urls: ["https://northbeam.example/products/pine-floor-lamp"] })
    expect(detect("Good picks:\n1. **Northbeam Pine Floor Lamp** – warm light.\n2. **Halo Arc** – tall.", lamp)).toMatchObject({
      visible: true,
      position: 1,
    })
    expect(detect("The Northbeam Zephyr is quiet.", target(["Zephyr"], { domains: ["northbeam.example"] })).visible).toBe(true)
    expect(detect("The Northbeam Zephyr is quiet.", target(["Zephyr"])).visible).toBe(false)
  })
})

describe("detectMention: sentiment scope and vocabulary", () => {
  it.each([
    ["Reviewers complain that Crumb runs out of bread early.", "negative"],
    ["Crumb keeps making billing mistakes.", "negative"],
    ["Crumb is the better pick for sourdough.", "positive"],
    ["Crumb ships with no tracking, and delays are common.", "negative"],
    ["Crumb has become costly, and good alternatives exist nearby.", "negative"],
    ["I haven't tried Crumb's rye, but it's a wonderful bakery overall.", "positive"],
    ["Crumb opened in 2019. Locals call its croissants the best in the city.", "positive"],
    ["Crumb opened in 2019. Zorba has the best croissants in the city.", "neutral"],
    ["Crumb is a good alternative to chain bakeries.", "positive"],
    ["Zorba is better than Crumb for rye.", "negative"],
    ["Crumb is a fast food counter near the station.", "neutral"],
  ] as const)("%s → %s", (text, sentiment) => {
    expect(detect(text, CRUMB).sentiment).toBe(sentiment)
  })
})

describe("aliasesFor", () => {
  it.each([
    ["Acme Café, LLC", ["Acme Café", "Acme Cafe, LLC", "Acme Cafe"]],
    ["Smith & Sons Ltd.", ["Smith & Sons", "Smith and Sons Ltd.", "Smith and Sons"]],
    ["The Home Depot", ["Home Depot"]],
    ["Tiffany & Co.", ["Tiffany", "Tiffany and Co."]],
    ["Coca-Cola Company", ["Coca-Cola", "Coca Cola Company", "Coca Cola"]],
    ["McDonald's", ["McDonalds"]],
    ["Square, Inc.", ["Square"]],
    ["Müller GmbH", ["Müller", "Muller GmbH", "Muller"]],
    ["Acme Holdings Co., Ltd.", ["Acme Holdings"]],
    ["Volvo AB", ["Volvo"]],
    ["Acme Corp", ["Acme"]],
    ["Crumb", []],
    ["Coffee Co.", []],
    ["", []],
  ] as const)("%s → %j", (name, expected) => {
    expect(aliasesFor(name)).toEqual(expected)
  })
})

describe("common words", () => {
  it("holds the ordinary sense of brand-like words, with simple inflections", () => {
    expect(COMMON_WORDS.size).toBeGreaterThan(300)
    expect(COMMON_WORDS.size).toBeLessThan(1_600)
    for (const w of ["monday", "notion", "square", "target", "apple", "shell", "amazon"]) expect(isCommonWord(w)).toBe(true)
    expect(isCommonWord("cakes")).toBe(true)
    expect(isCommonWord("crumb")).toBe(false)
    expect(isCommonWord("zorba")).toBe(false)
  })
})
