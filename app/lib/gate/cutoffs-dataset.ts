// The /gate-cutoffs table described as a schema.org Dataset (issue 24, SEO): compiled by this site
// from the sources the table links, free to read; nothing claims to be GATE's own publication.

type Year = { year: number; qualifying_general: number | null; is_qualifying_verified: boolean };

/** The Dataset node, or none while no paper has a figure (an empty table describes nothing). */
export function cutoffsDataset(
  origin: string,
  papers: { code: string; name: string; years: Year[] }[],
  name: string,
  description: string,
): Record<string, unknown>[] {
  const withFigures = papers.filter((p) => p.years.some((y) => y.qualifying_general !== null));
  if (withFigures.length === 0) return [];
  const years = withFigures.flatMap((p) => p.years.filter((y) => y.qualifying_general !== null).map((y) => y.year));
  const allVerified = withFigures.every((p) =>
    p.years.every((y) => y.qualifying_general === null || y.is_qualifying_verified),
  );
  return [
    {
      "@type": "Dataset",
      name: `${name}: GATE qualifying marks by paper, year and category`,
      description: allVerified
        ? description
        : `${description} Some figures are from secondary sources and marked unverified on the page.`,
      url: `${origin}/gate-cutoffs`,
      creator: { "@id": `${origin}/#organization` },
      isAccessibleForFree: true,
      keywords: ["GATE", "cutoff", "qualifying marks", ...withFigures.map((p) => `GATE ${p.code}`)],
      temporalCoverage: `${Math.min(...years)}/${Math.max(...years)}`,
      variableMeasured: ["General qualifying marks", "OBC-NCL/EWS qualifying marks", "SC/ST/PwD qualifying marks"],
      about: withFigures.map((p) => ({ "@type": "Thing", name: `GATE ${p.name} (${p.code})` })),
    },
  ];
}
