/** `/feed.xml`: the blog as an Atom feed (RFC 4287). */
import { escapeXml } from "./html.ts"

export interface AtomEntry {
  readonly title: string
  /** Absolute URL of the post; also its id (stable: a post's address never changes). */
  readonly url: string
  /** `YYYY-MM-DD` */
  readonly date: string
  readonly summary: string
  /** Escaped HTML of the post body; the feed escapes it once more as `type="html"` requires. */
  readonly contentHtml: string
  readonly category: string
}

export interface AtomFeed {
  /** The feed's `xml:lang`: the language its own words are written in. */
  readonly lang: string
  readonly title: string
  readonly subtitle: string
  /** Absolute URL of the site root, with a trailing slash: the feed's id. */
  readonly siteUrl: string
  readonly feedUrl: string
  readonly blogUrl: string
  readonly authorName: string
  readonly authorUrl: string | null
  /** RFC 3339; the newest entry's date, or the rendering time when there is none. */
  readonly updated: string
  /** Newest first. */
  readonly entries: ReadonlyArray<AtomEntry>
}

/** A post's day as an RFC 3339 timestamp (Atom dates need a time; posts have only a day). */
export const dayTimestamp = (date: string): string => `${date}T00:00:00Z`

export const renderAtomFeed = (feed: AtomFeed): string => {
  const x = escapeXml
  // The posts are the generator's English: in a feed in another language each says so.
  const entryLang = feed.lang === "en" ? "" : ` xml:lang="en"`
  const entries = feed.entries.map(
    (e) => `  <entry${entryLang}>
    <title type="text">${x(e.title)}</title>
    <id>${x(e.url)}</id>
    <link rel="alternate" type="text/html" href="${x(e.url)}"/>
    <published>${x(dayTimestamp(e.date))}</published>
    <updated>${x(dayTimestamp(e.date))}</updated>
    <category term="${x(e.category)}"/>
    <summary type="text">${x(e.summary)}</summary>
    <content type="html">${x(e.contentHtml)}</content>
  </entry>
`
  )
  const authorUri = feed.authorUrl === null ? "" : `\n    <uri>${x(feed.authorUrl)}</uri>`
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${x(feed.lang)}">
  <title type="text">${x(feed.title)}</title>
  <subtitle type="text">${x(feed.subtitle)}</subtitle>
  <id>${x(feed.siteUrl)}</id>
  <link rel="self" type="application/atom+xml" href="${x(feed.feedUrl)}"/>
  <link rel="alternate" type="text/html" href="${x(feed.blogUrl)}"/>
  <updated>${x(feed.updated)}</updated>
  <author>
    <name>${x(feed.authorName)}</name>${authorUri}
  </author>
  <generator>Sightline</generator>
${entries.join("")}</feed>
`
}
