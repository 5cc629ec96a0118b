/**
 * Pages about the business itself, in the site's own language: its story and careers
 * ("/over-ons": "Werken bij", "Ons verhaal"), its news ("/nieuws": "Open dag bij de werkplaats"),
 * its shops ("/lojas": "Loja Braga"), its 'our' in another language ("Ons drukwerk") and its price list's, menu's or orders page's own title ("Tarieven", "Ementa", "Encomendas") are no offerings,
 * as "/about", "/news", "/locations" and "Prices" are not in English.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const offeringsOf = (name: string, pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name, kind: "business", businessName: name, url: `${ORIGIN}/`, pages }).offerings.map((o) => o.toLowerCase())

describe("business pages in other languages", () => {
  it("a Dutch sign maker's about, news and price pages name no offerings; its products stay", () => {
    const offerings = offeringsOf("Reclamemakers Dijkstra", [
      sitePage("/", { title: "Reclamemakers Dijkstra – reclame in Zwolle", headings: ["Reclame, vakkundig gemaakt in Zwolle"], text: "Gevelreclame, autobelettering en spandoeken." }),
      sitePage("/gevelreclame.html", { title: "Gevelreclame | Reclamemakers Dijkstra", headings: ["Gevelreclame"], text: "Lichtbakken en doosletters. Vanaf € 450." }),
      sitePage("/autobelettering.html", { title: "Autobelettering | Reclamemakers Dijkstra", headings: ["Autobelettering"], text: "Bestelbussen en personenauto's. Vanaf € 250." }),
      sitePage("/drukwerk.html", { title: "Drukwerk | Reclamemakers Dijkstra", headings: ["Ons drukwerk", "Spandoeken"], text: "Spandoeken op maat. Vanaf € 60." }),
      sitePage("/tarieven.html", { title: "Tarieven | Reclamemakers Dijkstra", headings: ["Tarieven"], text: "Gevelreclame vanaf € 450. Autobelettering vanaf € 250." }),
      sitePage("/over-ons.html", { title: "Over ons | Reclamemakers Dijkstra", headings: ["Over ons", "Ons verhaal", "Werken bij", "Duurzaamheid"], text: "Sinds 1987 in Zwolle. We zoeken een monteur." }),
      sitePage("/nieuws.html", { title: "Nieuws | Reclamemakers Dijkstra", headings: ["Nieuws", "Open dag bij de werkplaats", "Nieuwe snijplotter in gebruik"], text: "Kom kijken op zaterdag." })
    ])
    expect(offerings).toContain("gevelreclame")
    expect(offerings).toContain("autobelettering")
    for (const heading of ["ons drukwerk", "tarieven", "ons verhaal", "werken bij", "duurzaamheid", "open dag bij de werkplaats", "nieuwe snijplotter in gebruik"]) {
      expect(offerings).not.toContain(heading)
    }
  })

  it("a Portuguese bakery's shops page names its shops, not offerings", () => {
    const offerings = offeringsOf("Padaria Girassol", [
      sitePage("/", { title: "Padaria Girassol – pão em Braga", headings: ["Padaria Girassol"], text: "Pão de forma, broa e bolos." }),
      sitePage("/ementa.html", { title: "Ementa – Padaria Girassol", headings: ["Ementa", "Broa de milho", "Bolo de laranja"], text: "Broa de milho 2,50 €. Bolo de laranja 9,00 €." }),
      sitePage("/encomendas.html", { title: "Encomendas – Padaria Girassol", headings: ["Encomendas", "Bolos de aniversário"], text: "Bolos de aniversário por encomenda, a partir de 25 €." }),
      sitePage("/lojas.html", { title: "As nossas lojas – Padaria Girassol", headings: ["As nossas lojas", "Loja Centro", "Loja Gualtar"], text: "Loja Centro: Rua do Souto 12. Loja Gualtar: Rua da Universidade 3." })
    ])
    expect(offerings).toContain("broa de milho")
    expect(offerings).not.toContain("ementa")
    expect(offerings).not.toContain("encomendas")
    expect(offerings).not.toContain("loja centro")
    expect(offerings).not.toContain("loja gualtar")
  })

  it("a Spanish shop's 'where we are' page names its stores, not offerings", () => {
    const offerings = offeringsOf("Ferretería Olmo", [
      sitePage("/", { title: "Ferretería Olmo – Valencia", headings: ["Ferretería Olmo"], text: "Herramientas, tornillería y pinturas." }),
      sitePage("/herramientas.html", { title: "Herramientas – Ferretería Olmo", headings: ["Herramientas"], text: "Taladros y sierras. Desde 19 €." }),
      sitePage("/donde-estamos.html", { title: "Nuestras tiendas – Ferretería Olmo", headings: ["Nuestras tiendas", "Tienda Ruzafa", "Tienda Benimaclet"], text: "Tienda Ruzafa: Calle Sueca 5." })
    ])
    expect(offerings).toContain("herramientas")
    expect(offerings).not.toContain("tienda ruzafa")
    expect(offerings).not.toContain("tienda benimaclet")
  })
})
