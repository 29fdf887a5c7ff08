/** Each paper, in its order, with its rows (paper-years, previous papers...) in theirs. */
export function byPaper<P extends { id: number }, R extends { paper_id: number }>(papers: P[], rows: R[]) {
  return papers.map((paper) => ({ ...paper, years: rows.filter((row) => row.paper_id === paper.id) }));
}
