/**
 * `/llms.txt` (the llmstxt.org format: `# Name`, a `> summary`, then `##` sections of links) and
 * `/llms-full.txt` (the site's whole text in the same Markdown). Crawled text goes onto one line
 * and its Markdown-active characters are escaped, so it can neither start a heading nor forge a
 * link or inline HTML for a consumer that renders the Markdown.
 */
import { FOREIGN_FROM_SOURCE } from "../domain/money.ts"
import { oneLine } from "./html.ts"
import { absolute, type SitePlan } from "./site-plan.ts"
import type { SiteInput } from "./site-input.ts"
import { displayHost, externalUrl, paragraphs, sentence, truncate } from "./text.ts"

/** Text for a Markdown line: one line, with `\ [ ] < > `` escaped. */
export const markdownText = (text: string): string => oneLine(text).replace(/[\\[\]<>`]/g, (c) => `\\${c}`)

// Parentheses and spaces would end a Markdown link destination early.
const markdownUrl = (url: string): string => url.replace(/[()\s]/g, (c) => (c === "(" ? "%28" : c === ")" ? "%29" : encodeURIComponent(c)))

const link = (title: string, url: string, note: string | null): string =>
  `- [${markdownText(title)}](${markdownUrl(url)})${note !== null && oneLine(note) !== "" ? `: ${markdownText(note)}` : ""}`

/** The one-line summary of the entity used by llms.txt, meta descriptions and the feed. */
export const entitySummary = (input: SiteInput): string => {
  if (input.description !== null && oneLine(input.description) !== "") return oneLine(input.description)
  const what = input.category !== null && oneLine(input.category) !== "" ? oneLine(input.category) : input.kind === "product" ? "product" : "business"
  const where = input.place !== null && oneLine(input.place) !== "" ? ` in ${oneLine(input.place)}` : ""
  const by = input.kind === "product" && oneLine(input.businessName) !== "" ? ` by ${oneLine(input.businessName)}` : ""
  return `${oneLine(input.name)}: ${what}${by}${where}.`
}

const LLMS_POSTS = 30
const FULL_POSTS = 50
const FULL_PAGE_CHARS = 20_000

/** `12 rue d'Austerlitz, 69004 Lyon, FR`: one line, only the parts the facts give. */
export const addressLine = (input: Pick<SiteInput, "address">): string | null => {
  const a = input.address
  if (a === null) return null
  const part = (p: string | undefined) => (p === undefined ? "" : oneLine(p))
  // North American addresses end `Asheville, NC 28806`; elsewhere the postal code leads the town.
  const northAmerican = /^(?:us|usa|united states(?: of america)?|ca|canada)$/i.test(part(a.country))
  const town = northAmerican
    ? [part(a.locality), [part(a.region), part(a.postalCode)].filter((p) => p !== "").join(" ")]
    : [[part(a.postalCode), part(a.locality)].filter((p) => p !== "").join(" "), part(a.region)]
  const parts = [part(a.street), ...town, part(a.country)].filter((p) => p !== "")
  return parts.length === 0 ? null : parts.join(", ")
}

const factLines = (input: SiteInput): ReadonlyArray<string> => {
  const source = externalUrl(input.sourceUrl, input.sourceUrl)
  const facts: Array<[string, string | null]> = [
    ["Name", input.name],
    [input.kind === "product" ? "Made by" : "Business", input.kind === "product" ? input.businessName : null],
    ["Category", input.category],
    ["Location", input.place],
    ["Address", addressLine(input)],
    ["Phone", input.phone],
    ["Email", input.email],
    ["Website", source]
  ]
  return facts.filter((f): f is [string, string] => f[1] !== null && oneLine(f[1]) !== "").map(([k, v]) => `- ${k}: ${markdownText(v)}`)
}

export const renderLlmsTxt = (input: SiteInput, plan: SitePlan): string => {
  const url = (path: string) => absolute(plan, path)
  const source = externalUrl(input.sourceUrl, input.sourceUrl)
  const lines: Array<string> = [`# ${markdownText(input.name)}`, "", `> ${markdownText(entitySummary(input))}`, ""]
  lines.push(...factLines(input), "")
  lines.push("## Pages", "")
  lines.push(link("Home", url("/"), `Overview of ${input.name}`))
  if (plan.offerings.length > 0) lines.push(link(plan.offeringsLabel, url(`/${plan.offeringsSegment}/`), input.kind === "product" ? `What ${input.businessName} lists with ${input.name}` : `Everything ${input.name} offers`))
  lines.push(link("FAQ", url("/faq/"), `Answers to ${input.faq.length} common ${input.faq.length === 1 ? "question" : "questions"} about ${input.name}`))
  // A product's about and contact pages are its maker's.
  const maker = input.kind === "product" && oneLine(input.businessName) !== "" ? input.businessName : null
  lines.push(link("About", url("/about/"), maker === null ? `Who ${input.name} is` : `Who makes ${input.name}`))
  lines.push(link("Contact", url("/contact/"), `How to reach ${maker ?? input.name}`))
  lines.push(link("Blog", url("/blog/"), `Articles about ${input.name}`), "")
  if (plan.offerings.length > 0) {
    lines.push(`## ${plan.offeringsLabel}`, "")
    for (const o of plan.offerings) {
      const price = offeringPrice(o.offering)
      const description = descriptionBesidePrice(o.offering)
      // A row's words end before its price is named: "Standard stall, per Saturday. Price: $45".
      const note = [description === null ? null : truncate(price === null ? description : sentence(description), 200), price === null ? null : `Price: ${price}`]
        .filter((n): n is string => n !== null && n !== "")
        .join(" ")
      lines.push(link(o.offering.name, url(o.path), note === "" ? null : note))
    }
    lines.push("")
  }
  if (input.faq.length > 0) {
    lines.push("## FAQ", "")
    for (const f of input.faq) lines.push(link(f.question, url("/faq/"), truncate(f.answer, 200)))
    lines.push("")
  }
  if (plan.posts.length > 0) {
    lines.push("## Blog posts", "")
    for (const p of plan.posts.slice(0, LLMS_POSTS)) lines.push(link(p.post.title, url(p.path), `${p.post.date}. ${truncate(p.post.summary, 200)}`))
    lines.push("")
  }
  lines.push("## Optional", "")
  if (source !== null) lines.push(link(`${displayHost(source)} (official website)`, source, `The website of ${input.name}`))
  lines.push(link("Full text", url("/llms-full.txt"), "This site's whole content as Markdown"))
  lines.push(link("Atom feed", url("/feed.xml"), "The blog as a feed"))
  for (const page of input.pages) {
    const pageUrl = externalUrl(page.url, input.sourceUrl)
    if (pageUrl === null) continue
    lines.push(link(oneLine(page.title) === "" ? pageUrl : page.title, pageUrl, page.description === "" ? null : truncate(page.description, 200)))
  }
  return `${lines.join("\n")}\n`
}

/** `12.50 EUR`, `€12.50`: the price as the source states it, with its currency when separate. */
/** A bare amount of four digits or more in groups of three (`68000` → `68,000`), as copy writes it. */
const grouped = (p: string): string => {
  const m = /^(\d{4,})(\.\d{1,2})?$/.exec(p)
  return m === null ? p : `${m[1]!.replace(/\B(?=(\d{3})+$)/g, ",")}${m[2] ?? ""}`
}

export const priceText = (price: string | null, currency: string | null): string | null => {
  if (price === null || oneLine(price) === "") return null
  // `1.4` is written `1.40`, as a price list would; any other form stays as the site wrote it.
  const p = grouped(/^\d+\.\d$/.test(oneLine(price)) ? `${oneLine(price)}0` : oneLine(price))
  const c = currency === null ? "" : oneLine(currency)
  // A bare number is no price: without its currency the reader cannot tell what it costs.
  if (c === "" && /^[\d.,\s]+$/.test(p)) return null
  if (c === "" || p.toUpperCase().includes(c.toUpperCase())) return p
  // A sign the crawl could not tie to one currency ("$" on a site of no known country) is written as the site wrote it.
  return /^\p{Sc}$/u.test(c) ? `${c}${p}` : `${p} ${c}`
}

interface PricedOffering {
  readonly name: string
  readonly description: string | null
  readonly price: string | null
  readonly currency: string | null
  /** As its price list's row writes it ("$85", "from $350", "$450 – $900", "$240/month"). */
  readonly writtenPrice?: string
}

/** Whether an offering's description is its price list's row quoted, written price and all. */
export const quotesRow = (o: Omit<PricedOffering, "price" | "currency">): boolean =>
  o.writtenPrice !== undefined && o.description !== null && oneLine(o.description).endsWith(`: ${o.writtenPrice}`)

/**
 * What an offering's description says beside its price: a price list's row without the price
 * shown next to it ("Ermäßigt (Studierende, Leipzig-Pass)" beside "7,50 €"), nothing when the row
 * is only the name ("Roof leak repair" beside "from $350"), any other description whole.
 */
export const descriptionBesidePrice = (o: Omit<PricedOffering, "price" | "currency">): string | null => {
  const description = o.description === null ? "" : oneLine(o.description)
  if (description === "") return null
  if (!quotesRow(o)) return description
  const before = withoutName(description.slice(0, -(o.writtenPrice!.length + 2)).trim(), o.name)
  return before === "" ? null : before
}

/**
 * A row's words after the offering's name, which is shown beside them: "Mon–Thu 3:30–5:30, grades
 * 3–8" for the row "Homework Club, Mon–Thu 3:30–5:30, grades 3–8" of the homework club.
 */
const withoutName = (row: string, name: string): string => {
  const lead = oneLine(name)
  if (lead === "" || row.slice(0, lead.length).toLowerCase() !== lead.toLowerCase()) return row
  const rest = row.slice(lead.length)
  // The name must end at a word's end: "Pasta" does not lead "Pastas of the day".
  return /^[\p{L}\p{N}]/u.test(rest) ? row : rest.replace(/^[\s,;:–—-]+/u, "")
}

/** An offering's price as the site states it: its row's words, else the amount with its currency. */
export const offeringPrice = (o: Omit<PricedOffering, "name" | "description">): string | null =>
  o.writtenPrice ?? priceText(o.price, o.currency)

// Another language's "from" before a price, at the start of the price as the site writes it.
const FOREIGN_FROM = new RegExp(String.raw`^(?:${FOREIGN_FROM_SOURCE})\s+(?=\S*\d|\S+\s?\d)`, "iu")

/**
 * An offering's price inside an English sentence: as the site writes it, its word for "from"
 * said in English ("from € 3,50", not "da € 3,50"; `listedAt` then writes "listed from € 3,50").
 */
export const pricePhrase = (o: Omit<PricedOffering, "name" | "description">): string | null =>
  offeringPrice(o)?.replace(FOREIGN_FROM, "from ") ?? null

export const renderLlmsFullTxt = (input: SiteInput, plan: SitePlan): string => {
  const url = (path: string) => absolute(plan, path)
  const out: Array<string> = [`# ${markdownText(input.name)}`, "", `> ${markdownText(entitySummary(input))}`, ""]
  out.push("## Key facts", "", ...factLines(input), "")
  const about = paragraphs(input.about)
  if (about.length > 0) out.push("## About", "", ...about.flatMap((p) => [markdownText(p), ""]))
  if (plan.offerings.length > 0) {
    out.push(`## ${plan.offeringsLabel}`, "")
    for (const o of plan.offerings) {
      out.push(`### ${markdownText(o.offering.name)}`, "", `Page: ${url(o.path)}`)
      const price = offeringPrice(o.offering)
      if (price !== null) out.push(`Price: ${markdownText(price)}`)
      const source = externalUrl(o.offering.url, input.sourceUrl)
      if (source !== null) out.push(`Source: ${source}`)
      out.push("")
      const description = descriptionBesidePrice(o.offering)
      if (description !== null) out.push(markdownText(description), "")
    }
  }
  if (input.faq.length > 0) {
    out.push("## Frequently asked questions", "")
    for (const f of input.faq) out.push(`### ${markdownText(f.question)}`, "", markdownText(f.answer), "")
  }
  if (input.pages.length > 0) {
    out.push(`## Pages of ${markdownText(displayHost(input.sourceUrl))}`, "")
    for (const page of input.pages) {
      const pageUrl = externalUrl(page.url, input.sourceUrl)
      out.push(`### ${markdownText(oneLine(page.title) === "" ? (pageUrl ?? "Untitled page") : page.title)}`, "")
      if (pageUrl !== null) out.push(`URL: ${pageUrl}`)
      if (oneLine(page.description) !== "") out.push(`Description: ${markdownText(page.description)}`)
      const headings = page.headings.map(oneLine).filter((h) => h !== "")
      if (headings.length > 0) out.push(`Headings: ${headings.map(markdownText).join("; ")}`)
      out.push("")
      const text = paragraphs(Array.from(page.text).slice(0, FULL_PAGE_CHARS).join(""))
      for (const p of text) out.push(markdownText(p), "")
    }
  }
  if (plan.posts.length > 0) {
    out.push("## Blog", "")
    for (const p of plan.posts.slice(0, FULL_POSTS)) {
      out.push(`### ${markdownText(p.post.title)}`, "", `Published: ${p.post.date}`, `URL: ${url(p.path)}`, "")
      for (const para of p.post.bodyParagraphs.map(oneLine).filter((x) => x !== "")) out.push(markdownText(para), "")
    }
  }
  out.push("## Contact", "", `- Page: ${url("/contact/")}`)
  return `${out.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd()}\n`
}
