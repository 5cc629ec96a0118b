/**
 * Page text that is not something a customer buys: a slogan or a promise as a heading ("Learn it
 * yourself", "Plum season is here", "Fewer missed calls"), the heading over a list in another
 * language ("Lo que hacemos"), best sellers, this week's, a partnership, a free event on a day, a
 * sidebar's widget, a teaser of the news page; whom a thing is for read as more things ("for farms,
 * shops and bakeries right across town"), a spec sheet's labels ("Blade: 150mm"), and a FAQ's yes
 * that tells the customer what to do ("Bring quilts to ...") or names one of the team; a link's call
 * to action ("See the package") and shipping ("envíos"), an optional extra by what it is ("Optional 3D
 * laser scanning"), a case study and a farm diary's posts.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"], name = "Tamsworth") =>
  factsFromPages({ name, kind: "business", businessName: name, url: `${ORIGIN}/`, pages })

describe("page text that is not an offering", () => {
  it("reads no slogan, promise or sentence as a home page section", () => {
    const home = sitePage("/", {
      title: "Tamsworth",
      headings: ["Tamsworth", "Bags for the long haul", "Canvas tote bags", "Learn it yourself", "Plum season is here", "Totes that last", "Fewer missed calls"],
      text: "Tamsworth Bags for the long haul Canvas tote bags Sewn in our loft. Learn it yourself Our weekend sewing course starts in March. " +
        "Plum season is here Plum-dyed totes are back. Totes that last Ten years or more. Fewer missed calls Book online any time."
    })
    expect(facts([home]).offerings).toEqual(["canvas tote bags"])
  })

  it("keeps a thing's name before what is said of it", () => {
    const home = sitePage("/", {
      title: "Tamsworth",
      headings: ["Tamsworth", "Books for the road", "Waxed sketchbook that lies flat"],
      text: "Tamsworth Books for the road Waxed sketchbook that lies flat Hand-sewn, 96 pages."
    })
    expect(facts([home]).offerings).toEqual(["waxed sketchbook"])
  })

  it("reads no list heading, best sellers, this week's or partnership as an offering", () => {
    const home = sitePage("/", {
      title: "Tamsworth",
      headings: ["Tamsworth", "Made by hand", "Lo que hacemos", "Os mais vendidos", "Diese Woche", "Bird survey partnership", "Leather satchels"],
      text: "Tamsworth Made by hand Lo que hacemos Bolsos y carteras. Os mais vendidos Carteiras. Diese Woche Neue Farben. " +
        "Bird survey partnership We count the swifts for the county trust. Leather satchels Cut and stitched by hand."
    })
    expect(facts([home]).offerings).toEqual(["leather satchels"])
  })

  it("reads no free event on a day, no sidebar widget and no teaser of the news page", () => {
    const home = sitePage("/", {
      title: "Tamsworth",
      headings: ["Tamsworth", "Up in the trees", "Trail clean-up", "Rope courses", "Sidebar raffle", "New loom arrives"],
      text: "Tamsworth Up in the trees Trail clean-up On 3 May we tidy the woods together, free climbing for every helper. " +
        "Rope courses Nine courses from two to sixteen metres. New loom arrives The second loom is in. Read more"
    })
    const news = sitePage("/news.html", {
      title: "News | Tamsworth",
      headings: ["News", "New loom arrives"],
      text: "News New loom arrives The second loom came from Bradford on a lorry."
    })
    expect(facts([home, news]).offerings).toEqual(["rope courses"])
  })

  it("reads whom a thing is for as no more things done", () => {
    const home = sitePage("/", {
      title: "Tamsworth",
      headings: ["Tamsworth"],
      text: "Tamsworth We do gate repairs and small batch runs for farms, shops and bakeries right across town. " +
        "We also offer trailer hire in our yard for shows and farm visits. We now offer hoof trimming for ponies and saddle fitting."
    })
    expect(facts([home]).offerings).toEqual(["gate repairs", "small batch runs", "trailer hire", "hoof trimming", "saddle fitting"])
  })

  it("reads a spec sheet's labels as no offers", () => {
    const knife = sitePage("/paring-knife.html", {
      title: "Paring knife | Tamsworth",
      headings: ["Paring knife"],
      text: "Paring knife A small knife for the hand. Blade: 90mm Weight: about 80g Price: $180 incl. GST",
      listItems: [{ heading: "Paring knife", text: "Blade: 90mm" }, { heading: "Paring knife", text: "Weight: about 80g" }, { heading: "Paring knife", text: "Price: $180 incl. GST" }]
    })
    expect(facts([knife]).offerings).toEqual(["paring knife"])
  })

  it("reads a FAQ's yes by what one of the team does, and not what the customer is told to do", () => {
    const faq = sitePage("/faq.html", {
      title: "FAQ | Tamsworth",
      headings: ["FAQ", "Can you trim my dog's nails?", "Can I drop off a quilt?"],
      text: "FAQ Can you trim my dog's nails? Yes, Maren offers a nail trimming service from $15. " +
        "Can I drop off a quilt? Yes. Bring quilts to our workroom on Mill Road; they are ready in a week."
    })
    expect(facts([faq]).offerings).toEqual(["nail trimming service"])
  })

  it("reads no call to action and no shipping as an offering", () => {
    const home = sitePage("/", {
      title: "Tamsworth",
      headings: ["Tamsworth", "Films that sell", "Brand films"],
      text: "Tamsworth Films that sell Brand films Two-minute stories. See the package",
      products: [{ name: "See the package", url: `${ORIGIN}/packages/brand-film.html` }, { name: "See the drone survey page", url: `${ORIGIN}/drone.html` }]
    })
    const faq = sitePage("/faq.html", {
      title: "Preguntas | Tamsworth",
      headings: ["Preguntas"],
      text: "Preguntas ¿Hacen envíos? Sí, enviamos a todo el país."
    })
    expect(facts([home, faq]).offerings).toEqual(["brand films"])
  })

  it("reads an optional extra by what it is", () => {
    const services = sitePage("/services.html", {
      title: "Services | Tamsworth",
      headings: ["Services", "Measured surveys"],
      text: "Services Measured surveys Floor plans and elevations.",
      listItems: [{ heading: "Services", text: "Optional 3D laser scanning" }]
    })
    expect(facts([services]).offerings).toEqual(["measured surveys", "3D laser scanning"])
  })

  it("reads no case study and no farm diary's post as an offering", () => {
    const work = sitePage("/work.html", {
      title: "Selected work | Tamsworth",
      headings: ["Selected work", "Case study: Harbour Dental", "Shop fit-outs"],
      text: "Selected work Case study: Harbour Dental Bookings up by half. Shop fit-outs Counters and shelving."
    })
    const diary = sitePage("/diary.html", {
      title: "Farm diary | Tamsworth",
      headings: ["Farm diary", "Lambing season, week two"],
      text: "Farm diary Lambing season, week two Thirty lambs and counting."
    })
    const services = sitePage("/services.html", {
      title: "Services | Tamsworth",
      headings: ["Services", "Case study: Northgate Bakery", "Kitchen fit-outs"],
      text: "Services Case study: Northgate Bakery A new oven line. Kitchen fit-outs Ovens and extraction."
    })
    expect(facts([work, diary, services]).offerings).toEqual(["kitchen fit-outs"])
  })
})
