// Detector version 16, on examples of its own (not an evaluation split's answers): impersonal
// disclaimers by more of their grammar (passive judging, too few accounts, absent from the
// sources looked at, not made public, out of reach, patchy knowledge); a contrast by "he"/"she",
// by a pronoun with "still", or by the speaker's own choice keeps the entity; a caveat "with a pinch of salt";
// a firm of two partners joined in its own language; a professional named with a credential;
// an owner praised by reputation or named as the best found; a leading trade word in French or
// Spanish; a one-word name in lower case in an answer that
// capitalises its sentences, or after a degree word; a name alone in a cell under a column of places.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"
import { cpuTimed } from "../../support/cpu-time.ts"

const business = (name: string, place: string | null = null) => mentionTargetOf({ itemId: null, name, url: null, place })
const seen = (text: string, target: ReturnType<typeof business>) => detectMention({ text, citations: [] }, target).visible

describe("impersonal disclaimers (version 16)", () => {
  const dentist = business("Norrow Dental Studio", "Leeds, UK")
  it.each([
    "Norrow Dental Studio's results cannot be properly gauged from here. Try Leeds Smile Centre.",
    "Norrow Dental Studio has only a few online ratings. Try Leeds Smile Centre.",
    "Accounts of Norrow Dental Studio are missing from every source I have. Try Leeds Smile Centre.",
    "Opening hours at Norrow Dental Studio weren't given on any page we consulted. Call ahead.",
    "Norrow Dental Studio's price for implants isn't listed on the pages I searched. Call ahead.",
    "There is little public about Norrow Dental Studio's implants. Try Leeds Smile Centre.",
    "Fees at Norrow Dental Studio aren't made public anywhere. Whitening runs 300 pounds.",
    "Norrow Dental Studio's prices are not publicly posted. Ask them.",
    "We have no way of viewing Norrow Dental Studio's aftercare sheets. Brush twice a day.",
    "Without being able to check recent cases from Norrow Dental Studio, here is general advice.",
    "Nothing about Norrow Dental Studio turned up when I searched. Floss daily.",
    "Norrow Dental Studio was named, yet there is nothing we could count on about their methods. Floss daily.",
    "The only trace of Norrow Dental Studio we have found is a bare listing, so there is no rating of their crowns.",
    "The name Norrow Dental Studio appears, but not enough has been published about it to judge. Floss daily.",
    "Not much is out there on Norrow Dental Studio to compare it by.",
    "Reviews of Norrow Dental Studio look sparse. Leeds Smile Centre has more.",
    "My information on Norrow Dental Studio is sketchy, so weigh this lightly.",
    "Norrow Dental Studio isn't a clinic we hold solid accounts of, so it's an open question.",
    "Dependable figures on Norrow Dental Studio aren't anything we possess, so here are others.",
    "We don't have much current detail on Norrow Dental Studio to compare it.",
    "I'm not sure Norrow Dental Studio is still open these days; book Leeds Smile Centre.",
    "Norrow Dental Studio: we can't comment. Leeds Smile Centre is popular.",
  ])("does not count %s", (text) => {
    expect(seen(text, dentist)).toBe(false)
  })

  it("still counts praise and facts in the same words", () => {
    expect(seen("Norrow Dental Studio has very few bad reviews and is my pick.", dentist)).toBe(true)
    expect(seen("Norrow Dental Studio can't be rated highly enough.", dentist)).toBe(true)
    expect(seen("Norrow Dental Studio isn't a public company, but it is very good.", dentist)).toBe(true)
    expect(seen("Norrow Dental Studio's hygienists are gentle; I can't comment enough on how calm it is.", dentist)).toBe(true)
  })
})

describe("a contrast that keeps the entity (version 16)", () => {
  it("by a person's pronoun and the speaker's own choice", () => {
    const bookkeeper = business("Ode Bakari, CPA", "Leeds, UK")
    expect(seen("Whether Ode Bakari, CPA, has room for new clients I can't confirm, but she's the bookkeeper I would phone first.", bookkeeper)).toBe(true)
  })

  it("by a pronoun with 'still', adjectives in a list, and a caveat 'with salt'", () => {
    const app = business("Quillo")
    expect(seen("Which banks Quillo links to this year I can't verify, so check with them; it's still one of the apps that syncs receipts.", app)).toBe(true)
    expect(seen("I can't confirm Quillo's latest plans, but for a one-person shop it's the leaner, cheaper tool.", app)).toBe(true)
    expect(seen("I haven't seen independent tests of the Quillo, so take it with a pinch of salt: next to Tabby, it offers more templates.", app)).toBe(true)
  })

  it("not a hedged one", () => {
    const app = business("Quillo")
    expect(seen("I can't confirm Quillo's plans, but it might be the tool you mean.", app)).toBe(false)
  })
})

