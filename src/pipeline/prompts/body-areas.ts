/**
 * A price list by area of the body ("Upper lip $45", "Full legs $260", "Back & shoulders $230")
 * prices one treatment per area: a customer asks for "upper lip laser hair removal", never for
 * "upper lips". Each area alone is named with the site's treatment it prices.
 */
import { fold, wordsOf } from "./prompt-text.ts"

const AREAS = new Set(
  `lip lips chin chins face cheek cheeks jaw jawline neck nape underarm underarms armpit armpits arm arms forearm forearms
  hand hands finger fingers toe toes foot feet leg legs thigh thighs knee knees bikini brazilian hollywood back shoulder
  shoulders chest stomach abdomen tummy buttock buttocks bum ear ears nose eyebrow eyebrows brow brows sideburn sideburns
  hairline scalp line`.split(/\s+/).filter((w) => w.length > 0)
)
/** Words that say how much of an area: "half legs", "upper lip", "full back & shoulders". */
const EXTENT = new Set(["half", "full", "upper", "lower", "small", "large", "whole", "entire", "and", "&", "/"])

/** A treatment sold by area: "laser hair removal", "waxing", "IPL", "electrolysis", "sports massage". */
const TREATMENT = /(?:hair removal|waxing|wax|threading|sugaring|electrolysis|ipl|laser|massage|tattoo removal)$/iu

/** Whether an offering names only an area of the body and how much of it ("full legs", "chest & stomach"). */
export const isBodyArea = (offering: string): boolean => {
  const words = offering.split(/\s+/u).map((w) => fold(w)).filter((w) => w.length > 0)
  return words.some((w) => AREAS.has(w) && w !== "line") && words.every((w) => AREAS.has(w) || EXTENT.has(w))
}

const SINGULAR: Readonly<Record<string, string>> = { feet: "foot" }

/** An area before its treatment is said in the singular: "full leg laser hair removal", "underarm waxing". */
const asModifier = (area: string): string =>
  area.split(/\s+/u).map((w) => {
    const f = fold(w)
    if (SINGULAR[f] !== undefined) return SINGULAR[f]
    return f.endsWith("s") && AREAS.has(f.slice(0, -1)) ? w.slice(0, -1) : w
  }).join(" ")

/**
 * The offerings, each body area followed by the first treatment of the list that is sold by area
 * ("upper lip" → "upper lip laser hair removal"); unchanged when the list names no such treatment.
 */
export const withAreaTreatment = (offerings: ReadonlyArray<string>): Array<string> => {
  const treatment = offerings.find((o) => !isBodyArea(o) && TREATMENT.test(o.trim()) && wordsOf(o).length <= 4)
  if (treatment === undefined) return [...offerings]
  const named = offerings.map((o) => (isBodyArea(o) ? `${asModifier(o.trim())} ${treatment.trim()}` : o))
  return named.filter((o, i) => named.findIndex((other) => fold(other) === fold(o)) === i)
}
