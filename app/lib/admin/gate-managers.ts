import type { AdminSectionId } from "./sections";

// The GATE data manager's five pages (issue 24), one route module mounted at five paths: each
// page is one kind of GATE data, found from its URL.

export const gateKinds = [
  "gate-papers",
  "gate-years",
  "gate-rank-points",
  "gate-previous-papers",
  "gate-subjects",
] as const satisfies readonly AdminSectionId[];

export type GateKind = (typeof gateKinds)[number];

/** The page a URL path is (/admin/gate-years → gate-years), or null. */
export function gateKindOf(pathname: string): GateKind | null {
  const last = pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  return gateKinds.find((kind) => kind === last) ?? null;
}
