import { Feed } from "feed";
import { escapeHtml } from "~/core/html";

// An Atom feed document (RFC 4287) for issue 49's job alert feeds, written by the `feed` package
// from plain data. The package writes an entry's title and summary as type="html" in CDATA: the
// texts staff typed are escaped as HTML first, so a reader shows them as typed (markup characters
// included) and no "]]>" can end the CDATA early. Characters XML 1.0 cannot carry at all
// (controls, lone surrogates, U+FFFE/U+FFFF) are left out of every text, so no title breaks the
// document.

export interface AtomPerson {
  name: string;
  /** The person's or organisation's site. */
  uri?: string;
}

export interface AtomEntry {
  /** A permanent, unique IRI: the same entry keeps it through every change. */
  id: string;
  title: string;
  /** The entry's page (rel="alternate"). */
  link: string;
  /** When it last changed. */
  updated: Date;
  /** When it was first published. */
  published?: Date;
  summary?: string;
  category?: { term: string; label: string };
}

export interface AtomFeedInput {
  /** A permanent, unique IRI for the feed. */
  id: string;
  title: string;
  subtitle?: string;
  /** The latest change of the feed or any entry. */
  updated: Date;
  /** The page the feed follows (rel="alternate"). */
  link: string;
  /** The feed's own address (rel="self"). */
  self: string;
  author: AtomPerson;
  /** A square icon of the site. */
  icon?: string;
  entries: AtomEntry[];
}

/** The characters outside XML 1.0's Char production: controls (but tab, LF, CR), lone surrogates, U+FFFE and U+FFFF. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text an XML document can carry: what it cannot is left out, and line breaks are LF, as XML reads them (§2.11). */
export function xmlSafe(value: string): string {
  return value.replace(NOT_XML, "").replace(/\r\n?/g, "\n");
}

/** Plain text as the HTML of a type="html" construct. */
const asHtml = (value: string) => escapeHtml(xmlSafe(value));

/** The feed as an XML document in UTF-8. */
export function atomFeed(input: AtomFeedInput): string {
  const feed = new Feed({
    id: input.id,
    title: xmlSafe(input.title),
    description: input.subtitle === undefined ? undefined : xmlSafe(input.subtitle),
    updated: input.updated,
    link: input.link,
    feedLinks: { atom: input.self },
    author: { name: xmlSafe(input.author.name), link: input.author.uri },
    favicon: input.icon,
    generator: false,
  });
  for (const entry of input.entries) {
    feed.addItem({
      id: entry.id,
      title: asHtml(entry.title),
      link: entry.link,
      date: entry.updated,
      published: entry.published,
      description: entry.summary === undefined ? undefined : asHtml(entry.summary),
      category: entry.category ? [{ term: entry.category.term, name: xmlSafe(entry.category.label) }] : undefined,
    });
  }
  return `${feed.atom1()}\n`;
}
