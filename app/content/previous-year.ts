// Previous Year Papers is static (spec §2): exactly these years and branches; downloads are
// not available yet, so the page's buttons are inert.
export const paperYears = [2024, 2023, 2022] as const;

export const paperBranches = ["Computer Science", "Electronics", "Mechanical"] as const;
