/**
 * A services page whose paragraphs open with a run-in label, a dash and what it covers ("Structural
 * steel – beams, columns ..."): each label is an offering, also the first one, which follows the
 * page's menu and heading in its text. A one-word label ("Single – from £240") and a label followed
 * by a clause ("Bring it back unwashed – we clean it") are not.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"], name = "Larch") =>
  factsFromPages({ name, kind: "business", businessName: name, url: `${ORIGIN}/`, pages })

describe("run-in labels", () => {
  it("reads each paragraph's run-in label as an offering", () => {
    const services = sitePage("/services.html", {
      title: "Services | Larch",
      headings: ["Welding services"],
      text: "Home Services Contact Welding services Custom steel fabrication – mild steel and stainless. Brackets and frames. " +
        "Mobile welding – on-site welding for farm machinery. Call-out fee applies."
    })
    expect(facts([services]).offerings).toEqual(["custom steel fabrication", "mobile welding"])
  })

  it("reads no one-word label, no label followed by a clause and no label of a thing not done", () => {
    const services = sitePage("/services.html", {
      title: "Services | Larch",
      headings: ["Our services"],
      text: "Our services Single – small frames only. Bring it back unwashed – we clean it. Exhaust repairs – sorry, we do not do these."
    })
    expect(facts([services]).offerings).toEqual([])
  })
})
