// Where on the GATE pages a paper-year or a subject is (issue 24): site search links to these.
export const paperYearAnchor = (code: string, year: number) => `${code.toLowerCase()}-${year}`;
export const subjectAnchor = (id: number) => `subject-${id}`;
