/**
 * A postal address as a site writes it in visible text: the labelled line ("Address: 2218 SE
 * Division Street, Portland, OR 97202", "Adresse : Rue Saint-Gilles 214, 4000 Liège") or an
 * unlabelled street, town and state ("41 Haywood Road, Asheville, NC 28806"), and the town it
 * names. Pure.
 */

// The label in the languages of sites around us; the value runs to the next label, a sentence's
// end or 140 characters: a crawl's text runs a contact block's lines together.
const ADDRESS_LABEL = String.raw`(?:address|our address|adresse|indirizzo|adres|dirección|direccion|anschrift|endereço|morada|adresa|besöksadress|osoite)`
const NEXT_LABEL = String.raw`(?:phone|tel|telephone|téléphone|telefono|telefon|e-?mail|hours|opening|open|fax|call|horaires|orari|öffnungszeiten|parking|directions)`
const LABELLED_ADDRESS = new RegExp(String.raw`(?<![\p{L}])${ADDRESS_LABEL}\s*:\s*(.{8,140}?)(?=\s+${NEXT_LABEL}\b|\.\s+\p{Lu}|\s*$|\s+·)`, "iu")

/**
 * An address with no label, written the North American or Australian way: a number and a street,
 * the town, then a state code and its ZIP or postcode ("2815 Hillsborough Street, Raleigh, NC 27607").
 */
const STREET_TOWN_STATE = /(?<![\p{L}\d])\d{1,6}\s+(?:[\p{Lu}\d][\p{L}\d'’.-]*\s+){0,4}(?:Street|St|Road|Rd|Avenue|Ave|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Highway|Hwy|Parkway|Pkwy|Place|Pl|Court|Ct|Terrace|Parade|Pde|Crescent|Cres)\.?(?:,?\s+(?:Suite|Unit|Ste|#)\s*[\w-]+)?,\s*\p{Lu}[\p{L}'’.-]+(?:[ -]\p{Lu}[\p{L}'’.-]+){0,2},?\s+\p{Lu}{2,3}\s+\d{4,5}(?:-\d{4})?(?![\p{L}\d])/u

/** An address stated in visible text, labelled or in the street, town, state form: a street number or postal code, and no link or e-mail. */
export const addressFromText = (text: string): string | null => {
  const found = (LABELLED_ADDRESS.exec(text)?.[1] ?? STREET_TOWN_STATE.exec(text)?.[0])?.trim().replace(/[.,;]+$/u, "")
  return found === undefined || !/\d/.test(found) || /@|https?:|www\./i.test(found) || !/\p{L}{3}/u.test(found) ? null : found
}

const TOWN = /^\p{Lu}[\p{L}'’.-]+(?:[ -]\p{Lu}[\p{L}'’.-]+){0,2}$/u
// What follows a town: a state or province code with or without a ZIP or postcode ("OR 97202",
// "BC V5V 3C8"), a postcode ("BA1 1AA", "97202"), or a country. (A name before a British postcode
// may be the town itself, "Canal Wharf Yard, Leeds LS11 5PS", so it is not taken for a region.)
const AFTER_TOWN = /^(?:\p{Lu}{2,3}(?:\s+(?:\d{4,5}(?:-\d{4})?|\p{Lu}\d\p{Lu}\s?\d\p{Lu}\d))?|\p{Lu}{1,2}\d[\dA-Z]?\s*\d\p{Lu}{2}|\d{4,6}|\p{Lu}[\p{L}]+(?: \p{Lu}[\p{L}]+)?)$/u

/** Countries an address ends in: never its town. */
const COUNTRY = /^(?:canada|usa|us|united states(?: of america)?|uk|united kingdom|great britain|england|scotland|wales|northern ireland|ireland|australia|new zealand|south africa|india|germany|deutschland|france|spain|españa|italy|italia|portugal|brasil|brazil|mexico|méxico|netherlands|nederland|belgium|belgique|belgië|switzerland|schweiz|suisse|austria|österreich|norway|norge|sweden|sverige|denmark|danmark|finland|suomi|poland|polska|czechia|czech republic|česko|türkiye|turkey|japan)$/iu

// A part naming a street or a building, not a town ("Mill Lane", "Unit 4").
const STREET = /\b(?:street|st|road|rd|lane|ln|avenue|ave|drive|dr|way|place|square|court|close|row|hill|unit|suite|floor|building|rue|via|viale|piazza|calle|avenida|rua|straße|strasse|weg|gasse|platz|ulica|gatan|vej|gade)\b\.?/iu

/**
 * The town an address names: the part after a postal code ("4000 Liège") or the capitalised part
 * before a region, postcode or country ("…, Portland, OR 97202"); null when neither is there.
 */
export const townOfAddress = (address: string): string | null => {
  const parts = address.split(/\s*,\s*/u).map((p) => p.trim())
  for (let i = 1; i < parts.length; i++) {
    const afterCode = /^\d{4,6}\s+(\p{Lu}[\p{L}'’ -]+)$/u.exec(parts[i]!)?.[1]
    if (afterCode !== undefined) return afterCode.trim()
    if (TOWN.test(parts[i]!) && !STREET.test(parts[i]!) && !COUNTRY.test(parts[i]!) && (i === parts.length - 1 || AFTER_TOWN.test(parts[i + 1]!))) return parts[i]!
  }
  return null
}
