// Words aspirants type for what the site calls otherwise (issue 27): "pyq" for previous year
// papers, "cutoff" for cut-off marks, "psu" for job alerts. Staff keep the list under Site Settings,
// one rule a line, "word = phrase"; a search for the word also finds every result holding all the
// phrase's words. A word may have several lines.

/** The rules a database starts with (and keeps until staff change them). */
export const DEFAULT_SEARCH_SYNONYMS = [
  "pyq = previous year papers",
  "pyqs = previous year papers",
  "cutoff = cut-off marks",
  "cutoffs = cut-off marks",
  "psu = job alerts",
  "psus = job alerts",
].join("\n");

export const SYNONYM_LIMITS = { rules: 50, word: 30, phrase: 80 } as const;

const WORD = /^[\p{L}\p{N}]+$/u;

export const synonymMessages = {
  shape: (line: number, text: string) =>
    `Line ${line} ("${text}"): write one word, "=", and what it stands for, e.g. "pyq = previous year papers"`,
  word: (line: number) =>
    `Line ${line}: the word before "=" must be one word of letters or digits, at most ${SYNONYM_LIMITS.word} characters`,
  phrase: (line: number) =>
    `Line ${line}: what follows "=" must hold a word and be at most ${SYNONYM_LIMITS.phrase} characters`,
  tooMany: `Keep to ${SYNONYM_LIMITS.rules} rules or fewer`,
} as const;

export interface SynonymRules {
  /** Each word (lower case) with its phrases, in the order written. */
  rules: Map<string, string[]>;
  /** What is wrong, line by line: empty when every line is a rule, a blank or a # comment. */
  problems: string[];
}

/** Reads the rules staff wrote; a line that is no rule is named in `problems` and left out. */
export function readSynonymRules(text: string): SynonymRules {
  const rules = new Map<string, string[]>();
  const problems: string[] = [];
  let count = 0;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const rule = readRule(line, index + 1);
    if (typeof rule === "string") {
      problems.push(rule);
      return;
    }
    rules.set(rule.word, [...(rules.get(rule.word) ?? []), rule.phrase]);
    count++;
  });
  if (count > SYNONYM_LIMITS.rules) problems.push(synonymMessages.tooMany);
  return { rules, problems };
}

/** A non-blank line's rule (its word in lower case), or what is wrong with the line. */
function readRule(line: string, number: number): { word: string; phrase: string } | string {
  const equals = line.indexOf("=");
  if (equals < 0) return synonymMessages.shape(number, line.slice(0, 40));
  const word = line.slice(0, equals).trim();
  const phrase = line.slice(equals + 1).trim();
  if (!WORD.test(word) || word.length > SYNONYM_LIMITS.word) return synonymMessages.word(number);
  if (!/[\p{L}\p{N}]/u.test(phrase) || phrase.length > SYNONYM_LIMITS.phrase) return synonymMessages.phrase(number);
  return { word: word.toLowerCase(), phrase };
}
