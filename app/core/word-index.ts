// A word search over a few short texts (issue 24: the GATE tools' rows in site search): a text
// matches when each word of the query begins one of its words, in any order, ignoring case, so
// "heat transfer questions" finds "Heat and Mass Transfer questions" and "CH 2024" finds the CH
// rows of 2024 but not "Mechanical" ones. Linear: meant for lists of tens of rows, which the GATE
// reference data is (papers × years), not for the catalogue (./title-index.ts).

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export class WordIndex {
  private readonly texts: string[][];

  constructor(texts: readonly string[]) {
    this.texts = texts.map(words);
  }

  /** Positions, in order, of the texts matching `needle`, after `offset` of them, at most `limit`. */
  find(needle: string, offset: number, limit: number): number[] {
    const wanted = words(needle);
    const found: number[] = [];
    if (wanted.length === 0 || limit <= 0) return found;
    let skip = offset;
    for (const [position, text] of this.texts.entries()) {
      if (!wanted.every((word) => text.some((own) => own.startsWith(word)))) continue;
      if (skip > 0) skip--;
      else if (found.push(position) === limit) break;
    }
    return found;
  }
}
