/**
 * How a customer may pay is not what a business sells: "Afterpay available", "Klarna accepted",
 * "Apple Pay" on a price list are no offerings to ask about.
 */
const PAYMENT_OPTION =
  /^(?:\d+(?:\.\d+)?%\s+(?:finance|apr|interest)|interest[\s-]free\s+(?:finance|credit|payments?)|payment\s+plans?|finance\s+options?|pay\s+monthly|afterpay|clearpay|klarna|zip(?:\s?pay)?|laybuy|humm|openpay|sezzle|affirm|paypal|apple\s?pay|google\s?pay|twint|ideal|bizum|mb\s?way|blik|swish|vipps|mobilepay)(?:\s+(?:(?:now\s+)?available|accepted|welcome|options?))?$/iu

export const isPaymentOption = (offering: string): boolean => PAYMENT_OPTION.test(offering.trim())
