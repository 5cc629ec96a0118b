/**
 * A site's own sections, tools, records and calls to act, in the languages sites are written in,
 * are no offerings ("Concrete calculator", "Wall of fame", "Lærlinge søges", "Derfor vælger
 * kunderne os", "Portföyümüz"); the things sold beside them stay.
 */
import { describe, expect, it } from "vitest"
import { isSiteLabel } from "../../../src/pipeline/prompts/site-labels.ts"

describe("a site's sections, tools and calls to act", () => {
  it("are site labels", () => {
    const labels = [
      "Concrete calculator", "Mortgage calculator", "Wall of fame", "Dive log", "Track records", "Fotogalerie", "Photo gallery",
      "Market update", "Loyalty card", "Refer a friend", "Real brides", "Safety first", "Neighbourhood guide", "Mahalle rehberi",
      "Start your Open Water", "Book your party", "Lærlinge søges", "Mechanic wanted", "Wir suchen Verstärkung",
      "Derfor vælger kunderne os", "Hvorfor vælge os", "Sådan foregår det", "Waarom kiezen voor ons", "Prisen indeholder", "Price includes",
      "Øvrige ydelser", "Hizmetlerimiz", "Portföyümüz", "Vitrin ilanlarımız", "Basında biz", "Tamamlanan projeler", "Hakkımızda", "Ceník"
    ]
    expect(labels.filter((l) => !isSiteLabel(l))).toEqual([])
  })

  it("leave what is sold", () => {
    const offerings = [
      "Gift vouchers", "Loft conversion", "Exposed aggregate driveway", "Open Water course", "Night paintball", "Mortgage advice",
      "Satılık daire", "Kentsel dönüşüm danışmanlığı", "Real ale", "Track hire", "Gallery hanging system", "Badeværelse til fast pris",
      "Spray tan", "Stag & Hen", "Klasický paintball"
    ]
    expect(offerings.filter((o) => isSiteLabel(o))).toEqual([])
  })
})
