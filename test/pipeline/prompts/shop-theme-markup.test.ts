/**
 * What a shop theme's markup and a site in another language put around the offerings, read as no
 * offering and no kind of business: a card's title run into its "from" price, a "free" call to
 * action, a screen reader's skip link, an ideas page, a feature in brackets ("app control"), and
 * the service and price pages named in the site's language (`/diensten`, `/tarifs`).
 */
import { describe, expect, it } from "vitest"
import { linkHint, listingHint } from "../../../src/pipeline/crawler/structured-data.ts"
import { isSiteLabel } from "../../../src/pipeline/prompts/site-labels.ts"
import { pageKind } from "../../../src/pipeline/prompts/site-pages.ts"
import { categoryFromText } from "../../../src/pipeline/prompts/text-facts.ts"

describe("a shop theme's markup", () => {
  it("reads a card's title run into its from-price as the title", () => {
    expect(listingHint("Blackout roller blindsfrom €69")?.name).toBe("Blackout roller blinds")
    expect(listingHint("Roman blinds from €119")?.name).toBe("Roman blinds")
  })

  it("takes no free call to action as an offering, and no 'shop all' as part of a name", () => {
    expect(linkHint("Order free samples", "https://blinds.example/collections/all.html#samples")).toBeUndefined()
    expect(linkHint("Get a free quote", "https://blinds.example/services/quote.html")).toBeUndefined()
    expect(linkHint("Shop all blinds", "https://blinds.example/collections/blinds.html")?.name).toBe("blinds")
    expect(linkHint("Roman blinds", "https://blinds.example/collections/roman.html")?.name).toBe("Roman blinds")
  })

  it("takes a skip link and an ideas page for the site's own labels", () => {
    expect(["Skip to content", "Skip to main content", "Inspiratie", "Inspiration", "Ideeën"].map(isSiteLabel)).toEqual([true, true, true, true, true])
    expect(["Roman blinds", "Tuinontwerp", "Garden design"].map(isSiteLabel)).toEqual([false, false, false])
  })

  it("reads no software kind from a product's feature in brackets or a software word before a noun", () => {
    const sources = [
      { text: "Made-to-measure blinds & shutters, Galway", weight: 3 },
      { text: "Motorisation add-on (rechargeable, app control)", weight: 2, page: 1 },
      { text: "Motorised blinds with app-controlled timers", weight: 2, page: 2 }
    ]
    expect(categoryFromText(sources).supported).toBeUndefined()
    expect(categoryFromText([{ text: "Pocket Till – the point of sale app for market traders", weight: 3 }]).supported).toBe("app")
  })
})

describe("service and price pages named in the site's language", () => {
  const kind = (url: string) => pageKind({ url, title: null, jsonLd: [], products: [] })
  it("are pages of offerings", () => {
    expect(["diensten.html", "tarieven.html", "leistungen", "tarifs.html", "servicios", "prezzi.html", "servicos"].map((p) => kind(`https://site.example/${p}`)))
      .toEqual(["offering", "offering", "offering", "offering", "offering", "offering", "offering"])
    expect(kind("https://site.example/over-ons.html")).toBe("business")
  })
})