describe("names (version 16)", () => {
  it("joins two partners' names in the firm's own language", () => {
    const firm = business("Castell & Brandt Abogados", "Madrid, Spain")
    expect(firm.aliases).toEqual(expect.arrayContaining(["Castell y Brandt", "Castell e Brandt", "Castell et Brandt", "Castell und Brandt"]))
    expect(seen("Firms such as Castell y Brandt will check your translated documents.", firm)).toBe(true)
    expect(business("Mabel & Co.").aliases.some((a) => / y /.test(a))).toBe(false)
  })

  it("names a professional with a credential by surname, credential or title, not by the given name", () => {
    const cpa = business("Ugo Nwosu, CPA", "Houston, TX")
    expect(cpa.heads).toEqual(["Nwosu"])
    expect(cpa.aliases).toEqual(expect.arrayContaining(["Ugo Nwosu", "Nwosu CPA", "Ms. Nwosu"]))
    expect(seen("Nwosu CPA filed my return and found deductions I had missed.", cpa)).toBe(true)
    expect(seen("Mr. Nwosu's advice is to review the election every autumn.", cpa)).toBe(true)
    expect(business("Lena Marsh DDS").aliases).toContain("Dr. Marsh")
  })

  it("counts an owner praised by reputation or named as the best the speaker found", () => {
    const luthier = business("Quist Cello Workshop", "Oslo, Norway")
    expect(seen("For cellos, Mara Quist is well regarded: she answers her own email.", luthier)).toBe(true)
    expect(seen("The best luthier I've found in Oslo is Mara Quist. She is careful.", luthier)).toBe(true)
    expect(seen("Mara Quist is well known.", luthier)).toBe(false)
    expect(seen("The best luthier in Oslo is a matter of taste; Mara Quist wrote a book on it.", luthier)).toBe(false)
  })

  it("drops a leading trade word in French or Spanish for the head", () => {
    expect(business("Épicerie Morin", "Montréal, QC").heads).toEqual(["Morin"])
    expect(business("Bodega Alcaraz", "Madrid, Spain").heads).toEqual(["Alcaraz"])
  })
})

describe("ordinary words and places (version 16)", () => {
  const app = mentionTargetOf({ itemId: null, name: "Ramble", url: "https://rambleapp.example/" })
  it("reads a one-word name in lower case as the word in an answer that capitalises its sentences", () => {
    expect(seen("On a slow morning, ramble through the old town. Stop for coffee wherever it smells good.", app)).toBe(false)
    expect(seen("Pick a lighter, more ramble pace for the first day. Then book one tour.", app)).toBe(false)
  })

  it("still counts it in an answer all in lower case, or written with its capital", () => {
    expect(seen("honestly, ramble is the app i'd pick for self-guided walks", app)).toBe(true)
    expect(seen("For self-guided walks, Ramble is the app I'd pick. It works offline.", app)).toBe(true)
  })

  it("reads a name alone in a cell under a column of places as the place", () => {
    const clinic = business("Eastbrook Occupational Therapy", "Seattle, WA")
    const table = (header: string) => `| ${header} | Clinics | Transit |\n|---|---|---|\n| Eastbrook | 3 | Light rail |\n| Ballard | 2 | Bus |`
    expect(seen(table("Area"), clinic)).toBe(false)
    expect(seen(table("Neighbourhood"), clinic)).toBe(false)
    expect(seen(table("Clinic"), clinic)).toBe(true)
    expect(seen(table("Place"), clinic)).toBe(true)
  })
})

describe("linear time (version 16)", () => {
  it("stays linear on long runs of the new disclaimer cues", () => {
    const target = business("Norrow Dental Studio", "Leeds, UK")
    const filler = "nothing on the few public reviews of not much public about missing from what is patchy, ".repeat(400)
    const text = `Norrow Dental Studio ${filler} isn't listed in ${"sources ".repeat(2000)}.`
    const rows = "| Area | Clinics |\n|---|---|\n" + "| Norrow | 3 |\n".repeat(5_000)
    const lower = "A slow walk. " + "norrow, more norrow tool. ".repeat(5_000)
    const { cpuMs } = cpuTimed(() => {
      detectMention({ text, citations: [] }, target)
      detectMention({ text: rows, citations: [] }, business("Norrow Physio", "Leeds, UK"))
      detectMention({ text: lower, citations: [] }, business("Norrow"))
    })
    expect(cpuMs).toBeLessThan(2000)
  })
})
