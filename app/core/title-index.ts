// A substring index over titles kept in their page order, for site search (issue 6 "100× the
// demo size"): a substring has no ordinary database index, so a word no visible title holds used
// to be looked for in every title, and the search grew with the catalogue. Here each three-letter
// piece lists the titles holding it, and a search reads only the titles listed under the needle's
// rarest piece, in page order, stopping once it has the page's rows.

const GRAM = 3;

export class TitleIndex {
  private readonly lowered: string[];
  private readonly postings = new Map<string, number[]>();

  constructor(titles: readonly string[]) {
    this.lowered = titles.map((title) => title.toLowerCase());
    this.lowered.forEach((title, position) => {
      for (let start = 0; start + GRAM <= title.length; start++) {
        const gram = title.slice(start, start + GRAM);
        const list = this.postings.get(gram);
        if (!list) this.postings.set(gram, [position]);
        else if (list[list.length - 1] !== position) list.push(position);
      }
    });
  }

  /**
   * Positions, in page order, of the titles containing `needle` ignoring case (as
   * String.prototype.includes does: no wildcards), after the first `offset` such titles, at most
   * `limit` of them.
   */
  find(needle: string, offset: number, limit: number): number[] {
    const lowered = needle.toLowerCase();
    const found: number[] = [];
    if (!lowered || limit <= 0) return found;
    let skip = offset;
    for (const position of this.candidates(lowered)) {
      if (!this.lowered[position]!.includes(lowered)) continue;
      if (skip > 0) skip--;
      else if (found.push(position) === limit) break;
    }
    return found;
  }

  /** Every title holding all of the needle's pieces is listed under each, so the shortest list will do. */
  private candidates(needle: string): Iterable<number> {
    // Too short for a piece: such needles match often, so reading in page order stops early.
    if (needle.length < GRAM) return this.lowered.keys();
    let rarest: number[] | undefined;
    for (let start = 0; start + GRAM <= needle.length; start++) {
      const list = this.postings.get(needle.slice(start, start + GRAM));
      if (!list) return [];
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    return rarest ?? [];
  }
}
