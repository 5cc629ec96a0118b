/**
 * Prices as small businesses write them, in any currency: a sign or a short code before the amount
 * ("$4.25", "₹340", "R550", "Rs. 90", "CHF 45", "MAD 35", "RM 65", "GH₵ 120", "KSh 800") or a sign,
 * word or code after it ("12,50 €", "150 zł", "35 MAD", "40 DH", "300 baht"). One pattern, shared by the crawler's priced lines and
 * the prompt facts' reading of prices in prose, so a price list in rupees or rand is read as one in
 * dollars is. Pure.
 */

/** ISO codes of currencies, written before or after an amount ("CHF 45", "35 MAD"). */
const CODES =
  "USD|EUR|GBP|CAD|AUD|NZD|CHF|JPY|CNY|HKD|SGD|INR|PKR|LKR|NPR|BDT|ZAR|NAD|BWP|KES|TZS|UGX|NGN|GHS|EGP|MAD|TND|AED|SAR|QAR|OMR|KWD|BHD|JOD|ILS|TRY|SEK|NOK|DKK|ISK|PLN|CZK|HUF|RON|BGN|RSD|UAH|GEL|THB|VND|IDR|MYR|PHP|KRW|TWD|MXN|GTQ|HNL|BRL|ARS|CLP|COP|PEN|UYU"

/**
 * Signs written before an amount. "R" (rand), "Q" (quetzal, glued to two figures or more: "Q4" is a
 * quarter), "Rs" (rupee) and the signs written in letters
 * (ringgit "RM", rupiah "Rp", cedi "GH₵", the East African shillings "KSh", "TSh", "USh", sol "S/")
 * only where no letter or figure is glued before them.
 */
const SIGN_BEFORE =
  String.raw`(?:[$€£¥₹₩₪₺₦₱₫฿₴₽₸₡₵₲₭₮₼৳₨៛]|(?<![\p{L}\p{N}])(?:Rs\.?|R(?=\s?\d{2})|Q(?=\d{2})|(?:RM|Rp|GH₵|KSh|Ksh|TSh|USh|S\/)(?=\s?\d)|(?:${CODES})\s))`

/** Signs, words and codes written after an amount. */
const SIGN_AFTER = String.raw`(?:€|₹|₽|₺|₴|(?:zł|kr|Kč|Ft|lei|Dh|DH|Dhs|dhs|baht|${CODES})(?![\p{L}]))`

/** An amount: "4.25", "1,450", "12,50"; a comma only between figures ("$4, bubble wrap $9" is $4). */
const AMOUNT = String.raw`\d(?:\d|,(?=\d))*(?:[.,]\d{1,2})?`

/**
 * A price: group 1 the amount after a sign, group 2 the amount before one, group 3 the sign or
 * code after it. Case-sensitive ("35 mad" is no price).
 */
export const PRICE_SOURCE = String.raw`(?:${SIGN_BEFORE}\s?(${AMOUNT})|(${AMOUNT})\s?(${SIGN_AFTER}))`

/** The opening of a price, for patterns that only need to know one starts here ("from ₹340"). */
export const PRICE_START_SOURCE = String.raw`(?:${SIGN_BEFORE}\s?\d|\d[\d.,]*\s?${SIGN_AFTER})`

const PRICE_START = new RegExp(PRICE_START_SOURCE, "u")
const PRICE_STARTS = new RegExp(PRICE_START_SOURCE, "gu")

/** Whether a text states a price anywhere. */
export const hasPrice = (text: string): boolean => PRICE_START.test(text)

/** How many prices a text states. */
export const countPrices = (text: string): number => text.match(PRICE_STARTS)?.length ?? 0

const SIGN_CODES: Readonly<Record<string, string>> = {
  "$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW", "₪": "ILS", "₺": "TRY", "₦": "NGN", "₱": "PHP",
  "₫": "VND", "฿": "THB", "₴": "UAH", "₽": "RUB", "₸": "KZT", "₡": "CRC", "R": "ZAR", "Q": "GTQ", "Rs": "INR", "zł": "PLN", "Kč": "CZK",
  "Ft": "HUF", "lei": "RON", "Dh": "MAD", "DH": "MAD", "Dhs": "MAD", "dhs": "MAD", "baht": "THB", "RM": "MYR", "Rp": "IDR",
  "GH₵": "GHS", "₵": "GHS", "KSh": "KES", "Ksh": "KES", "TSh": "TZS", "USh": "UGX", "S/": "PEN", "₲": "PYG", "₭": "LAK",
  "₮": "MNT", "₼": "AZN", "৳": "BDT", "៛": "KHR"
}

/**
 * The currency of a matched price, as an ISO code where the sign names one; "$" stays unknown
 * (dollars of many countries) as the crawler always read it, and "kr" (crowns of three) too.
 */
export const currencyOf = (matched: string, after: string | undefined): string | null => {
  const sign = (after ?? matched.trim().replace(/[\d.,\s]+$/u, "")).replace(/\.$/u, "").trim()
  if (sign === "$" || sign === "kr") return null
  if (/^[A-Z]{3}$/u.test(sign)) return sign
  return SIGN_CODES[sign] ?? null
}

/**
 * "From" before a starting price, as the languages of sites around us write it ("ab 12 €",
 * "dès 30 €", "vanaf € 4,95"). Read by the site facts' price rows and said in English by the
 * generated site's sentences.
 */
export const FOREIGN_FROM_SOURCE = "ab|dès|à partir de|desde|a partir de|da|vanaf|fra|från"
